//! `trio_games._native`: the trio games for Python, on their Rust engines. Every game is
//! built from its catalog spec string (`gyges(variant=official)`, `orbit(players=3)`,
//! `triles(tiles=my-set.toml)`); a `State` answers who acts, lists legal actions as the
//! catalog's integer codes and as notation, applies, clones and undoes them, and shows each
//! seat's view as text, JSON or a numpy tensor. The Python package around it
//! (`python/trio_games`) adds the OpenSpiel and PettingZoo registrations; `docs/python.md`
//! documents both.

mod typed;

use std::sync::{Arc, Mutex};

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use trio_catalog::{AgentSpec, Definitions, GameSpec};
use trio_core::{Record, Seat, Turn};

use crate::typed::{DynAgent, DynGame, DynState};

/// The player number of a chance node, as OpenSpiel numbers it.
const CHANCE: i64 = -1;
/// The player number of a finished game, as OpenSpiel numbers it.
const TERMINAL: i64 = -4;

fn value_error(message: String) -> PyErr {
    PyValueError::new_err(message)
}

/// A game with its options, built from a spec string; reads the definition files (boards,
/// tile sets) the spec names from disk.
#[pyclass(name = "Game", module = "trio_games", frozen)]
struct PyGame {
    inner: Arc<dyn DynGame>,
}

impl PyGame {
    fn seat(&self, seat: Option<usize>) -> PyResult<Option<Seat>> {
        match seat {
            Some(s) if s >= self.inner.seat_count() => Err(value_error(format!(
                "seat {s} does not exist (the game has {} seats)",
                self.inner.seat_count()
            ))),
            Some(s) => Ok(Some(Seat(s as u8))),
            None => Ok(None),
        }
    }
}

#[pymethods]
impl PyGame {
    #[new]
    fn new(spec: &str) -> PyResult<Self> {
        let spec: GameSpec = spec.parse().map_err(|e| value_error(format!("{e}")))?;
        let definitions = Definitions::read(&spec).map_err(|e| value_error(e.to_string()))?;
        Ok(Self {
            inner: typed::build(&spec, definitions).map_err(value_error)?,
        })
    }

    /// The game of a record (`trio verify`'s JSON), from its spec and the definition
    /// texts it carries.
    #[staticmethod]
    fn from_record(record: &str) -> PyResult<(PyGame, PyState)> {
        let record: Record =
            serde_json::from_str(record).map_err(|e| value_error(e.to_string()))?;
        let spec: GameSpec = record
            .game
            .parse()
            .map_err(|e| value_error(format!("{e}")))?;
        let definitions = if record.definitions.is_empty() {
            Definitions::read(&spec)
        } else {
            Definitions::given(&spec, record.definitions.clone())
        }
        .map_err(|e| value_error(e.to_string()))?;
        let inner = typed::build(&spec, definitions).map_err(value_error)?;
        let state = inner.clone().replay(&record).map_err(value_error)?;
        Ok((
            PyGame {
                inner: inner.clone(),
            },
            PyState {
                inner: state,
                game: inner,
            },
        ))
    }

    /// The spec string, as the catalog writes it.
    #[getter]
    fn spec(&self) -> String {
        self.inner.spec()
    }

    #[getter]
    fn num_players(&self) -> usize {
        self.inner.seat_count()
    }

    /// How many action codes there are: every action's code is below it.
    #[getter]
    fn num_actions(&self) -> usize {
        self.inner.action_count()
    }

    /// The shape of [`PyState::observation`]'s tensor.
    #[getter]
    fn observation_shape(&self) -> Vec<usize> {
        self.inner.observation_shape()
    }

    /// Whether nature acts (dice, draws).
    #[getter]
    fn has_chance(&self) -> bool {
        self.inner.facts().chance
    }

    /// Whether some seat's view hides part of the state.
    #[getter]
    fn hidden_information(&self) -> bool {
        self.inner.facts().hidden_information
    }

    /// The most actions, chance outcomes included, a game can last.
    #[getter]
    fn max_game_length(&self) -> usize {
        self.inner.facts().longest_game
    }

    fn seat_name(&self, seat: usize) -> PyResult<String> {
        let seat = self.seat(Some(seat))?.expect("a seat was given");
        Ok(self.inner.seat_name(seat))
    }

    fn new_state(&self) -> PyState {
        PyState {
            inner: self.inner.clone().new_state(),
            game: self.inner.clone(),
        }
    }

    /// The state a position string (the game's notation) describes.
    fn state_from_position(&self, position: &str) -> PyResult<PyState> {
        Ok(PyState {
            inner: self
                .inner
                .clone()
                .parse_state(position)
                .map_err(value_error)?,
            game: self.inner.clone(),
        })
    }

