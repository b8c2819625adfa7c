//! The engine alone: `N` random games of a spec on one thread, with nothing counted — the
//! rate `trio sim` with random players is measured against (docs/lab.md, "Speed"). Game
//! `i` draws its chance and its players' choices as the lab's random players do, from
//! `sub_seed(1, i)`, so both play games of the same kind.
//!
//! ```sh
//! cargo build --release -p trio-lab --example raw_playouts
//! /usr/bin/time target/release/examples/raw_playouts orbit 20000
//! ```

use trio_catalog::{CatalogGame, GameSpec, KindVisitor};
use trio_core::{random_action, rng, Turn};

struct Raw {
    spec: GameSpec,
    games: u64,
}

impl KindVisitor for Raw {
    type Output = Result<u64, String>;
    fn visit<G: CatalogGame>(self) -> Self::Output {
        let game = G::from_spec_files(&self.spec).map_err(|e| e.to_string())?;
        let mut legal = Vec::new();
        let mut actions = 0;
        for i in 0..self.games {
            let seed = rng::sub_seed(1, i);
            let mut chance = rng::seeded(rng::sub_seed(seed, 0));
            let mut seats: Vec<rng::GameRng> = (0..game.seat_count())
                .map(|s| rng::seeded(rng::sub_seed(seed, 1 + s as u64)))
                .collect();
            let mut state = game.new_game();
            loop {
                let action = match game.turn(&state) {
                    Turn::Over => break,
                    Turn::Chance => game.sample_chance(&state, &mut chance),
                    Turn::Seat(seat) => {
                        match random_action(&game, &state, &mut seats[seat.index()], &mut legal) {
                            Some(action) => action,
                            None => return Err(format!("game {i}: {seat} has no move")),
                        }
                    }
                };
                game.apply(&mut state, &action);
                actions += 1;
            }
        }
        Ok(actions)
    }
}

fn main() {
    let mut args = std::env::args().skip(1);
    let (Some(spec), Some(games)) = (args.next(), args.next()) else {
        eprintln!("usage: raw_playouts SPEC GAMES");
        std::process::exit(2);
    };
    let run = || -> Result<(u64, u64), String> {
        let spec: GameSpec = spec.parse().map_err(|e| format!("{e}"))?;
        let games: u64 = games.parse().map_err(|e| format!("games: {e}"))?;
        let kind = spec.kind;
        Ok((games, kind.visit(Raw { spec, games })?))
    };
    match run() {
        Ok((games, actions)) => println!("{games} games, {actions} actions"),
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1);
        }
    }
}
