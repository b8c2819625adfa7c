//! One object-safe face over games of every kind: [`AnyGame`] for a game with its options,
//! [`Live`] for one game being played through its [`Referee`]. A server holds live games
//! of all three kinds in one map; the terminal and the lab drive them the same way.
//!
//! Everything crosses this face as text in the game's notation or as JSON views
//! (`docs/views.md`), never as a game's own types.

use std::any::Any;
use std::fmt::Debug;
use std::sync::Arc;

use serde_json::value::RawValue;
use serde_json::Value;
use trio_ai::review::{self, Review};
use trio_ai::MatchSummary;
use trio_core::{
    perft, rng, BotChoice, BotError, Ending, Facts, Forfeit, LogEntry, Outcome, PlayError, Record,
    RecordResult, Referee, Seat, Step, Turn,
};

use crate::agent::{default_judge_level, AgentError, AgentSpec};
use crate::definitions::Definitions;
use crate::error::CatalogError;
use crate::games::{Analysis, CatalogGame, Hint, KindVisitor};
use crate::spec::GameSpec;

/// An action as people are shown it: its notation and its parts
/// ([`trio_core::Game::action_parts`]).
#[derive(Clone, Debug, PartialEq)]
pub struct ShownAction {
    pub action: String,
    pub parts: Value,
}

/// The legal decisions of the seat to move as people are shown them: each one's notation,
/// and their parts ([`trio_core::Game::actions_parts`]) as one JSON array in the same order.
#[derive(Clone, Debug)]
pub struct LegalMoves {
    pub actions: Vec<String>,
    pub parts: Box<RawValue>,
}

/// A game with its options, whatever its kind.
pub trait AnyGame: Debug + Send + Sync {
    fn spec(&self) -> &GameSpec;
    /// The texts of the definition files the spec names (none for built-in ones).
    fn definitions(&self) -> &Definitions;
    fn facts(&self) -> Facts;
    fn seat_count(&self) -> usize;
    /// `South`, `black`, `red`.
    fn seat_name(&self, seat: Seat) -> String;
    fn notation_help(&self) -> &'static str;

    /// The position a new game starts from, in the game's notation.
    fn start_position(&self) -> String;
    /// Who acts in a position.
    fn turn(&self, position: &str) -> Result<Turn, CatalogError>;
    /// The position after `action` (a decision of the seat to move, or a chance outcome),
    /// checked by the rules: an analysis board's move.
    fn play(&self, position: &str, action: &str) -> Result<String, CatalogError>;
    /// The mover's legal decisions, or a chance event's outcomes with their probabilities,
    /// in the order the game lists them; empty once over.
    fn moves(&self, position: &str) -> Result<Vec<(String, Option<f64>)>, CatalogError>;
    /// The ranking of a finished position.
    fn outcome(&self, position: &str) -> Result<Option<Outcome>, CatalogError>;
    fn perft(&self, position: &str, depth: u32) -> Result<u64, CatalogError>;
    /// Perft split by first action, in the game's order; `on_branch` hears of each branch
    /// as it is counted.
    fn divide(
        &self,
        position: &str,
        depth: u32,
        on_branch: &mut dyn FnMut(&str, u64),
    ) -> Result<Vec<(String, u64)>, CatalogError>;
    /// How many first actions [`AnyGame::divide`] will count.
    fn branch_count(&self, position: &str) -> Result<usize, CatalogError>;
    /// The terminal diagram of a position as `viewer` (or a spectator) sees it.
    fn diagram(&self, position: &str, viewer: Option<Seat>) -> Result<String, CatalogError>;
    fn hint(&self, position: &str, level: u8, seed: u64) -> Result<Hint, CatalogError>;
    /// What the strongest search finds for the seat to move within `budget` nodes (Gygès)
    /// or simulations (MCTS), from that seat's view alone ([`CatalogGame::analyse`]).
    fn analyse(&self, position: &str, budget: u64, seed: u64) -> Result<Analysis, CatalogError>;

