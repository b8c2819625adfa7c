//! What the catalog knows of each game beyond [`Game`]: how it is built from a spec, how
//! its moves are typed, its agents by name, its fastest perft and its hints; and the one
//! place where a kind becomes its game type ([`GameKind::visit`]).

use std::time::Duration;

use trio_ai::review::{GygesJudge, Judge};
use trio_ai::{MctsBot, MctsConfig, SearchLimit};
use trio_core::options::OptionKind;
use trio_core::{excerpt, rng, Bot, Game, Seat};

use crate::agent::{AgentError, AgentSpec, LEVELS};
use crate::definitions::Definitions;
use crate::encoding::Encoding;
use crate::error::CatalogError;
use crate::kinds::GameKind;
use crate::spec::GameSpec;
use crate::ugi::UgiBot;

/// Code written once for games of every kind, called by [`GameKind::visit`] with the
/// kind's game type.
pub trait KindVisitor {
    type Output;
    fn visit<G: CatalogGame>(self) -> Self::Output;
}

impl GameKind {
    /// Runs `visitor` on this kind's game type: the one place where a kind becomes its
    /// game type.
    pub fn visit<V: KindVisitor>(self, visitor: V) -> V::Output {
        match self {
            GameKind::Gyges => visitor.visit::<trio_gyges::Gyges>(),
            GameKind::Triles => visitor.visit::<trio_triles::Triles>(),
            GameKind::Orbit => visitor.visit::<trio_orbit::Orbit>(),
        }
    }
}

/// A suggested move and what the AI found, in words that say how sure it is.
#[derive(Clone, Debug, PartialEq)]
pub struct Hint {
    pub action: String,
    /// The action's parts ([`Game::action_parts`]), for a page to draw it.
    pub parts: serde_json::Value,
    pub evaluation: String,
}

/// What a search of `budget` nodes found in a position, for an analysis board: the move to
/// play, the expected line and how the side to move stands.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Analysis {
    /// The move the side to move should play, in the game's notation.
    pub best: String,
    /// The expected line, `best` first: Gygès' principal variation; the MCTS games' search
    /// keeps no line, so there it is `best` alone.
    pub line: Vec<String>,
    /// The side to move's expected score ([`trio_core::Outcome::score`]'s scale: 0 a loss,
    /// 0.5 even, 1 a win).
    pub expected: f64,
    /// Plies to the end when the search proved how the game ends (positive: the side to
    /// move wins).
    pub plies_to_end: Option<i32>,
    /// Nodes (Gygès) or simulations (MCTS) searched.
    pub nodes: u64,
}

/// Gygès scores (100 is about a piece) read as an expected score by a logistic curve with
/// this scale: a piece up reads 0.62, three up 0.82. A reading for people, not fitted to
/// game results.
const GYGES_SCORE_SCALE: f64 = 200.0;

/// A game the catalog can hold: built from a spec, with agents by name.
pub trait CatalogGame: Game + Encoding + Sized {
    const KIND: GameKind;

    /// Builds the game from its spec's options, with the texts of the definition files
    /// they name, by its crate's `Options::from_values`.
    fn from_spec(spec: &GameSpec, definitions: &Definitions) -> Result<Self, CatalogError>;

    /// Builds the game from its spec, reading the definition files it names from disk.
    fn from_spec_files(spec: &GameSpec) -> Result<Self, CatalogError> {
        Self::from_spec(spec, &Definitions::read(spec)?)
    }

    /// How moves are typed, for a prompt's `help`.
    fn notation_help(&self) -> &'static str;

    /// The AI at `level` (1–5): each game's own table of levels, in `docs/ai.md`.
    fn level_bot(&self, level: u8) -> Box<dyn Bot<Self>>;

    /// The judge of a game review at `level` (1–6, [`trio_ai::JUDGE_LEVELS`],
    /// `docs/review.md`): the level's search, on one tree.
    fn judge(&self, level: u8) -> Box<dyn Judge<Self>>;

    /// The strongest AI searching for `time` a move instead of a fixed budget.
    fn thinking_bot(&self, time: Duration) -> Box<dyn Bot<Self>>;

    /// The perft count; games with a faster counter than the generic one override it.
    fn perft(&self, state: &Self::State, depth: u32) -> u64 {
        trio_core::perft::perft(self, state, depth)
    }

    /// The move the AI at `level` would play for `seat`, which is to move, searching from
    /// its `view` alone, with its evaluation.
    fn hint(
        &self,
        view: &Self::View,
        seat: Seat,
        level: u8,
        seed: u64,
    ) -> Result<Hint, CatalogError>;

