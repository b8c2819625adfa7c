// A player's page at `/players/{name}`: the player's rating in each kind of game (`?` while
// provisional) with its history as a line over the rated games, and the player's newest
// games, from `GET /api/players/{name}`.

import { h, s } from './dom.js';
import { t, language } from './i18n.js';
import { api, ApiError } from './net.js';
import { gameLine } from './lines.js';
import { ratingText, changeText } from './ratings.js';

const WIDTH = 560;
const HEIGHT = 220;
/// Room for the axes' labels: left, right, top, bottom.
const PAD = { l: 44, r: 12, t: 12, b: 30 };

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
        r.provisional ? h('p', { class: 'note' }, [t('player.provisional')]) : null,
        historyChart(p.history.filter(x => x.kind === r.kind)),
      ])),
      h('section', { class: 'player-games' }, [
        h('h2', {}, [t('player.games')]),
        p.games.length
          ? h('ul', { class: 'games' }, p.games.map(g => gameLine(g, { 'data-player-game': g.id })))
          : h('p', { class: 'note' }, [t('me.none')]),
      ]),
    ]);
  }
}

/// Round steps for an axis from `lo` to `hi`, about `count` of them.
function ticks(lo, hi, count) {
  const raw = Math.max(1, (hi - lo) / count);
  const unit = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map(m => m * unit).find(m => m >= raw);
  const out = [];
  for (let v = Math.ceil(lo / step) * step; v <= hi; v += step) out.push(v);
  return out;
}

/// The rating after each rated game as a line, with its deviation as a band, on axes of
/// rating and game number; each point names its game's date.
function historyChart(points) {
  if (points.length < 1) return null;
  const lo = Math.min(...points.map(p => p.rating - p.deviation));
  const hi = Math.max(...points.map(p => p.rating + p.deviation));
  const inner = { w: WIDTH - PAD.l - PAD.r, h: HEIGHT - PAD.t - PAD.b };
  // One game sits in the middle; more spread from edge to edge.
  const x = i => PAD.l + (points.length === 1 ? inner.w / 2 : (i * inner.w) / (points.length - 1));
  const y = v => PAD.t + inner.h - ((v - lo) / Math.max(1, hi - lo)) * inner.h;
  const at = (i, v) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`;
  const line = points.map((p, i) => `${i ? 'L' : 'M'}${at(i, p.rating)}`).join(' ');
  const band = points.length > 1 ? [
    ...points.map((p, i) => `${i ? 'L' : 'M'}${at(i, p.rating + p.deviation)}`),
    ...points.map((p, i) => [i, p]).reverse().map(([i, p]) => `L${at(i, p.rating - p.deviation)}`),
  ].join(' ') + ' Z' : null;
  const date = new Intl.DateTimeFormat(language(), { dateStyle: 'medium' });
  const games = ticks(1, points.length, Math.min(points.length, 6));
  const last = points[points.length - 1];
  return s('svg', { class: 'history', viewBox: `0 0 ${WIDTH} ${HEIGHT}`, role: 'img', 'aria-label': t('player.history', { n: points.length, rating: last.rating }) }, [
    ...ticks(lo, hi, 4).map(v => s('g', { class: 'grid' }, [
      s('line', { x1: PAD.l, x2: WIDTH - PAD.r, y1: y(v), y2: y(v) }),
      s('text', { x: PAD.l - 6, y: y(v) + 4, 'text-anchor': 'end', class: 'axis' }, [String(v)]),
    ])),
    ...games.map(n => s('text', { x: x(n - 1), y: HEIGHT - PAD.b + 16, 'text-anchor': 'middle', class: 'axis' }, [String(n)])),
    s('text', { x: PAD.l + inner.w / 2, y: HEIGHT - 2, 'text-anchor': 'middle', class: 'axis' }, [t('player.axis')]),
    band ? s('path', { class: 'band', d: band }) : s('line', { class: 'band-one', x1: x(0), x2: x(0), y1: y(last.rating + last.deviation), y2: y(last.rating - last.deviation) }),
    s('path', { class: 'line', d: line, 'data-points': String(points.length) }),
    ...points.map((p, i) => s('circle', { cx: x(i), cy: y(p.rating), r: 4 }, [
      s('title', {}, [`${p.rating} ± ${p.deviation}${p.change == null ? '' : ` (${changeText(p.change)})`} · ${date.format(new Date(p.at * 1000))}`]),
    ])),
  ]);
}
