//! Playing bots against each other: one game ([`play_game`]) or a seeded match of many
//! in parallel ([`run_match`]), with each agent's results and a confidence interval; or a
//! match on a given schedule ([`run_schedule`]): each start played once with the first
//! agent in every seat (pairs, for two seats), stopped early when a sequential test says.
//!
//! A game's randomness comes from its seed alone (the [`Referee`] draws chance from one
//! stream and gives each seat's bot its own), so two matches with the same seed deal the
//! same dice and tiles whichever bots play, and a match gives the same results on any
//! number of threads.

use std::fmt;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use thiserror::Error;
use trio_core::{rng, Bot, Ending, Game, IllegalAction, Outcome, Referee, Seat};

use crate::stats::{wilson_interval, Interval, Pentanomial, Z_95};

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
    /// How it ended: by the rules, or a bot's resignation (that seat is placed last, every
    /// other seat shares first).
    pub ending: Ending,
}

/// Plays one game from [`Game::new_game`] with `bots[seat]` in each seat, refereed by a
/// [`Referee`]: each bot sees only its seat's view and is told of a chance outcome only if
/// its view afterwards tells which it was.
pub fn play_game<G: Game>(
    game: &G,
    bots: Vec<Box<dyn Bot<G>>>,
    seed: u64,
) -> Result<GameRecord<G>, MatchError> {
    play_game_from(game, bots, seed, game.new_game())
}

/// [`play_game`] from the position `start`.
pub fn play_game_from<G: Game>(
    game: &G,
    bots: Vec<Box<dyn Bot<G>>>,
    seed: u64,
    start: G::State,
) -> Result<GameRecord<G>, MatchError> {
    let seats = game.seat_count();
    if bots.len() != seats {
        return Err(MatchError::WrongBotCount {
            bots: bots.len(),
            seats,
        });
    }
    let mut referee = Referee::from_state(game.clone(), start, seed);
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
        ending: referee
            .ending()
            .expect("a game with bots in every seat runs to its end"),
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
    /// The first agent's [`Outcome::score`] in each game, in schedule order: taken two by
    /// two when each start was played twice ([`MatchSummary::pentanomial`]).
    pub scores: Vec<f64>,
}

impl MatchSummary {
    pub fn average_plies(&self) -> f64 {
        self.plies as f64 / self.games.max(1) as f64
    }

