// Gygès: the 6×6 board (South at the bottom, or North for North's player), pieces drawn
// with their rings (1, 2, 3), the mover's active row marked, the goal beyond each edge.
// Tap a piece of the active row: the squares where it can end light up (bounce chains
// are found by the server: a move is written by its result). Ending on a piece offers
// the replacement: the drop squares light up. A chosen move is confirmed by a second tap
// or the Confirm button. The way the chosen move goes, else the last move's, is drawn as
// a line with a ring on each piece bounced on and an arrow off the board to the goal
// (its parts' `path` and `bounces`). Setup is played on the home row.

import { h, s, clear } from './dom.js';
import { t } from './i18n.js';
import { BoardKeys } from './keys.js';
import { isNew, slide } from './motion.js';

// The board's settings, kept by the browser: each piece's value as a numeral beside its
// rings, and in a hot seat the board turned to the player to move.
const SETTINGS = { numerals: 'trio.gyges.numerals', turn: 'trio.gyges.hotseat-turn' };
const setting = name => localStorage.getItem(SETTINGS[name]) === '1';

const FILES = 'abcdef';
const SQ = 100;

/// A move as the server gives its parts (`docs/api.md`, "Legal moves"), in the board's terms.
function shape(parts) {
  if (!parts) return null;
  if (parts.kind === 'setup') return { setup: parts.values };
  return { from: parts.from, to: parts.to, drop: parts.drop, path: parts.path, bounces: parts.bounces };
}

class GygesBoard {
  constructor(host, ctx) {
    this.host = host;
    this.ctx = ctx;
    this.sel = null; // {from, to?}
    this.setup = null;
    this.seen = null; // the number of moves at the last drawing, to show a new one moving
    this.svg = s('svg', { class: 'board gyges', viewBox: '-8 -78 616 756' });
    this.keys = new BoardKeys(this.svg, t('board.label', { game: t('game.gyges') }));
    this.settings = h('div', { class: 'settings' });
    host.append(this.svg, this.settings);
  }

  reset() {
    this.sel = null;
    this.setup = null;
  }

  /// North's player sees the board from North; a hot seat keeps South's view, as a board
  /// that turned every ply would lose both players, unless its setting says to turn.
  flipped() {
    return this.model.you === 1 && (!this.model.hotSeat || setting('turn'));
  }

  /// The settings' check boxes (turning the board only in a hot seat).
  drawSettings() {
    const box = name => h('label', { class: 'setting' }, [h('input', {
      type: 'checkbox', 'data-setting': name, checked: setting(name),
      onchange: e => { localStorage.setItem(SETTINGS[name], e.target.checked ? '1' : '0'); this.render(this.model); },
    }), ' ', t('gyges.setting.' + name)]);
    clear(this.settings).append(box('numerals'), ...(this.model.hotSeat ? [box('turn')] : []));
  }

  xy(square) {
    const f = FILES.indexOf(square[0]);
    const r = Number(square[1]);
    return this.flipped() ? { x: (5 - f) * SQ, y: (r - 1) * SQ } : { x: f * SQ, y: (6 - r) * SQ };
  }