    /// A game to play from `position` (a new game if `None`), chance drawn from `seed`,
    /// with `seats[i]` in seat `i`.
    fn start(
        &self,
        seed: u64,
        seats: &[AgentSpec],
        position: Option<&str>,
    ) -> Result<Box<dyn Live>, CatalogError>;

    /// Replays a record of this game (its spec must be this one), checking every action,
    /// with every seat played from outside.
    fn replay(&self, record: &Record) -> Result<Box<dyn Live>, CatalogError>;

    /// Reviews a recorded game with the judge of `level` (1–6; `docs/review.md`), by
    /// default ([`default_judge_level`]) one above the strongest seat, from its whole
    /// record: every position valued, every decision and chance event judged, the searches
    /// spread over `threads`. `progress` hears `(done, total)`.
    fn review(
        &self,
        record: &Record,
        level: Option<u8>,
        threads: usize,
        progress: &mut dyn FnMut(usize, usize),
    ) -> Result<Review, CatalogError>;

    /// The start a paired match plays for `seed`, as a line of a book: for a game whose
    /// players choose how they start (Gygès' setups), the position after setups drawn from
    /// the seed; for the others the seed itself, which deals the game's chance.
    fn book_line(&self, seed: u64) -> String;

    /// `a` against `b` (in every other seat) over the games of `plan`; see
    /// [`trio_ai::run_schedule`]. `on_game` gets the games finished so far, the game's
    /// index and its record; `stop`, the scores of `a` in games `0..n` in order, ends the
    /// match after game `n` by answering `true`.
    fn run_match(
        &self,
        a: &AgentSpec,
        b: &AgentSpec,
        plan: &MatchPlan,
        threads: usize,
        on_game: &(dyn Fn(usize, usize, Record) + Sync),
        stop: &(dyn Fn(&[f64]) -> bool + Sync),
    ) -> Result<MatchSummary, CatalogError>;
}

/// The games of a match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MatchPlan {
    /// `games` new games, game `i` seeded by `sub_seed(seed, i)`, the lineup moving one
    /// seat from each game to the next; agents choose their own setups.
    Rotating { games: usize, seed: u64 },
    /// Each start, a line of a book ([`AnyGame::book_line`]), played once with `a` in
    /// every seat: a pair of games with the seats swapped for two seats. A line is a
    /// seed, which seeds its games (and draws a Gygès start as `book_line` does), or a
    /// position to start from, whose games are seeded by `sub_seed(seed, k)` for line `k`.
    Paired { starts: Vec<String>, seed: u64 },
}

/// One game being played, whatever its kind.
pub trait Live: Debug + Send {
    fn spec(&self) -> &GameSpec;
    fn facts(&self) -> Facts;
    fn seats(&self) -> &[AgentSpec];
    fn seat_count(&self) -> usize;
    /// What players call the seat now (a Triles seat's colour once drawn).
    fn seat_name(&self, seat: Seat) -> String;
    fn notation_help(&self) -> &'static str;
    fn seed(&self) -> u64;
    /// Grows with every action, resignation and undo.
    fn version(&self) -> u64;
    fn turn(&self) -> Turn;
    fn outcome(&self) -> Option<Outcome>;
    /// How the game ended, once over: by its rules, or why not.
    fn ending(&self) -> Option<Ending>;
    /// The result as a record writes it; `None` while the game goes on.
    fn result(&self) -> Option<RecordResult>;
    /// Whether a bot plays `seat`.
    fn is_bot(&self, seat: Seat) -> bool;
    /// Seats `agent` at `seat` (a person for [`AgentSpec::Human`]).
    fn set_agent(&mut self, seat: Seat, agent: &AgentSpec) -> Result<(), CatalogError>;

