// Triles: the table of triangle tiles, each drawn from its type's terminals (clockwise;
// `a` arc ends joined by arcs, `s` semicircles, `d` half-dots, in black or white) so that
// lines, dots (two half-dots meeting) and loops (two semicircles, or arcs round a ring)
// show as they form. The table pans and zooms in its SVG viewBox (wheel, drag, pinch) and
// re-centres (viewport.js). The hand is a tray: choose a tile, rotate it (tap it again, the button or
// R), and every cell where it fits in that rotation lights up.
//
// Geometry (docs/rules/triles.md, "The table"): cell x,y points up when x + y is even.
// Side S; row y spans heights y·H to (y+1)·H (H = S·√3/2), drawn with y growing upwards.
// Edges clockwise: L R V for an up cell, R L V for a down cell; with rotation r terminal
// t_i goes on the edge at place (i + r) mod 3 of that order.

import { h, s, clear } from './dom.js';
import { t, word, cap } from './i18n.js';
import { BoardKeys } from './keys.js';
import { Viewport } from './viewport.js';
import { isNew, settle } from './motion.js';

const S = 100;
const H = (S * Math.sqrt(3)) / 2;
const CAP = 13;

const up = (x, y) => (((x + y) % 2) + 2) % 2 === 0;

/// The corners of cell x,y in SVG coordinates (y down), and its edges by name.
function cellGeometry(x, y) {
  const cx = (x * S) / 2;
  const Y = v => -v;
  if (up(x, y)) {
    const bl = [cx - S / 2, Y(y * H)];
    const br = [cx + S / 2, Y(y * H)];
    const ap = [cx, Y((y + 1) * H)];
    return { points: [bl, ap, br], edges: { L: [bl, ap], R: [ap, br], V: [br, bl] }, order: ['L', 'R', 'V'], centre: [cx, Y(y * H + H / 3)] };
  }
  const tl = [cx - S / 2, Y((y + 1) * H)];
  const tr = [cx + S / 2, Y((y + 1) * H)];
  const ap = [cx, Y(y * H)];
  return { points: [tl, tr, ap], edges: { R: [tr, ap], L: [ap, tl], V: [tl, tr] }, order: ['R', 'L', 'V'], centre: [cx, Y(y * H + (2 * H) / 3)] };
}

function neighbours(x, y) {
  return [[x - 1, y], [x + 1, y], up(x, y) ? [x, y - 1] : [x, y + 1]];
}

const pts = list => list.map(p => p.map(v => v.toFixed(2)).join(',')).join(' ');

