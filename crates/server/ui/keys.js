// Keyboard play on a board: its targets (squares, cells, fields, the die) are labelled
// buttons sharing one tab stop; the arrow keys move the focus to the nearest target that
// way on screen (whatever the board's shape: a grid, triangles, rings), Enter or Space
// chooses it as a tap would, and a ring is drawn round it. A board is drawn anew at every
// change, so the focus is put back on the same target (by its key) after each drawing.

import { s } from './dom.js';

const ARROWS = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowDown: [0, 1], ArrowUp: [0, -1] };

export class BoardKeys {
  /// Keys for the targets of `svg`, labelled as a whole by `label` (the board's name).
  constructor(svg, label) {
    this.svg = svg;
    this.current = null; // the key of the target with the tab stop
    this.actions = new Map();
    svg.setAttribute('role', 'group');
    svg.setAttribute('aria-label', label);
    svg.addEventListener('keydown', e => this.key(e));
    this.inside = false; // whether the focus is on the board (or was, till a drawing took it)
    svg.addEventListener('focusin', e => {
      this.inside = true;
      const el = e.target.closest('[data-key]');
      if (el) this.focused(el);
    });
    svg.addEventListener('focusout', e => {
      if (this.ring) this.ring.remove();
      if (e.relatedTarget && !svg.contains(e.relatedTarget)) this.inside = false;
    });
  }

  /// Before the board is drawn: whether the focus is on one of its targets, or was until
  /// the page took the board out to draw it (the focus is then on nothing).
  begin() {
    const now = document.activeElement;
    this.hadFocus = this.inside && (!now || now === document.body || this.svg.contains(now));
    this.actions.clear();
  }

  /// Makes `el` a target: its key (stable between drawings), its label and what choosing it does.
  target(el, key, label, choose) {
    el.setAttribute('data-key', key);
    el.setAttribute('role', 'button');
    el.setAttribute('tabindex', '-1');
    el.setAttribute('aria-label', label);
    this.actions.set(key, choose);
    return el;
  }

  /// After the board is drawn: the tab stop on the same target as before while the focus
  /// is on the board, else on `preferred` (where a player would start) when the board has
  /// it, else as before, else on the first; and the focus back on it if it was on the board.
  end(preferred) {
    const els = [...this.svg.querySelectorAll('[data-key]')];
    const find = key => key != null && els.find(e => e.dataset.key === key);
    const el = (this.hadFocus && find(this.current)) || find(preferred) || find(this.current) || els[0];
    if (!el) return;
    el.setAttribute('tabindex', '0');
    this.current = el.dataset.key;
    if (this.hadFocus) el.focus({ preventScroll: true });
  }

  focused(el) {
    for (const other of this.svg.querySelectorAll('[data-key][tabindex="0"]')) other.setAttribute('tabindex', '-1');
    el.setAttribute('tabindex', '0');
    this.current = el.dataset.key;
    if (this.ring) this.ring.remove();
    // A tap focuses its target too: the ring is for the keyboard's focus only.
    if (!el.matches(':focus-visible')) return;
    // The ring round the target's box, in the board's coordinates (drawn last, over all).
    const ctm = this.svg.getScreenCTM();
    if (!ctm) return;
    const r = el.getBoundingClientRect();
    const inv = ctm.inverse();
    const a = new DOMPoint(r.left, r.top).matrixTransform(inv);
    const b = new DOMPoint(r.right, r.bottom).matrixTransform(inv);
    const pad = Math.abs(b.x - a.x) * 0.06;
    const box = { x: a.x - pad, y: a.y - pad, width: b.x - a.x + 2 * pad, height: b.y - a.y + 2 * pad, rx: pad * 2 };
    // Dark round light, seen on every board's colours.
    this.ring = s('g', { class: 'focus-ring', 'pointer-events': 'none', 'data-focus': this.current }, [
      s('rect', { ...box, class: 'outer' }), s('rect', { ...box, class: 'inner' }),
    ]);
    this.svg.append(this.ring);
  }

  key(e) {
    const el = e.target.closest && e.target.closest('[data-key]');
    if (!el) return;
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      // The board chooses; the page's own Enter (confirm the move shown) must not also.
      e.stopPropagation();
      const choose = this.actions.get(el.dataset.key);
      if (choose) choose();
      return;
    }
    const dir = ARROWS[e.key];
    if (!dir) return;
    e.preventDefault();
    e.stopPropagation();
    const next = nearest(el, [...this.svg.querySelectorAll('[data-key]')], dir);
    if (next) next.focus();
  }
}

const centre = el => {
  const r = el.getBoundingClientRect();
  return [r.left + r.width / 2, r.top + r.height / 2];
};

/// The target nearest to `from` in direction `dir` on screen: within 45° of it if any is,
/// else anywhere ahead; nearer along the direction counts less than off to its side.
export function nearest(from, els, dir) {
  const [x, y] = centre(from);
  let best = null;
  for (const cone of [true, false]) {
    for (const el of els) {
      if (el === from) continue;
      const [cx, cy] = centre(el);
      const along = (cx - x) * dir[0] + (cy - y) * dir[1];
      const side = Math.abs((cx - x) * dir[1] - (cy - y) * dir[0]);
      if (along < 1 || (cone && side > along)) continue;
      const score = along + 2 * side;
      if (!best || score < best.score) best = { el, score };
    }
    if (best) return best.el;
  }
  return null;
}
