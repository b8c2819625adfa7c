// Ratings as the page shows them (ratings.js), run by `node --test`: a provisional rating's
// `?`, a change's sign, and a seat's rating in a line of text.

import test from 'node:test';
import assert from 'node:assert/strict';

globalThis.localStorage = { store: { 'trio.lang': 'en' }, getItem(k) { return this.store[k] ?? null; }, setItem(k, v) { this.store[k] = v; } };
globalThis.document = { documentElement: {} };
const { ratingText, changeText, seatRating } = await import('../ratings.js');

test('a provisional rating reads with a question mark', () => {
  assert.equal(ratingText({ rating: 1500, provisional: true }), '1500?');
  assert.equal(ratingText({ rating: 1752, provisional: false }), '1752');
});

test('a change reads with its sign, a loss with a minus sign', () => {
  assert.equal(changeText(12), '+12');
  assert.equal(changeText(-9), '\u22129');
  assert.equal(changeText(0), '\u00b10');
});

test('a seat shows its rating, and its change once rated', () => {
  assert.equal(seatRating({ seat: 0, player: 'human' }), '');
  assert.equal(seatRating({ rating: { rating: 1500, provisional: true } }), ' 1500?');
  assert.equal(seatRating({ rating: { rating: 1500, provisional: true, change: -9 } }), ' 1500? \u22129');
  assert.equal(seatRating({ rating: { rating: 1752, provisional: false, change: 0 } }), ' 1752 \u00b10');
});