    /// An agent by name (`random`, `ai:1`–`ai:5`, `mcts:N`), its choices drawn from `seed`.
    #[pyo3(signature = (agent, seed = 0))]
    fn agent(&self, agent: &str, seed: u64) -> PyResult<PyAgent> {
        let spec: AgentSpec = agent.parse().map_err(|e| value_error(format!("{e}")))?;
        let inner = self.inner.clone().agent(&spec, seed).map_err(value_error)?;
        Ok(PyAgent {
            name: spec.to_string(),
            inner: Mutex::new(inner),
        })
    }

    fn __repr__(&self) -> String {
        format!("Game({:?})", self.inner.spec())
    }
}

/// A state of a game with the actions that led to it.
#[pyclass(name = "State", module = "trio_games")]
struct PyState {
    inner: Box<dyn DynState>,
    game: Arc<dyn DynGame>,
}

impl PyState {
    fn viewer(&self, seat: Option<usize>) -> PyResult<Option<Seat>> {
        PyGame {
            inner: self.game.clone(),
        }
        .seat(seat)
    }
}

#[pymethods]
impl PyState {
    /// The seat to act, `CHANCE` (-1) at a chance event, `TERMINAL` (-4) once over.
    fn current_player(&self) -> i64 {
        match self.inner.turn() {
            Turn::Seat(seat) => i64::from(seat.0),
            Turn::Chance => CHANCE,
            Turn::Over => TERMINAL,
        }
    }

    fn is_chance_node(&self) -> bool {
        self.inner.turn() == Turn::Chance
    }

    fn is_terminal(&self) -> bool {
        self.inner.turn() == Turn::Over
    }

    /// The codes of the mover's legal decisions, or of the chance outcomes, ascending.
    fn legal_actions(&self) -> Vec<usize> {
        self.inner.legal_codes()
    }

    /// The legal actions as `(code, notation)`, ascending by code.
    fn legal_actions_notation(&self) -> Vec<(usize, String)> {
        self.inner
            .legal()
            .into_iter()
            .map(|(code, text, _)| (code, text))
            .collect()
    }

    /// The chance outcomes as `(code, probability)`, ascending by code; empty unless a
    /// chance event is pending.
    fn chance_outcomes(&self) -> Vec<(usize, f64)> {
        self.inner.chance_outcomes()
    }

    /// A legal action's notation.
    fn action_to_string(&self, action: usize) -> PyResult<String> {
        self.inner.action_text(action).map_err(value_error)
    }

    /// Applies a legal action (or chance outcome) by its code.
    fn apply(&mut self, action: usize) -> PyResult<()> {
        self.inner.apply_code(action).map_err(value_error)
    }

    /// Applies an action written in the game's notation, checking it; gives its code.
    fn apply_notation(&mut self, text: &str) -> PyResult<usize> {
        self.inner.apply_text(text).map_err(value_error)
    }

    /// Takes back the last action.
    fn undo(&mut self) -> PyResult<()> {
        self.inner.undo().map_err(value_error)
    }

    fn clone(&self) -> PyState {
        PyState {
            inner: self.inner.boxed_clone(),
            game: self.game.clone(),
        }
    }

    /// The state this game started from.
    fn start(&self) -> PyState {
        PyState {
            inner: self.inner.start(),
            game: self.game.clone(),
        }
    }

    fn __copy__(&self) -> PyState {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyState {
        self.clone()
    }

    /// Each seat's return once over: `2 * score - 1` (a two-player win 1, a loss -1, a
    /// draw 0; the returns of all seats sum to 0); all 0 before the end.
    fn returns(&self) -> Vec<f64> {
        let seats = self.game.seat_count();
        match self.inner.outcome() {
            Some(outcome) => (0..seats)
                .map(|s| 2.0 * outcome.score(Seat(s as u8)) - 1.0)
                .collect(),
            None => vec![0.0; seats],
        }
    }

    /// Each seat's rank once over (0 best, ties share a rank); `None` before.
    fn ranks(&self) -> Option<Vec<u8>> {
        self.inner.outcome().map(|o| o.ranks().to_vec())
    }

    /// The whole position in the game's notation (hidden parts included).
    fn position(&self) -> String {
        self.inner.position()
    }

    /// The diagram of what `seat` (a spectator for `None`) sees.
    #[pyo3(signature = (seat = None))]
    fn view_string(&self, seat: Option<usize>) -> PyResult<String> {
        Ok(self.inner.diagram(self.viewer(seat)?))
    }

    /// What `seat` (a spectator for `None`) sees as JSON (`docs/views.md`).
    #[pyo3(signature = (seat = None))]
    fn view_json(&self, seat: Option<usize>) -> PyResult<String> {
        Ok(self.inner.view_json(self.viewer(seat)?))
    }

    /// What `seat` (a spectator for `None`) sees as a float32 numpy array of the game's
    /// observation shape.
    #[pyo3(signature = (seat = None))]
    fn observation<'py>(
        &self,
        py: Python<'py>,
        seat: Option<usize>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let values = self.inner.observation(self.viewer(seat)?);
        let bytes: Vec<u8> = values.iter().flat_map(|v| v.to_ne_bytes()).collect();
        let numpy = py.import("numpy")?;
        let array = numpy.call_method1(
            "frombuffer",
            (pyo3::types::PyBytes::new(py, &bytes), "float32"),
        )?;
        // A copy, so that the array is writable like any other.
        array
            .call_method1("reshape", (self.game.observation_shape(),))?
            .call_method0("copy")
    }