    /// What the game's strongest search finds for `seat`, which is to move, from its `view`
    /// alone, within `budget` nodes (Gygès) or simulations (MCTS): the same answer for the
    /// same view, budget and seed on any machine.
    fn analyse(
        &self,
        view: &Self::View,
        seat: Seat,
        budget: u64,
        seed: u64,
    ) -> Result<Analysis, CatalogError>;

    /// The position a paired match starts from for `seed` when the players, not chance,
    /// decide how a game starts (Gygès' setups, drawn from the seed); `None` for a game
    /// whose start is dealt by chance from the seed itself.
    fn drawn_start(&self, seed: u64) -> Option<Self::State> {
        let _ = seed;
        None
    }

    /// An external engine as a bot; only games with an engine protocol have one.
    fn ugi_bot(&self, command: &str) -> Result<Box<dyn Bot<Self>>, CatalogError> {
        let _ = command;
        Err(AgentError::NoEngineProtocol {
            game: Self::KIND.title(),
        }
        .into())
    }

    /// The bot for `agent`, or `None` for a person.
    fn bot(&self, agent: &AgentSpec) -> Result<Option<Box<dyn Bot<Self>>>, CatalogError> {
        Ok(match agent {
            AgentSpec::Human => None,
            AgentSpec::Random => Some(Box::new(trio_ai::RandomBot)),
            AgentSpec::Ai(level) => Some(self.level_bot(*level)),
            AgentSpec::Think(ms) => Some(self.thinking_bot(Duration::from_millis(u64::from(*ms)))),
            AgentSpec::Mcts(iterations) => Some(Box::new(MctsBot::<Self>::new(MctsConfig::new(
                SearchLimit::Iterations(*iterations),
            )))),
            AgentSpec::Ugi(command) => Some(self.ugi_bot(command)?),
        })
    }
}

/// The spec's options as a game crate's `Options::from_values` takes them: a definition
/// file's option carries its text from `definitions`, and one at its default (the built-in
/// definition) is left out.
fn option_values(
    spec: &GameSpec,
    definitions: &Definitions,
) -> Result<Vec<(&'static str, String)>, CatalogError> {
    let mut values = Vec::new();
    for decl in spec.kind.info().options {
        let Some(value) = spec.option(decl.name) else {
            continue;
        };
        match decl.kind {
            OptionKind::File { .. } if decl.default == Some(value) => {}
            OptionKind::File { what } => {
                let text = definitions
                    .get(decl.name)
                    .ok_or_else(|| CatalogError::Definition {
                        path: value.to_owned(),
                        reason: format!("the {what} file's text is not given"),
                    })?;
                values.push((decl.name, text.to_owned()));
            }
            _ => values.push((decl.name, value.to_owned())),
        }
    }
    Ok(values)
}

/// `values` as the pairs a builder takes.
fn pairs<'a>(values: &'a [(&'static str, String)]) -> impl Iterator<Item = (&'a str, &'a str)> {
    values.iter().map(|(name, value)| (*name, value.as_str()))
}

/// The definition file of option `name` does not make a game, for `reason`.
fn bad_definition(spec: &GameSpec, name: &str, reason: impl std::fmt::Display) -> CatalogError {
    CatalogError::Definition {
        path: spec.option(name).unwrap_or_default().to_owned(),
        reason: reason.to_string(),
    }
}

/// `bot`, an MCTS bot of the strongest level, searching for `time` a move instead.
fn thinking<G: Game, E: trio_ai::Evaluator<G> + Send + 'static>(
    mut bot: MctsBot<G, E>,
    time: Duration,
) -> Box<dyn Bot<G>> {
    bot.set_limit(SearchLimit::Time(time));
    Box::new(bot)
}

