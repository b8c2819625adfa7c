// Review of a finished game (docs/review.md), asked of `GET /api/games/{id}/review` and
// asked again each second while the server makes it: each seat's expected score over the
// game as an SVG line, each result taken apart in words, the moves that cost the most and
// the rolls or draws that mattered most. A listed step opens the replay just before it,
// with the better move drawn on the board.

import { h, s as svgEl } from './dom.js';
import { t, cap } from './i18n.js';
import { api } from './net.js';

// How often the progress is asked for while the review is made.
const POLL_MS = 1000;
// How many steps each list shows.
const LISTED = 5;
// Losses below this are not listed (docs/review.md: an inaccuracy from 0.05).
const LISTED_LOSS = 0.05;
// Each seat's line: its own colour where the seat has one that shows on white, else
// Okabe–Ito's (apart for colour-blind readers); the dashes tell the lines apart as well.
const DASHES = ['', '6 3', '2 2', '8 2 2 2'];
const PALETTE = ['#0072b2', '#d55e00', '#009e73', '#cc79a7'];
const SEAT_COLOURS = {
  red: '#d55e00', green: '#009e73', blue: '#0072b2', yellow: '#b8a000',
  black: '#111111', white: '#8a8a8a', south: '#a0783c', north: '#5a3e1b',
};
// The graph's size in its own units; it scales to the panel.
const W = 320;
const H = 140;
const PAD = 22;

const fixed = x => x.toFixed(2);

export class Review {
  /// `changed()` draws the page again; `goTo(ply, best)` shows the position before step
  /// `ply` with `best` (a better move's parts) drawn on the board.
  constructor(id, { changed, goTo }) {
    this.id = id;
    this.changed = changed;
    this.goTo = goTo;
    this.state = 'idle';
    this.progress = null;
    this.data = null;
    this.timer = null;
  }

  async ask() {
    clearTimeout(this.timer);
    this.state = this.state === 'ready' ? 'ready' : 'working';
    try {
      const answer = await api('GET', `/api/games/${this.id}/review`);
      if (answer.review) {
        this.data = answer.review;
        this.state = 'ready';
      } else {
        this.progress = answer.progress;
        this.timer = setTimeout(() => this.ask(), POLL_MS);
      }
    } catch (e) {
      this.state = 'failed';
      this.error = e;
    }
    this.changed();
  }

  stop() {
    clearTimeout(this.timer);
  }

  /// The better move to draw in the position before step `ply`, if it lost something.
  bestAt(ply) {
    const step = this.data && this.data.steps[ply];
    return step && step.best_parts ? step.best_parts : null;
  }

  /// The panel; `names[seat]` are the seats' names, `swatches[seat]` their colours' names
  /// (`game.swatch`), `moves` the live move list (for each move's parts, to say it in words).
  panel(game, names, swatches, moves) {
    this.lines = names.map((_, seat) => [SEAT_COLOURS[swatches[seat]] ?? PALETTE[seat % PALETTE.length], DASHES[seat % DASHES.length]]);
    if (this.state === 'idle') return null;
    const body = this.state === 'ready' ? this.body(game, names, moves)
      : this.state === 'failed' ? [h('p', { class: 'error', role: 'alert' }, [t('review.failed')])]
        : [h('p', { 'data-review-progress': '', role: 'status' }, [
          this.progress && this.progress.total ? t('review.working', this.progress) : t('review.starting'),
        ])];
    return h('section', { class: 'review', 'data-review': this.state }, [h('h2', {}, [t('review.title')]), ...body]);
  }

