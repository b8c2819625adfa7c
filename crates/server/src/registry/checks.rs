//! What a client may ask for: a game of the catalog with its files given as texts, the
//! seats it may fill, and a position of a built-in game to see.

use std::collections::BTreeMap;
use std::sync::Arc;

use trio_catalog::{AgentSpec, AnyGame, CatalogError, Definitions};

use crate::error::{code, ApiError};
use crate::room::SeatAgent;

/// A position of a built-in game as a spectator sees it, with the legal moves of the one to
/// move and their parts: what the page's rules draw a board from (`GET /api/positions`).
pub(crate) fn position_shown(spec: &str, position: &str) -> Result<PositionShown, ApiError> {
    let game = checked_game(spec, BTreeMap::new())?;
    let outside = vec![AgentSpec::Human; game.seat_count()];
    let live = game
        .start(0, &outside, Some(position))
        .map_err(|e| ApiError::bad_request(code::BAD_POSITION, e.to_string()))?;
    let moves = live.legal_moves();
    Ok(PositionShown {
        view: live.view_json(None),
        legal: moves.actions,
        legal_parts: moves.parts,
    })
}

/// See [`position_shown`].
#[derive(Debug, serde::Serialize)]
pub(crate) struct PositionShown {
    view: serde_json::Value,
    legal: Vec<String>,
    legal_parts: Box<serde_json::value::RawValue>,
}

/// A game a client may create: any catalog spec, its definition files (boards, tile sets)
/// given as texts — a client must not make the server read a path of its choosing.
pub(super) fn checked_game(
    spec: &str,
    definitions: BTreeMap<String, String>,
) -> Result<Arc<dyn AnyGame>, ApiError> {
    let parsed: trio_catalog::GameSpec = spec.parse().map_err(|e: trio_catalog::SpecError| {
        ApiError::bad_request(code::BAD_SPEC, e.to_string())
    })?;
    let definitions = Definitions::given(&parsed, definitions)
        .map_err(|e| ApiError::bad_request(code::BAD_DEFINITION, e.to_string()))?;
    trio_catalog::build_with(&parsed, definitions).map_err(|e| match e {
        CatalogError::Definition { .. } => {
            ApiError::bad_request(code::BAD_DEFINITION, e.to_string())
        }
        e => ApiError::bad_request(code::BAD_SPEC, e.to_string()),
    })
}

/// Seats a client may ask for: the creator (`human`), a seat waiting for a player
/// (`open`, `invite`), `random` and the AI levels (no external engines, no unbounded
/// searches); at least one the creator plays.
pub(super) fn checked_seats(seats: &[String]) -> Result<Vec<SeatAgent>, ApiError> {
    let bad = ApiError::bad_seats;
    if seats.len() > 8 {
        return Err(bad("a game has at most 4 seats".to_owned()));
    }
    let asked = seats
        .iter()
        .map(|s| {
            let agent: SeatAgent = s
                .parse()
                .map_err(|e: trio_catalog::AgentError| bad(e.to_string()))?;
            match agent {
                SeatAgent::Bot(bot) if bot != AgentSpec::Random => Err(bad(format!(
                    "{}: a seat is human, open, invite, random or ai:1 to ai:5",
                    trio_catalog::excerpt(s)
                ))),
                agent => Ok(agent),
            }
        })
        .collect::<Result<Vec<_>, _>>()?;
    if !asked.contains(&SeatAgent::Person) {
        return Err(bad("at least one seat is human: the creator's".to_owned()));
    }
    Ok(asked)
}
