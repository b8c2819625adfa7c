// Words with numbers and the move list's lines (i18n.js, panels.js), run by `node --test`:
// plural forms by Intl.PluralRules in English and Polish, and Triles' setup on one line.

import test from 'node:test';
import assert from 'node:assert/strict';

globalThis.localStorage = { store: { 'trio.lang': 'en' }, getItem(k) { return this.store[k] ?? null; }, setItem(k, v) { this.store[k] = v; } };
globalThis.document = { documentElement: {} };
const { t, ruleText, ruleList, setLanguage } = await import('../i18n.js');
const panels = await import('../panels.js');
const { moveLines } = panels;
const { triles } = await import('../triles.js');
const { gyges } = await import('../gyges.js');

test('English says one step, two steps', () => {
  setLanguage('en');
  assert.match(t('orbit.target', { steps: 1 }), /exactly 1 step\)/);
  assert.match(t('orbit.target', { steps: 5 }), /exactly 5 steps\)/);
  assert.equal(t('triles.handsize', { name: 'Black', n: 1 }), 'Black: 1 tile');
  assert.equal(t('triles.handsize', { name: 'Black', n: 4 }), 'Black: 4 tiles');
  assert.match(ruleText('gyges.exact-steps', { value: 1, piece: 'b2', to: 'c4' }), /^A 1 moves exactly 1 step:/);
  assert.match(t('triles.place', { n: 1 }), /\(1 fits in/);
});

test('Polish has one, few and many', () => {
  setLanguage('pl');
  assert.match(t('orbit.target', { steps: 1 }), /dokładnie 1 krok\)/);
  assert.match(t('orbit.target', { steps: 3 }), /dokładnie 3 kroki\)/);
  assert.match(t('orbit.target', { steps: 5 }), /dokładnie 5 kroków\)/);
  assert.match(t('orbit.target', { steps: 22 }), /dokładnie 22 kroki\)/);
  assert.match(t('orbit.target', { steps: 12 }), /dokładnie 12 kroków\)/);
  assert.equal(t('triles.handsize', { name: 'Czarny', n: 1 }), 'Czarny: 1 kafelek');
  assert.equal(t('triles.handsize', { name: 'Czarny', n: 2 }), 'Czarny: 2 kafelki');
  assert.equal(t('triles.handsize', { name: 'Czarny', n: 7 }), 'Czarny: 7 kafelków');
  assert.match(t('triles.place', { n: 3 }), /\(pasują 3 pola w/);
  assert.match(ruleText('orbit.no-revisit', { from: '1.2', to: '2.3', steps: 1 }), /w 1 kroku/);
  assert.match(ruleText('orbit.no-revisit', { from: '1.2', to: '2.3', steps: 6 }), /w 6 krokach/);
  setLanguage('en');
});

test('the rules page leaves a number as … and its word plural', () => {
  setLanguage('en');
  const [, text] = ruleList('gyges').find(([id]) => id === 'gyges.exact-steps');
  assert.match(text, /^A … moves exactly … steps:/);
});

test('Triles’ setup is one line, the draws on hover; the numbers go on past 1000', () => {
  setLanguage('en');
  const setup = Array.from({ length: 19 }, (_, i) => ({ seat: null, action: `draw:${i}` }));
  const moves = [...setup, { seat: 0, action: 'a1' }, { seat: null, action: null }];
  const lines = moveLines(triles, moves, null);
  assert.equal(lines.length, 3);
  assert.equal(lines[0].text, t('triles.dealt'));
  assert.match(lines[0].title, /^drew 0, drew 1, .*drew 18$/);
  assert.deepEqual(lines.map(l => [l.from, l.to, l.n]), [[0, 19, 19], [19, 20, 20], [20, 21, 21]]);
  assert.equal(lines[2].text, `${t('play.chancemark')}: ${t('triles.drew')}`);
  // Gygès has no setup: every line is a move.
  const long = Array.from({ length: 1001 }, () => ({ seat: 0, action: 'a1-a2' }));
  assert.equal(moveLines(gyges, long, null).at(-1).n, 1001);
});

test('the end at the top is personal for the one player at the device', () => {
  const { outcome } = panels;
  const orbit3 = { seatLabel: seat => ['red', 'green', 'blue'][seat] };
  const live = ranks => ({ result: { ranks }, view: null });
  setLanguage('en');
  assert.deepEqual(outcome(orbit3, live([1, 0, 2]), 1), { kind: 'won', text: 'You won!' });
  assert.deepEqual(outcome(orbit3, live([1, 0, 2]), 0), { kind: 'place', text: 'You came 2nd' });
  assert.deepEqual(outcome(orbit3, live([1, 0, 2]), 2), { kind: 'lost', text: 'You lost' });
  assert.deepEqual(outcome(orbit3, live([1, 0]), 0), { kind: 'lost', text: 'You lost' });
  assert.deepEqual(outcome(orbit3, live([0, 0]), 0), { kind: 'draw', text: 'Draw' });
  // A spectator (or a hot seat) is told who won.
  assert.deepEqual(outcome(orbit3, live([1, 0, 2]), null), { kind: 'wins', text: 'Green wins' });
  setLanguage('pl');
  assert.equal(outcome(orbit3, live([1, 0, 2]), 0).text, 'Zajmujesz 2. miejsce');
  assert.equal(outcome(orbit3, live([1, 0, 2]), 1).text, 'Wygrywasz!');
  setLanguage('en');
});

