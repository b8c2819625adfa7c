//! `trio play`: a game at the terminal, people taking turns at one keyboard (hot seat),
//! any seat optionally taken by an AI agent.

use std::io::{self, BufRead, Write};

use anyhow::{Context, Result};
use clap::Args;
use trio_core::{rng, Game, Seat, Turn};

use crate::games::{with_game, CliGame, GameArgs};
use crate::moves::parse_position;
use crate::seats::{is_human, seat_bots, SeatArg};

#[derive(Debug, Args)]
#[command(
    after_help = "Examples:\n  trio play gyges\n  trio play gyges --variant official --seed 7\n\n\
At the prompt type a move in the game's notation, `moves` to list the legal ones, `help`,\n\
or `quit` (the position is printed so the game can be resumed with --position)."
)]
pub struct PlayArgs {
    #[command(flatten)]
    pub game: GameArgs,

    /// Who sits where, as N=WHO (seats count from 1): WHO is `human`, `random`, `ai:1` to
    /// `ai:5` (the strength levels) or `mcts:N` (plain MCTS, N iterations a move), e.g.
    /// `--seat 2=ai:3`. Seats not named are people at this keyboard.
    #[arg(long = "seat", value_name = "N=WHO")]
    pub seats: Vec<SeatArg>,

    /// Seed for everything left to chance (dice, shuffles); the same seed and the same moves
    /// replay the same game. Default: a fresh seed, printed at the start.
    #[arg(long)]
    pub seed: Option<u64>,

    /// Start from this position (in the game's notation) instead of a new game.
    #[arg(long)]
    pub position: Option<String>,
}

pub fn run(args: &PlayArgs) -> Result<()> {
    with_game!(args.game.game, play(args))
}

fn play<G: CliGame>(args: &PlayArgs) -> Result<()> {
    let game = G::from_args(&args.game)?;
    let mut state = match &args.position {
        Some(text) => parse_position(&game, text)?,
        None => game.new_game(),
    };
    let mut bots = seat_bots(&game, &args.seats)?;
    let seed = args.seed.unwrap_or_else(rand::random);
    let mut rng = rng::seeded(seed);
    println!(
        "{} — seed {seed}. Type `help` at the prompt for the notation.",
        game.name()
    );
    let humans = (0..game.seat_count())
        .filter(|&s| is_human(&args.seats, Seat(s as u8)))
        .count();
    let mut last_human: Option<Seat> = None;
    loop {
        let action = match game.turn(&state) {
            Turn::Over => break,
            Turn::Chance => {
                let action = game.sample_chance(&state, &mut rng);
                if !game.hidden_information() {
                    println!("{}", game.format_action(&state, &action));
                }
                action
            }
            Turn::Seat(seat) => {
                let human = is_human(&args.seats, seat);
                if human && humans > 1 && game.hidden_information() && last_human != Some(seat) {
                    hand_over(&game, seat)?;
                }
                if human {
                    last_human = Some(seat);
                }
                let view = game.view(&state, seat);
                let Some(action) = bots[seat.index()].choose(&game, &view, seat, &mut rng) else {
                    println!(
                        "{} left the game. To resume it:\n  trio play {} --position \"{}\"",
                        game.seat_name(seat),
                        game.name(),
                        game.format_position(&state)
                    );
                    return Ok(());
                };
                println!(
                    "{} plays {}",
                    game.seat_name(seat),
                    game.format_action(&state, &action)
                );
                action
            }
        };
        game.play(&mut state, &action)
            .context("an agent chose an illegal action")?;
        for bot in &mut bots {
            bot.inform(&game, Some(&action));
        }
    }
    let outcome = game
        .outcome(&state)
        .context("the game ended without an outcome")?;
    for s in 0..game.seat_count() {
        println!("{}", game.draw(&game.view(&state, Seat(s as u8))));
        if !game.hidden_information() {
            break;
        }
    }
    match outcome.winner() {
        Some(seat) if game.seat_count() == 2 => println!("{} wins.", game.seat_name(seat)),
        _ if outcome.is_draw() => println!("Draw."),
        _ => {
            let mut order: Vec<Seat> = (0..game.seat_count()).map(|s| Seat(s as u8)).collect();
            order.sort_by_key(|&s| outcome.rank(s));
            for seat in order {
                println!("{}. {}", outcome.rank(seat) + 1, game.seat_name(seat));
            }
        }
    }
    println!("Final position: {}", game.format_position(&state));
    Ok(())
}

/// Clears the screen between two people's turns so neither sees the other's hidden tiles.
fn hand_over<G: Game>(game: &G, seat: Seat) -> Result<()> {
    print!(
        "\x1b[2J\x1b[H{}: your turn. Press Enter when the other player looks away.",
        game.seat_name(seat)
    );
    io::stdout().flush()?;
    let mut line = String::new();
    io::stdin().lock().read_line(&mut line)?;
    print!("\x1b[2J\x1b[H");
    Ok(())
}