  render(model) {
    this.model = model;
    this.drawSettings();
    const { view } = model;
    // The legal moves as the server gives their parts: no notation to read.
    const moves = (model.mine ? model.choices : []).map(shape);
    this.moves = moves;
    this.keys.begin();
    const svg = clear(this.svg);
    const setupMine = moves.some(m => m.setup);
    const mover = view.to_move;
    const activeRank = view.active_rows && mover ? view.active_rows[mover] : null;
    const last = shape(model.last);
    const hint = shape(model.hint);
    const proposed = shape(model.proposedParts);

    // The goals beyond the edges: North's edge is South's goal and the other way round.
    const topSide = this.flipped() ? 'North' : 'South';
    const bottomSide = this.flipped() ? 'South' : 'North';
    const canGoal = this.sel && !this.sel.to && moves.some(m => m.from === this.sel.from && m.to === 'G');
    const goalY = { top: -70, bottom: 608 };
    for (const [place, side] of [['top', topSide], ['bottom', bottomSide]]) {
      const lit = canGoal && side === mover;
      const g = s('g', { class: 'goal' + (lit ? ' target' : ''), 'data-goal': side });
      g.append(s('rect', { x: 0, y: goalY[place], width: 600, height: 62, rx: 10 }));
      g.append(s('text', { x: 300, y: goalY[place] + 40, 'text-anchor': 'middle' },
        [t('gyges.goal', { name: t('gyges.' + side) })]));
      g.addEventListener('click', () => this.tapGoal(side));
      const goalLabel = [t('gyges.goal', { name: t('gyges.' + side) }), lit ? t('gyges.goal.end') : null];
      this.keys.target(g, 'goal-' + side, said(goalLabel), () => this.tapGoal(side));
      svg.append(g);
    }

    // Squares.
    const targets = new Map(); // square -> 'end' | 'drop'
    if (this.sel && !this.sel.to) {
      for (const m of moves) if (m.from === this.sel.from && m.to !== 'G') targets.set(m.to, 'end');
    } else if (this.sel && this.sel.to) {
      for (const m of moves) if (m.from === this.sel.from && m.to === this.sel.to && m.drop) targets.set(m.drop, 'drop');
    }
    const movable = new Set(moves.map(m => m.from).filter(Boolean));
    for (let r = 1; r <= 6; r++) {
      for (const f of FILES) {
        const sq = f + r;
        const { x, y } = this.xy(sq);
        const dark = (FILES.indexOf(f) + r) % 2 === 0;
        const classes = ['sq', dark ? 'dark' : 'light'];
        if (activeRank === r) classes.push('active');
        if (last && (last.from === sq || last.to === sq)) classes.push('last');
        if (last && last.drop === sq) classes.push('lastdrop');
        if (hint && (hint.from === sq || hint.to === sq || hint.drop === sq)) classes.push('hint');
        if (this.sel && this.sel.from === sq) classes.push('selected');
        if (this.sel && this.sel.to === sq) classes.push('landing');
        if (targets.has(sq)) classes.push('target', targets.get(sq));
        if (proposed && (proposed.to === sq || proposed.drop === sq)) classes.push('proposed');
        const g = s('g', { class: classes.join(' '), 'data-sq': sq });
        g.append(s('rect', { x, y, width: SQ, height: SQ }));
        g.append(s('text', { x: x + 5, y: y + SQ - 6, class: 'coord' }, [sq]));
        const value = this.pieceAt(sq, view, setupMine);
        if (value) {
          const p = piece(x + SQ / 2, y + SQ / 2, value, movable.has(sq), setting('numerals'));
          // The moving piece is lifted while the displaced one finds its square.
          if (this.sel && this.sel.to && this.sel.from === sq) p.classList.add('lifted');
          g.append(p);
        }
        // A target: a dot on an empty square, a ring round a piece to land on.
        if (targets.has(sq)) g.append(s('circle', { cx: x + SQ / 2, cy: y + SQ / 2, r: value ? 45 : 14, class: value ? 'halo' : 'dot' }));
        g.addEventListener('click', () => this.tap(sq));
        this.keys.target(g, sq, said([
          sq, value ? t('gyges.sq.piece', { value }) : t('board.empty'),
          movable.has(sq) && t('gyges.sq.movable'),
          this.sel && (this.sel.from === sq || this.sel.to === sq) && t('board.chosen'),
          targets.get(sq) === 'end' && t('gyges.sq.end'),
          targets.get(sq) === 'drop' && t('gyges.sq.drop'),
          setupMine && this.setupRank() === r && t('gyges.sq.setup'),
          proposed && (proposed.to === sq || proposed.drop === sq) && t('board.proposed'),
          last && (last.from === sq || last.to === sq || last.drop === sq) && t('board.last'),
          hint && (hint.from === sq || hint.to === sq || hint.drop === sq) && t('board.hint'),
        ]), () => this.tap(sq));
        svg.append(g);
      }
    }
    if (activeRank) {
      const { y } = this.xy('a' + activeRank);
      svg.append(s('rect', { x: 1, y: y + 1, width: 598, height: SQ - 2, class: 'activerow', 'pointer-events': 'none' }));
    }
    // The way of the move being chosen (a piece and where it ends), else of the last move.
    const chosen = proposed || (this.sel && this.sel.to && moves.find(m => m.from === this.sel.from && m.to === this.sel.to));
    const way = chosen || (!this.sel && last);
    if (way && way.path) svg.append(this.route(way, chosen ? 'chosen' : 'last'));
    if (last && last.to !== 'G' && isNew(this.seen, model.moves, model.last)) {
      // The piece slides from its square, the one it replaced from the landing square.
      const [from, to] = [this.xy(last.from), this.xy(last.to)];
      slide(svg.querySelector(`[data-sq="${last.to}"] .piece`), from.x - to.x, from.y - to.y);
      if (last.drop) {
        const drop = this.xy(last.drop);
        slide(svg.querySelector(`[data-sq="${last.drop}"] .piece`), to.x - drop.x, to.y - drop.y);
      }
    }
    this.seen = model.moves.length;
    // From outside the board, the tab stop is on a piece that can move.
    this.keys.end(moves.find(m => m.from)?.from);
    this.prompt(setupMine, mover, activeRank);
  }

