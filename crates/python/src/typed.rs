//! The games behind one object-safe face for Python: [`DynGame`] and [`DynState`] are
//! implemented once for every [`CatalogGame`], whose kind the catalog's
//! [`trio_catalog::KindVisitor`] picks from a spec. Actions cross the face as the catalog's
//! codes ([`Encoding`]) or as notation, views as text, JSON or tensors.

use std::any::Any;
use std::sync::{Arc, OnceLock};

use trio_catalog::{AgentSpec, CatalogGame, Definitions, GameSpec, KindVisitor};
use trio_core::{random_action, rng, Bot, Facts, Outcome, Record, Seat, Turn};

/// A game with its options, whatever its kind.
pub(crate) trait DynGame: Send + Sync {
    fn spec(&self) -> String;
    fn facts(&self) -> Facts;
    fn seat_count(&self) -> usize;
    fn seat_name(&self, seat: Seat) -> String;
    fn action_count(&self) -> usize;
    fn observation_shape(&self) -> Vec<usize>;
    fn new_state(self: Arc<Self>) -> Box<dyn DynState>;
    fn parse_state(self: Arc<Self>, position: &str) -> Result<Box<dyn DynState>, String>;
    /// The game of `record` replayed by its notation: each action checked for legality,
    /// chance outcomes taken as written (not drawn again from the seed).
    fn replay(self: Arc<Self>, record: &Record) -> Result<Box<dyn DynState>, String>;
    fn agent(self: Arc<Self>, agent: &AgentSpec, seed: u64) -> Result<Box<dyn DynAgent>, String>;
    /// `games` random games: decisions uniform, chance by its probabilities.
    fn playouts(&self, games: u64, seed: u64) -> Playouts;
}

/// What [`DynGame::playouts`] counted.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Playouts {
    pub games: u64,
    /// Actions applied, chance outcomes included.
    pub actions: u64,
    /// Per seat, the sum of its scores ([`Outcome::score`], 1 a win, 0 a loss).
    pub scores: Vec<f64>,
}

/// One state of a game, whatever its kind, with the actions that led to it.
pub(crate) trait DynState: Send + Sync {
    fn boxed_clone(&self) -> Box<dyn DynState>;
    /// The state this one's game started from.
    fn start(&self) -> Box<dyn DynState>;
    fn as_any(&self) -> &dyn Any;
    fn turn(&self) -> Turn;
    /// The codes of the mover's decisions or of the chance outcomes, ascending, with their
    /// notation and (chance only) probability.
    fn legal(&self) -> Vec<(usize, String, Option<f64>)>;
    /// The codes alone, ascending.
    fn legal_codes(&self) -> Vec<usize>;
    /// The chance outcomes' codes, ascending, with their probabilities; empty unless a
    /// chance event is pending.
    fn chance_outcomes(&self) -> Vec<(usize, f64)>;
    fn action_text(&self, code: usize) -> Result<String, String>;
    fn apply_code(&mut self, code: usize) -> Result<(), String>;
    /// Applies an action written in notation and gives its code.
    fn apply_text(&mut self, text: &str) -> Result<usize, String>;
    fn undo(&mut self) -> Result<(), String>;
    fn outcome(&self) -> Option<Outcome>;
    fn position(&self) -> String;
    fn diagram(&self, viewer: Option<Seat>) -> String;
    fn view_json(&self, viewer: Option<Seat>) -> String;
    fn observation(&self, viewer: Option<Seat>) -> Vec<f32>;
    fn history(&self) -> Vec<usize>;
    /// The game so far as a record (`trio verify`'s JSON) with `seats` and `seed`.
    fn record(&self, seats: Vec<String>, seed: u64) -> Record;
    fn same_as(&self, other: &dyn DynState) -> bool;
}

/// An AI or random player for any kind of game.
pub(crate) trait DynAgent: Send {
    /// The code of the move chosen for the seat to move in `state`, from its view alone.
    fn choose(&mut self, state: &dyn DynState) -> Result<usize, String>;
}

/// Builds the game `spec` names with the texts of its definition files.
pub(crate) fn build(spec: &GameSpec, definitions: Definitions) -> Result<Arc<dyn DynGame>, String> {
    struct Build<'a>(&'a GameSpec, Definitions);
    impl KindVisitor for Build<'_> {
        type Output = Result<Arc<dyn DynGame>, String>;
        fn visit<G: CatalogGame>(self) -> Self::Output {
            let game = G::from_spec(self.0, &self.1).map_err(|e| e.to_string())?;
            Ok(Arc::new(Typed {
                game,
                spec: self.0.clone(),
                definitions: self.1,
            }))
        }
    }
    spec.kind.visit(Build(spec, definitions))
}

/// A game of kind `G` with the spec and definitions it was built from.
struct Typed<G> {
    game: G,
    spec: GameSpec,
    definitions: Definitions,
}

