//! Seconds per move of each AI level in each game, as the server runs them (one bot move
//! at a time through `Live::step`): `cargo run --release -p trio-server --example ai_budget
//! [moves per level]`. Each level plays against `random` from a fixed seed; the first N
//! moves of the AI are timed (openings are the slowest moves of Triles).

use std::time::Instant;

use trio_catalog::AgentSpec;
use trio_core::{Seat, Turn};

fn main() {
    let moves: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(10);
    println!("game    level  moves  mean s  max s");
    for spec in ["gyges", "triles", "orbit"] {
        let game = trio_catalog::game(spec).expect("a catalog game");
        for level in 1..=5u8 {
            let seats = [AgentSpec::Ai(level), AgentSpec::Random];
            let mut live = game.start(7, &seats, None).expect("starts");
            let mut times = Vec::new();
            while times.len() < moves {
                let ai = live.turn() == Turn::Seat(Seat(0));
                let started = Instant::now();
                match live.step() {
                    Ok(trio_core::Step::Over) => break,
                    Ok(_) => {}
                    Err(e) => panic!("{e}"),
                }
                if ai {
                    times.push(started.elapsed().as_secs_f64());
                }
            }
            let mean = times.iter().sum::<f64>() / times.len().max(1) as f64;
            let max = times.iter().copied().fold(0.0, f64::max);
            println!(
                "{spec:7} {level:5}  {:5}  {mean:6.3}  {max:5.3}",
                times.len()
            );
        }
    }
}