  body(game, names, moves) {
    const { steps, seats } = this.data;
    // The step after the last move closes a game its rules did not end: its reason.
    const said = (i, step) => step.seat == null ? game.chanceText({ seat: null, action: step.action })
      : i >= moves.length ? t(`review.end.${step.action}`)
        : (moves[i] && game.moveText(moves[i].parts)) || step.action;
    const chance = steps.some(s => s.luck);
    const sentences = seats.map((s, seat) => {
      const name = cap(names[seat]);
      const key = !chance ? 'review.seat.noluck' : s.luck < 0 ? 'review.seat.lost' : 'review.seat.gained';
      return h('li', { 'data-review-seat': seat }, [
        h('span', { class: 'line-key', style: `border-color:${this.lines[seat][0]};border-top-style:${this.lines[seat][1] ? 'dashed' : 'solid'}` }),
        t(key, { name, luck: fixed(Math.abs(s.luck)), skill: fixed(s.skill) }),
        h('small', {}, [' ' + t('review.sum', {
          start: fixed(s.start), luck: fixed(s.luck), skill: fixed(s.skill), others: fixed(s.others), residual: fixed(s.residual), result: fixed(s.result),
        })]),
      ]);
    });
    const jump = (i, best) => h('button', { type: 'button', class: 'link', 'data-review-step': i, onclick: () => this.goTo(i, best) });
    const costly = steps.map((s, i) => ({ s, i })).filter(({ s }) => (s.skill_loss ?? 0) >= LISTED_LOSS)
      .sort((a, b) => b.s.skill_loss - a.s.skill_loss).slice(0, LISTED);
    const lucky = steps.map((s, i) => ({ s, i, most: s.luck ? Math.max(...s.luck.map(Math.abs)) : 0 }))
      .filter(x => x.most >= LISTED_LOSS).sort((a, b) => b.most - a.most).slice(0, LISTED);
    return [
      this.graph(names),
      h('p', { class: 'hint-text' }, [t('review.scale')]),
      h('ul', { class: 'review-seats' }, sentences),
      h('h3', {}, [t('review.costly')]),
      costly.length ? h('ol', { 'data-review-list': 'costly' }, costly.map(({ s, i }) => {
        const better = s.best ? ' ' + t('review.better', { move: game.moveText(s.best_parts) || s.best }) : '';
        const button = jump(i, s.best_parts);
        button.append(t('review.move', { n: i + 1, name: cap(names[s.seat]), move: said(i, s), label: t('review.label.' + s.label), loss: fixed(s.skill_loss) }) + better);
        return h('li', {}, [button]);
      })) : h('p', {}, [t('review.none')]),
      chance ? h('h3', {}, [t('review.lucky')]) : null,
      chance ? (lucky.length ? h('ol', { 'data-review-list': 'lucky' }, lucky.map(({ s, i }) => {
        const button = jump(i, null);
        const who = s.luck.map((l, seat) => `${cap(names[seat])} ${l >= 0 ? '+' : '−'}${fixed(Math.abs(l))}`).join(', ');
        button.append(t('review.luck', { n: i + 1, move: said(i, s), who }));
        return h('li', {}, [button]);
      })) : h('p', {}, [t('review.noluck')])) : null,
    ];
  }

  /// Each seat's value after every step, 0 to 1 upwards; mistakes and blunders dotted.
  graph(names) {
    const { steps, seats } = this.data;
    const n = Math.max(steps.length, 1);
    const x = i => PAD + (W - 2 * PAD) * i / n;
    const y = v => H - PAD - (H - 2 * PAD) * v;
    const svg = svgEl('svg', { viewBox: `0 0 ${W} ${H}`, role: 'img', 'aria-label': t('review.graph'), class: 'review-graph' });
    svg.append(svgEl('title', {}, [t('review.graph')]));
    for (const v of [0, 0.5, 1]) {
      svg.append(svgEl('line', { x1: PAD, x2: W - PAD, y1: y(v), y2: y(v), class: v === 0.5 ? 'even' : 'axis' }));
      svg.append(svgEl('text', { x: PAD - 4, y: y(v) + 3, 'text-anchor': 'end' }, [String(v)]));
    }
    seats.forEach((s, seat) => {
      const [colour, dash] = this.lines[seat];
      const points = [[0, s.start], ...steps.map((st, i) => [i + 1, st.after[seat]])];
      svg.append(svgEl('polyline', {
        points: points.map(([i, v]) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(' '),
        fill: 'none', stroke: colour, 'stroke-width': 2, 'stroke-dasharray': dash, 'data-review-line': seat,
      }));
      steps.forEach((st, i) => {
        if (st.seat !== seat || !(st.label === 'mistake' || st.label === 'blunder')) return;
        const dot = svgEl('circle', { cx: x(i + 1), cy: y(st.after[seat]), r: st.label === 'blunder' ? 4 : 3, fill: colour });
        dot.append(svgEl('title', {}, [`${i + 1}. ${cap(names[seat])}: ${t('review.label.' + st.label)}`]));
        svg.append(dot);
      });
    });
    svg.append(svgEl('text', { x: W / 2, y: H - 4, 'text-anchor': 'middle' }, [t('review.axis')]));
    return svg;
  }
}