/// The hint of `bot`, an MCTS bot with any evaluator.
fn mcts_hint<G: Game, E: trio_ai::Evaluator<G>>(
    game: &G,
    view: &G::View,
    seat: Seat,
    mut bot: MctsBot<G, E>,
    seed: u64,
) -> Result<Hint, CatalogError> {
    let action = bot
        .choose(game, view, seat, &mut rng::seeded(seed))
        .ok_or(CatalogError::NoMover)?;
    let evaluation = match bot.last_search() {
        Some(report) => {
            // Below a few hundred simulations the estimate is a rough guess; say so.
            let sureness = if report.iterations < 400 {
                "a quick look, far from sure"
            } else if report.iterations < 5_000 {
                "a fair estimate"
            } else {
                "a careful estimate"
            };
            format!(
                "expected score {:.2} for {} (0 loss, 0.5 even, 1 win): {} simulations, \
                 {} of them through this move; {sureness}",
                report.value,
                game.seat_name(seat),
                report.iterations,
                report.visits
            )
        }
        None => "the only legal move".to_owned(),
    };
    // The mover's own decision reads the same in any state its view allows.
    let state = game.determinize(view, &mut rng::seeded(seed));
    Ok(Hint {
        action: game.format_action(&state, &action),
        parts: game.action_parts(&state, &action),
        evaluation,
    })
}

/// The analysis of `bot`, an MCTS bot with any evaluator, searching `budget` simulations.
fn mcts_analysis<G: Game, E: trio_ai::Evaluator<G>>(
    game: &G,
    view: &G::View,
    seat: Seat,
    mut bot: MctsBot<G, E>,
    budget: u64,
    seed: u64,
) -> Result<Analysis, CatalogError> {
    let budget = u32::try_from(budget.max(1)).unwrap_or(u32::MAX);
    bot.set_limit(SearchLimit::Iterations(budget));
    let action = bot
        .choose(game, view, seat, &mut rng::seeded(seed))
        .ok_or(CatalogError::NoMover)?;
    // A forced move is not searched: its value is not known, so it reads as even.
    let (expected, nodes) = bot
        .last_search()
        .map_or((0.5, 0), |report| (report.value, report.iterations));
    let state = game.determinize(view, &mut rng::seeded(seed));
    let best = game.format_action(&state, &action);
    Ok(Analysis {
        line: vec![best.clone()],
        best,
        expected,
        plies_to_end: None,
        nodes,
    })
}

fn count_plies(n: i32) -> String {
    if n == 1 {
        "1 ply".to_owned()
    } else {
        format!("{n} plies")
    }
}

impl CatalogGame for trio_gyges::Gyges {
    const KIND: GameKind = GameKind::Gyges;

    fn from_spec(spec: &GameSpec, definitions: &Definitions) -> Result<Self, CatalogError> {
        let options = trio_gyges::Options::from_values(pairs(&option_values(spec, definitions)?))
            .map_err(CatalogError::options)?;
        Ok(Self::new(options))
    }