  /// A move's way as a line through the centres of its squares, a ring on each piece it
  /// bounced on, and an arrow at its end (off the board, into the goal, for a goal move).
  route(move, kind) {
    const centre = sq => { const { x, y } = this.xy(sq); return [x + SQ / 2, y + SQ / 2]; };
    const points = move.path.map(centre);
    if (move.to === 'G') {
      // Off the back row across its edge: one square further, in the goal's band.
      const end = move.path[move.path.length - 1];
      points.push(centre(end[0] + (end[1] === '6' ? 7 : 0)));
    }
    const g = s('g', { class: 'route ' + kind, 'data-route': kind, 'pointer-events': 'none' });
    g.append(s('polyline', { points: points.map(p => p.join(',')).join(' ') }));
    for (const sq of move.bounces || []) {
      const [cx, cy] = centre(sq);
      g.append(s('circle', { cx, cy, r: 22, class: 'bounce', 'data-bounce': sq }));
    }
    const [[x0, y0], [x1, y1]] = points.slice(-2);
    const angle = Math.atan2(y1 - y0, x1 - x0);
    const tip = (a, r) => [x1 + r * Math.cos(angle + a), y1 + r * Math.sin(angle + a)].join(',');
    g.append(s('polygon', { class: 'head', points: [tip(0, 6), tip(2.6, 26), tip(-2.6, 26)].join(' ') }));
    return g;
  }

  pieceAt(sq, view, setupMine) {
    if (setupMine && this.setupRank() === Number(sq[1])) {
      return Number(this.setupValues()[FILES.indexOf(sq[0])]);
    }
    return view.squares[sq];
  }

  setupRank() {
    return this.model.view.to_move === 'North' ? 6 : 1;
  }

  setupValues() {
    if (!this.setup) this.setup = this.setupRank() === 6 ? '321123' : '123321';
    return this.setup;
  }

  prompt(setupMine, mover, activeRank) {
    const { ctx, model } = this;
    if (!model.mine) {
      ctx.actions([]);
      if (model.view.phase === 'setup' && mover) ctx.prompt(t('gyges.setup.wait', { name: t('gyges.' + mover) }));
      return;
    }
    if (setupMine) {
      const valid = this.validSetup();
      ctx.prompt(valid ? t('gyges.setup') : t('gyges.setup.invalid'));
      ctx.actions([
        { label: t('gyges.setup.random'), tool: 'shuffle', onClick: () => this.shuffle() },
        { label: t('play.confirm'), tool: 'setup', primary: true, disabled: !valid, onClick: () => ctx.commit('setup ' + this.setup) },
      ]);
      return;
    }
    ctx.actions([]);
    if (!this.sel) ctx.prompt(t('gyges.pick'));
    else if (!this.sel.to) {
      // A piece off the active row is chosen all the same: a tap then asks the server why not.
      const ways = this.moves.filter(m => m.from === this.sel.from);
      const active = activeRank != null && Number(this.sel.from[1]) === Number(activeRank);
      const stuck = active ? 'gyges.blocked' : 'gyges.cannotmove';
      ctx.prompt(t(!ways.length ? stuck : ways.some(m => m.to === 'G') ? 'gyges.target' : 'gyges.target.nogoal'));
    }
    else ctx.prompt(t('gyges.drop', { square: this.sel.to }));
  }

  validSetup() {
    const v = this.setupValues();
    return [1, 2, 3].every(n => v.split('').filter(c => Number(c) === n).length === 2);
  }

  shuffle() {
    const v = '112233'.split('');
    for (let i = v.length - 1; i > 0; i--) {
      const j = Math.floor(Math.random() * (i + 1));
      [v[i], v[j]] = [v[j], v[i]];
    }
    this.setup = v.join('');
    this.ctx.redraw();
  }

  tap(sq) {
    const { model, ctx } = this;
    if (!model.mine) return;
    const moves = this.moves;
    if (moves.some(m => m.setup)) {
      if (Number(sq[1]) !== this.setupRank()) return;
      const i = FILES.indexOf(sq[0]);
      const v = this.setupValues().split('');
      v[i] = String((Number(v[i]) % 3) + 1);
      this.setup = v.join('');
      ctx.redraw();
      return;
    }
    const proposed = shape(model.proposedParts);
    if (proposed && (proposed.drop || proposed.to) === sq) {
      ctx.commit(model.proposed);
      return;
    }
    const value = model.view.squares[sq];
    if (!this.sel) {
      if (value) this.sel = { from: sq };
      ctx.propose(null);
      return;
    }
    if (this.sel.to) {
      if (sq === this.sel.to) {
        this.sel = { from: this.sel.from };
        ctx.propose(null);
        return;
      }
      const action = `${this.sel.from}-${this.sel.to}=${sq}`;
      if (moves.some(m => m.from === this.sel.from && m.to === this.sel.to && m.drop === sq)) ctx.propose(action);
      else ctx.attempt(action);
      return;
    }
    if (sq === this.sel.from) {
      this.sel = null;
      ctx.propose(null);
      return;
    }
    const ends = moves.filter(m => m.from === this.sel.from && m.to === sq);
    if (ends.some(m => !m.drop)) {
      ctx.propose(`${this.sel.from}-${sq}`);
    } else if (ends.length) {
      this.sel = { from: this.sel.from, to: sq };
      ctx.propose(null);
    } else if (value && moves.some(m => m.from === sq)) {
      this.sel = { from: sq };
      ctx.propose(null);
    } else {
      ctx.attempt(`${this.sel.from}-${sq}`);
    }
  }

