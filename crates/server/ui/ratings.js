// Ratings as the page shows them (docs/api.md, "Ratings"): `?` after a provisional one, and
// how much a rated game moved a seat's rating, `+12` or `−9`.

import { h } from './dom.js';
import { t } from './i18n.js';

/// A rating as shown: `?` after it while provisional.
export function ratingText(r) {
  return `${r.rating}${r.provisional ? '?' : ''}`;
}

/// A change of rating with its sign: `+12`, `−9` (a minus sign, as typeset), `±0`.
export function changeText(change) {
  if (change > 0) return `+${change}`;
  return change < 0 ? `\u2212${-change}` : '\u00b10';
}

/// A seat's rating after its player in a line of text (` 1500?`, ` 1523 +12`); empty for a
/// seat without one (a casual game's).
export function seatRating(seat) {
  const r = seat.rating;
  if (!r) return '';
  return ` ${ratingText(r)}` + (r.change == null ? '' : ` ${changeText(r.change)}`);
}

/// A seat's rating and, once rated, its change, as marked-up words beside its player.
export function ratingNodes(seat) {
  const r = seat.rating;
  if (!r) return [];
  return [
    h('span', { class: 'rating', 'data-rating': r.rating, title: t(r.provisional ? 'rating.provisional' : 'rating.title') }, [' ' + ratingText(r)]),
    changeNode(r),
  ];
}

/// How much the game moved rating `r`, marked up; `null` before it is rated.
export function changeNode(r) {
  if (r?.change == null) return null;
  const way = r.change > 0 ? 'up' : r.change < 0 ? 'down' : 'level';
  return h('span', { class: `rating-change ${way}`, 'data-rating-change': r.change, title: t('rating.change') }, [' ' + changeText(r.change)]);
}