test('moves are said in words in the page’s language, their notation on hover', async () => {
  const { orbit } = await import('../orbit.js');
  setLanguage('en');
  const moves = [
    { seat: 0, action: 'a1-a3>e5', parts: { kind: 'move', from: 'a1', to: 'a3', drop: 'e5' } },
    { seat: 1, action: 'b6-G', parts: { kind: 'move', from: 'b6', to: 'G', drop: null } },
    { seat: 0, action: 'a1-G', parts: { kind: 'move', from: 'a1', to: 'G', drop: null,
      path: ['a1', 'a2', 'a3', 'a4', 'a5', 'a6'], bounces: ['a2', 'a5'] } },
  ];
  const lines = moveLines(gyges, moves, null);
  assert.deepEqual(lines.map(l => [l.text, l.title]), [
    ['South: a1 → a3, the piece there to e5', 'a1-a3>e5'],
    ['North: b6 → the goal', 'b6-G'],
    ['South: a1 → the goal, bounces on a2, a5', 'a1-G'],
  ]);
  assert.equal(orbit.moveText({ kind: 'move', from: '1.2', to: '2.3', relocate: 'C' }), '1.2 → 2.3, captures, the pawn to the centre');
  assert.equal(triles.moveText({ kind: 'place', tile: 'A', x: 0, y: 1, rotation: 2 }), 'lays A at 0,1 (turned 2)');
  setLanguage('pl');
  assert.equal(moveLines(gyges, moves, null)[1].text, 'Północ: b6 → cel');
  assert.equal(moveLines(gyges, moves, null)[2].text, 'Południe: a1 → cel, odbija się od a2, a5');
  assert.equal(orbit.moveText({ kind: 'enter', at: '1.5' }), 'wprowadza pionek na 1.5');
  setLanguage('en');
});

test("Chance's outcomes are said in words, a hidden draw as a tile drawn", async () => {
  const { orbit } = await import('../orbit.js');
  setLanguage('en');
  assert.equal(triles.chanceText({ seat: null, action: 'draw:D' }), 'drew D');
  assert.equal(triles.chanceText({ seat: null, action: null }), 'drew a tile');
  assert.equal(triles.chanceText({ seat: null, action: 'black:2' }), 'player 2 plays black');
  assert.equal(triles.chanceText({ seat: null, action: 'first:W' }), 'white moves first');
  assert.equal(orbit.chanceText({ seat: null, action: 'order gbr', parts: { kind: 'chance' } }), 'Order of play: green → blue → red');
  assert.equal(orbit.chanceText({ seat: null, action: 'die 3', parts: { kind: 'die', face: 3 } }), 'the die shows 3');
  setLanguage('pl');
  assert.equal(orbit.chanceText({ seat: null, action: 'die 3', parts: { kind: 'die', face: 3 } }), 'na kostce wypada 3');
  setLanguage('en');
});

test('a result says why it ended, never a flag as a resignation', () => {
  setLanguage('en');
  const line = result => panels.resultHeadline(gyges, { result, view: null });
  const south = gyges.seatLabel(0, null);
  assert.match(line({ ranks: [1, 0], reason: 'time', seat: 0 }), /ran out of time/i);
  assert.doesNotMatch(line({ ranks: [1, 0], reason: 'time', seat: 0 }), /resign/i);
  assert.match(line({ ranks: [1, 0], reason: 'resign', seat: 0 }), /resigned/);
  assert.match(line({ ranks: [1, 0], reason: 'absence', seat: 0 }), /left the game/);
  assert.match(line({ ranks: [1, 0], reason: 'expiry', seat: 0 }), /expired/);
  assert.match(line({ reason: 'abort' }), /No result/);
  assert.match(line({ reason: 'abort', seat: 0 }), /called the game off/);
  assert.match(line({ ranks: [0, 1], reason: 'rules' }), /wins/);
  assert.ok(line({ ranks: [1, 0], reason: 'time', seat: 0 }).toLowerCase().includes(south.toLowerCase()));
  setLanguage('pl');
  assert.match(line({ ranks: [1, 0], reason: 'time', seat: 0 }), /koniec czasu/);
  setLanguage('en');
});

test('a rated game played casual says why, in English and Polish', () => {
  setLanguage('en');
  assert.match(t('casual.pair-limit'), /^Casual, not rated: .*24 hours/);
  assert.match(t('lobby.casual'), /^casual/);
  setLanguage('pl');
  assert.match(t('casual.pair-limit'), /^Towarzyska, nie rankingowa: .*24 godzin/);
  assert.match(t('lobby.casual'), /^towarzyska/);
  setLanguage('en');
});