    /// The first agent's results by pair of games, for a [`paired_schedule`] of two seats.
    pub fn pentanomial(&self) -> Pentanomial {
        Pentanomial::from_games(&self.scores)
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

/// One game of a match: where it starts and where the lineup sits.
#[derive(Clone, Debug)]
pub struct ScheduledGame<G: Game> {
    /// The game's seed: its chance and its bots' randomness ([`play_game`]).
    pub seed: u64,
    /// The position it starts from; `None`: [`Game::new_game`].
    pub start: Option<G::State>,
    /// Agent `a` of the lineup sits at seat `(a + rotation) mod seats`.
    pub rotation: usize,
}

/// `games` games each from a new game and its own seed, [`rng::sub_seed`]`(seed, i)` for
/// game `i`, with the lineup rotated by one seat from each game to the next.
pub fn rotating_schedule<G: Game>(games: usize, seed: u64) -> Vec<ScheduledGame<G>> {
    (0..games)
        .map(|i| ScheduledGame {
            seed: rng::sub_seed(seed, i as u64),
            start: None,
            rotation: i,
        })
        .collect()
}

/// Each start (a seed and, unless a new game, a position) played `seats` times in a row,
/// the first agent in seat 1, then 2, …: for two seats a pair with the seats swapped.
pub fn paired_schedule<G: Game>(
    starts: &[(u64, Option<G::State>)],
    seats: usize,
) -> Vec<ScheduledGame<G>> {
    starts
        .iter()
        .flat_map(|(seed, start)| {
            (0..seats).map(move |rotation| ScheduledGame {
                seed: *seed,
                start: start.clone(),
                rotation,
            })
        })
        .collect()
}

/// Plays `games` games between the agents `make_bots` returns (one per seat, called
/// afresh for every game) on `threads` threads (0: one per core), on the
/// [`rotating_schedule`]: each agent plays every seat equally often, and the results are
/// the same on any number of threads. `on_game` is called after each game with the
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
    run_schedule(
        game,
        make_bots,
        &rotating_schedule(games, seed),
        threads,
        on_game,
        |_| false,
    )
}

/// A game of a schedule once played (`None` until then, or never when a match stops).
type Played<G> = Option<Result<GameRecord<G>, MatchError>>;

/// Plays the games of `schedule` as [`run_match`] does, taken in order by `threads`
/// threads, until `stop` says so.
///
/// `stop` is shown the first agent's scores of games `0..n` each time the games finished
/// without a gap grow to `n`, in order; once it answers `true` no other game starts, and
/// only games `0..n` are counted. So a sequential test stops at the same game on any
/// number of threads. Games already under way still end and reach `on_game`. A game that
/// fails stops the match the same way, and the first failure by index is returned.
pub fn run_schedule<G: Game>(
    game: &G,
    make_bots: impl Fn() -> Vec<Box<dyn Bot<G>>> + Sync,
    schedule: &[ScheduledGame<G>],
    threads: usize,
    on_game: impl Fn(usize, usize, &GameRecord<G>) + Sync,
    stop: impl Fn(&[f64]) -> bool + Sync,
) -> Result<MatchSummary, MatchError> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| MatchError::Threads {
            threads,
            reason: e.to_string(),
        })?;
    let seats = game.seat_count().max(1);
    let seat_at = |rotation: usize| Seat((rotation % seats) as u8);
    let next = AtomicUsize::new(0);
    let finished = AtomicUsize::new(0);
    // Games counted: the whole schedule unless `stop` cuts it.
    let counted = AtomicUsize::new(schedule.len());
    let records: Mutex<Vec<Played<G>>> = Mutex::new((0..schedule.len()).map(|_| None).collect());
    // The first agent's scores by game, and those of the games finished without a gap.
    let in_order: Mutex<(Vec<Option<f64>>, Vec<f64>)> =
        Mutex::new((vec![None; schedule.len()], Vec::new()));
    let play = || loop {
        let i = next.fetch_add(1, Ordering::Relaxed);
        if i >= schedule.len() || i >= counted.load(Ordering::Relaxed) {
            return;
        }
        let scheduled = &schedule[i];
        let mut bots = make_bots();
        bots.rotate_right(scheduled.rotation % seats);
        let start = scheduled.start.clone().unwrap_or_else(|| game.new_game());
        let result =
            play_game_from(game, bots, scheduled.seed, start).map_err(|e| MatchError::InMatch {
                game: i,
                source: Box::new(e),
            });
        // A failed game ends the match: no game after it starts.
        if result.is_err() {
            counted.fetch_min(i + 1, Ordering::Relaxed);
        }
        if let Ok(record) = &result {
            on_game(finished.fetch_add(1, Ordering::Relaxed) + 1, i, record);
            let mut guard = in_order.lock().expect("no panics while held");
            let (by_game, prefix) = &mut *guard;
            by_game[i] = Some(record.outcome.score(seat_at(scheduled.rotation)));
            while counted.load(Ordering::Relaxed) == schedule.len() {
                let Some(score) = by_game.get(prefix.len()).copied().flatten() else {
                    break;
                };
                prefix.push(score);
                if stop(prefix) {
                    counted.store(prefix.len(), Ordering::Relaxed);
                }
            }
        }
        records.lock().expect("no panics while held")[i] = Some(result);
    };
    pool.scope(|scope| {
        for _ in 0..pool.current_num_threads() {
            scope.spawn(|_| play());
        }
    });
    let counted = counted.into_inner();
    let records = records.into_inner().expect("no panics while held");

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
        games: counted,
        plies: 0,
        agents,
        scores: Vec::with_capacity(counted),
    };
    for (record, scheduled) in records.into_iter().zip(schedule).take(counted) {
        let record = record.expect("every game counted was played")?;
        summary.plies += record.plies;
        let outcome = &record.outcome;
        let best = outcome.ranks().iter().copied().min().unwrap_or(0);
        for (agent, a) in summary.agents.iter_mut().enumerate() {
            let seat = seat_at(agent + scheduled.rotation);
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
        summary
            .scores
            .push(outcome.score(seat_at(scheduled.rotation)));
    }
    Ok(summary)
}
