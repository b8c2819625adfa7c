//! Playing bots against each other: one game ([`play_game`]) or a seeded match of many
//! in parallel ([`run_match`]), with each agent's results and a confidence interval.
//!
//! A game's randomness comes from its seed alone (the [`Referee`] draws chance from one
//! stream and gives each seat's bot its own), so two matches with the same seed deal the
//! same dice and tiles whichever bots play, and a match gives the same results on any
//! number of threads.

use std::fmt;
use std::sync::atomic::{AtomicUsize, Ordering};

use thiserror::Error;
use trio_core::{rng, Bot, Game, IllegalAction, Outcome, Referee, Seat};

use crate::stats::{wilson_interval, Interval, Z_95};

/// Why a game could not be played to its end.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum MatchError {
    #[error("{bots} bots for {seats} seats")]
    WrongBotCount { bots: usize, seats: usize },
    #[error("{bot} at {seat} on ply {ply}: {source}")]
    Illegal {
        bot: String,
        seat: Seat,
        ply: usize,
        source: Box<IllegalAction>,
    },
    #[error("game {game}: {source}")]
    InMatch {
        game: usize,
        source: Box<MatchError>,
    },
    #[error("cannot start {threads} threads: {reason}")]
    Threads { threads: usize, reason: String },
}

/// A finished game.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRecord<G: Game> {
    pub seed: u64,
    /// The bots' names, by seat.
    pub bots: Vec<String>,
    /// Every action applied, chance outcomes included, in order.
    pub actions: Vec<G::Action>,
    /// The same actions in the game's notation.
    pub notation: Vec<String>,
    /// Decisions made by seats (chance outcomes not counted).
    pub plies: usize,
    pub outcome: Outcome,
    /// The seat that gave up, placed last behind every other seat, who share first place.
    pub resigned: Option<Seat>,
}

/// Plays one game from [`Game::new_game`] with `bots[seat]` in each seat, refereed by a
/// [`Referee`]: each bot sees only its seat's view and is told of a chance outcome only if
/// its view afterwards tells which it was.
pub fn play_game<G: Game>(
    game: &G,
    bots: Vec<Box<dyn Bot<G>>>,
    seed: u64,
) -> Result<GameRecord<G>, MatchError> {
    let seats = game.seat_count();
    if bots.len() != seats {
        return Err(MatchError::WrongBotCount {
            bots: bots.len(),
            seats,
        });
    }
    let mut referee = Referee::new(game.clone(), seed);
    for (s, bot) in bots.into_iter().enumerate() {
        referee
            .set_bot(Seat(s as u8), Some(bot))
            .expect("one bot per seat, checked above");
    }
    referee.run().map_err(|e| MatchError::Illegal {
        bot: e.bot,
        seat: e.seat,
        ply: referee.history().iter().filter(|h| h.by.is_some()).count(),
        source: e.source,
    })?;
    let outcome = referee
        .outcome()
        .expect("a game with bots in every seat runs to its end");
    let history = referee.history();
    Ok(GameRecord {
        seed,
        bots: (0..seats)
            .map(|s| referee.bot_name(Seat(s as u8)).unwrap_or_default())
            .collect(),
        actions: history.iter().map(|e| e.action.clone()).collect(),
        notation: history.iter().map(|e| e.notation.clone()).collect(),
        plies: history.iter().filter(|e| e.by.is_some()).count(),
        outcome,
        resigned: referee.resigned(),
    })
}

/// One agent's results over a match.
#[derive(Clone, Debug, PartialEq)]
pub struct AgentSummary {
    pub name: String,
    /// Games it finished alone in first place.
    pub wins: usize,
    /// Games it shared first place (a draw between all seats included).
    pub draws: usize,
    /// Games it finished below first place.
    pub losses: usize,
    /// Sum of its [`Outcome::score`]s.
    pub score_sum: f64,
    /// Sum of its places, 1 for first.
    pub place_sum: usize,
}

impl AgentSummary {
    pub fn games(&self) -> usize {
        self.wins + self.draws + self.losses
    }

    /// Mean score in `[0, 1]`: 1 always first, 0 always last, 0.5 even.
    pub fn score(&self) -> f64 {
        self.score_sum / self.games().max(1) as f64
    }

    /// Mean place, 1 for first.
    pub fn average_place(&self) -> f64 {
        self.place_sum as f64 / self.games().max(1) as f64
    }