    /// Lets chance or a bot act once; see [`Referee::step`].
    fn step(&mut self) -> Result<Step, BotError>;
    /// Steps until a person must act or the game is over.
    fn run(&mut self) -> Result<Step, BotError>;
    /// A person's action in notation; see [`Referee::submit`].
    fn submit(&mut self, seat: Seat, text: &str, expect: Option<u64>) -> Result<u64, PlayError>;
    fn resign(&mut self, seat: Seat) -> Result<u64, PlayError>;
    /// `seat` loses for `why`; see [`Referee::forfeit`].
    fn forfeit(&mut self, seat: Seat, why: Forfeit) -> Result<u64, PlayError>;
    /// Calls the game off; see [`Referee::abort`].
    fn abort(&mut self, by: Option<Seat>) -> Result<u64, PlayError>;
    /// A draw agreed to, `by` accepting; see [`Referee::agree_draw`].
    fn agree_draw(&mut self, by: Seat) -> Result<u64, PlayError>;
    /// `seat` left a game of more than two, ranked last; see [`Referee::retire`].
    fn retire(&mut self, seat: Seat) -> Result<(), PlayError>;
    fn undo(&mut self, seat: Seat) -> Result<u64, PlayError>;
    /// How many actions an undo by `seat` would take back, or why it cannot.
    fn undo_depth(&self, seat: Seat) -> Result<usize, PlayError>;

    /// The legal decisions of the seat to move, in the game's order.
    fn legal_moves(&self) -> LegalMoves;
    /// The whole position: only for the game's owner, or once the game is over.
    fn position(&self) -> String;
    /// What `viewer` (a seat, or `None` for a spectator) may see, as JSON.
    fn view_json(&self, viewer: Option<Seat>) -> Value;
    /// What `viewer` may see, as a terminal diagram; `flipped`, seen from the other side
    /// of the table where the game's board has sides (else as usual).
    fn diagram(&self, viewer: Option<Seat>, flipped: bool) -> String;
    /// The actions so far as `viewer` may know them (`None`: a hidden chance outcome),
    /// each with the seat that chose it (`None`: chance).
    fn history_for(&self, viewer: Option<Seat>) -> Vec<(Option<Seat>, Option<ShownAction>)>;
    /// Who chose each action so far (`None`: chance): [`Live::history_for`]'s seats alone,
    /// for the server's checks on every move.
    fn history_seats(&self) -> Vec<Option<Seat>>;
    /// Every change so far, one per version, with who may know what was played; see
    /// [`Referee::log`].
    fn log(&self) -> &[LogEntry];
    /// The turn of the bot to move, to think away from the game; see
    /// [`Referee::begin_bot_turn`].
    fn begin_bot_turn(&mut self) -> Option<BotTurn>;
    /// Plays what the bot chose; see [`Referee::finish_bot_turn`]. A choice made for
    /// another game plays nothing.
    fn finish_bot_turn(&mut self, choice: BotThought) -> Result<Option<Step>, BotError>;
    /// The AI's suggestion for the seat to move, from its view alone.
    fn hint(&self, level: u8, seed: u64) -> Result<Hint, CatalogError> {
        self.hint_job(level, seed)?.run()
    }
    /// What [`Live::hint`] computes, taken out with the mover's view only, to search
    /// away from the game.
    fn hint_job(&self, level: u8, seed: u64) -> Result<HintJob, CatalogError>;
    /// The game written down: spec, seed, seats and actions, and the result once over.
    fn record(&self) -> Record;
}

/// A bot's turn taken out of a [`Live`] game: `Send`, to think on another thread.
pub struct BotTurn(Box<dyn FnOnce() -> BotThought + Send>);

impl BotTurn {
    /// The bot chooses; this is the slow part.
    pub fn think(self) -> BotThought {
        (self.0)()
    }
}

impl Debug for BotTurn {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("BotTurn")
    }
}

/// What a bot chose on a [`BotTurn`], to hand back with [`Live::finish_bot_turn`].
pub struct BotThought(Box<dyn Any + Send>);

impl Debug for BotThought {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("BotThought")
    }
}