impl<G: CatalogGame> Typed<G> {
    fn state(self: Arc<Self>, state: G::State) -> Box<dyn DynState> {
        Box::new(TypedState {
            start: state.clone(),
            state,
            history: Vec::new(),
            legal: OnceLock::new(),
            game: self,
        })
    }
}

impl<G: CatalogGame> DynGame for Typed<G> {
    fn spec(&self) -> String {
        self.spec.to_string()
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

    fn action_count(&self) -> usize {
        self.game.action_count()
    }

    fn observation_shape(&self) -> Vec<usize> {
        self.game.observation_shape()
    }

    fn new_state(self: Arc<Self>) -> Box<dyn DynState> {
        let state = self.game.new_game();
        self.state(state)
    }

    fn parse_state(self: Arc<Self>, position: &str) -> Result<Box<dyn DynState>, String> {
        let state = self
            .game
            .parse_position(position)
            .map_err(|e| e.to_string())?;
        Ok(self.state(state))
    }

    fn replay(self: Arc<Self>, record: &Record) -> Result<Box<dyn DynState>, String> {
        let mut state = match &record.start {
            Some(text) => self.clone().parse_state(text)?,
            None => self.clone().new_state(),
        };
        for (i, text) in record.actions.iter().enumerate() {
            state
                .apply_text(text)
                .map_err(|e| format!("action {} ({text}): {e}", i + 1))?;
        }
        Ok(state)
    }

    fn agent(self: Arc<Self>, agent: &AgentSpec, seed: u64) -> Result<Box<dyn DynAgent>, String> {
        let bot = self
            .game
            .bot(agent)
            .map_err(|e| e.to_string())?
            .ok_or_else(|| "a human is not an agent".to_owned())?;
        Ok(Box::new(TypedAgent {
            game: self,
            bot,
            rng: rng::seeded(seed),
        }))
    }

    fn playouts(&self, games: u64, seed: u64) -> Playouts {
        let game = &self.game;
        let mut rng = rng::seeded(seed);
        let mut scratch = Vec::new();
        let mut counted = Playouts {
            games,
            actions: 0,
            scores: vec![0.0; game.seat_count()],
        };
        for _ in 0..games {
            let mut state = game.new_game();
            loop {
                let action = match game.turn(&state) {
                    Turn::Over => break,
                    Turn::Chance => game.sample_chance(&state, &mut rng),
                    Turn::Seat(_) => random_action(game, &state, &mut rng, &mut scratch)
                        .expect("a seat to move has a legal action"),
                };
                game.apply(&mut state, &action);
                counted.actions += 1;
            }
            let outcome = game.outcome(&state).expect("the game is over");
            for (s, score) in counted.scores.iter_mut().enumerate() {
                *score += outcome.score(Seat(s as u8));
            }
        }
        counted
    }
}

/// A state of kind `G`, with its start and the actions since, for undo and records.
struct TypedState<G: CatalogGame> {
    game: Arc<Typed<G>>,
    start: G::State,
    state: G::State,
    history: Vec<G::Action>,
    /// The legal decisions or chance outcomes by code, listed once per state.
    legal: OnceLock<Vec<Listed<G::Action>>>,
}

/// A legal decision or chance outcome with its code and (chance only) probability.
#[derive(Clone)]
struct Listed<A> {
    code: usize,
    action: A,
    probability: Option<f64>,
}

impl<G: CatalogGame> TypedState<G> {
    fn listed(&self) -> &[Listed<G::Action>] {
        self.legal.get_or_init(|| {
            let game = &self.game.game;
            let mut listed: Vec<_> = match game.turn(&self.state) {
                Turn::Over => Vec::new(),
                Turn::Seat(_) => {
                    let mut legal = Vec::new();
                    game.legal_actions(&self.state, &mut legal);
                    legal
                        .into_iter()
                        .map(|action| Listed {
                            code: game.action_code(&action),
                            action,
                            probability: None,
                        })
                        .collect()
                }
                Turn::Chance => {
                    let mut outcomes = Vec::new();
                    game.chance_outcomes(&self.state, &mut outcomes);
                    outcomes
                        .into_iter()
                        .map(|(action, p)| Listed {
                            code: game.action_code(&action),
                            action,
                            probability: Some(p),
                        })
                        .collect()
                }
            };
            listed.sort_unstable_by_key(|l| l.code);
            listed
        })
    }

    fn find(&self, code: usize) -> Result<&G::Action, String> {
        let listed = self.listed();
        listed
            .binary_search_by_key(&code, |l| l.code)
            .map(|i| &listed[i].action)
            .map_err(|_| format!("action {code} is not legal here"))
    }

    fn view(&self, viewer: Option<Seat>) -> G::View {
        let game = &self.game.game;
        match viewer {
            Some(seat) => game.view(&self.state, seat),
            None => game.public_view(&self.state),
        }
    }