/// The SVG of one tile of `type` ({terminals, arcs}) on cell x,y with `rotation`. With k
/// terminals per edge (docs/rules/triles-tilesets.md), terminal j sits on tile edge j div k
/// at slot j mod k, both counted clockwise; rotation r puts tile edge e on the cell's edge
/// order[(e + r) mod 3].
function tileShape(type, letter, x, y, rotation, classes = '') {
  const geo = cellGeometry(x, y);
  const g = s('g', { class: 'tile ' + classes, 'data-cell': `${x},${y}`, 'data-type': letter });
  g.append(s('polygon', { points: pts(geo.points), class: 'face' }));
  if (!type) {
    g.append(s('text', { x: geo.centre[0], y: geo.centre[1] + 8, class: 'letter', 'text-anchor': 'middle' }, [letter]));
    return g;
  }
  const n = type.terminals.length;
  const k = Math.max(1, Math.round(n / 3));
  const cap = Math.min(CAP, (S / k) * 0.3);
  const edgeOf = j => geo.edges[geo.order[(Math.floor(j / k) + rotation) % 3]];
  // Each edge runs clockwise from its first point, so slot i is (i + ½)/k along it.
  const at = j => {
    const [p, q] = edgeOf(j);
    const f = ((j % k) + 0.5) / k;
    return [p[0] + (q[0] - p[0]) * f, p[1] + (q[1] - p[1]) * f];
  };
  const f2 = p => `${p[0].toFixed(2)},${p[1].toFixed(2)}`;
  const strokes = s('g', { class: 'strokes' });
  const colourOf = j => (type.terminals[j][0] === 'B' ? 'black' : 'white');
  for (const [i, j] of type.arcs) {
    const a = at(i);
    const b = at(j);
    const ei = edgeOf(i);
    const ej = edgeOf(j);
    const corner = ei === ej ? null : ei.find(p => ej.some(q => Math.hypot(p[0] - q[0], p[1] - q[1]) < 0.01));
    let d;
    if (corner && Math.abs(Math.hypot(a[0] - corner[0], a[1] - corner[1]) - Math.hypot(b[0] - corner[0], b[1] - corner[1])) < 0.5) {
      // Ends as far from the corner the two edges share: a circle round that corner.
      const r = Math.hypot(a[0] - corner[0], a[1] - corner[1]);
      const a1 = Math.atan2(a[1] - corner[1], a[0] - corner[0]);
      const a2 = Math.atan2(b[1] - corner[1], b[0] - corner[0]);
      let delta = a2 - a1;
      while (delta > Math.PI) delta -= 2 * Math.PI;
      while (delta <= -Math.PI) delta += 2 * Math.PI;
      d = `M${f2(a)} A${r.toFixed(2)},${r.toFixed(2)} 0 0 ${delta > 0 ? 1 : 0} ${f2(b)}`;
    } else {
      // Otherwise a curve bowing towards the tile's centre (on one edge, a loop inwards).
      const m = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
      const pull = ei === ej ? 1.2 : 0.5;
      const c = [m[0] + (geo.centre[0] - m[0]) * pull, m[1] + (geo.centre[1] - m[1]) * pull];
      d = `M${f2(a)} Q${f2(c)} ${f2(b)}`;
    }
    strokes.append(s('path', { d, class: 'line ' + colourOf(i) }));
  }
  // Caps: a semicircle (stroked) or a half-dot (filled) on the edge, bulging inwards.
  for (let j = 0; j < n; j++) {
    const kind = type.terminals[j][1];
    if (kind === 'a') continue;
    const e = edgeOf(j);
    const m = at(j);
    const len = Math.hypot(e[1][0] - e[0][0], e[1][1] - e[0][1]);
    const dir = [(e[1][0] - e[0][0]) / len, (e[1][1] - e[0][1]) / len];
    const p1 = [m[0] - dir[0] * cap, m[1] - dir[1] * cap];
    const p2 = [m[0] + dir[0] * cap, m[1] + dir[1] * cap];
    // Inward is towards the centre.
    const inward = (geo.centre[0] - m[0]) * -dir[1] + (geo.centre[1] - m[1]) * dir[0] > 0;
    const sweep = inward ? 0 : 1;
    const d = `M${f2(p1)} A${cap.toFixed(2)},${cap.toFixed(2)} 0 0 ${sweep} ${f2(p2)}`;
    const colour = colourOf(j);
    if (kind === 'd') strokes.append(s('path', { d: d + ' Z', class: 'halfdot ' + colour }));
    else strokes.append(s('path', { d, class: 'semi ' + colour }));
  }
  g.append(strokes);
  g.append(s('text', { x: geo.centre[0], y: geo.centre[1] + 5, class: 'letter', 'text-anchor': 'middle' }, [letter]));
  return g;
}

/// A placement as the server gives its parts (`docs/api.md`, "Legal moves"), in the
/// board's terms; `null` for any other action.
function placement(parts) {
  return parts && parts.kind === 'place' ? { type: parts.tile, x: parts.x, y: parts.y, r: parts.rotation } : null;
}

class TrilesBoard {
  constructor(host, ctx) {
    this.ctx = ctx;
    this.selected = null;
    this.rotation = 0;
    this.tileCount = -1;
    this.seen = null; // the number of moves at the last drawing, to show a new tile settle
    this.wrap = h('div', { class: 'board-wrap' });
    this.svg = s('svg', { class: 'board triles' });
    this.keys = new BoardKeys(this.svg, t('board.label', { game: t('game.triles') }));
    this.view = new Viewport(this.svg, { min: 2 * S, max: 60 * S, recentre: () => this.fit() });
    this.wrap.append(this.svg, this.view.tools);
    this.tray = h('div', { class: 'tray' });
    this.info = h('div', { class: 'triles-info' });
    host.append(this.info, this.wrap, this.tray);
    this.onKey = e => {
      if ((e.key === 'r' || e.key === 'R') && this.selected && !e.ctrlKey && !e.metaKey && !/INPUT|TEXTAREA|SELECT/.test(document.activeElement?.tagName || '')) {
        this.rotate();
      }
    };
    document.addEventListener('keydown', this.onKey);
  }

  destroy() {
    document.removeEventListener('keydown', this.onKey);
  }

  reset() {
    this.selected = null;
  }

  colourName(colour) {
    return colour ? t('triles.' + colour) : t('triles.undecided');
  }

  render(model) {
    this.model = model;
    const { view } = model;
    // The placements as the server gives their parts: no notation to read.
    this.placements = (model.mine ? model.choices : []).map(placement).filter(Boolean);
    this.renderInfo();
    this.renderTable();
    this.renderTray();
    this.prompt();
  }