/// A hint's search with the mover's view, `Send`, to run away from the game.
pub struct HintJob(Box<dyn FnOnce() -> Result<Hint, CatalogError> + Send>);

impl HintJob {
    pub fn run(self) -> Result<Hint, CatalogError> {
        (self.0)()
    }
}

impl Debug for HintJob {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("HintJob")
    }
}

/// A game of kind `G` with the spec and definitions it was built from.
#[derive(Debug)]
pub(crate) struct Catalogued<G> {
    pub(crate) game: G,
    pub(crate) spec: GameSpec,
    pub(crate) definitions: Definitions,
}

impl<G: CatalogGame> Catalogued<G> {
    fn parse(&self, position: &str) -> Result<G::State, CatalogError> {
        self.game
            .parse_position(position)
            .map_err(CatalogError::Position)
    }

    fn live(&self, referee: Referee<G>, seats: Vec<AgentSpec>) -> Box<dyn Live> {
        Box::new(LiveGame {
            referee,
            spec: self.spec.clone(),
            definitions: self.definitions.clone(),
            seats,
        })
    }

    /// Line `k` of a book as a seed and a start; see [`MatchPlan::Paired`].
    fn book_start(
        &self,
        line: &str,
        k: usize,
        seed: u64,
    ) -> Result<(u64, Option<G::State>), CatalogError> {
        let line = line.trim();
        if let Ok(line_seed) = line.parse::<u64>() {
            return Ok((line_seed, self.game.drawn_start(line_seed)));
        }
        let state = self.parse(line).map_err(|e| CatalogError::Book {
            line: k + 1,
            reason: e.to_string(),
        })?;
        if self.game.turn(&state) == Turn::Over {
            return Err(CatalogError::Book {
                line: k + 1,
                reason: "the game is over in this position".to_owned(),
            });
        }
        Ok((rng::sub_seed(seed, k as u64), Some(state)))
    }

    fn check_seats(&self, seats: &[AgentSpec]) -> Result<(), CatalogError> {
        if seats.len() != self.game.seat_count() {
            return Err(CatalogError::SeatCount {
                spec: self.spec.clone(),
                seats: self.game.seat_count(),
                given: seats.len(),
            });
        }
        Ok(())
    }
}

impl<G: CatalogGame> Catalogued<G> {
    /// The game of `record`, replayed and checked, if it is a game of this spec.
    fn referee_of(&self, record: &Record) -> Result<Referee<G>, CatalogError> {
        let recorded: GameSpec = record.game.parse().map_err(CatalogError::Spec)?;
        if recorded != self.spec {
            return Err(CatalogError::OtherGame {
                recorded,
                expected: self.spec.clone(),
            });
        }
        if record.definitions != self.definitions.to_map() {
            return Err(CatalogError::OtherDefinitions {
                spec: self.spec.clone(),
            });
        }
        Referee::replay(self.game.clone(), record).map_err(CatalogError::Replay)
    }
}

impl<G: CatalogGame> AnyGame for Catalogued<G> {
    fn spec(&self) -> &GameSpec {
        &self.spec
    }

    fn definitions(&self) -> &Definitions {
        &self.definitions
    }

    fn facts(&self) -> Facts {
        self.game.facts()
    }

    fn seat_count(&self) -> usize {
        self.game.seat_count()
    }

    fn seat_name(&self, seat: Seat) -> String {
        self.game.seat_name(seat)
    }

