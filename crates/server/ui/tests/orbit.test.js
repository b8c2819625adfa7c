// Na orbicie's pawn colours (orbit.js) as a deuteranope sees them, run by `node --test`:
// the simulation of Machado, Oliveira and Fernandes (2009, severity 1) in linear RGB.

import test from 'node:test';
import assert from 'node:assert/strict';

// The page's modules expect a browser: the little of one they touch when loaded.
globalThis.localStorage ??= { store: { 'trio.lang': 'en' }, getItem(k) { return this.store[k] ?? null; }, setItem(k, v) { this.store[k] = v; } };
globalThis.document ??= { documentElement: {} };
const { COLOURS } = await import('../orbit.js');

const DEUTERANOPIA = [[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413], [-0.01182, 0.04294, 0.968881]];
const linear = c => { c /= 255; return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
const encode = c => { c = Math.min(1, Math.max(0, c)); return 255 * (c <= 0.0031308 ? 12.92 * c : 1.055 * c ** (1 / 2.4) - 0.055); };
const seen = hex => {
  const l = [1, 3, 5].map(i => linear(parseInt(hex.slice(i, i + 2), 16)));
  return DEUTERANOPIA.map(row => encode(row[0] * l[0] + row[1] * l[1] + row[2] * l[2]));
};

test('every two pawn colours stay apart for a deuteranope', () => {
  const names = Object.keys(COLOURS);
  assert.equal(names.length, 4);
  for (const [i, a] of names.entries()) {
    for (const b of names.slice(i + 1)) {
      const d = Math.hypot(...seen(COLOURS[a]).map((v, k) => v - seen(COLOURS[b])[k]));
      // The former red and green (#d8342c, #2e9a48) were 42 apart.
      assert.ok(d >= 80, `${a} and ${b} are ${d.toFixed(0)} apart`);
    }
  }
});

test('the first prompt offers the roll alone while no pawn is out', async () => {
  const { promptFor } = await import('../orbit.js');
  assert.deepEqual(promptFor(['roll'], [{ word: 'roll' }], null), { key: 'orbit.pick.roll' });
  assert.deepEqual(promptFor(['roll', 'move 1.2-1.4'], [{ word: 'roll' }, { from: '1.2', to: '1.4' }], null), { key: 'orbit.pick' });
});

test('a capture with one place for the captured pawn says so instead of asking', async () => {
  const { promptFor, onlyDrop } = await import('../orbit.js');
  const toCentre = [{ from: '1.2', to: '1.4', relocate: 'C' }];
  assert.equal(onlyDrop(toCentre, '1.2', '1.4'), 'C');
  assert.deepEqual(promptFor([], toCentre, { from: '1.2', to: '1.4' }), { key: 'orbit.relocate.centre', args: { field: 'C' }, keep: true });
  const two = [{ from: '1.2', to: '1.4', relocate: '2.0' }, { from: '1.2', to: '1.4', relocate: '2.5' }];
  assert.equal(onlyDrop(two, '1.2', '1.4'), null);
  assert.deepEqual(promptFor([], two, { from: '1.2', to: '1.4' }), { key: 'orbit.relocate' });
});