  renderInfo() {
    const v = this.model.view;
    const parts = [];
    parts.push(h('span', { class: 'chip', 'data-pool': v.pool_size }, [t('triles.pool', { n: v.pool_size })]));
    if (v.next) parts.push(h('span', { class: 'chip' }, [t('triles.next', { tile: v.next })]));
    for (const p of v.players || []) {
      const name = p.seat != null ? seatLabel(p.seat, v) : this.colourName(p.colour);
      parts.push(h('span', { class: 'chip player-' + p.colour, 'data-hand-size': p.hand_size }, [
        h('span', { class: 'swatch ' + p.colour }), t('triles.handsize', { name: cap(name), n: p.hand_size }),
      ]));
    }
    clear(this.info).append(...parts);
  }

  renderTable() {
    const { view } = this.model;
    this.keys.begin();
    const svg = clear(this.svg);
    const types = view.types || {};
    const taken = new Set(view.tiles.map(tl => `${tl.x},${tl.y}`));
    const frontier = new Map();
    for (const tl of view.tiles) {
      for (const [nx, ny] of neighbours(tl.x, tl.y)) {
        const k = `${nx},${ny}`;
        if (!taken.has(k)) frontier.set(k, [nx, ny]);
      }
    }
    const fits = new Set();
    if (this.selected) {
      for (const p of this.placements) {
        if (p.type === this.selected && p.r === this.rotation) fits.add(`${p.x},${p.y}`);
      }
    }
    this.fitCount = fits.size;
    const layer = s('g', { class: 'tiles' });
    const last = placement(this.model.last);
    for (const tl of view.tiles) {
      const isLast = last && last.x === tl.x && last.y === tl.y;
      layer.append(tileShape(types[tl.type], tl.type, tl.x, tl.y, tl.rotation, isLast ? 'last' : ''));
    }
    svg.append(layer);
    if (isNew(this.seen, this.model.moves, this.model.last)) settle(layer.querySelector('.tile.last'));
    this.seen = this.model.moves.length;
    const proposed = placement(this.model.proposedParts);
    const cells = s('g', { class: 'cells' });
    for (const [k, [x, y]] of frontier) {
      const geo = cellGeometry(x, y);
      const g = s('g', { class: 'cell' + (fits.has(k) ? ' fit' : ''), 'data-cell': k });
      g.append(s('polygon', { points: pts(geo.points) }));
      g.addEventListener('click', () => this.tapCell(x, y));
      this.keys.target(g, k, [
        t('triles.cell', { x, y }),
        fits.has(k) ? t('triles.cell.fit') : null,
        proposed && `${proposed.x},${proposed.y}` === k ? t('board.proposed') : null,
      ].filter(Boolean).join(', '), () => this.tapCell(x, y));
      cells.append(g);
    }
    svg.append(cells);
    const hint = placement(this.model.hint);
    if (hint) svg.append(tileShape(types[hint.type], hint.type, hint.x, hint.y, hint.r, 'ghost hint'));
    if (proposed) {
      const ghost = tileShape(types[proposed.type], proposed.type, proposed.x, proposed.y, proposed.r, 'ghost proposed');
      ghost.addEventListener('click', () => this.ctx.commit(this.model.proposed));
      svg.append(ghost);
    }
    this.bounds = this.extent([...view.tiles.map(tl => [tl.x, tl.y]), ...frontier.values()]);
    if (!this.view.box || (!this.view.userMoved && view.tiles.length !== this.tileCount)) this.fit();
    this.tileCount = view.tiles.length;
    this.view.apply();
    this.keys.end();
  }

  extent(cells) {
    let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
    for (const [x, y] of cells) {
      for (const [px, py] of cellGeometry(x, y).points) {
        x0 = Math.min(x0, px); y0 = Math.min(y0, py); x1 = Math.max(x1, px); y1 = Math.max(y1, py);
      }
    }
    if (!Number.isFinite(x0)) return { x: -S, y: -S, w: 2 * S, h: 2 * S };
    return { x: x0, y: y0, w: x1 - x0, h: y1 - y0 };
  }

  fit() {
    const b = this.bounds || { x: -S, y: -S, w: 2 * S, h: 2 * S };
    const rect = this.svg.getBoundingClientRect();
    const aspect = rect.width > 0 && rect.height > 0 ? rect.width / rect.height : 1.4;
    const pad = S * 0.4;
    let w = Math.max(b.w + 2 * pad, 3 * S);
    let hh = Math.max(b.h + 2 * pad, 3 * S);
    if (w / hh > aspect) hh = w / aspect; else w = hh * aspect;
    this.view.show({ x: b.x + b.w / 2 - w / 2, y: b.y + b.h / 2 - hh / 2, w, h: hh });
  }