    fn notation_help(&self) -> &'static str {
        self.game.notation_help()
    }

    fn start_position(&self) -> String {
        self.game.format_position(&self.game.new_game())
    }

    fn turn(&self, position: &str) -> Result<Turn, CatalogError> {
        Ok(self.game.turn(&self.parse(position)?))
    }

    fn play(&self, position: &str, action: &str) -> Result<String, CatalogError> {
        let mut state = self.parse(position)?;
        let action =
            self.game
                .parse_action(&state, action)
                .map_err(|source| PlayError::Notation {
                    text: action.to_owned(),
                    source,
                })?;
        self.game
            .play(&mut state, &action)
            .map_err(PlayError::Illegal)?;
        Ok(self.game.format_position(&state))
    }

    fn moves(&self, position: &str) -> Result<Vec<(String, Option<f64>)>, CatalogError> {
        let state = self.parse(position)?;
        Ok(match self.game.turn(&state) {
            Turn::Over => Vec::new(),
            Turn::Seat(_) => {
                let mut legal = Vec::new();
                self.game.legal_actions(&state, &mut legal);
                legal
                    .iter()
                    .map(|a| (self.game.format_action(&state, a), None))
                    .collect()
            }
            Turn::Chance => {
                let mut outcomes = Vec::new();
                self.game.chance_outcomes(&state, &mut outcomes);
                outcomes
                    .iter()
                    .map(|(a, p)| (self.game.format_action(&state, a), Some(*p)))
                    .collect()
            }
        })
    }

    fn outcome(&self, position: &str) -> Result<Option<Outcome>, CatalogError> {
        Ok(self.game.outcome(&self.parse(position)?))
    }

    fn perft(&self, position: &str, depth: u32) -> Result<u64, CatalogError> {
        Ok(CatalogGame::perft(
            &self.game,
            &self.parse(position)?,
            depth,
        ))
    }

    fn divide(
        &self,
        position: &str,
        depth: u32,
        on_branch: &mut dyn FnMut(&str, u64),
    ) -> Result<Vec<(String, u64)>, CatalogError> {
        let state = self.parse(position)?;
        Ok(perft::branches(&self.game, &state)
            .into_iter()
            .map(|a| {
                let mut next = state.clone();
                self.game.apply(&mut next, &a);
                let n = CatalogGame::perft(&self.game, &next, depth.saturating_sub(1));
                let text = self.game.format_action(&state, &a);
                on_branch(&text, n);
                (text, n)
            })
            .collect())
    }

    fn branch_count(&self, position: &str) -> Result<usize, CatalogError> {
        Ok(perft::branches(&self.game, &self.parse(position)?).len())
    }

    fn diagram(&self, position: &str, viewer: Option<Seat>) -> Result<String, CatalogError> {
        let state = self.parse(position)?;
        let view = match viewer {
            Some(seat) if seat.index() < self.game.seat_count() => self.game.view(&state, seat),
            Some(seat) => {
                return Err(CatalogError::NoSuchSeat {
                    game: self.spec.kind.title(),
                    seat,
                })
            }
            None => self.game.public_view(&state),
        };
        Ok(self.game.draw(&view))
    }

    fn hint(&self, position: &str, level: u8, seed: u64) -> Result<Hint, CatalogError> {
        let state = self.parse(position)?;
        let Turn::Seat(seat) = self.game.turn(&state) else {
            return Err(CatalogError::NoMover);
        };
        self.game
            .hint(&self.game.view(&state, seat), seat, level, seed)
    }

    fn analyse(&self, position: &str, budget: u64, seed: u64) -> Result<Analysis, CatalogError> {
        let state = self.parse(position)?;
        let Turn::Seat(seat) = self.game.turn(&state) else {
            return Err(CatalogError::NoMover);
        };
        self.game
            .analyse(&self.game.view(&state, seat), seat, budget, seed)
    }

    fn start(
        &self,
        seed: u64,
        seats: &[AgentSpec],
        position: Option<&str>,
    ) -> Result<Box<dyn Live>, CatalogError> {
        self.check_seats(seats)?;
        let start = match position {
            Some(text) => self.parse(text)?,
            None => self.game.new_game(),
        };
        let mut referee = Referee::from_state(self.game.clone(), start, seed);
        for (s, agent) in seats.iter().enumerate() {
            referee
                .set_bot(Seat(s as u8), self.game.bot(agent)?)
                .expect("seat count checked");
        }
        Ok(self.live(referee, seats.to_vec()))
    }

    fn replay(&self, record: &Record) -> Result<Box<dyn Live>, CatalogError> {
        let referee = self.referee_of(record)?;
        Ok(self.live(referee, seat_agents(record)))
    }

    fn review(
        &self,
        record: &Record,
        level: Option<u8>,
        threads: usize,
        progress: &mut dyn FnMut(usize, usize),
    ) -> Result<Review, CatalogError> {
        let referee = self.referee_of(record)?;
        let actions: Vec<G::Action> = referee.history().iter().map(|e| e.action.clone()).collect();
        let game = &self.game;
        // A forfeit (a resignation, a flag, an absence) ends a game its rules did not.
        let ending = match (
            game.outcome(referee.state()),
            referee.outcome(),
            referee.ending(),
        ) {
            (None, Some(outcome), Some(ending)) => Some(review::Ending {
                outcome,
                reason: ending.reason,
                by: ending.seat,
            }),
            _ => None,
        };
        let seats = seat_agents(record);
        let level = level.unwrap_or_else(|| default_judge_level(&seats));
        let mut judge = game.judge(level);
        let mut review = review::review_on(
            game,
            referee.start(),
            &actions,
            ending.as_ref(),
            judge.as_mut(),
            threads,
            progress,
        );
        review.judge_level = Some(level);
        review.players_level = seats.iter().map(AgentSpec::level).max();
        Ok(review)
    }

    fn book_line(&self, seed: u64) -> String {
        match self.game.drawn_start(seed) {
            Some(state) => self.game.format_position(&state),
            None => seed.to_string(),
        }
    }

    fn run_match(
        &self,
        a: &AgentSpec,
        b: &AgentSpec,
        plan: &MatchPlan,
        threads: usize,
        on_game: &(dyn Fn(usize, usize, Record) + Sync),
        stop: &(dyn Fn(&[f64]) -> bool + Sync),
    ) -> Result<MatchSummary, CatalogError> {
        if a.is_human() || b.is_human() {
            return Err(AgentError::HumanInMatch.into());
        }
        // Fail on a bad agent or book before any thread starts.
        self.game.bot(a)?;
        self.game.bot(b)?;
        let seats = self.game.seat_count();
        let schedule = match plan {
            MatchPlan::Rotating { games, seed } => trio_ai::rotating_schedule(*games, *seed),
            MatchPlan::Paired { starts, seed } => {
                let starts = starts
                    .iter()
                    .enumerate()
                    .map(|(k, line)| self.book_start(line, k, *seed))
                    .collect::<Result<Vec<_>, _>>()?;
                trio_ai::paired_schedule(&starts, seats)
            }
        };
        let lineup: Vec<AgentSpec> = std::iter::once(a.clone())
            .chain(std::iter::repeat_n(b.clone(), seats - 1))
            .collect();
        let make_bots = || {
            lineup
                .iter()
                .map(|agent| {
                    self.game
                        .bot(agent)
                        .ok()
                        .flatten()
                        .expect("agents checked above")
                })
                .collect()
        };
        let spec = self.spec.to_string();
        let summary = trio_ai::run_schedule(
            &self.game,
            make_bots,
            &schedule,
            threads,
            |done, i, game| {
                let mut seat_agents = lineup.clone();
                seat_agents.rotate_right(schedule[i].rotation % seats.max(1));
                let record = Record {
                    format: trio_core::RECORD_FORMAT,
                    game: spec.clone(),
                    seed: game.seed,
                    seats: seat_agents.iter().map(ToString::to_string).collect(),
                    start: schedule[i]
                        .start
                        .as_ref()
                        .map(|s| self.game.format_position(s)),
                    definitions: self.definitions.to_map(),
                    actions: game.notation.clone(),
                    result: Some(trio_core::RecordResult::new(
                        Some(&game.outcome),
                        game.ending,
                    )),
                    commitment: None,
                };
                on_game(done, i, record);
            },
            stop,
        )?;
        Ok(summary)
    }
}

