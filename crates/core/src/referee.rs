//! The referee: the one driver of every game — the terminal, the match runner, the server
//! and the lab all play through it.
//!
//! It owns the state, a version number that grows with every change (an action, a
//! resignation, an undo), the history, and the seed. Chance is drawn from the seed's own
//! stream and each bot gets a stream of its own, so the same seed deals the same dice and
//! tiles whoever sits in the seats. Each seat learns only what it may see: a chance
//! outcome that leaves a seat's view the same whichever way it fell (the tile your opponent
//! drew) reaches that seat's bot as hidden.
//!
//! Seats are played by a [`Bot`] the referee asks ([`Referee::step`]) or from outside (a
//! person at a terminal, a browser), whose actions arrive through [`Referee::submit`]. A
//! driver that must stay responsive while a bot thinks takes the turn out as a `Send`
//! value ([`Referee::begin_bot_turn`]), lets it think elsewhere and hands the choice back
//! ([`Referee::finish_bot_turn`]); the referee keeps answering meanwhile.
//!
//! Besides the line of play ([`Referee::history`], which an undo shortens) the referee
//! keeps the log of every change ([`Referee::log`]): one entry per version, so a server can
//! store, replay and send each change as who may see it may know it.

use thiserror::Error;

use crate::record::{Record, RecordResult, RECORD_FORMAT};
use crate::rng::{self, GameRng};
use crate::{
    Bot, Breach, EndReason, Ending, Forfeit, Game, IllegalAction, NotationError, Outcome, Seat,
    Turn,
};

/// One applied action and who may know it.
#[derive(Clone, Debug)]
pub struct Entry<A> {
    pub action: A,
    /// The action in the game's notation.
    pub notation: String,
    /// The action's parts ([`Game::action_parts`]) in the state it was played in.
    pub parts: serde_json::Value,
    /// The seat that chose it; `None` for a chance outcome.
    pub by: Option<Seat>,
    /// For each seat, whether it may know which action this was (decisions: every seat).
    seen: Vec<bool>,
    /// For each seat, what this decision of another seat showed it that its view hid
    /// ([`Game::reveals`]); `None` for chance, which blocks an undo on its own.
    reveals: Vec<Option<&'static str>>,
    /// Whether a spectator may know it.
    public: bool,
}

impl<A> Entry<A> {
    /// Whether `viewer` (a seat, or `None` for a spectator) may know this action.
    pub fn seen_by(&self, viewer: Option<Seat>) -> bool {
        match viewer {
            Some(seat) => self.seen.get(seat.index()).copied().unwrap_or(false),
            None => self.public,
        }
    }
}

/// What one change did; see [`LogEntry`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Change {
    /// An action joined the line: its notation (a decision, or chance when `by` is `None`).
    Played(String),
    /// `by` lost the game without its rules ending it: it gave up, its time ran out, or it
    /// was away too long.
    Forfeited(Forfeit),
    /// The game was called off before it began (`by` who called it, if a seat did).
    Aborted,
    /// The seats agreed to a draw (`by` the one that accepted the other's offer).
    Drawn,
    /// `by` took back this many actions of the line.
    Undone(usize),
}

/// One change of the game, the game being at `version` after it: the referee's log has one
/// per version, undone actions included.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LogEntry {
    pub version: u64,
    /// The seat that acted, gave up or took back; `None` for chance.
    pub by: Option<Seat>,
    pub change: Change,
    /// Per seat, then a spectator last: whether it may know what was played.
    seen: Vec<bool>,
    /// What was played as its parts ([`Game::action_parts`]); `null` for other changes.
    parts: serde_json::Value,
}

impl LogEntry {
    /// Whether `viewer` (a seat, or `None` for a spectator) may know what was played;
    /// resignations and undos are public.
    pub fn seen_by(&self, viewer: Option<Seat>) -> bool {
        let index = viewer.map_or(self.seen.len() - 1, Seat::index);
        self.seen.get(index).copied().unwrap_or(false)
    }

    /// The action played, as `viewer` may know it.
    pub fn action_for(&self, viewer: Option<Seat>) -> Option<&str> {
        match &self.change {
            Change::Played(notation) if self.seen_by(viewer) => Some(notation),
            _ => None,
        }
    }

