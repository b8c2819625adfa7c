// A player's page at `/players/{name}`: the player's rating in each kind of game (`?` while
// provisional) with its history as a line over the rated games, from
// `GET /api/players/{name}`.

import { h, s } from './dom.js';
import { t } from './i18n.js';
import { api, ApiError } from './net.js';

const WIDTH = 480;
const HEIGHT = 160;
const PAD = 28;

export class PlayerPage {
  constructor(name, redraw) {
    this.name = name;
    this.profile = null;
    this.error = null;
    api('GET', `/api/players/${encodeURIComponent(name)}`).then(p => { this.profile = p; redraw(); }, e => {
      this.error = e instanceof ApiError && e.status === 404 ? t('player.none') : t('err.generic', { message: e.message });
      redraw();
    });
  }

  get kind() {
    return null;
  }

  destroy() {}

  render() {
    if (this.error) return h('main', { class: 'player' }, [h('p', { class: 'error', 'data-error': 'no-player' }, [this.error])]);
    if (!this.profile) return h('main', { class: 'player' }, [h('p', { class: 'loading' }, ['…'])]);
    const p = this.profile;
    return h('main', { class: 'player', 'data-player': p.name }, [
      h('h1', {}, [p.name]),
      p.ratings.length ? null : h('p', { class: 'note' }, [t('player.unrated')]),
      ...p.ratings.map(r => h('section', { class: 'rating', 'data-rating': r.kind }, [
        h('h2', {}, [t('game.' + r.kind)]),
        h('p', {}, [t('player.rating', { rating: ratingText(r), deviation: r.deviation, games: r.games })]),
        historyChart(p.history.filter(x => x.kind === r.kind)),
      ])),
    ]);
  }
}

/// A rating as shown: `?` after it while provisional.
export function ratingText(r) {
  return `${r.rating}${r.provisional ? '?' : ''}`;
}

/// The rating after each rated game as a line, with the deviation as a band.
function historyChart(points) {
  if (points.length < 1) return null;
  const lo = Math.min(...points.map(p => p.rating - p.deviation));
  const hi = Math.max(...points.map(p => p.rating + p.deviation));
  const x = i => PAD + (points.length === 1 ? (WIDTH - 2 * PAD) / 2 : (i * (WIDTH - 2 * PAD)) / (points.length - 1));
  const y = v => HEIGHT - PAD - ((v - lo) / Math.max(1, hi - lo)) * (HEIGHT - 2 * PAD);
  const line = points.map((p, i) => `${i ? 'L' : 'M'}${x(i).toFixed(1)},${y(p.rating).toFixed(1)}`).join(' ');
  const band = [...points.map((p, i) => `${i ? 'L' : 'M'}${x(i).toFixed(1)},${y(p.rating + p.deviation).toFixed(1)}`),
    ...points.map((p, i) => [i, p]).reverse().map(([i, p]) => `L${x(i).toFixed(1)},${y(p.rating - p.deviation).toFixed(1)}`)].join(' ') + ' Z';
  const last = points[points.length - 1];
  return s('svg', { class: 'history', viewBox: `0 0 ${WIDTH} ${HEIGHT}`, role: 'img', 'aria-label': t('player.history', { n: points.length, rating: last.rating }) }, [
    s('path', { class: 'band', d: band }),
    s('path', { class: 'line', d: line, 'data-points': String(points.length) }),
    ...points.map((p, i) => s('circle', { cx: x(i), cy: y(p.rating), r: 3 }, [s('title', {}, [String(p.rating)])])),
    s('text', { x: 4, y: 12, class: 'axis' }, [String(Math.round(hi))]),
    s('text', { x: 4, y: HEIGHT - 4, class: 'axis' }, [String(Math.round(lo))]),
  ]);
}