    /// The codes of the actions since the start.
    fn history(&self) -> Vec<usize> {
        self.inner.history()
    }

    /// The game so far as a record, the JSON `trio verify` reads. Chance outcomes are
    /// written as played; `trio verify` also checks that `seed` draws them.
    #[pyo3(signature = (seats = None, seed = 0))]
    fn to_record(&self, seats: Option<Vec<String>>, seed: u64) -> PyResult<String> {
        let seats = seats.unwrap_or_else(|| vec!["human".to_owned(); self.game.seat_count()]);
        if seats.len() != self.game.seat_count() {
            return Err(value_error(format!(
                "{} seats given for a game of {}",
                seats.len(),
                self.game.seat_count()
            )));
        }
        Ok(self.inner.record(seats, seed).to_json())
    }

    fn __eq__(&self, other: &PyState) -> bool {
        self.inner.same_as(other.inner.as_ref())
    }

    fn __str__(&self) -> String {
        self.inner.diagram(None)
    }

    fn __repr__(&self) -> String {
        format!("State({:?})", self.inner.position())
    }
}

/// An AI level or random player; chooses for the seat to move from its view alone.
#[pyclass(name = "Agent", module = "trio_games", frozen)]
struct PyAgent {
    name: String,
    inner: Mutex<Box<dyn DynAgent>>,
}

#[pymethods]
impl PyAgent {
    /// The code of the chosen action.
    fn choose(&self, py: Python<'_>, state: &PyState) -> PyResult<usize> {
        let agent = &self.inner;
        let state = state.inner.boxed_clone();
        py.detach(move || {
            agent
                .lock()
                .expect("an agent's lock is never poisoned")
                .choose(state.as_ref())
        })
        .map_err(value_error)
    }

    fn __repr__(&self) -> String {
        format!("Agent({:?})", self.name)
    }
}

/// `games` random games of `spec` played inside Rust (uniform decisions, chance by its
/// probabilities, from `seed`): a dict of `games`, `actions` (chance outcomes included)
/// and `scores` (per seat, the sum of its scores: 1 a win, 0.5 a draw, 0 a loss).
#[pyfunction]
#[pyo3(signature = (spec, games, seed = 0))]
fn playouts<'py>(
    py: Python<'py>,
    spec: &str,
    games: u64,
    seed: u64,
) -> PyResult<Bound<'py, pyo3::types::PyDict>> {
    let game = PyGame::new(spec)?.inner;
    let counted = py.detach(move || game.playouts(games, seed));
    let dict = pyo3::types::PyDict::new(py);
    dict.set_item("games", counted.games)?;
    dict.set_item("actions", counted.actions)?;
    dict.set_item("scores", counted.scores)?;
    Ok(dict)
}

/// The catalog's table of games as JSON: per kind its `name`, `title`, `seats` (`[min,
/// max]`) and `options` (each with `name`, `kind`, `default` and `help`, as the game crate
/// declares it).
#[pyfunction]
fn kinds() -> String {
    let kinds: Vec<_> = trio_catalog::KINDS
        .iter()
        .map(|k| {
            serde_json::json!({
                "name": k.name,
                "title": k.title,
                "seats": [k.seats.start(), k.seats.end()],
                "options": k.options,
            })
        })
        .collect();
    serde_json::Value::from(kinds).to_string()
}

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyGame>()?;
    m.add_class::<PyState>()?;
    m.add_class::<PyAgent>()?;
    m.add_function(wrap_pyfunction!(playouts, m)?)?;
    m.add_function(wrap_pyfunction!(kinds, m)?)?;
    m.add("CHANCE", CHANCE)?;
    m.add("TERMINAL", TERMINAL)?;
    Ok(())
}