    /// The parts of the action played, as `viewer` may know them.
    pub fn parts_for(&self, viewer: Option<Seat>) -> Option<&serde_json::Value> {
        self.action_for(viewer).map(|_| &self.parts)
    }
}

/// A bot's turn taken out of the referee to think elsewhere (another thread): see
/// [`Referee::begin_bot_turn`].
pub struct BotTurn<G: Game> {
    game: G,
    view: G::View,
    seat: Seat,
    version: u64,
    bot: Box<dyn Bot<G>>,
    rng: GameRng,
}

impl<G: Game> std::fmt::Debug for BotTurn<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("BotTurn")
            .field("seat", &self.seat)
            .field("version", &self.version)
            .field("bot", &self.bot.name())
            .finish_non_exhaustive()
    }
}

impl<G: Game> BotTurn<G> {
    /// The bot chooses, seeing only its seat's view; this is the slow part.
    pub fn think(mut self) -> BotChoice<G> {
        let choice = self
            .bot
            .choose(&self.game, &self.view, self.seat, &mut self.rng);
        BotChoice { turn: self, choice }
    }
}

/// What a bot chose on a [`BotTurn`], to hand back with [`Referee::finish_bot_turn`].
#[derive(Debug)]
pub struct BotChoice<G: Game> {
    turn: BotTurn<G>,
    /// `None`: the bot gives up.
    choice: Option<G::Action>,
}

/// Who plays a seat.
enum Agent<G: Game> {
    Outside,
    Bot(Box<dyn Bot<G>>),
    /// The seat's bot is out thinking on a [`BotTurn`].
    Thinking(String),
}

/// What [`Referee::step`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// Nature or a bot acted; the game is at this version now.
    Played { by: Option<Seat>, version: u64 },
    /// A bot gave up the game.
    Resigned(Seat),
    /// This seat is played from outside: its action comes through [`Referee::submit`] (or
    /// its bot is out thinking on a [`BotTurn`]).
    Await(Seat),
    /// The game is over.
    Over,
}

/// Why an action from outside was refused. Each kind has a stable [`PlayError::code`].
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PlayError {
    #[error("cannot read {:?}: {}", crate::excerpt(text), crate::shorten(&source.to_string(), 300))]
    Notation { text: String, source: NotationError },
    #[error("it is not {seat}'s turn ({turn})")]
    NotYourTurn { seat: String, turn: String },
    #[error("the game is over")]
    GameOver,
    #[error("the game has moved on: you saw version {expected}, it is at {actual}")]
    Stale { expected: u64, actual: u64 },
    #[error(transparent)]
    Illegal(IllegalAction),
    #[error("nothing to undo: {0}")]
    NoUndo(String),
    #[error("{seat} is not a seat of this game ({seats} seats)")]
    NoSuchSeat { seat: Seat, seats: usize },
}

impl PlayError {
    /// A stable code for programs: `bad-notation`, `not-your-turn`, `game-over`,
    /// `stale-version`, `illegal`, `no-undo`, `no-such-seat`.
    pub fn code(&self) -> &'static str {
        match self {
            Self::Notation { .. } => "bad-notation",
            Self::NotYourTurn { .. } => "not-your-turn",
            Self::GameOver => "game-over",
            Self::Stale { .. } => "stale-version",
            Self::Illegal(_) => "illegal",
            Self::NoUndo(_) => "no-undo",
            Self::NoSuchSeat { .. } => "no-such-seat",
        }
    }

    /// The rule an illegal action breaks.
    pub fn breach(&self) -> Option<&Breach> {
        match self {
            Self::Illegal(e) => Some(&e.breach),
            _ => None,
        }
    }
}

/// A bot broke the rules: a bug in the bot, reported rather than played.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{bot} at {seat}: {source}")]
pub struct BotError {
    pub bot: String,
    pub seat: Seat,
    pub source: Box<IllegalAction>,
}

/// A record that does not replay.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ReplayError {
    #[error("the start position does not read: {0}")]
    Start(NotationError),
    #[error("the record has {found} seats; this game has {expected}")]
    Seats { found: usize, expected: usize },
    #[error("action {number} ({text:?}): {reason}")]
    Action {
        /// 1-based, as people count.
        number: usize,
        text: String,
        reason: String,
    },
    #[error("the recorded result {recorded:?} is not the replayed one {replayed:?}")]
    Result {
        recorded: Option<RecordResult>,
        replayed: Option<RecordResult>,
    },
}