  renderTray() {
    const { view } = this.model;
    const tray = clear(this.tray);
    const hand = view.hand;
    // In `open-hands` the other hand lies face up (both, for a spectator or before the
    // colours are drawn): shown, not played from.
    const own = view.viewer && view.viewer.colour;
    const open = (view.players || []).filter(p => p.hand && p.colour !== own);
    if (!hand && !open.length) {
      tray.classList.add('empty');
      return;
    }
    tray.classList.remove('empty');
    if (hand) tray.append(this.ownHand(hand));
    for (const p of open) tray.append(this.openHand(p));
  }

  /// A tile of the tray or of an open hand, drawn in `rotation`.
  mini(letter, rotation) {
    const mini = s('svg', { viewBox: `${-S / 2 - 6} ${-H - 6} ${S + 12} ${H + 12}`, class: 'mini' });
    mini.append(tileShape(this.model.view.types[letter], letter, 0, 0, rotation));
    return mini;
  }

  ownHand(hand) {
    const { view } = this.model;
    const title = h('div', { class: 'tray-title' }, [t('triles.hand'),
      view.viewer && view.viewer.colour ? ' — ' + t('triles.colour', { colour: t('triles.' + view.viewer.colour) }) : '']);
    const row = h('div', { class: 'tray-tiles' });
    if (this.selected && !hand[this.selected]) this.selected = null;
    for (const letter of Object.keys(hand).sort()) {
      const selected = letter === this.selected;
      const playable = this.placements.some(p => p.type === letter);
      const button = h('button', {
        type: 'button',
        class: 'hand-tile' + (selected ? ' selected' : '') + (playable ? ' playable' : ''),
        'data-tile': letter,
        'aria-pressed': selected ? 'true' : 'false',
        onclick: () => this.tapHand(letter),
      }, [this.mini(letter, selected ? this.rotation : 0), h('span', { class: 'count' }, ['×' + hand[letter]])]);
      row.append(button);
    }
    return h('div', { class: 'own-hand' }, [title, row]);
  }

  /// Another player's hand, face up in `open-hands`.
  openHand(player) {
    const { view } = this.model;
    const name = player.seat != null ? seatLabel(player.seat, view) : this.colourName(player.colour);
    const row = h('div', { class: 'tray-tiles' });
    for (const letter of Object.keys(player.hand).sort()) {
      row.append(h('span', { class: 'open-tile', 'data-tile': letter }, [
        this.mini(letter, 0), h('span', { class: 'count' }, ['×' + player.hand[letter]]),
      ]));
    }
    return h('div', { class: 'open-hand', 'data-hand': player.colour }, [
      h('div', { class: 'tray-title' }, [t('triles.openhand', { name: cap(name) })]), row,
    ]);
  }

  tapHand(letter) {
    if (this.selected === letter) {
      this.rotate();
      return;
    }
    this.selected = letter;
    // Start in a rotation where the tile fits, if any.
    const fitting = [0, 1, 2].find(r => this.placements.some(p => p.type === letter && p.r === r));
    this.rotation = fitting ?? 0;
    this.ctx.propose(null);
  }

  rotate() {
    this.rotation = (this.rotation + 1) % 3;
    const proposed = placement(this.model.proposedParts);
    if (proposed && proposed.type === this.selected) {
      const again = `${proposed.type}@${proposed.x},${proposed.y},${this.rotation}`;
      this.ctx.propose(this.model.legal.includes(again) ? again : null);
    } else {
      this.ctx.redraw();
    }
  }

  tapCell(x, y) {
    const { model, ctx } = this;
    if (!model.mine || !this.selected) return;
    const action = `${this.selected}@${x},${y},${this.rotation}`;
    if (model.proposed === action) ctx.commit(action);
    else if (model.legal.includes(action)) ctx.propose(action);
    else ctx.attempt(action);
  }