    /// 95% Wilson interval on the mean score.
    pub fn score_interval(&self) -> Interval {
        wilson_interval(self.score_sum, self.games(), Z_95)
    }
}

/// The results of [`run_match`], one [`AgentSummary`] per agent in lineup order.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchSummary {
    pub games: usize,
    /// Decisions in all games together.
    pub plies: usize,
    pub agents: Vec<AgentSummary>,
}

impl MatchSummary {
    pub fn average_plies(&self) -> f64 {
        self.plies as f64 / self.games.max(1) as f64
    }
}

impl MatchSummary {
    /// One line per agent, headed, with the agents named by `names` (in lineup order;
    /// agents beyond the names keep their bots' names).
    pub fn table(&self, names: &[String]) -> String {
        let mut out =
            String::from("agent             wins  draws  losses  score  95% interval    place\n");
        for (i, a) in self.agents.iter().enumerate() {
            let interval = a.score_interval();
            let name = names.get(i).unwrap_or(&a.name);
            out.push_str(&format!(
                "{name:<16} {:>5}  {:>5}  {:>6}  {:.3}  [{:.3}, {:.3}]  {:.2}\n",
                a.wins,
                a.draws,
                a.losses,
                a.score(),
                interval.low,
                interval.high,
                a.average_place()
            ));
        }
        out
    }
}

impl fmt::Display for MatchSummary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{} games, {:.1} plies on average",
            self.games,
            self.average_plies()
        )?;
        f.write_str(&self.table(&[]))
    }
}

/// Plays `games` games between the agents `make_bots` returns (one per seat, called
/// afresh for every game) on `threads` threads (0: one per core).
///
/// In game `i` agent `a` takes seat `(a + i) mod seats`, so each agent plays every seat
/// equally often, and the game is seeded with [`rng::sub_seed`]`(seed, i)`: the results
/// are the same on any number of threads. `on_game` is called after each game with the
/// number of games finished so far, the game's index and its record, from whichever
/// thread finished it.
pub fn run_match<G: Game>(
    game: &G,
    make_bots: impl Fn() -> Vec<Box<dyn Bot<G>>> + Sync,
    games: usize,
    seed: u64,
    threads: usize,
    on_game: impl Fn(usize, usize, &GameRecord<G>) + Sync,
) -> Result<MatchSummary, MatchError> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| MatchError::Threads {
            threads,
            reason: e.to_string(),
        })?;
    let seats = game.seat_count();
    let finished = AtomicUsize::new(0);
    let records: Vec<Result<GameRecord<G>, MatchError>> = pool.install(|| {
        use rayon::prelude::*;
        (0..games)
            .into_par_iter()
            .map(|i| {
                let mut bots = make_bots();
                bots.rotate_right(i % seats.max(1));
                let record = play_game(game, bots, rng::sub_seed(seed, i as u64)).map_err(|e| {
                    MatchError::InMatch {
                        game: i,
                        source: Box::new(e),
                    }
                })?;
                on_game(finished.fetch_add(1, Ordering::Relaxed) + 1, i, &record);
                Ok(record)
            })
            .collect()
    });

    let agents = make_bots()
        .iter()
        .map(|bot| AgentSummary {
            name: bot.name(),
            wins: 0,
            draws: 0,
            losses: 0,
            score_sum: 0.0,
            place_sum: 0,
        })
        .collect();
    let mut summary = MatchSummary {
        games,
        plies: 0,
        agents,
    };
    for (i, record) in records.into_iter().enumerate() {
        let record = record?;
        summary.plies += record.plies;
        let outcome = &record.outcome;
        let best = outcome.ranks().iter().copied().min().unwrap_or(0);
        for (agent, a) in summary.agents.iter_mut().enumerate() {
            let seat = Seat(((agent + i) % seats) as u8);
            let rank = outcome.rank(seat);
            let place = 1 + outcome.ranks().iter().filter(|&&r| r < rank).count();
            let shared = outcome.ranks().iter().filter(|&&r| r == rank).count() > 1;
            match (rank == best, shared) {
                (true, false) => a.wins += 1,
                (true, true) => a.draws += 1,
                (false, _) => a.losses += 1,
            }
            a.score_sum += outcome.score(seat);
            a.place_sum += place;
        }
    }
    Ok(summary)
}