/// Drives one game: see the module docs.
pub struct Referee<G: Game> {
    game: G,
    seed: u64,
    start: G::State,
    state: G::State,
    history: Vec<Entry<G::Action>>,
    log: Vec<LogEntry>,
    chance_rng: GameRng,
    agents: Vec<Agent<G>>,
    bot_rngs: Vec<GameRng>,
    /// How the game ended if its rules did not end it: a forfeit or an abort.
    stopped: Option<Ending>,
    /// Seats that left a game of more than two, played on by a bot and ranked last.
    retired: Vec<Seat>,
    /// Rule events counted so far, once [`Referee::count_rule_events`] asked for them.
    events: Option<Vec<(&'static str, u64)>>,
}

impl<G: Game> std::fmt::Debug for Referee<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Referee")
            .field("game", &self.game.name())
            .field("version", &self.version())
            .field("actions", &self.history.len())
            .field("turn", &self.turn())
            .finish_non_exhaustive()
    }
}

impl<G: Game> Referee<G> {
    /// A new game with every seat played from outside; [`Referee::set_bot`] seats bots.
    pub fn new(game: G, seed: u64) -> Self {
        let start = game.new_game();
        Self::from_state(game, start, seed)
    }

    /// A game that starts from `start` instead of a new game.
    pub fn from_state(game: G, start: G::State, seed: u64) -> Self {
        let seats = game.seat_count();
        Self {
            state: start.clone(),
            start,
            seed,
            history: Vec::new(),
            log: Vec::new(),
            chance_rng: rng::seeded(rng::sub_seed(seed, 0)),
            agents: (0..seats).map(|_| Agent::Outside).collect(),
            bot_rngs: (0..seats)
                .map(|s| rng::seeded(rng::sub_seed(seed, 1 + s as u64)))
                .collect(),
            stopped: None,
            retired: Vec::new(),
            events: None,
            game,
        }
    }

    /// Bots draw from the streams of `seed` instead of the game's own from now on: the
    /// same chance (deal, draws, rolls) met by other choices, as the lab's duplicate games
    /// play each deal twice. Chance keeps the game's seed, so the record still replays.
    pub fn reseed_bots(&mut self, seed: u64) {
        for (s, stream) in self.bot_rngs.iter_mut().enumerate() {
            *stream = rng::seeded(rng::sub_seed(seed, 1 + s as u64));
        }
    }

    /// Seats `bot` at `seat` (or a player from outside, for `None`). The bot is reset and
    /// told what its seat may know of the game so far.
    pub fn set_bot(&mut self, seat: Seat, bot: Option<Box<dyn Bot<G>>>) -> Result<(), PlayError> {
        let seats = self.game.seat_count();
        let slot = self
            .agents
            .get_mut(seat.index())
            .ok_or(PlayError::NoSuchSeat { seat, seats })?;
        *slot = match bot {
            Some(mut bot) => {
                teach(&self.game, &self.history, seat, bot.as_mut());
                Agent::Bot(bot)
            }
            None => Agent::Outside,
        };
        Ok(())
    }

    /// Counts, from now on, the rule events ([`Game::rule_events`]) of every action
    /// applied: the lab's measure of how often each rule comes into play. An undo does not
    /// take counts back.
    pub fn count_rule_events(&mut self) {
        self.events.get_or_insert_with(Vec::new);
    }

