//! "Play someone" (`POST /api/seeks`): the caller takes the open seat of a game waiting for
//! the same game and clock, or makes one for the next to ask.

use std::collections::BTreeMap;

use super::checks::checked_game;
use super::create::{Creator, Seeking};
use super::AppState;
use crate::error::{code, ApiError};
use crate::people::secrets;
use crate::protocol::{CreateGame, SeekRequest, Seeked};
use crate::room::{Command, SeatAgent};

/// How many waiting games "Play someone" tries before it makes one.
const SEEK_CANDIDATES: usize = 8;

/// The longest browser id of a seek.
const MAX_BROWSER_LEN: usize = 64;

impl AppState {
    /// "Play someone" (`POST /api/seeks`): takes the open seat of the oldest game waiting
    /// for the same game and clock, or makes one with the caller's seat drawn at random
    /// and the others open, for the next to ask. Never pairs the caller's player, its
    /// browser or a game in `except` (the caller's own) with itself.
    pub(crate) async fn seek(
        &self,
        request: SeekRequest,
        caller: Creator,
    ) -> Result<Seeked, ApiError> {
        let player = caller.player.clone();
        let game = checked_game(&request.game, BTreeMap::new())?;
        let clock = request
            .clock
            .map(|c| {
                c.check()
                    .map_err(|m| ApiError::bad_request(code::BAD_CLOCK, m))
            })
            .transpose()?;
        if request.rated && player.is_none() {
            return Err(ApiError::bad_request(
                code::BAD_RATED,
                "a rated game is for named players: send your player key",
            ));
        }
        if let Some(browser) = &request.browser {
            if browser.is_empty() || browser.len() > MAX_BROWSER_LEN {
                return Err(ApiError::bad_request(
                    "bad-browser",
                    format!("a browser id has 1 to {MAX_BROWSER_LEN} bytes"),
                ));
            }
        }
        let key = format!(
            "{}|{}|{}",
            game.spec(),
            clock.map_or_else(String::new, |c| serde_json::to_string(&c).expect("a clock")),
            if request.rated { "rated" } else { "casual" }
        );
        let waiting = self
            .inner
            .store
            .seeking(
                &key,
                request.browser.as_deref(),
                player.as_ref().map(|p| p.id.as_str()),
                SEEK_CANDIDATES,
            )
            .await
            .map_err(|e| {
                tracing::error!("cannot look for games to pair: {e}");
                ApiError::unavailable()
            })?;
        for id in waiting.iter().filter(|id| !request.except.contains(id)) {
            let room = self.room(id).await?;
            let taken = self
                .ask(id, |reply| Command::Claim {
                    seat: None,
                    code: None,
                    player: player.clone(),
                    reply,
                })
                .await;
            match taken {
                Ok(ticket) => {
                    // The claim may have made it casual: the caller hears so at once.
                    let casual = room.summary.lock().expect("summary lock").casual;
                    return Ok(Seeked {
                        id: id.clone(),
                        paired: true,
                        seat: ticket,
                        casual,
                    });
                }
                // Another player took it first: the next one.
                Err(e) if e.code == code::NO_OPEN_SEAT => continue,
                Err(e) => return Err(e),
            }
        }
        let seats = game.seat_count();
        let mine = (secrets::new_seed() % seats as u64) as usize;
        let created = self
            .create_from(
                CreateGame {
                    game: game.spec().to_string(),
                    seats: (0..seats)
                        .map(|s| {
                            if s == mine {
                                SeatAgent::Person
                            } else {
                                SeatAgent::Open
                            }
                            .to_string()
                        })
                        .collect(),
                    position: None,
                    definitions: BTreeMap::new(),
                    clock,
                    rated: request.rated,
                },
                caller,
                Some(Seeking {
                    key,
                    browser: request.browser,
                }),
            )
            .await?;
        let seat = created.seats.into_iter().next().expect("the caller's seat");
        Ok(Seeked {
            id: created.id,
            paired: false,
            seat,
            casual: None,
        })
    }
}