/// A game being played: its referee, spec, definitions and seats.
struct LiveGame<G: CatalogGame> {
    referee: Referee<G>,
    spec: GameSpec,
    definitions: Definitions,
    seats: Vec<AgentSpec>,
}

impl<G: CatalogGame> Debug for LiveGame<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LiveGame")
            .field("spec", &self.spec.to_string())
            .field("seats", &self.seats)
            .field("referee", &self.referee)
            .finish()
    }
}

impl<G: CatalogGame> Live for LiveGame<G> {
    fn spec(&self) -> &GameSpec {
        &self.spec
    }

    fn facts(&self) -> Facts {
        self.referee.game().facts()
    }

    fn seats(&self) -> &[AgentSpec] {
        &self.seats
    }

    fn seat_count(&self) -> usize {
        self.referee.game().seat_count()
    }

    fn seat_name(&self, seat: Seat) -> String {
        self.referee.game().seat_label(self.referee.state(), seat)
    }

    fn notation_help(&self) -> &'static str {
        self.referee.game().notation_help()
    }

    fn seed(&self) -> u64 {
        self.referee.seed()
    }

    fn version(&self) -> u64 {
        self.referee.version()
    }

    fn turn(&self) -> Turn {
        self.referee.turn()
    }

    fn outcome(&self) -> Option<Outcome> {
        self.referee.outcome()
    }

    fn ending(&self) -> Option<Ending> {
        self.referee.ending()
    }

    fn result(&self) -> Option<RecordResult> {
        self.referee.result()
    }

    fn is_bot(&self, seat: Seat) -> bool {
        self.referee.is_bot(seat)
    }

    fn set_agent(&mut self, seat: Seat, agent: &AgentSpec) -> Result<(), CatalogError> {
        let bot = self.referee.game().bot(agent)?;
        self.referee.set_bot(seat, bot)?;
        self.seats[seat.index()] = agent.clone();
        Ok(())
    }

    fn step(&mut self) -> Result<Step, BotError> {
        self.referee.step()
    }

    fn run(&mut self) -> Result<Step, BotError> {
        self.referee.run()
    }

    fn submit(&mut self, seat: Seat, text: &str, expect: Option<u64>) -> Result<u64, PlayError> {
        self.referee.submit_text(seat, text, expect)
    }

    fn resign(&mut self, seat: Seat) -> Result<u64, PlayError> {
        self.referee.resign(seat)
    }

    fn forfeit(&mut self, seat: Seat, why: Forfeit) -> Result<u64, PlayError> {
        self.referee.forfeit(seat, why)
    }

    fn retire(&mut self, seat: Seat) -> Result<(), PlayError> {
        self.referee.retire(seat)
    }

    fn abort(&mut self, by: Option<Seat>) -> Result<u64, PlayError> {
        self.referee.abort(by)
    }

    fn agree_draw(&mut self, by: Seat) -> Result<u64, PlayError> {
        self.referee.agree_draw(by)
    }

    fn undo(&mut self, seat: Seat) -> Result<u64, PlayError> {
        self.referee.undo(seat)
    }

    fn undo_depth(&self, seat: Seat) -> Result<usize, PlayError> {
        self.referee.undo_depth(seat)
    }

    fn legal_moves(&self) -> LegalMoves {
        let (game, state) = (self.referee.game(), self.referee.state());
        let legal = self.referee.legal_actions();
        LegalMoves {
            actions: legal.iter().map(|a| game.format_action(state, a)).collect(),
            parts: game.actions_parts(state, &legal),
        }
    }

    fn position(&self) -> String {
        self.referee.game().format_position(self.referee.state())
    }

    fn view_json(&self, viewer: Option<Seat>) -> Value {
        let game = self.referee.game();
        match viewer {
            Some(seat) => game.view_json(&self.referee.view(seat)),
            None => game.view_json(&self.referee.public_view()),
        }
    }

    fn diagram(&self, viewer: Option<Seat>, flipped: bool) -> String {
        let game = self.referee.game();
        let view = match viewer {
            Some(seat) => self.referee.view(seat),
            None => self.referee.public_view(),
        };
        flipped
            .then(|| game.draw_flipped(&view))
            .flatten()
            .unwrap_or_else(|| game.draw(&view))
    }

    fn log(&self) -> &[LogEntry] {
        self.referee.log()
    }

    fn begin_bot_turn(&mut self) -> Option<BotTurn> {
        let turn = self.referee.begin_bot_turn()?;
        Some(BotTurn(Box::new(move || {
            BotThought(Box::new(turn.think()))
        })))
    }

    fn finish_bot_turn(&mut self, choice: BotThought) -> Result<Option<Step>, BotError> {
        match choice.0.downcast::<BotChoice<G>>() {
            Ok(choice) => self.referee.finish_bot_turn(*choice),
            Err(_) => Ok(None),
        }
    }

    fn history_for(&self, viewer: Option<Seat>) -> Vec<(Option<Seat>, Option<ShownAction>)> {
        self.referee
            .history()
            .iter()
            .map(|e| {
                let shown = e.seen_by(viewer).then(|| ShownAction {
                    action: e.notation.clone(),
                    parts: e.parts.clone(),
                });
                (e.by, shown)
            })
            .collect()
    }

    fn history_seats(&self) -> Vec<Option<Seat>> {
        self.referee.history().iter().map(|e| e.by).collect()
    }

    fn hint_job(&self, level: u8, seed: u64) -> Result<HintJob, CatalogError> {
        let Turn::Seat(seat) = self.referee.turn() else {
            return Err(CatalogError::NoMover);
        };
        let game = self.referee.game().clone();
        let view = self.referee.view(seat);
        Ok(HintJob(Box::new(move || {
            game.hint(&view, seat, level, seed)
        })))
    }

    fn record(&self) -> Record {
        let mut record = self.referee.record(
            &self.spec.to_string(),
            self.seats.iter().map(ToString::to_string).collect(),
        );
        record.definitions = self.definitions.to_map();
        record
    }
}

