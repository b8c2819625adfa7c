// The games the page knows, by kind. Each board module exports one object, its contract,
// so the rest of the page never asks which game it is:
//
// | member | what |
// |---|---|
// | `kind` | the game's name in specs (`gyges`) |
// | `Board` | `new Board(host, ctx)`: draws `render(model)`, drops a half-chosen move on `reset()`, may have `destroy()` |
// | `options` | how the lobby draws an option of the server's schema (`GET /api/kinds`), by name, where it needs more than the schema: a `letters` option as an order of `items` (their first letters), as many as the option `of` says |
// | `seatLabel(seat, view)` | a seat's name (`view` is `null` in the lobby) |
// | `swatch(seat, view)` | the class of the seat's colour swatch |
// | `resultSentence(view)` | how the game ended, or `null` |
// | `moveText(parts)` | a player's move in words from its parts, or `null` (its notation shows instead) |
// | `lastMove(moves)` | the parts of the last decision the board marks (`docs/api.md`, "Legal moves"), or `null` |
// | `chanceText(move)` | a chance outcome in the move list, also when the viewer may not know it |
// | `describe(view)` | the position in words, a line each (the board's Describe button) |
// | `setupText()` | optional: the one line the move list shows for the chance outcomes before the first decision |
// | `lastRoll(moves)` | `{seat, face}` of the last die roll, or `null` |
// | `turnOrder(view)` | `{text, letters}` once the order of play is drawn, or `null` |
// | `hidesHands(view)` | whether a seat sees what another may not (a hot seat then passes the device) |
// | `done(view, seat)` | whether a seat is out of a game that goes on without it (Na orbicie: all its pawns home) |

import { gyges } from './gyges.js';
import { triles } from './triles.js';
import { orbit } from './orbit.js';

export const GAMES = { gyges, triles, orbit };

/// The game of a spec: `orbit(players=3)` → the Na orbicie contract.
export const gameOf = spec => GAMES[spec.split('(')[0]];
