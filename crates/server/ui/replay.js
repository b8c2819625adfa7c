// Replay of a finished game: the position after any number of its record's actions, asked
// of `GET /api/games/{id}/replay/{ply}` (each asked once), and the bar that steps through
// them (first, back, forward, last, a slider). The bar's `data-ply` is the step shown.

import { h } from './dom.js';
import { t } from './i18n.js';
import { api } from './net.js';

export class Replay {
  /// `record`: the game's record; `seat()`: the token to ask with (a seat sees its own
  /// hidden tiles) and the live move list (who chose each action); `changed()` draws,
  /// `failed(error)` says why a position did not come.
  constructor(id, record, { seat, changed, failed }) {
    this.id = id;
    this.actions = record.actions;
    this.seat = seat;
    this.changed = changed;
    this.failed = failed;
    this.total = this.actions.length;
    this.ply = this.total; // the step shown (before the first has come, the live game's)
    this.asked = this.total;
    this.cache = new Map();
    this.view = null; // the position at `ply`, once it has come
    this.moves = [];
    this.goTo(this.total);
  }

  async goTo(ply) {
    ply = Math.max(0, Math.min(this.total, ply));
    this.asked = ply;
    const { token, moves } = this.seat();
    let step = this.cache.get(ply);
    if (!step) {
      try {
        step = await api('GET', `/api/games/${this.id}/replay/${ply}`, { token });
      } catch (e) {
        this.failed(e);
        return;
      }
      this.cache.set(ply, step);
    }
    // Another step was asked meanwhile: it is the one to show.
    if (this.asked !== ply) return;
    this.ply = ply;
    // The record's actions, with who chose them as the live list tells (same line).
    this.moves = this.actions.slice(0, ply).map((action, i) => ({ seat: moves[i] ? moves[i].seat : null, action, parts: moves[i] ? moves[i].parts : null }));
    this.view = step.view;
    this.changed();
  }

  bar(close) {
    // Back and forward step from the step last asked, so quick taps are each a step.
    const button = (name, label, to) => h('button', {
      type: 'button', 'data-replay': name, title: t('replay.' + name), 'aria-label': t('replay.' + name),
      onclick: () => this.goTo(to()),
    }, [label]);
    return h('div', { class: 'replay', 'data-ply': this.ply }, [
      h('strong', {}, [t('replay.title') + ' ']),
      button('first', '|◀', () => 0),
      button('back', '◀', () => this.asked - 1),
      h('span', { class: 'ply' }, [t('replay.ply', { n: this.ply, total: this.total })]),
      button('forward', '▶', () => this.asked + 1),
      button('last', '▶|', () => this.total),
      h('input', { type: 'range', min: 0, max: this.total, value: this.ply, 'data-replay': 'range', oninput: e => this.goTo(Number(e.target.value)) }),
      h('button', { type: 'button', 'data-replay': 'close', onclick: close }, [t('replay.close')]),
    ]);
  }
}