    fn notation_help(&self) -> &'static str {
        "Moves: `b1-d3` (to an empty square), `b1-d3=e2` (replace the piece on d3, drop it on e2),\n\
         `b1-G` (leave the board across the opponent's edge: win). Setup: `setup 123321`\n\
         (piece values for files a..f)."
    }

    /// Level 1 is MCTS (the engine's sure tactics would be too much for a beginner);
    /// levels 2–5 the alpha-beta engine with growing node budgets.
    fn level_bot(&self, level: u8) -> Box<dyn Bot<Self>> {
        trio_ai::gyges_bot_for_level(level)
    }

    /// The engine at the level's node budget; level 1, whose bot is MCTS, judges with
    /// level 2's.
    fn judge(&self, level: u8) -> Box<dyn Judge<Self>> {
        Box::new(GygesJudge::new(trio_ai::gyges_judge_limit(level)))
    }

    fn thinking_bot(&self, time: Duration) -> Box<dyn Bot<Self>> {
        Box::new(trio_ai::AlphaBetaBot::new(
            trio_ai::gyges::SearchLimit::time(time),
        ))
    }

    fn perft(&self, state: &Self::State, depth: u32) -> u64 {
        trio_gyges::perft(state.position(), self.variant(), depth)
    }

    /// The alpha-beta engine within `budget` nodes; `seed` is not needed, the search
    /// being deterministic.
    fn analyse(
        &self,
        state: &Self::View,
        _seat: Seat,
        budget: u64,
        _seed: u64,
    ) -> Result<Analysis, CatalogError> {
        let mut engine = trio_ai::GygesEngine::new(self.variant());
        let result = engine
            .search(
                self,
                state,
                trio_ai::gyges::SearchLimit::nodes(budget.max(1)),
            )
            .ok_or(CatalogError::NoMover)?;
        let plies_to_end = trio_ai::gyges::plies_to_end(result.score);
        let expected = match plies_to_end {
            Some(plies) if plies > 0 => 1.0,
            Some(_) => 0.0,
            None => 1.0 / (1.0 + (-f64::from(result.score) / GYGES_SCORE_SCALE).exp()),
        };
        // The line's moves are formatted each in the position it is played from.
        let mut position = state.clone();
        let mut line = Vec::with_capacity(result.pv.len());
        for mv in &result.pv {
            line.push(self.format_action(&position, mv));
            self.apply(&mut position, mv);
        }
        Ok(Analysis {
            best: self.format_action(state, &result.best),
            line,
            expected,
            plies_to_end,
            nodes: result.nodes,
        })
    }

    fn drawn_start(&self, seed: u64) -> Option<Self::State> {
        let mut rng = rng::seeded(seed);
        let mut state = self.new_game();
        while state.position().is_setup() {
            let setup = trio_gyges::Move::Setup(trio_gyges::SetupOrder::random(&mut rng));
            self.apply(&mut state, &setup);
        }
        Some(state)
    }

    /// `command` is the engine's command line, then any `;name=value` options it is
    /// given with `setoption` (`gyges_engine;maxPly=4`).
    fn ugi_bot(&self, command: &str) -> Result<Box<dyn Bot<Self>>, CatalogError> {
        let mut parts = command.split(';');
        let program = parts.next().unwrap_or_default();
        let options = parts
            .map(|option| {
                option
                    .split_once('=')
                    .ok_or_else(|| AgentError::UgiOption(excerpt(option)))
            })
            .collect::<Result<Vec<_>, _>>()?;
        let bot = UgiBot::spawn(program, &options).map_err(|reason| AgentError::UgiStart {
            program: excerpt(program),
            reason,
        })?;
        Ok(Box::new(bot))
    }

    /// Levels 2–5 ask the alpha-beta engine, whose score is more telling than MCTS's.
    fn hint(
        &self,
        state: &Self::View,
        seat: Seat,
        level: u8,
        seed: u64,
    ) -> Result<Hint, CatalogError> {
        let Some(limit) = trio_ai::gyges_level_limit(level) else {
            let bot = MctsBot::<Self>::new(trio_ai::level_config(level));
            return mcts_hint(self, state, seat, bot, seed);
        };
        let side = self.seat_name(seat);
        let mut engine = trio_ai::GygesEngine::new(self.variant());
        let result = engine
            .search(self, state, limit)
            .ok_or(CatalogError::NoMover)?;
        let evaluation = match trio_ai::gyges::plies_to_end(result.score) {
            Some(plies) if plies > 0 => format!("{side} wins in {}", count_plies(plies)),
            Some(plies) => format!("{side} loses in {}", count_plies(-plies)),
            None => {
                let searched = match result.unfinished {
                    Some(deeper) => format!(
                        "every line searched to {}, then part of the {}-ply search, which \
                         found this move better",
                        count_plies(result.depth as i32),
                        deeper
                    ),
                    None => format!(
                        "every line searched to {}",
                        count_plies(result.depth as i32)
                    ),
                };
                let line: Vec<String> = result.pv.iter().map(|m| m.to_string()).collect();
                format!(
                    "score {:+} for {side} (100 is about a piece): {searched} ({} nodes in all); \
                     expected line, {} of it kept: {}",
                    result.score,
                    result.nodes,
                    count_plies(line.len() as i32),
                    line.join(" ")
                )
            }
        };
        Ok(Hint {
            action: result.best.to_string(),
            parts: self.action_parts(state, &result.best),
            evaluation,
        })
    }
}

impl CatalogGame for trio_orbit::Orbit {
    const KIND: GameKind = GameKind::Orbit;

    fn from_spec(spec: &GameSpec, definitions: &Definitions) -> Result<Self, CatalogError> {
        let options = trio_orbit::Options::from_values(pairs(&option_values(spec, definitions)?))
            .map_err(|e| match e {
            trio_orbit::OptionsError::Board(e) => bad_definition(spec, "board", e),
            e => CatalogError::options(e),
        })?;
        Self::new(options).map_err(CatalogError::options)
    }