/// Builds the game a spec names, reading any definition file it names from disk.
pub fn build(spec: &GameSpec) -> Result<Arc<dyn AnyGame>, CatalogError> {
    build_with(spec, Definitions::read(spec)?)
}

/// Builds the game a spec names with the texts of its definition files as given
/// ([`Definitions::given`]): nothing is read from disk.
pub fn build_with(
    spec: &GameSpec,
    definitions: Definitions,
) -> Result<Arc<dyn AnyGame>, CatalogError> {
    struct Build<'a>(&'a GameSpec, Definitions);
    impl KindVisitor for Build<'_> {
        type Output = Result<Arc<dyn AnyGame>, CatalogError>;
        fn visit<G: CatalogGame>(self) -> Self::Output {
            Ok(Arc::new(Catalogued {
                game: G::from_spec(self.0, &self.1)?,
                spec: self.0.clone(),
                definitions: self.1,
            }))
        }
    }
    spec.kind.visit(Build(spec, definitions))
}

/// The game a record was played in: its definition files from the record when it carries
/// them, else read from the paths its spec names (an older record from the command line).
pub fn record_game(record: &Record) -> Result<Arc<dyn AnyGame>, CatalogError> {
    let spec: GameSpec = record.game.parse()?;
    if record.definitions.is_empty() {
        return build(&spec);
    }
    build_with(
        &spec,
        Definitions::given(&spec, record.definitions.clone())?,
    )
}

/// Who played each seat of `record`; a seat named in a way this build does not know
/// counts as a person.
fn seat_agents(record: &Record) -> Vec<AgentSpec> {
    record
        .seats
        .iter()
        .map(|s| s.parse().unwrap_or(AgentSpec::Human))
        .collect()
}
