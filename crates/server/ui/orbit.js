// Na orbicie: any board (docs/rules/orbit-boards.md), drawn from the geometry in the view:
// the centre, the orbits as rings (or arcs) with field 0 at the top numbered clockwise, the
// final orbit as the home ring, and the lines between orbits. Pawns in their colours; a
// protected pawn wears a ring. The die shows the last roll. Tap a pawn of yours: its
// destinations light up; a capture then asks where the captured pawn goes.
//
// The pawns are in the Okabe–Ito colours (told apart with any colour vision); every mark
// is white or the hint's purple, never a pawn's colour, and each kind has its own shape:
// a dot where a pawn may end, a crosshair on a pawn it may capture, hatching where a
// captured pawn may go, a dotted ring round a pawn that can move, a diamond round the
// last move's fields and corner brackets round the chosen pawn, drawn over it.
//
// On a narrow screen the board is too small for a finger (fields 20 px apart): it is shown
// zoomed so that fields are FINGER px apart, round the places in play, and pans and zooms
// as Triles' table does (viewport.js).

import { h, s, clear } from './dom.js';
import { t } from './i18n.js';
import { BoardKeys } from './keys.js';
import { Viewport } from './viewport.js';
import { isNew, settle, slide, tumble } from './motion.js';

const R0 = 60; // centre radius
const SPAN = 364; // from the centre's edge to the home ring, whatever the number of orbits
const EXTENT = R0 + SPAN + 46; // the board's half-width, the field numbers outside the home ring
const FINGER = 46; // px between two fields' centres at least, where the screen is narrow
const NARROW = '(max-width: 820px)'; // style.css's one-column page
/// The pawns' colours by name (Okabe–Ito; ui/tests/orbit.test.js checks them as a deuteranope sees them).
export const COLOURS = { red: '#d55e00', green: '#009e73', blue: '#0072b2', yellow: '#f0e442' };
const SEAT_COLOURS = ['red', 'green', 'blue', 'yellow']; // seat i plays SEAT_COLOURS[i]
const PIPS = {
  1: [[0, 0]], 2: [[-1, -1], [1, 1]], 3: [[-1, -1], [0, 0], [1, 1]],
  4: [[-1, -1], [1, -1], [-1, 1], [1, 1]], 5: [[-1, -1], [1, -1], [0, 0], [-1, 1], [1, 1]],
  6: [[-1, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [1, 1]],
};

/// Where everything of a board goes: orbit k (from 1) at radius(k), its fields evenly
/// round it; the last orbit is home. Spots and pawns shrink on crowded boards.
class Layout {
  constructor(geometry) {
    this.orbits = geometry.orbits;
    this.lines = geometry.lines.map(line => line.split('-'));
    this.home = this.orbits.length; // the final orbit
    this.dr = Math.min(52, SPAN / this.home);
    let gap = this.dr;
    for (let k = 1; k < this.home; k++) gap = Math.min(gap, (2 * Math.PI * this.radius(k)) / this.fields(k));
    this.gap = gap; // the least distance between two fields
    this.spot = Math.min(17, gap * 0.42);
    this.pawn = this.spot * 0.76;
    this.uniform = this.orbits.slice(0, -1).every(o => o.fields === this.orbits[0].fields);
  }

  radius(orbit) {
    return R0 + orbit * this.dr;
  }

  fields(orbit) {
    return this.orbits[orbit - 1].fields;
  }

  angle(orbit, field) {
    return (field / this.fields(orbit)) * 2 * Math.PI;
  }

  xy(orbit, field, r = this.radius(orbit)) {
    const a = this.angle(orbit, field);
    return [r * Math.sin(a), -r * Math.cos(a)];
  }

  /// Field `k.i` as a point; one of the final orbit is on the home ring.
  placeXY(name) {
    const [k, i] = name.split('.').map(Number);
    return this.xy(k, i);
  }

  /// The place nearest to board point x, y: `C`, a field `k.i`, `H` on the home ring, or
  /// `null` outside the board (on a phone the fields are small: a tap goes to the nearest).
  nearest(x, y) {
    const r = Math.hypot(x, y);
    if (r < R0 - 6) return 'C';
    const k = Math.round((r - R0) / this.dr);
    if (k >= this.home) return r < this.radius(this.home) + 25 ? 'H' : null;
    const orbit = Math.max(k, 1);
    const n = this.fields(orbit);
    const angle = Math.atan2(x, -y);
    const i = ((Math.round((angle / (2 * Math.PI)) * n) % n) + n) % n;
    return `${orbit}.${i}`;
  }
}

/// An action as the server gives its parts (`docs/api.md`, "Legal moves"), in the board's
/// terms.
function shape(parts) {
  if (!parts) return null;
  if (parts.kind === 'enter') return { enter: parts.at };
  if (parts.kind === 'move') return { from: parts.from, to: parts.to, relocate: parts.relocate };
  if (parts.kind === 'die') return { die: parts.face };
  return { word: parts.kind };
}

function lastRoll(moves) {
  for (let i = moves.length - 1; i >= 0; i--) {
    const p = shape(moves[i].parts);
    if (p && p.die) {
      // The roller is the seat of the `roll` just before.
      const roller = i > 0 ? moves[i - 1].seat : null;
      return { face: p.die, seat: roller, index: i };
    }
  }
  return null;
}

class OrbitBoard {
  constructor(host, ctx) {
    this.ctx = ctx;
    this.sel = null; // {from, to?}
    this.seen = null; // the number of moves at the last drawing, to show a new one moving
    this.full = { x: -EXTENT, y: -EXTENT, w: 2 * EXTENT, h: 2 * EXTENT };
    this.svg = s('svg', { class: 'board orbit', viewBox: `${-EXTENT} ${-EXTENT} ${2 * EXTENT} ${2 * EXTENT}` });
    this.keys = new BoardKeys(this.svg, t('board.label', { game: t('game.orbit') }));
    // A tap goes to the nearest field (on a phone the fields are small): by its orbit from
    // the distance to the centre, and its field from the angle.
    this.svg.addEventListener('click', e => {
      const ctm = this.svg.getScreenCTM();
      if (!ctm || !this.model) return;
      const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(ctm.inverse());
      const place = this.layout.nearest(p.x, p.y);
      if (place) this.tapField(place);
    });
    this.view = new Viewport(this.svg, { min: 4 * R0, max: this.full.w, recentre: () => this.fit() });
    host.append(h('div', { class: 'board-wrap' }, [this.svg, this.view.tools]));
  }

  /// The whole board, or where the screen is narrow and the board too small for a finger,
  /// as much of it as keeps fields FINGER px apart, round the places in play: the targets,
  /// else the pawns that can move, else the last move, else the centre.
  fit() {
    const rect = this.svg.getBoundingClientRect();
    const scale = Math.min(rect.width / this.full.w, rect.height / this.full.h);
    const need = FINGER / this.layout.gap;
    if (!matchMedia(NARROW).matches || !(rect.width > 0) || scale >= need) {
      this.view.show({ ...this.full });
      return;
    }
    const last = shape(this.model.last);
    const lastPlaces = last ? [last.from, last.to, last.enter].filter(Boolean) : [];
    const movable = this.moves.map(m => m.from).filter(Boolean);
    const places = [[...this.targets.keys()], movable, lastPlaces].find(list => list.length) || ['C'];
    const points = places.map(p => (p === 'C' ? [0, 0] : p === 'H' ? [0, -this.layout.radius(this.layout.home)] : this.layout.placeXY(p)));
    const cx = points.reduce((a, p) => a + p[0], 0) / points.length;
    const cy = points.reduce((a, p) => a + p[1], 0) / points.length;
    const w = rect.width / need;
    const hh = rect.height / need;
    const clamp = (v, size) => Math.min(Math.max(v - size / 2, -EXTENT), EXTENT - size);
    this.view.show({ x: clamp(cx, w), y: clamp(cy, hh), w, h: hh });
  }

  reset() {
    this.sel = null;
  }

  render(model) {
    this.model = model;
    const { view } = model;
    const layout = (this.layout = new Layout(view.geometry));
    const { home } = layout;
    // The legal moves as the server gives their parts: no notation to read.
    this.moves = (model.mine ? model.choices : []).map(shape);
    this.keys.begin();
    const svg = clear(this.svg);
    svg.append(s('defs', {}, [s('pattern', { id: 'orbit-hatch', width: 6, height: 6, patternUnits: 'userSpaceOnUse', patternTransform: 'rotate(45)' }, [
      s('line', { x1: 0, y1: 0, x2: 0, y2: 6, class: 'hatch-line' }),
    ])]));
    const last = shape(model.last);
    const hint = shape(model.hint);
    const proposed = shape(model.proposedParts);

    // The home ring (the final orbit) and the orbits, then the lines between them.
    svg.append(s('circle', { r: layout.radius(home), class: 'home-ring' + (this.homeTarget() ? ' target' : ''), 'data-field': 'H' }));
    // Home as a target of its own at the ring's label (the ring itself spans the board).
    const homeLabel = s('g', { class: 'home-label', 'data-field': 'H' }, [
      s('rect', { x: -36, y: -layout.radius(home) - 26, width: 72, height: 52, rx: 8, class: 'home-spot' }),
      s('text', { x: 0, y: -layout.radius(home) + 6, class: 'ring-label', 'text-anchor': 'middle' }, [t('orbit.home')]),
    ]);
    const homePawns = (view.seats || []).filter(x => x.home).map(x => `${t('orbit.' + x.colour)} ${x.home}`);
    this.keys.target(homeLabel, 'H', [t('orbit.home.is', { pawns: homePawns.join(', ') || t('board.describe.none') }),
      this.homeTarget() && t('orbit.home.end')].filter(Boolean).join(', '), () => this.tapField('H'));
    svg.append(homeLabel);
    for (let k = 1; k < home; k++) {
      const n = layout.fields(k);
      if (layout.orbits[k - 1].ring || n < 2) {
        svg.append(s('circle', { r: layout.radius(k), class: 'orbit-ring' }));
      } else {
        // An arc from field 0 clockwise to the last field; its ends stay apart.
        const [x1, y1] = layout.xy(k, 0);
        const [x2, y2] = layout.xy(k, n - 1);
        const large = layout.angle(k, n - 1) > Math.PI ? 1 : 0;
        const r = layout.radius(k);
        svg.append(s('path', { d: `M${x1},${y1} A${r},${r} 0 ${large} 1 ${x2},${y2}`, class: 'orbit-ring arc' }));
      }
    }
    for (const [a, b] of layout.lines) {
      const [x1, y1] = layout.placeXY(a);
      const [x2, y2] = layout.placeXY(b);
      svg.append(s('line', { x1, y1, x2, y2, class: 'orbit-line' }));
    }
    // Home counts per colour.
    const seats = view.seats || [];
    seats.forEach((seat, n) => {
      const a = ((n + 0.5) / seats.length) * 2 * Math.PI + Math.PI / 4;
      const r = layout.radius(home);
      svg.append(s('g', { class: 'home-count', 'data-home': seat.colour }, [
        s('circle', { cx: r * Math.sin(a), cy: -r * Math.cos(a), r: 15, fill: COLOURS[seat.colour], class: 'pawn-body' }),
        s('text', { x: r * Math.sin(a), y: -r * Math.cos(a) + 5, 'text-anchor': 'middle', class: 'count-label' }, [String(seat.home)]),
      ]));
    });

    // Targets for the selection.
    const targets = new Map();
    const mover = this.moverColour();
    if (this.sel && !this.sel.to) {
      for (const m of this.moves) if (m.from === this.sel.from) targets.set(m.to, m.relocate ? 'capture' : 'end');
    } else if (this.sel && this.sel.to) {
      for (const m of this.moves) if (m.from === this.sel.from && m.to === this.sel.to && m.relocate) targets.set(m.relocate, 'drop');
    } else {
      for (const m of this.moves) if (m.enter) targets.set(m.enter, 'enter');
    }
    this.targets = targets;

    // Fields.
    const pawnsAt = new Map();
    for (const p of view.pawns || []) {
      if (!pawnsAt.has(p.at)) pawnsAt.set(p.at, []);
      pawnsAt.get(p.at).push(p);
    }
    const movable = new Set(this.moves.map(m => m.from).filter(Boolean));
    for (let k = 1; k < home; k++) {
      for (let i = 0; i < layout.fields(k); i++) {
        const name = `${k}.${i}`;
        const [x, y] = layout.xy(k, i);
        const classes = ['field'];
        const target = targets.get(name);
        const isLast = last && (last.from === name || last.to === name || last.enter === name);
        const lastDrop = last && last.relocate === name;
        const chosen = this.sel && (this.sel.from === name || this.sel.to === name);
        if (target) classes.push('target', target);
        if (isLast) classes.push('last');
        if (lastDrop) classes.push('lastdrop');
        if (hint && (hint.from === name || hint.to === name || hint.enter === name)) classes.push('hint');
        if (chosen) classes.push('selected');
        if (proposed && (proposed.to === name || proposed.enter === name || proposed.relocate === name)) classes.push('proposed');
        const g = s('g', { class: classes.join(' '), 'data-field': name });
        g.append(s('circle', { cx: x, cy: y, r: layout.spot, class: 'spot' }));
        const here = pawnsAt.get(name) || [];
        const canMove = movable.has(name) && here.some(p => p.colour === mover);
        for (const p of here) g.append(pawn(x, y, layout.pawn, p, canMove && p.colour === mover));
        // The marks after the pawns, so that none hides under one.
        const r = layout.spot;
        if (isLast || lastDrop) g.append(s('polygon', { points: [[0, -1], [1, 0], [0, 1], [-1, 0]].map(([dx, dy]) => `${x + dx * r * 1.6},${y + dy * r * 1.6}`).join(' '), class: 'mark last' + (lastDrop ? ' drop' : '') }));
        if (canMove && !chosen) g.append(s('circle', { cx: x, cy: y, r: r * 1.3, class: 'mark movable' }));
        if (chosen) g.append(s('path', { d: brackets(x, y, r * 1.45), class: 'mark chosen' }));
        if (target === 'capture') g.append(s('path', { d: crosshair(x, y, r), class: 'mark target capture' }));
        else if (target === 'end' || target === 'enter') g.append(s('circle', { cx: x, cy: y, r: r * 0.4, class: 'mark target ' + target }));
        if (!layout.uniform) {
          // Orbits of different sizes: each field has its number just outside it.
          const [lx, ly] = layout.xy(k, i, layout.radius(k) + layout.spot + 7);
          g.append(s('text', { x: lx, y: ly + 3, class: 'field-number small', 'text-anchor': 'middle' }, [String(i)]));
        }
        this.keys.target(g, name, [
          t('orbit.field', { orbit: k, field: i }),
          here.length ? here.map(p => t('orbit.field.pawn', { name: t('orbit.' + p.colour) }) + (p.protected_until ? ', ' + t('orbit.protected', { name: t('orbit.' + p.protected_until) }) : '')).join(', ') : t('board.empty'),
          canMove && t('orbit.field.movable'),
          chosen && t('board.chosen'),
          target && t('orbit.field.' + target),
          proposed && (proposed.to === name || proposed.enter === name || proposed.relocate === name) && t('board.proposed'),
          (isLast || lastDrop) && t('board.last'),
          hint && (hint.from === name || hint.to === name || hint.enter === name) && t('board.hint'),
        ].filter(Boolean).join(', '), () => this.tapField(name));
        svg.append(g);
      }
    }
    // Each orbit's number in the gap before its field 0 (where an orbit's arc is open).
    for (let k = 1; k < home; k++) {
      const [x, y] = layout.xy(k, -0.5);
      svg.append(s('text', { x, y: y + 4, class: 'orbit-number', 'data-orbit': k, 'text-anchor': 'middle' }, [String(k)]));
    }
    if (layout.uniform) {
      // Every orbit alike: the field numbers once, outside the home ring.
      for (let i = 0; i < layout.fields(1); i++) {
        const [x, y] = layout.xy(1, i, layout.radius(home) + 32);
        svg.append(s('text', { x, y: y + 4, class: 'field-number', 'text-anchor': 'middle' }, [String(i)]));
      }
    }

    // The centre with its pawns per colour.
    const centre = s('g', { class: 'centre', 'data-field': 'C' });
    centre.append(s('circle', { r: R0 - 6, class: 'centre-disc' + (targets.has('C') ? ' target' : '') + (proposed && proposed.relocate === 'C' ? ' proposed' : '') }));
    const inCentre = seats.filter(seat => seat.centre > 0);
    // The pawns there, beside the centre's target: its label says them, with their colours.
    const counts = s('g', { class: 'centre-counts', 'aria-hidden': 'true' });
    inCentre.forEach((seat, n) => {
      const a = (n / Math.max(inCentre.length, 1)) * 2 * Math.PI;
      const r = inCentre.length > 1 ? 24 : 0;
      const cx = r * Math.sin(a);
      const cy = -r * Math.cos(a);
      counts.append(s('circle', { cx, cy, r: 14, fill: COLOURS[seat.colour], class: 'pawn-body' }));
      counts.append(s('text', { x: cx, y: cy + 5, 'text-anchor': 'middle', class: 'count-label' }, [String(seat.centre)]));
    });
    const centrePawns = inCentre.map(x => `${t('orbit.' + x.colour)} ${x.centre}`);
    this.keys.target(centre, 'C', [t('orbit.centre.is', { pawns: centrePawns.join(', ') || t('board.describe.none') }),
      targets.has('C') && t('orbit.field.' + targets.get('C')),
      proposed && proposed.relocate === 'C' && t('board.proposed')].filter(Boolean).join(', '), () => this.tapField('C'));
    svg.append(centre, counts);

    // The die.
    const roll = lastRoll(model.moves || []);
    // A roll stays bright while its roller's turn goes on; after that it fades.
    const moves = model.moves || [];
    const stale = roll && moves.slice(roll.index + 1).some(m => m.seat !== roll.seat);
    const die = s('g', { class: 'die' + (view.die === 'rolling' ? ' rolling' : '') + (stale ? ' stale' : ''), transform: `translate(${layout.radius(home) - 10},${-layout.radius(home) + 10})` });
    // The face and pips in a group of their own, which tumbles (the die's own transform places it).
    const face = s('g', { class: 'die-inner' }, [s('rect', { x: -26, y: -26, width: 52, height: 52, rx: 9, class: 'die-face' })]);
    die.append(face);
    if (roll) {
      for (const [dx, dy] of PIPS[roll.face]) face.append(s('circle', { cx: dx * 13, cy: dy * 13, r: 5, class: 'die-pip' }));
      die.setAttribute('data-face', String(roll.face));
      if (this.seen !== null && roll.index >= this.seen) tumble(face);
    }
    const canRoll = this.model.mine && this.model.legal.includes('roll');
    if (canRoll) die.classList.add('can-roll');
    die.addEventListener('click', e => {
      e.stopPropagation();
      if (canRoll) this.ctx.commit('roll');
    });
    this.keys.target(die, 'die', [t('orbit.die'), roll && t('orbit.die.face', { face: roll.face }), canRoll && t('orbit.die.roll')].filter(Boolean).join(', '),
      () => canRoll && this.ctx.commit('roll'));
    svg.append(die);

    this.showMove(svg, model);
    // The view follows the play till the player moves it (the focus ring needs it first).
    if (!this.view.userMoved) this.fit();
    this.keys.end();
    this.prompt();
  }

  /// A new move shown moving: the pawn slides from its field (a captured one from the
  /// field it was taken on), a pawn entered settles.
  showMove(svg, model) {
    const last = shape(model.last);
    if (last && isNew(this.seen, model.moves, model.last)) {
      const at = name => svg.querySelector(`[data-field="${name}"] .pawn:last-of-type`);
      const place = name => (name === 'C' ? [0, 0] : this.layout.placeXY(name));
      if (last.enter) settle(at(last.enter));
      if (last.from && last.to !== 'H') {
        const [[fx, fy], [tx, ty]] = [place(last.from), place(last.to)];
        slide(at(last.to), fx - tx, fy - ty);
      }
      if (last.relocate && last.relocate !== 'C') {
        const [[fx, fy], [tx, ty]] = [place(last.to), place(last.relocate)];
        slide(at(last.relocate), fx - tx, fy - ty);
      }
    }
    this.seen = (model.moves || []).length;
  }

  moverColour() {
    return this.model.view.to_move;
  }

  homeTarget() {
    return this.sel && !this.sel.to && this.moves && this.moves.some(m => m.from === this.sel.from && m.to === 'H');
  }

  tapField(name) {
    const { model, ctx } = this;
    if (!model.mine) return;
    const proposed = shape(model.proposedParts);
    // A capture proposed at once (one place for the captured pawn) is confirmed on its
    // landing field too, the spot tapped first.
    const again = proposed && proposed.relocate && proposed.to === name && onlyDrop(this.moves, proposed.from, name);
    if (proposed && ((proposed.relocate || proposed.to || proposed.enter) === name || again)) {
      ctx.commit(model.proposed);
      return;
    }
    if (this.moves.some(m => m.enter)) {
      const action = `enter ${name}`;
      if (model.legal.includes(action)) ctx.propose(action);
      else if (name !== 'H' && name !== 'C') ctx.attempt(action);
      return;
    }
    const mine = (model.view.pawns || []).some(p => p.at === name && p.colour === this.moverColour());
    if (!this.sel) {
      if (name !== 'H' && name !== 'C' && (model.view.pawns || []).some(p => p.at === name)) {
        this.sel = { from: name };
        ctx.propose(null);
      }
      return;
    }
    if (this.sel.to) {
      if (name === this.sel.to) {
        this.sel = { from: this.sel.from };
        ctx.propose(null);
        return;
      }
      const action = `move ${this.sel.from}-${this.sel.to}>${name}`;
      if (model.legal.includes(action)) ctx.propose(action);
      else ctx.attempt(action);
      return;
    }
    if (name === this.sel.from) {
      this.sel = null;
      ctx.propose(null);
      return;
    }
    const ends = this.moves.filter(m => m.from === this.sel.from && m.to === name);
    const drop = onlyDrop(this.moves, this.sel.from, name);
    if (ends.some(m => !m.relocate)) {
      ctx.propose(`move ${this.sel.from}-${name}`);
    } else if (drop) {
      // One place for the captured pawn (the centre, often): nothing to ask.
      this.sel = { from: this.sel.from, to: name };
      ctx.propose(`move ${this.sel.from}-${name}>${drop}`);
    } else if (ends.length) {
      this.sel = { from: this.sel.from, to: name };
      ctx.propose(null);
    } else if (mine && this.moves.some(m => m.from === name)) {
      this.sel = { from: name };
      ctx.propose(null);
    } else if (name !== 'C') {
      ctx.attempt(`move ${this.sel.from}-${name}`);
    }
  }

  prompt() {
    const { model, ctx } = this;
    if (!model.mine) {
      ctx.actions([]);
      return;
    }
    const legal = model.legal;
    const buttons = [];
    if (legal.includes('roll') && !this.sel) buttons.push({ label: t('orbit.roll'), action: 'roll', primary: true, tool: 'roll' });
    if (legal.includes('pass')) buttons.push({ label: t('orbit.pass'), action: 'pass', primary: true });
    if (this.homeTarget()) buttons.push({ label: t('orbit.home'), tool: 'home', primary: true, onClick: () => this.tapField('H') });
    const { key, args, keep } = promptFor(legal, this.moves, this.sel);
    ctx.prompt(t(key, { ...args, steps: this.sel ? this.stepsFrom(this.sel.from) : null }), keep);
    ctx.actions(buttons);
  }

  stepsFrom(field) {
    const orbit = field.split('.')[0];
    return (this.model.view.pawns || []).filter(p => p.at.split('.')[0] === orbit && p.at.includes('.')).length;
  }
}

/// The one field the pawn captured by `from`-`to` can go to, or `null` when there are
/// several (or none).
export function onlyDrop(moves, from, to) {
  const drops = new Set(moves.filter(m => m.from === from && m.to === to && m.relocate).map(m => m.relocate));
  return drops.size === 1 ? [...drops][0] : null;
}

/// The board's prompt as `{key, args}`, from the legal actions, their shapes and the
/// selection (`{from, to?}`), and `keep` when it stands beside a proposed move: a roll is
/// offered alone while no pawn can move.
export function promptFor(legal, moves, sel) {
  if (moves.some(m => m.enter)) return { key: 'orbit.enter' };
  if (legal.includes('pass')) return { key: 'orbit.pass.why' };
  if (sel && sel.to) {
    const drop = onlyDrop(moves, sel.from, sel.to);
    // The move is proposed at once: the prompt says why, beside "tap again or Confirm".
    return drop ? { key: drop === 'C' ? 'orbit.relocate.centre' : 'orbit.relocate.only', args: { field: drop }, keep: true } : { key: 'orbit.relocate' };
  }
  if (sel) return { key: 'orbit.target' };
  const canMove = moves.some(m => m.from);
  if (legal.includes('roll')) return { key: canMove ? 'orbit.pick' : 'orbit.pick.roll' };
  return { key: 'orbit.pick.move' };
}

/// Four corner brackets of a square of half-side `a` round x, y.
function brackets(x, y, a) {
  const l = a * 0.6;
  return [[-1, -1], [1, -1], [1, 1], [-1, 1]].map(([sx, sy]) => {
    const cx = x + sx * a;
    const cy = y + sy * a;
    return `M${cx - sx * l},${cy} L${cx},${cy} L${cx},${cy - sy * l}`;
  }).join(' ');
}

/// A crosshair: four ticks pointing in at a field of radius `r`.
function crosshair(x, y, r) {
  return [[0, -1], [1, 0], [0, 1], [-1, 0]].map(([dx, dy]) =>
    `M${x + dx * r * 0.5},${y + dy * r * 0.5} L${x + dx * r * 1.7},${y + dy * r * 1.7}`).join(' ');
}

function pawn(x, y, r, p, movable) {
  const g = s('g', { class: 'pawn' + (movable ? ' movable' : '') + (p.protected_until ? ' protected' : ''), 'data-colour': p.colour });
  if (p.protected_until) {
    g.append(s('circle', { cx: x, cy: y, r: r * 1.6, class: 'shield', stroke: COLOURS[p.protected_until] }));
    g.append(s('title', {}, [t('orbit.protected', { name: t('orbit.' + p.protected_until) })]));
  }
  g.append(s('circle', { cx: x, cy: y, r, fill: COLOURS[p.colour], class: 'pawn-body' }));
  return g;
}

/// What the page needs to know of Na orbicie (the contract of games.js).
export const orbit = {
  kind: 'orbit',
  Board: OrbitBoard,
  // The turn order is chosen as colours, as many as there are players.
  options: { order: { of: 'players', items: SEAT_COLOURS } },
  seatLabel: seat => t('orbit.' + SEAT_COLOURS[seat]),
  swatch: seat => SEAT_COLOURS[seat],
  resultSentence(view) {
    const r = view.result;
    if (!r) return null;
    return r.turn_limit_reached ? t('orbit.limit') : null;
  },
  /// A move in words: "1.2 → 2.3, the captured pawn to the centre", "enters at 1.5".
  moveText(parts) {
    if (!parts) return null;
    if (parts.kind === 'roll' || parts.kind === 'pass') return t('words.orbit.' + parts.kind);
    if (parts.kind === 'enter') return t('words.orbit.enter', { at: parts.at });
    if (parts.kind !== 'move') return null;
    const place = f => (f === 'H' ? t('orbit.home') : f === 'C' ? t('words.orbit.centre') : f);
    const move = `${parts.from} → ${place(parts.to)}`;
    return parts.relocate ? t('words.orbit.capture', { move, to: place(parts.relocate) }) : move;
  },
  /// A pawn's move or entry is marked, not a roll or a pass.
  lastMove(moves) {
    const last = moves.findLast(m => m.seat != null && m.parts && (m.parts.kind === 'move' || m.parts.kind === 'enter'));
    return last ? last.parts : null;
  },
  // A roll is never hidden.
  /// Chance's outcomes in words: the die's face, the order of play drawn.
  chanceText: move => {
    const p = shape(move.parts);
    if (p && p.die) return t('orbit.chance.die', { face: p.die });
    const order = /^order ([rgby]+)$/.exec(move.action ?? '');
    if (order) return t('orbit.order') + ': ' + [...order[1]].map(c => t('orbit.' + SEAT_COLOURS.find(x => x[0] === c))).join(' → ');
    return move.action ?? t('play.hidden');
  },
  lastRoll,
  /// The position in words: each colour's pawns at home, in the centre and on the board.
  describe(view) {
    return (view.seats || []).map(seat => t('orbit.seat.is', {
      name: t('orbit.' + seat.colour), home: seat.home, centre: seat.centre,
      fields: (view.pawns || []).filter(p => p.colour === seat.colour && p.at.includes('.')).map(p => p.at).join(', ') || t('board.describe.none'),
    }));
  },
  /// The order of play, once drawn (the view lists the seats in it).
  turnOrder(view) {
    if (view.phase === 'order-draw' || !view.seats) return null;
    return {
      letters: view.seats.map(x => x.colour[0]).join(''),
      text: t('orbit.order') + ': ' + view.seats.map(x => t('orbit.' + x.colour)).join(' → '),
    };
  },
  hidesHands: () => false,
  /// A seat with all its pawns home has a place; the others play on.
  done: (view, seat) => (view.seats || []).some(x => x.seat === seat && x.finished != null),
};
