// The event reducer (reducer.js) on the messages of docs/protocol.md, run by `node --test`
// (crates/server/tests/page_units.rs runs it with the Rust tests).

import test from 'node:test';
import assert from 'node:assert/strict';
import { reduce } from '../reducer.js';

/// A Triles game at seq 3 as a snapshot gives it: black to move, white's colour not drawn.
function snapshot() {
  return {
    type: 'snapshot',
    id: '0123456789abcdef',
    game: 'triles',
    seq: 3,
    seats: [
      { seat: 0, player: 'human', name: 'black', connected: true },
      { seat: 1, player: 'ai:1', name: 'seat 2', connected: false },
    ],
    turn: { kind: 'seat', seat: 0, name: 'black' },
    view: { tiles: [] },
    legal: ['A@1,0,1', 'draw'],
    legal_parts: [{ kind: 'place', tile: 'A', x: 1, y: 0, rotation: 1 }, { kind: 'draw' }],
    offers: { undo: false, hint: true, against_ai: true, resign: true, fill: false, rematch: false },
    moves: [
      { seat: null, action: 'draw:C' },
      { seat: 0, action: 'C@0,0,0' },
      { seat: null, action: null },
    ],
    result: null,
    seed_hash: 'ab',
  };
}

const state = (extra = {}) => ({
  turn: { kind: 'seat', seat: 1, name: 'white' },
  view: { tiles: [{ x: 1, y: 0 }] },
  legal: [],
  legal_parts: [],
  offers: { undo: true, hint: false, against_ai: true, resign: true, fill: false, rematch: false },
  result: null,
  ...extra,
});

test('a snapshot is the game, without its message type', () => {
  const game = reduce(null, snapshot());
  const { type, ...expected } = snapshot();
  assert.deepEqual(game, expected);
});

test('an event or presence before the first snapshot leaves no game', () => {
  assert.equal(reduce(null, { type: 'event', seq: 1, kind: 'play', seat: 0, action: 'x', state: state() }), null);
  assert.equal(reduce(null, { type: 'presence', connected: [true] }), null);
});

test('a play appends the move and shows the state it carries', () => {
  const before = reduce(null, snapshot());
  const parts = { kind: 'place', tile: 'A', x: 1, y: 0, rotation: 1 };
  const after = reduce(before, { type: 'event', seq: 4, kind: 'play', seat: 0, action: 'A@1,0,1', parts, state: state() });
  assert.equal(after.seq, 4);
  assert.deepEqual(after.moves.at(-1), { seat: 0, action: 'A@1,0,1', parts }, 'the move keeps its parts');
  assert.equal(after.moves.length, 4);
  assert.deepEqual(after.turn, { kind: 'seat', seat: 1, name: 'white' });
  assert.deepEqual(after.view, { tiles: [{ x: 1, y: 0 }] });
  assert.deepEqual(after.legal, []);
  assert.deepEqual(after.legal_parts, [], 'the parts go with the moves');
  assert.deepEqual(after.offers, { undo: true, hint: false, against_ai: true, resign: true, fill: false, rematch: false }, 'what is offered comes with the state');
  // The seat to move is named as the state names it (white's colour is drawn now).
  assert.equal(after.seats[1].name, 'white');
  assert.equal(after.seats[0].name, 'black');
});

test('the old game is left as it was', () => {
  const before = reduce(null, snapshot());
  const copy = structuredClone(before);
  reduce(before, { type: 'event', seq: 4, kind: 'play', seat: 0, action: 'A@1,0,1', state: state() });
  reduce(before, { type: 'event', seq: 4, kind: 'undo', seat: 0, undone: 2, state: state() });
  reduce(before, { type: 'presence', connected: [false, true] });
  assert.deepEqual(before, copy);
});

test('a hidden chance outcome is a move without its action', () => {
  const after = reduce(reduce(null, snapshot()), { type: 'event', seq: 4, kind: 'chance', seat: null, state: state() });
  assert.deepEqual(after.moves.at(-1), { seat: null, action: null, parts: null });
});

test('an event without state (a missed one, not the last) only moves the list on', () => {
  const before = reduce(null, snapshot());
  const after = reduce(before, { type: 'event', seq: 4, kind: 'play', seat: 0, action: 'draw' });
  assert.equal(after.seq, 4);
  assert.equal(after.moves.length, 4);
  assert.equal(after.turn, before.turn);
  assert.equal(after.view, before.view);
  assert.equal(after.legal, before.legal);
});

test('an undo drops the undone actions from the end', () => {
  const before = reduce(null, snapshot());
  const after = reduce(before, { type: 'event', seq: 4, kind: 'undo', seat: 0, undone: 2, state: state() });
  assert.deepEqual(after.moves, [{ seat: null, action: 'draw:C' }]);
  const none = reduce(before, { type: 'event', seq: 4, kind: 'undo', seat: 0, undone: 0, state: state() });
  assert.equal(none.moves.length, 3);
});

test('a resignation says who gave up and adds no move', () => {
  const after = reduce(reduce(null, snapshot()), {
    type: 'event', seq: 4, kind: 'resign', seat: 0, state: state({ result: { ranks: [1, 0], reason: 'resign', seat: 0 } }),
  });
  assert.equal(after.moves.length, 3);
  assert.deepEqual(after.result, { ranks: [1, 0], reason: 'resign', seat: 0 });
});

test('presence marks each seat connected or not', () => {
  const after = reduce(reduce(null, snapshot()), { type: 'presence', connected: [false, true] });
  assert.deepEqual(after.seats.map(s => s.connected), [false, true]);
  assert.equal(after.seats[0].player, 'human');
});

test('other messages change nothing', () => {
  const game = reduce(null, snapshot());
  for (const type of ['welcome', 'ack', 'reject', 'error', 'pong']) {
    assert.equal(reduce(game, { type, cid: 'c1', seq: 9 }), game);
  }
});

test('an absent seat is absent no more once it connects or anything happens', () => {
  const away = reduce(null, { ...snapshot(), absent: { seat: 1, since_ms: 5 } });
  assert.deepEqual(away.absent, { seat: 1, since_ms: 5 });
  assert.deepEqual(reduce(away, { type: 'presence', connected: [false, false] }).absent, away.absent);
  assert.equal(reduce(away, { type: 'presence', connected: [true, true] }).absent, null);
  assert.equal(reduce(away, { type: 'event', seq: 4, kind: 'resign', seat: 0, state: state() }).absent, null);
});