    fn notation_help(&self) -> &'static str {
        "Fields are `<orbit>.<field>` (`3.7`), the centre `C`, home `H`.\n\
         Actions: `roll` (while you have a pawn in the centre), `enter 1.5` after an even roll,\n\
         `move 3.7-4.7` (the engine finds the path), a capture names where the captured pawn\n\
         goes: `move 3.7-4.7>3.2`; `move 6.3-H` reaches home; `pass` when nothing else is possible."
    }

    fn level_bot(&self, level: u8) -> Box<dyn Bot<Self>> {
        trio_ai::orbit_bot_for_level(level)
    }

    fn judge(&self, level: u8) -> Box<dyn Judge<Self>> {
        Box::new(trio_ai::orbit_judge(level))
    }

    fn thinking_bot(&self, time: Duration) -> Box<dyn Bot<Self>> {
        thinking(trio_ai::orbit_mcts_for_level(*LEVELS.end()), time)
    }

    /// Asks the same search as the level's bot, with the race evaluator.
    fn hint(
        &self,
        view: &Self::View,
        seat: Seat,
        level: u8,
        seed: u64,
    ) -> Result<Hint, CatalogError> {
        mcts_hint(self, view, seat, trio_ai::orbit_mcts_for_level(level), seed)
    }

    /// The strongest level's search (the race evaluator) within `budget` simulations.
    fn analyse(
        &self,
        view: &Self::View,
        seat: Seat,
        budget: u64,
        seed: u64,
    ) -> Result<Analysis, CatalogError> {
        let bot = trio_ai::orbit_mcts_for_level(*LEVELS.end());
        mcts_analysis(self, view, seat, bot, budget, seed)
    }
}

impl CatalogGame for trio_triles::Triles {
    const KIND: GameKind = GameKind::Triles;

    fn from_spec(spec: &GameSpec, definitions: &Definitions) -> Result<Self, CatalogError> {
        let options = trio_triles::Options::from_values(pairs(&option_values(spec, definitions)?))
            .map_err(|e| match e {
                trio_triles::OptionsError::TileSet(e) => bad_definition(spec, "tiles", e),
                e => CatalogError::options(e),
            })?;
        Ok(Self::new(options))
    }

    fn notation_help(&self) -> &'static str {
        "Place a tile: `A@3,-1,2` (type A on cell x=3, y=-1, rotation 2). Up cells (x+y even)\n\
         have edges L, R and a flat bottom; down cells a flat top. Rotation r puts the tile's\n\
         terminal i on edge order[(i+r) mod 3], clockwise from L (up) or R (down).\n\
         Other actions: `draw` (no placement possible), `pass` (empty pool, or an owed extra\n\
         placement you cannot make), `give K` (wedge: give tile K to the opponent), `give -`."
    }

    fn level_bot(&self, level: u8) -> Box<dyn Bot<Self>> {
        trio_ai::triles_bot_for_level(level)
    }

    fn judge(&self, level: u8) -> Box<dyn Judge<Self>> {
        Box::new(trio_ai::triles_judge(level))
    }

    fn thinking_bot(&self, time: Duration) -> Box<dyn Bot<Self>> {
        thinking(trio_ai::triles_mcts_for_level(*LEVELS.end()), time)
    }

    /// Asks the same search as the level's bot, with the Triles rollouts.
    fn hint(
        &self,
        view: &Self::View,
        seat: Seat,
        level: u8,
        seed: u64,
    ) -> Result<Hint, CatalogError> {
        mcts_hint(
            self,
            view,
            seat,
            trio_ai::triles_mcts_for_level(level),
            seed,
        )
    }

    /// The strongest level's search (the Triles rollouts) within `budget` simulations.
    fn analyse(
        &self,
        view: &Self::View,
        seat: Seat,
        budget: u64,
        seed: u64,
    ) -> Result<Analysis, CatalogError> {
        let bot = trio_ai::triles_mcts_for_level(*LEVELS.end());
        mcts_analysis(self, view, seat, bot, budget, seed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kinds::KINDS;

    /// The kind and the seat count of the default game, through the visitor.
    struct Defaults;

    impl KindVisitor for Defaults {
        type Output = (GameKind, usize);
        fn visit<G: CatalogGame>(self) -> (GameKind, usize) {
            let game = G::from_spec(&GameSpec::new(G::KIND), &Default::default()).unwrap();
            (G::KIND, game.seat_count())
        }
    }

    #[test]
    fn the_visitor_and_the_table_agree() {
        for info in &KINDS {
            let (visited, seats) = info.kind.visit(Defaults);
            assert_eq!(visited, info.kind);
            assert_eq!(seats, *info.seats.start(), "{}", info.kind);
        }
        let spec: GameSpec = "orbit(players=4)".parse().unwrap();
        let most = trio_orbit::Orbit::from_spec(&spec, &Definitions::default())
            .unwrap()
            .seat_count();
        assert_eq!(most, *GameKind::Orbit.info().seats.end());
    }
}