  tapGoal(side) {
    const { model, ctx } = this;
    if (!model.mine || !this.sel) return;
    if (side !== model.view.to_move) return;
    const action = `${this.sel.from}-G`;
    if (model.proposed === action) ctx.commit(action);
    else if (this.moves.some(m => m.from === this.sel.from && m.to === 'G')) ctx.propose(action);
    else ctx.attempt(action);
  }
}

/// A piece worth `value`: a disc with as many rings, and with `numeral` its value in a badge.
function piece(cx, cy, value, movable, numeral) {
  const g = s('g', { class: 'piece' + (movable ? ' movable' : ''), 'data-value': value });
  g.append(s('circle', { cx, cy, r: 40, class: 'body' }));
  for (let i = 0; i < value; i++) {
    g.append(s('circle', { cx, cy, r: 33 - i * 10, class: 'ring' }));
  }
  g.append(s('circle', { cx, cy, r: 4, class: 'pip' }));
  if (numeral) {
    g.append(s('circle', { cx: cx + 30, cy: cy - 30, r: 14, class: 'badge' }));
    g.append(s('text', { x: cx + 30, y: cy - 23, 'text-anchor': 'middle', class: 'numeral' }, [String(value)]));
  }
  return g;
}

/// A target's label from its parts, those that hold.
const said = parts => parts.filter(Boolean).join(', ');

const SIDES = ['South', 'North']; // by seat

/// What the page needs to know of Gygès (the contract of games.js).
export const gyges = {
  kind: 'gyges',
  Board: GygesBoard,
  options: {},
  seatLabel: seat => t('gyges.' + SIDES[seat]),
  swatch: seat => SIDES[seat].toLowerCase(),
  resultSentence(view) {
    const r = view.result;
    if (!r) return null;
    const name = r.winner ? t('gyges.' + r.winner) : null;
    if (r.end === 'goal') return t('gyges.end.goal', { name });
    if (r.end === 'no-move') {
      const loser = r.winner === 'South' ? 'North' : 'South';
      return t('gyges.end.no-move', { name: t('gyges.' + loser) });
    }
    return t('gyges.end.' + r.end);
  },
  /// A move is marked, not a setup.
  /// A move in words: "a1 → a3, the piece from a3 to e5", "a1 → the goal, bounces on a2, a5".
  moveText(parts) {
    if (!parts) return null;
    if (parts.kind === 'setup') return t('words.gyges.setup', { values: parts.values.split('').join(' ') });
    const to = parts.to === 'G' ? t('words.gyges.goal') : parts.to;
    const move = parts.drop ? t('words.gyges.drop', { from: parts.from, to, drop: parts.drop }) : `${parts.from} → ${to}`;
    const bounces = parts.bounces && parts.bounces.length ? t('words.gyges.bounces', { squares: parts.bounces.join(', ') }) : null;
    return [move, bounces].filter(Boolean).join(', ');
  },
  /// The position in words, a row a line from North's edge: "Row 1: a1 1, b1 2, …".
  describe(view) {
    const lines = [];
    for (let r = 6; r >= 1; r--) {
      const pieces = [...FILES].map(f => f + r).filter(sq => view.squares[sq]).map(sq => `${sq} ${view.squares[sq]}`);
      lines.push(t('gyges.row', { rank: r, pieces: pieces.join(', ') || t('board.describe.none') }));
    }
    return lines;
  },
  lastMove(moves) {
    const last = moves.findLast(m => m.seat != null && m.parts && m.parts.kind === 'move');
    return last ? last.parts : null;
  },
  // Gygès has no chance: nothing is rolled, nothing hidden.
  chanceText: move => move.action ?? t('play.hidden'),
  lastRoll: () => null,
  turnOrder: () => null,
  // A seat is out only when the game is over.
  done: () => false,
  hidesHands: () => false,
};