    fn applied(&mut self, action: G::Action) {
        self.game.game.apply(&mut self.state, &action);
        self.history.push(action);
        self.legal = OnceLock::new();
    }
}

impl<G: CatalogGame> DynState for TypedState<G> {
    fn boxed_clone(&self) -> Box<dyn DynState> {
        Box::new(TypedState {
            game: self.game.clone(),
            start: self.start.clone(),
            state: self.state.clone(),
            history: self.history.clone(),
            legal: self.legal.clone(),
        })
    }

    fn start(&self) -> Box<dyn DynState> {
        self.game.clone().state(self.start.clone())
    }

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn turn(&self) -> Turn {
        self.game.game.turn(&self.state)
    }

    fn legal(&self) -> Vec<(usize, String, Option<f64>)> {
        let game = &self.game.game;
        self.listed()
            .iter()
            .map(|l| {
                (
                    l.code,
                    game.format_action(&self.state, &l.action),
                    l.probability,
                )
            })
            .collect()
    }

    fn legal_codes(&self) -> Vec<usize> {
        self.listed().iter().map(|l| l.code).collect()
    }

    fn chance_outcomes(&self) -> Vec<(usize, f64)> {
        self.listed()
            .iter()
            .filter_map(|l| l.probability.map(|p| (l.code, p)))
            .collect()
    }

    fn action_text(&self, code: usize) -> Result<String, String> {
        let action = self.find(code)?;
        Ok(self.game.game.format_action(&self.state, action))
    }

    fn apply_code(&mut self, code: usize) -> Result<(), String> {
        let action = self.find(code)?.clone();
        self.applied(action);
        Ok(())
    }

    fn apply_text(&mut self, text: &str) -> Result<usize, String> {
        let game = &self.game.game;
        let action = game
            .parse_action(&self.state, text)
            .map_err(|e| e.to_string())?;
        let mut next = self.state.clone();
        game.play(&mut next, &action).map_err(|e| e.to_string())?;
        let code = game.action_code(&action);
        self.applied(action);
        Ok(code)
    }

    fn undo(&mut self) -> Result<(), String> {
        if self.history.pop().is_none() {
            return Err("nothing to undo".to_owned());
        }
        let game = &self.game.game;
        let mut state = self.start.clone();
        for action in &self.history {
            game.apply(&mut state, action);
        }
        self.state = state;
        self.legal = OnceLock::new();
        Ok(())
    }

    fn outcome(&self) -> Option<Outcome> {
        self.game.game.outcome(&self.state)
    }

    fn position(&self) -> String {
        self.game.game.format_position(&self.state)
    }

    fn diagram(&self, viewer: Option<Seat>) -> String {
        self.game.game.draw(&self.view(viewer))
    }

    fn view_json(&self, viewer: Option<Seat>) -> String {
        self.game.game.view_json(&self.view(viewer)).to_string()
    }

    fn observation(&self, viewer: Option<Seat>) -> Vec<f32> {
        let game = &self.game.game;
        let mut out = vec![0.0; game.observation_len()];
        game.observe(&self.view(viewer), &mut out);
        out
    }

    fn history(&self) -> Vec<usize> {
        let game = &self.game.game;
        self.history.iter().map(|a| game.action_code(a)).collect()
    }

    fn record(&self, seats: Vec<String>, seed: u64) -> Record {
        let game = &self.game.game;
        let mut state = self.start.clone();
        let mut actions = Vec::with_capacity(self.history.len());
        for action in &self.history {
            actions.push(game.format_action(&state, action));
            game.apply(&mut state, action);
        }
        Record {
            format: trio_core::RECORD_FORMAT,
            game: self.game.spec.to_string(),
            seed,
            seats,
            start: (self.start != game.new_game()).then(|| game.format_position(&self.start)),
            definitions: self.game.definitions.to_map(),
            actions,
            result: game
                .outcome(&self.state)
                .map(|o| trio_core::RecordResult::new(Some(&o), trio_core::Ending::RULES)),
            commitment: None,
        }
    }

    fn same_as(&self, other: &dyn DynState) -> bool {
        other
            .as_any()
            .downcast_ref::<TypedState<G>>()
            .is_some_and(|o| o.state == self.state)
    }
}

/// A bot of kind `G` with its own random numbers.
struct TypedAgent<G: CatalogGame> {
    game: Arc<Typed<G>>,
    bot: Box<dyn Bot<G>>,
    rng: rng::GameRng,
}

impl<G: CatalogGame> DynAgent for TypedAgent<G> {
    fn choose(&mut self, state: &dyn DynState) -> Result<usize, String> {
        let state = state
            .as_any()
            .downcast_ref::<TypedState<G>>()
            .ok_or_else(|| "the state is of another game".to_owned())?;
        let game = &self.game.game;
        let Turn::Seat(seat) = game.turn(&state.state) else {
            return Err("no seat is to move".to_owned());
        };
        let view = game.view(&state.state, seat);
        let action = self
            .bot
            .choose(game, &view, seat, &mut self.rng)
            .ok_or_else(|| "the agent gave up".to_owned())?;
        Ok(game.action_code(&action))
    }
}