  prompt() {
    const { model, ctx } = this;
    const v = model.view;
    const legal = model.mine ? model.legal : [];
    const buttons = [];
    if (this.selected) {
      buttons.push({ label: t('triles.rotate'), onClick: () => this.rotate(), tool: 'rotate' });
    }
    if (!model.mine) {
      ctx.actions([]);
      return;
    }
    const gives = legal.filter(a => a.startsWith('give '));
    if (gives.length) {
      const other = v.players.find(p => v.viewer && p.colour !== v.viewer.colour);
      ctx.prompt(t('triles.give', { name: other ? this.colourName(other.colour) : '' }));
      ctx.actions(gives.map(a => ({
        label: a === 'give -' ? t('triles.give.none') : t('triles.give.tile', { tile: a.slice(5) }),
        action: a,
        // The gift is what a wedge earns; giving nothing is the lesser choice.
        primary: a !== 'give -',
      })));
      return;
    }
    if (legal.includes('draw')) {
      ctx.prompt(t('triles.draw.why'));
      ctx.actions([{ label: t('triles.draw'), action: 'draw', primary: true }]);
      return;
    }
    if (legal.includes('pass') && !this.placements.length) {
      // An owed extra tile that fits nowhere ends the turn (the pool is not the reason).
      ctx.prompt(passWhy(v));
      ctx.actions([{ label: t('triles.pass'), action: 'pass', primary: true }]);
      return;
    }
    const lines = [];
    if (v.pending && v.pending.extra) lines.push(t('triles.extra', { n: v.pending.extra }));
    if (!this.selected) lines.push(t('triles.pick'));
    else if (this.fitCount) lines.push(t('triles.place', { n: this.fitCount }));
    else lines.push(t('triles.nofit'));
    ctx.prompt(lines.join(' '));
    ctx.actions(buttons);
  }
}

/// Why the only choice is to pass: an owed extra tile that fits nowhere (which cancels
/// the rest of the turn), or no tile to lay with the pool empty.
function passWhy(view) {
  if (view.pending && view.pending.extra) return t('triles.pass.owed', { n: view.pending.extra });
  return t('triles.pass.why');
}

/// A seat by its colour once drawn, else by its number.
function seatLabel(seat, view) {
  const info = view && view.seats && view.seats[seat];
  if (info && info.colour) return t('triles.' + info.colour);
  return t('triles.player', { n: seat + 1 });
}

/// What the page needs to know of Triles (the contract of games.js).
export const triles = {
  kind: 'triles',
  Board: TrilesBoard,
  options: {},
  seatLabel,
  swatch: (seat, view) => (view && view.seats?.[seat]?.colour) || '',
  resultSentence(view) {
    const r = view.result;
    if (!r) return null;
    if (r.reason === 'empty-hand') return t('triles.end.empty-hand', { name: cap(word(r.winner)) });
    return t('triles.end.both-passed');
  },
  /// A move in words: "lays A at 0,1 (turned 2)", "draws", "gives A".
  moveText(parts) {
    if (!parts) return null;
    if (parts.kind === 'place') return t('words.triles.place', { tile: parts.tile, x: parts.x, y: parts.y, rotation: parts.rotation });
    if (parts.kind === 'draw' || parts.kind === 'pass') return t('words.triles.' + parts.kind);
    if (parts.kind === 'give') return parts.tile ? t('words.triles.give', { tile: parts.tile }) : t('words.triles.give.none');
    return null;
  },
  /// The last tile laid is framed.
  lastMove(moves) {
    const last = moves.findLast(m => m.seat != null && placement(m.parts));
    return last ? last.parts : null;
  },
  /// Chance's outcomes in words: a tile out of the pool (to its holder alone), the colours
  /// and the first player drawn.
  chanceText: move => {
    const [what, arg] = (move.action ?? '').split(':');
    if (what === 'draw' && arg) return t('triles.drewtile', { tile: arg });
    if (what === 'black' && arg) return t('triles.blackseat', { name: t('triles.player', { n: arg }) });
    if (what === 'first' && arg) return t('triles.starts', { colour: t(arg === 'B' ? 'triles.black' : 'triles.white') });
    return move.action ?? t('triles.drew');
  },
  /// The position in words: the tiles on the table, and the hand of the seat shown.
  describe(view) {
    const tiles = view.tiles.map(tl => t('triles.tile.at', { tile: tl.type, x: tl.x, y: tl.y, rotation: tl.rotation }));
    const lines = [t('triles.table', { tiles: tiles.join('; ') || t('board.describe.none') })];
    if (view.hand) {
      const hand = Object.keys(view.hand).sort().map(letter => `${letter} ×${view.hand[letter]}`);
      lines.push(t('triles.hand.is', { tiles: hand.join(', ') || t('board.describe.none') }));
    }
    return lines;
  },
  /// The setup's ~19 draws (colours, first mover, the deal, the starting tile) are one line.
  setupText: () => t('triles.dealt'),
  lastRoll: () => null,
  turnOrder: () => null,
  /// Each hand is hidden from the other seat but in `open-hands`: a hot seat passes the
  /// device between the players.
  // A seat is out only when the game is over.
  done: () => false,
  hidesHands: view => !(view.variants || []).includes('open-hands'),
};
