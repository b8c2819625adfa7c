// A board's view: the box of its SVG that is shown (the viewBox), panned by a drag, zoomed
// by the wheel, a pinch or the + and − buttons, and put back by ◎ as the board likes it.
// A drag is not a tap. Triles' table uses it, and Na orbicie where a finger needs it.

import { h } from './dom.js';
import { t } from './i18n.js';

export class Viewport {
  /// The view of `svg`, its box from `min` to `max` board units wide; `recentre()` is what
  /// ◎ does (the board shows its box with `show`).
  constructor(svg, { min, max, recentre }) {
    this.svg = svg;
    this.min = min;
    this.max = max;
    this.box = null;
    this.userMoved = false; // the player moved the view: the board no longer moves it
    this.tools = h('div', { class: 'board-tools' }, [
      h('button', { type: 'button', class: 'tool', 'data-tool': 'zoomin', title: t('zoomin'), onclick: () => this.zoom(0.8) }, ['+']),
      h('button', { type: 'button', class: 'tool', 'data-tool': 'zoomout', title: t('zoomout'), onclick: () => this.zoom(1.25) }, ['−']),
      h('button', { type: 'button', class: 'tool', 'data-tool': 'recenter', title: t('recenter'), onclick: () => { this.userMoved = false; recentre(); } }, ['◎']),
    ]);
    this.listen();
  }

  show(box) {
    this.box = box;
    this.apply();
  }

  apply() {
    if (!this.box) return;
    const { x, y, w, h: hh } = this.box;
    this.svg.setAttribute('viewBox', `${x.toFixed(1)} ${y.toFixed(1)} ${w.toFixed(1)} ${hh.toFixed(1)}`);
  }

  zoom(factor, at) {
    if (!this.box) return;
    const b = this.box;
    const p = at || { x: b.x + b.w / 2, y: b.y + b.h / 2 };
    const w = Math.min(Math.max(b.w * factor, this.min), this.max);
    const f = w / b.w;
    this.box = { x: p.x - (p.x - b.x) * f, y: p.y - (p.y - b.y) * f, w, h: b.h * f };
    this.userMoved = true;
    this.apply();
  }

  toBoard(clientX, clientY) {
    const rect = this.svg.getBoundingClientRect();
    const b = this.box;
    // preserveAspectRatio meet: the box is scaled uniformly and centred.
    const scale = Math.min(rect.width / b.w, rect.height / b.h);
    const ox = (rect.width - b.w * scale) / 2;
    const oy = (rect.height - b.h * scale) / 2;
    return { x: b.x + (clientX - rect.left - ox) / scale, y: b.y + (clientY - rect.top - oy) / scale, scale };
  }

  listen() {
    const svg = this.svg;
    const pointers = new Map();
    let start = null;
    let dragged = false;
    svg.addEventListener('wheel', e => {
      e.preventDefault();
      const k = e.ctrlKey ? 0.005 : 0.002;
      const step = Math.max(-0.1, Math.min(0.1, e.deltaY * k));
      const p = this.toBoard(e.clientX, e.clientY);
      this.zoom(1 + step, p);
    }, { passive: false });
    svg.addEventListener('pointerdown', e => {
      pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
      dragged = false;
      start = { box: { ...this.box }, pointers: new Map([...pointers].map(([k, v]) => [k, { ...v }])) };
    });
    svg.addEventListener('pointermove', e => {
      if (!pointers.has(e.pointerId) || !start) return;
      pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
      const [a, b] = [...pointers.values()];
      const [a0, b0] = [...start.pointers.values()];
      if (!a0) return;
      const rect = svg.getBoundingClientRect();
      const scale = Math.min(rect.width / start.box.w, rect.height / start.box.h);
      if (pointers.size === 1) {
        const dx = a.x - a0.x;
        const dy = a.y - a0.y;
        if (!dragged && Math.hypot(dx, dy) < 8) return;
        if (!dragged) svg.setPointerCapture(e.pointerId);
        dragged = true;
        this.box = { ...start.box, x: start.box.x - dx / scale, y: start.box.y - dy / scale };
      } else if (b && b0) {
        dragged = true;
        const d0 = Math.hypot(b0.x - a0.x, b0.y - a0.y) || 1;
        const d1 = Math.hypot(b.x - a.x, b.y - a.y) || 1;
        const f = Math.min(Math.max(d0 / d1, 0.2), 5);
        const c0 = { x: (a0.x + b0.x) / 2, y: (a0.y + b0.y) / 2 };
        const c1 = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
        const p = {
          x: start.box.x + (c0.x - rect.left) / scale,
          y: start.box.y + (c0.y - rect.top) / scale,
        };
        const w = Math.min(Math.max(start.box.w * f, this.min), this.max);
        const g = w / start.box.w;
        this.box = {
          x: p.x - (p.x - start.box.x) * g - (c1.x - c0.x) / scale,
          y: p.y - (p.y - start.box.y) * g - (c1.y - c0.y) / scale,
          w,
          h: start.box.h * g,
        };
      }
      this.userMoved = true;
      this.apply();
    });
    const end = e => {
      pointers.delete(e.pointerId);
      start = pointers.size ? { box: { ...this.box }, pointers: new Map([...pointers].map(([k, v]) => [k, { ...v }])) } : null;
    };
    svg.addEventListener('pointerup', end);
    svg.addEventListener('pointercancel', end);
    // A drag is not a tap.
    svg.addEventListener('click', e => {
      if (dragged) {
        e.stopPropagation();
        e.preventDefault();
        dragged = false;
      }
    }, true);
  }
}
