// The Triles board's prompt and buttons (triles.js) for a seat's choices, run by
// `node --test`, with a stand-in for the game page it talks to.

import test from 'node:test';
import assert from 'node:assert/strict';

// The page's modules expect a browser: the little of one they touch when loaded.
globalThis.localStorage ??= { store: { 'trio.lang': 'en' }, getItem(k) { return this.store[k] ?? null; }, setItem(k, v) { this.store[k] = v; } };
globalThis.document ??= { documentElement: {} };
const { triles } = await import('../triles.js');

/// The prompt and buttons the board gives for a seat whose choices are `legal`.
function offered(legal, view) {
  const board = Object.create(triles.Board.prototype);
  board.model = { mine: true, legal, view };
  board.placements = [];
  board.selected = null;
  const said = {};
  board.ctx = { prompt: text => { said.prompt = text; }, actions: list => { said.actions = list; } };
  board.prompt();
  return said;
}

test('after a wedge, the gift is the primary button, giving nothing is not', () => {
  const view = {
    viewer: { seat: 0, colour: 'black' },
    players: [{ colour: 'black', seat: 0 }, { colour: 'white', seat: 1 }],
    pending: { extra: 0, give: true, draws: [] },
  };
  const { prompt, actions } = offered(['give -', 'give A', 'give C'], view);
  assert.match(prompt, /Wedge! You may give white one tile/);
  assert.deepEqual(actions.map(a => [a.label, !!a.primary]), [
    ['Give nothing', false], ['Give A', true], ['Give C', true],
  ]);
});

test('a pass for an owed extra tile that fits nowhere says so, not that the pool is empty', async () => {
  const { setLanguage } = await import('../i18n.js');
  const players = [{ colour: 'black', seat: 0 }, { colour: 'white', seat: 1 }];
  const viewer = { seat: 0, colour: 'black' };
  setLanguage('en');
  const owed = offered(['pass'], { viewer, players, pool_size: 35, pending: { extra: 1, give: false, draws: [] } });
  assert.match(owed.prompt, /earned 1 more tile, but none of yours fits anywhere/);
  assert.doesNotMatch(owed.prompt, /pool|drawn/);
  assert.deepEqual(owed.actions.map(a => a.action), ['pass']);
  const empty = offered(['pass'], { viewer, players, pool_size: 0, pending: { extra: 0, give: false, draws: [] } });
  assert.match(empty.prompt, /the pool is empty/);
  setLanguage('pl');
  assert.match(offered(['pass'], { viewer, players, pool_size: 35, pending: { extra: 2, give: false, draws: [] } }).prompt, /jeszcze 2 kafelki/);
  setLanguage('en');
});
