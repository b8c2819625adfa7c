// A game's spec in words (kinds.js) for the game page, run by `node --test`: every option
// of the kind, its default where the spec says nothing, in English and Polish.

import test from 'node:test';
import assert from 'node:assert/strict';

// The page's modules expect a browser: the little of one they touch when loaded.
globalThis.localStorage = { store: { 'trio.lang': 'en' }, getItem(k) { return this.store[k] ?? null; }, setItem(k, v) { this.store[k] = v; } };
globalThis.document = { documentElement: {} };
const { specWords, specValues } = await import('../kinds.js');
const { setLanguage } = await import('../i18n.js');

// The options as kinds() has them from `GET /api/kinds`.
const GYGES = [{ name: 'variant', type: 'choice', values: ['seed', 'official'], default: 'seed' }];
const TRILES = [
  { name: 'variant', type: 'set', values: ['open-hands', 'open-pool', 'own-dots'] },
  { name: 'tiles', type: 'file', default: 'standard' },
];
const ORBIT = [
  { name: 'players', type: 'choice', values: ['2', '3', '4'], default: 2 },
  { name: 'order', type: 'order', of: 'players', items: ['red', 'green', 'blue', 'yellow'] },
  { name: 'turn-limit', type: 'number', default: 1000 },
  { name: 'board', type: 'file', default: 'classic' },
];

const said = (kind, options, spec) => specWords(kind, options, spec).map(w => `${w.label}: ${w.value}`);

test('a spec names its options', () => {
  assert.deepEqual(specValues('gyges'), {});
  assert.deepEqual(specValues('orbit(players=3,order=rgb)'), { players: '3', order: 'rgb' });
  assert.deepEqual(specValues('triles(variant=open-hands+own-dots)'), { variant: 'open-hands+own-dots' });
});

test('every option is said, its default where the spec is silent', () => {
  setLanguage('en');
  assert.deepEqual(said('gyges', GYGES, 'gyges'), ['Variant: the source’s rules']);
  assert.deepEqual(said('gyges', GYGES, 'gyges(variant=official)'), ['Variant: official (1985 rule book)']);
  assert.deepEqual(said('triles', TRILES, 'triles'), ['Variants: none', 'Tile set: standard (52 tiles)']);
  assert.deepEqual(said('triles', TRILES, 'triles(variant=open-hands+own-dots,tiles=double.toml)'),
    ['Variants: open hands, own dots allowed', 'Tile set: double.toml']);
  assert.deepEqual(said('orbit', ORBIT, 'orbit(players=3,order=rgb,turn-limit=500)'),
    ['Players: 3', 'Turn order: red → green → blue', 'Turn limit: 500', 'Board: classic (7 orbits of 12 fields)']);
  assert.deepEqual(said('orbit', ORBIT, 'orbit'),
    ['Players: 2', 'Turn order: drawn at random', 'Turn limit: 1000', 'Board: classic (7 orbits of 12 fields)']);
});

test('in Polish', () => {
  setLanguage('pl');
  assert.deepEqual(said('triles', TRILES, 'triles(variant=open-hands)'), ['Warianty: odkryte ręce', 'Zestaw kafelków: standardowy (52 kafelki)']);
  assert.deepEqual(said('gyges', GYGES, 'gyges'), ['Wariant: zasady ze źródła']);
  assert.deepEqual(said('triles', TRILES, 'triles'), ['Warianty: brak', 'Zestaw kafelków: standardowy (52 kafelki)']);
  setLanguage('en');
});