    /// The rule events counted, by name in the order first seen; `None` unless
    /// [`Referee::count_rule_events`] was called.
    pub fn rule_events(&self) -> Option<&[(&'static str, u64)]> {
        self.events.as_deref()
    }

    pub fn game(&self) -> &G {
        &self.game
    }

    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The full state: for the referee's owner, never to be shown to a seat as it is.
    pub fn state(&self) -> &G::State {
        &self.state
    }

    pub fn start(&self) -> &G::State {
        &self.start
    }

    /// Grows by one with every action, resignation and undo.
    pub fn version(&self) -> u64 {
        self.log.len() as u64
    }

    /// The line of play: every action applied and not undone.
    pub fn history(&self) -> &[Entry<G::Action>] {
        &self.history
    }

    /// Every change so far, one per version: `log()[v - 1]` brought the game to version `v`.
    pub fn log(&self) -> &[LogEntry] {
        &self.log
    }

    /// The history as `viewer` (a seat, or `None` for a spectator) may know it: hidden
    /// chance outcomes are `None`.
    pub fn history_for(&self, viewer: Option<Seat>) -> Vec<Option<&str>> {
        self.history
            .iter()
            .map(|e| e.seen_by(viewer).then_some(e.notation.as_str()))
            .collect()
    }

    /// Whose turn it is; [`Turn::Over`] after a forfeit or an abort too.
    pub fn turn(&self) -> Turn {
        if self.stopped.is_some() {
            Turn::Over
        } else {
            self.game.turn(&self.state)
        }
    }

    /// How the game ended, once over: by its rules, or why not.
    pub fn ending(&self) -> Option<Ending> {
        self.stopped
            .or_else(|| self.game.outcome(&self.state).map(|_| Ending::RULES))
    }

    /// The ranking once over: none for an aborted game. A seat that forfeited is last,
    /// every other seat shares first; after a draw agreed to, every seat shares first; a
    /// retired seat ranks after every other.
    pub fn outcome(&self) -> Option<Outcome> {
        let outcome = match self.stopped {
            Some(Ending {
                reason: EndReason::Abort,
                ..
            }) => None,
            Some(Ending {
                reason: EndReason::Agreement,
                ..
            }) => Some(Outcome::draw(self.game.seat_count())),
            Some(Ending {
                seat: Some(seat), ..
            }) => Some(Outcome::from_ranks(
                (0..self.game.seat_count())
                    .map(|s| u8::from(s == seat.index()))
                    .collect(),
            )),
            _ => self.game.outcome(&self.state),
        };
        outcome.map(|o| o.with_last(&self.retired))
    }

    /// `seat` left a game of more than two (its time ran out, it was away): a bot plays it
    /// on, and it ranks last whatever happens (Board Game Arena's zombie rule), so that
    /// leaving never pays. Its place in the move order is kept.
    pub fn retire(&mut self, seat: Seat) -> Result<(), PlayError> {
        let seats = self.game.seat_count();
        if seat.index() >= seats {
            return Err(PlayError::NoSuchSeat { seat, seats });
        }
        if !self.retired.contains(&seat) {
            self.retired.push(seat);
            self.retired.sort();
        }
        Ok(())
    }

    /// Whether a bot plays `seat` (thinking or not).
    pub fn is_bot(&self, seat: Seat) -> bool {
        self.bot_name(seat).is_some()
    }

    /// The name of the bot at `seat`, if one plays it.
    pub fn bot_name(&self, seat: Seat) -> Option<String> {
        match self.agents.get(seat.index())? {
            Agent::Outside => None,
            Agent::Bot(bot) => Some(bot.name()),
            Agent::Thinking(name) => Some(name.clone()),
        }
    }

    pub fn view(&self, seat: Seat) -> G::View {
        self.game.view(&self.state, seat)
    }

    pub fn public_view(&self) -> G::View {
        self.game.public_view(&self.state)
    }

    /// The legal decisions of the seat to move (empty at chance and at the end).
    pub fn legal_actions(&self) -> Vec<G::Action> {
        let mut out = Vec::new();
        if let Turn::Seat(_) = self.turn() {
            self.game.legal_actions(&self.state, &mut out);
        }
        out
    }

    /// Does one thing the referee does on its own: draws a pending chance outcome, or asks
    /// the bot to move whose seat is to act. Says whom it waits for otherwise.
    pub fn step(&mut self) -> Result<Step, BotError> {
        match self.turn() {
            Turn::Over => Ok(Step::Over),
            Turn::Chance => {
                let action = self.game.sample_chance(&self.state, &mut self.chance_rng);
                let mut after = self.state.clone();
                self.game.apply(&mut after, &action);
                self.commit(None, action, after);
                Ok(Step::Played {
                    by: None,
                    version: self.version(),
                })
            }
            Turn::Seat(seat) => match self.begin_bot_turn() {
                Some(turn) => self
                    .finish_bot_turn(turn.think())
                    .map(|step| step.unwrap_or(Step::Await(seat))),
                None => Ok(Step::Await(seat)),
            },
        }
    }

    /// Takes out the turn of the bot whose seat is to move, to think away from the referee
    /// (which answers everything meanwhile; that seat's [`Referee::step`] waits). `None`
    /// when no bot is to move, or its bot is out already.
    pub fn begin_bot_turn(&mut self) -> Option<BotTurn<G>> {
        let Turn::Seat(seat) = self.turn() else {
            return None;
        };
        let slot = &mut self.agents[seat.index()];
        let Agent::Bot(bot) = slot else {
            return None;
        };
        let name = bot.name();
        let Agent::Bot(bot) = std::mem::replace(slot, Agent::Thinking(name)) else {
            unreachable!("matched just above");
        };
        Some(BotTurn {
            game: self.game.clone(),
            view: self.game.view(&self.state, seat),
            seat,
            version: self.version(),
            bot,
            rng: self.bot_rngs[seat.index()].clone(),
        })
    }

    /// Plays what a bot chose on its [`BotTurn`] and seats the bot again: `Some` step when
    /// it played or gave up, `None` when the game changed meanwhile (an undo, a
    /// resignation), so the choice no longer fits and the bot relearns the game instead.
    pub fn finish_bot_turn(&mut self, choice: BotChoice<G>) -> Result<Option<Step>, BotError> {
        let BotChoice { turn, choice } = choice;
        let BotTurn {
            seat,
            version,
            mut bot,
            rng,
            ..
        } = turn;
        let now = self.version();
        let slot = &mut self.agents[seat.index()];
        // A seat given to someone else meanwhile keeps its new player.
        if !matches!(slot, Agent::Thinking(_)) {
            return Ok(None);
        }
        if version != now {
            teach(&self.game, &self.history, seat, bot.as_mut());
            *slot = Agent::Bot(bot);
            return Ok(None);
        }
        self.bot_rngs[seat.index()] = rng;
        let Some(action) = choice else {
            *slot = Agent::Bot(bot);
            self.stop(Some(seat), Forfeit::Resign.into());
            return Ok(Some(Step::Resigned(seat)));
        };
        let mut after = self.state.clone();
        if let Err(source) = self.game.play(&mut after, &action) {
            let error = BotError {
                bot: bot.name(),
                seat,
                source: Box::new(source),
            };
            *slot = Agent::Bot(bot);
            return Err(error);
        }
        *slot = Agent::Bot(bot);
        self.commit(Some(seat), action, after);
        Ok(Some(Step::Played {
            by: Some(seat),
            version: self.version(),
        }))
    }

    /// Steps until a seat played from outside must act or the game is over; returns that
    /// [`Step::Await`] or [`Step::Over`].
    pub fn run(&mut self) -> Result<Step, BotError> {
        loop {
            match self.step()? {
                Step::Played { .. } | Step::Resigned(_) => {}
                waiting => return Ok(waiting),
            }
        }
    }

    /// Checks what `seat` may do now, in the order a server checks a request: the game is
    /// not over, it is this seat's turn, and the caller saw the current version.
    fn check_turn(&self, seat: Seat, expect: Option<u64>) -> Result<(), PlayError> {
        let seats = self.game.seat_count();
        if seat.index() >= seats {
            return Err(PlayError::NoSuchSeat { seat, seats });
        }
        match self.turn() {
            Turn::Over => return Err(PlayError::GameOver),
            Turn::Seat(s) if s == seat => {}
            other => {
                return Err(PlayError::NotYourTurn {
                    seat: self.game.seat_name(seat),
                    turn: match other {
                        Turn::Seat(s) => format!("{} is to move", self.game.seat_name(s)),
                        _ => "chance is to act".to_owned(),
                    },
                })
            }
        }
        self.check_version(expect)
    }

    /// Whether the caller saw the current version, when it says which it saw.
    pub fn check_version(&self, expect: Option<u64>) -> Result<(), PlayError> {
        match expect {
            Some(expected) if expected != self.version() => Err(PlayError::Stale {
                expected,
                actual: self.version(),
            }),
            _ => Ok(()),
        }
    }

    /// Plays `seat`'s decision, if `expect` (when given) is the current version and the
    /// rules allow it. Returns the new version.
    pub fn submit(
        &mut self,
        seat: Seat,
        action: G::Action,
        expect: Option<u64>,
    ) -> Result<u64, PlayError> {
        self.check_turn(seat, expect)?;
        self.play_checked(seat, action)
    }

    /// Plays a decision of the seat whose turn was checked, if the rules allow it.
    fn play_checked(&mut self, seat: Seat, action: G::Action) -> Result<u64, PlayError> {
        let mut after = self.state.clone();
        self.game
            .play(&mut after, &action)
            .map_err(PlayError::Illegal)?;
        self.commit(Some(seat), action, after);
        Ok(self.version())
    }

    /// [`Referee::submit`] for an action in the game's notation.
    pub fn submit_text(
        &mut self,
        seat: Seat,
        text: &str,
        expect: Option<u64>,
    ) -> Result<u64, PlayError> {
        self.check_turn(seat, expect)?;
        let action = self.parse(text)?;
        self.play_checked(seat, action)
    }

    /// Reads an action in the game's notation against the current state.
    pub fn parse(&self, text: &str) -> Result<G::Action, PlayError> {
        self.game
            .parse_action(&self.state, text.trim())
            .map_err(|source| PlayError::Notation {
                text: text.to_owned(),
                source,
            })
    }

    /// `seat` gives up: it is placed last, the others share first place.
    pub fn resign(&mut self, seat: Seat) -> Result<u64, PlayError> {
        self.forfeit(seat, Forfeit::Resign)
    }

    /// `seat` loses for `why` (see [`Forfeit`]): it is placed last, the others share first.
    pub fn forfeit(&mut self, seat: Seat, why: Forfeit) -> Result<u64, PlayError> {
        self.check_stop(Some(seat))?;
        self.stop(Some(seat), why.into());
        Ok(self.version())
    }

    /// Calls the game off (`by` the seat that asks, if one does): it is over with no
    /// ranking. Whether it may still be called off is the driver's policy.
    pub fn abort(&mut self, by: Option<Seat>) -> Result<u64, PlayError> {
        self.check_stop(by)?;
        self.stop(by, EndReason::Abort);
        Ok(self.version())
    }

    /// The seats agree to end the game as a draw, `by` accepting the others' offer: every
    /// seat shares first place. Whether a draw may be offered is the driver's policy.
    pub fn agree_draw(&mut self, by: Seat) -> Result<u64, PlayError> {
        self.check_stop(Some(by))?;
        self.stop(Some(by), EndReason::Agreement);
        Ok(self.version())
    }

    fn check_stop(&self, seat: Option<Seat>) -> Result<(), PlayError> {
        let seats = self.game.seat_count();
        if let Some(seat) = seat.filter(|s| s.index() >= seats) {
            return Err(PlayError::NoSuchSeat { seat, seats });
        }
        if self.turn() == Turn::Over {
            return Err(PlayError::GameOver);
        }
        Ok(())
    }

    fn stop(&mut self, seat: Option<Seat>, reason: EndReason) {
        self.stopped = Some(Ending { reason, seat });
        let change = match (Forfeit::of(reason), reason) {
            (Some(forfeit), _) => Change::Forfeited(forfeit),
            (None, EndReason::Agreement) => Change::Drawn,
            (None, _) => Change::Aborted,
        };
        self.log_change(seat, change);
    }

    /// How many actions [`Referee::undo`] would take back for `seat`: everything since its
    /// own last decision, if nothing that followed showed `seat` what it may not see again
    /// and again: no chance outcome (the draw or roll would fall anew) and no decision of
    /// another seat that showed `seat` something its view hid ([`Game::reveals`]: a tile
    /// laid from a hidden hand), since playing again and undoing would probe the secret.
    pub fn undo_depth(&self, seat: Seat) -> Result<usize, PlayError> {
        if self.stopped.is_some() {
            return Err(PlayError::NoUndo("the game is over".to_owned()));
        }
        let Some(last) = self.history.iter().rposition(|e| e.by == Some(seat)) else {
            return Err(PlayError::NoUndo(format!(
                "{} has not moved yet",
                self.game.seat_name(seat)
            )));
        };
        for entry in &self.history[last + 1..] {
            let Some(by) = entry.by else {
                return Err(PlayError::NoUndo(
                    "chance has acted since (a roll or a draw cannot be taken back)".to_owned(),
                ));
            };
            if let Some(what) = entry.reveals[seat.index()] {
                return Err(PlayError::NoUndo(format!(
                    "{} {what}; taking it back would show you more of what is hidden",
                    self.game.seat_label(&self.state, by)
                )));
            }
        }
        Ok(self.history.len() - last)
    }

    /// Takes back `seat`'s last decision and every decision after it (see
    /// [`Referee::undo_depth`]). Bots forget and relearn the shortened game. Whether a game
    /// offers undo at all is the driver's policy. Returns the new version.
    pub fn undo(&mut self, seat: Seat) -> Result<u64, PlayError> {
        let depth = self.undo_depth(seat)?;
        self.history.truncate(self.history.len() - depth);
        let mut state = self.start.clone();
        for entry in &self.history {
            self.game.apply(&mut state, &entry.action);
        }
        self.state = state;
        for (s, agent) in self.agents.iter_mut().enumerate() {
            if let Agent::Bot(bot) = agent {
                teach(&self.game, &self.history, Seat(s as u8), bot.as_mut());
            }
        }
        self.log_change(Some(seat), Change::Undone(depth));
        Ok(self.version())
    }

    /// Writes a change everyone may know (a forfeit, an abort, an undo) in the log.
    fn log_change(&mut self, by: Option<Seat>, change: Change) {
        let seen = vec![true; self.game.seat_count() + 1];
        self.log_entry(by, change, seen, serde_json::Value::Null);
    }

    /// Writes a change in the log; `seen` (per seat, then a spectator) says who may know
    /// the action played, whose `parts` ([`Game::action_parts`]) go with it.
    fn log_entry(
        &mut self,
        by: Option<Seat>,
        change: Change,
        seen: Vec<bool>,
        parts: serde_json::Value,
    ) {
        self.log.push(LogEntry {
            version: self.version() + 1,
            by,
            change,
            seen,
            parts,
        });
    }

    /// Writes down a checked action, `after` being the state it leads to, and tells every
    /// bot what its seat may know.
    fn commit(&mut self, by: Option<Seat>, action: G::Action, after: G::State) {
        let notation = self.game.format_action(&self.state, &action);
        let parts = self.game.action_parts(&self.state, &action);
        let seats = self.game.seat_count();
        let (seen, public) = match by {
            Some(_) => (vec![true; seats], true),
            None => seen_by(&self.game, &self.state, &action),
        };
        let reveals = (0..seats)
            .map(|s| {
                let to = Seat(s as u8);
                by.filter(|&b| b != to)
                    .and_then(|_| self.game.reveals(&self.state, &action, to))
            })
            .collect();
        if let Some(events) = &mut self.events {
            self.game
                .rule_events(&self.state, &action, &mut |name, n| match events
                    .iter_mut()
                    .find(|(known, _)| *known == name)
                {
                    Some((_, count)) => *count += n,
                    None => events.push((name, n)),
                });
        }
        self.state = after;
        for (s, agent) in self.agents.iter_mut().enumerate() {
            if let Agent::Bot(bot) = agent {
                bot.inform(&self.game, seen[s].then_some(&action));
            }
        }
        let mut logged = seen.clone();
        logged.push(public);
        self.log_entry(by, Change::Played(notation.clone()), logged, parts.clone());
        self.history.push(Entry {
            action,
            notation,
            parts,
            by,
            seen,
            reveals,
            public,
        });
    }

    /// The game written down, with `spec` naming the game and `seats` who sat where.
    pub fn record(&self, spec: &str, seats: Vec<String>) -> Record {
        let start =
            (self.start != self.game.new_game()).then(|| self.game.format_position(&self.start));
        Record {
            format: RECORD_FORMAT,
            game: spec.to_owned(),
            seed: self.seed,
            seats,
            start,
            definitions: Default::default(),
            actions: self.history.iter().map(|e| e.notation.clone()).collect(),
            result: self.result(),
            commitment: None,
        }
    }

    /// The result as a record writes it; `None` while the game goes on.
    pub fn result(&self) -> Option<RecordResult> {
        let ending = self.ending()?;
        let retired = self.retired.iter().map(|s| s.0).collect();
        Some(RecordResult {
            retired,
            ..RecordResult::new(self.outcome().as_ref(), ending)
        })
    }

    /// Replays `record` on `game` with every seat played from outside, checking that each
    /// decision is legal, that each chance outcome is the one the record's seed draws, and
    /// that the game ends as recorded.
    pub fn replay(game: G, record: &Record) -> Result<Self, ReplayError> {
        if record.seats.len() != game.seat_count() {
            return Err(ReplayError::Seats {
                found: record.seats.len(),
                expected: game.seat_count(),
            });
        }
        let start = match &record.start {
            Some(text) => game.parse_position(text).map_err(ReplayError::Start)?,
            None => game.new_game(),
        };
        let mut referee = Self::from_state(game, start, record.seed);
        for (index, text) in record.actions.iter().enumerate() {
            let fail = |reason: String| ReplayError::Action {
                number: index + 1,
                text: text.clone(),
                reason,
            };
            match referee.turn() {
                Turn::Over => return Err(fail("the game was already over".to_owned())),
                Turn::Chance => {
                    referee.step().map_err(|e| fail(e.to_string()))?;
                    let drawn = &referee.history.last().expect("just drawn").notation;
                    if drawn != text.trim() {
                        return Err(fail(format!("seed {} draws {drawn:?} here", record.seed)));
                    }
                }
                Turn::Seat(seat) => {
                    referee
                        .submit_text(seat, text, None)
                        .map_err(|e| fail(e.to_string()))?;
                }
            }
        }
        // Retired seats change the ranking, not the moves: marked before it is compared.
        for &seat in record.result.iter().flat_map(|r| &r.retired) {
            referee
                .retire(Seat(seat))
                .map_err(|_| ReplayError::Result {
                    recorded: record.result.clone(),
                    replayed: None,
                })?;
        }
        if let Some(ending) = record.result.as_ref().map(RecordResult::ending) {
            // A forfeit or an abort after the end, or a forfeit by no seat, cannot be what
            // happened.
            let stopped = match (Forfeit::of(ending.reason), ending.seat) {
                (Some(forfeit), Some(seat)) => referee.forfeit(seat, forfeit).map(drop),
                (Some(_), None) => Err(PlayError::GameOver),
                (None, by) if ending.reason == EndReason::Abort => referee.abort(by).map(drop),
                (None, Some(by)) if ending.reason == EndReason::Agreement => {
                    referee.agree_draw(by).map(drop)
                }
                (None, _) => Ok(()),
            };
            if stopped.is_err() {
                return Err(ReplayError::Result {
                    recorded: record.result.clone(),
                    replayed: referee.result(),
                });
            }
        }
        let replayed = referee.result();
        if record.result.is_some() && record.result != replayed {
            return Err(ReplayError::Result {
                recorded: record.result.clone(),
                replayed,
            });
        }
        Ok(referee)
    }
}

/// Resets `bot` and tells it what `seat` may know of the line so far.
fn teach<G: Game>(game: &G, history: &[Entry<G::Action>], seat: Seat, bot: &mut dyn Bot<G>) {
    bot.reset();
    for entry in history {
        bot.inform(game, entry.seen[seat.index()].then_some(&entry.action));
    }
}

/// Who can tell which chance outcome `action` was: for each seat, and for a spectator,
/// whether no other outcome of the event would leave its view the same.
fn seen_by<G: Game>(game: &G, state: &G::State, action: &G::Action) -> (Vec<bool>, bool) {
    let seats = game.seat_count();
    if !game.facts().hidden_information {
        return (vec![true; seats], true);
    }
    let views = |s: &G::State| -> Vec<G::View> {
        (0..seats)
            .map(|i| game.view(s, Seat(i as u8)))
            .chain(std::iter::once(game.public_view(s)))
            .collect()
    };
    let mut after = state.clone();
    game.apply(&mut after, action);
    let seen_views = views(&after);
    let mut seen = vec![true; seats + 1];
    let mut outcomes = Vec::new();
    game.chance_outcomes(state, &mut outcomes);
    for (other, _) in outcomes.iter().filter(|(o, _)| o != action) {
        let mut alternative = state.clone();
        game.apply(&mut alternative, other);
        for (known, (view, alt)) in seen
            .iter_mut()
            .zip(seen_views.iter().zip(views(&alternative)))
        {
            *known = *known && *view != alt;
        }
        if !seen.contains(&true) {
            break;
        }
    }
    let public = seen.pop().expect("a spectator's entry");
    (seen, public)
}
