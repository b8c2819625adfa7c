// Replay of a finished game: the position after any number of its record's actions, asked
// of `GET /api/games/{id}/replay/{ply}` (each asked once), and the bar that steps through
// them (first, back, forward, last, a slider, play/pause). The bar's `data-ply` is the step
// shown.

import { h } from './dom.js';
import { t } from './i18n.js';
import { analysisAddress } from './links.js';
import { api } from './net.js';

// Autoplay's pause on each step, long enough to see the move.
const PACE_MS = 900;

export class Replay {
  /// `record`: the game's record; `seat()`: the token to ask with (a seat sees its own
  /// hidden tiles) and the live move list (who chose each action); `changed()` draws,
  /// `failed(error)` says why a position did not come; `analysable`: the step shown may
  /// open on the analysis board (a game with nothing hidden, so nothing to reveal there),
  /// which plays from the usual start with the built-in files.
  constructor(id, record, { seat, changed, failed, analysable }) {
    this.id = id;
    this.spec = record.game;
    this.analysable = analysable && !record.start && !Object.keys(record.definitions ?? {}).length;
    this.actions = record.actions;
    this.seat = seat;
    this.changed = changed;
    this.failed = failed;
    this.total = this.actions.length;
    this.ply = this.total; // the step shown (before the first has come, the live game's)
    this.asked = this.total;
    this.cache = new Map();
    this.view = null; // the position at `ply`, once it has come
    this.playing = false;
    this.timer = null;
    this.moves = [];
    this.all = [];
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
        this.stop();
        this.failed(e);
        return;
      }
      this.cache.set(ply, step);
    }
    // Another step was asked meanwhile: it is the one to show.
    if (this.asked !== ply) return;
    this.ply = ply;
    // The record's actions, with who chose them as the live list tells (same line): all of
    // them for the move list, those up to the step for the board.
    this.all = this.actions.map((action, i) => ({ seat: moves[i] ? moves[i].seat : null, action, parts: moves[i] ? moves[i].parts : null }));
    this.moves = this.all.slice(0, ply);
    this.view = step.view;
    if (this.playing) {
      if (ply >= this.total) this.playing = false;
      else this.timer = setTimeout(() => this.goTo(this.ply + 1), PACE_MS);
    }
    this.changed();
  }

  /// Play from the step shown (from the start at the end), or pause.
  toggle() {
    if (this.playing) {
      this.stop();
      this.changed();
      return;
    }
    this.playing = true;
    this.goTo(this.ply >= this.total ? 0 : this.ply + 1);
  }

  stop() {
    this.playing = false;
    clearTimeout(this.timer);
  }

  bar(close) {
    // Back and forward step from the step last asked, so quick taps are each a step.
    const button = (name, label, to) => h('button', {
      type: 'button', 'data-replay': name, title: t('replay.' + name), 'aria-label': t('replay.' + name),
      // A step by hand pauses autoplay.
      onclick: () => { this.stop(); this.goTo(to()); },
    }, [label]);
    return h('div', { class: 'replay', 'data-ply': this.ply }, [
      h('strong', {}, [t('replay.title') + ' ']),
      button('first', '|◀', () => 0),
      button('back', '◀', () => this.asked - 1),
      h('span', { class: 'ply' }, [t('replay.ply', { n: this.ply, total: this.total })]),
      button('forward', '▶', () => this.asked + 1),
      button('last', '▶|', () => this.total),
      h('button', {
        type: 'button', 'data-replay': this.playing ? 'pause' : 'play', 'aria-pressed': String(this.playing),
        onclick: () => this.toggle(),
      }, [t(this.playing ? 'replay.pause' : 'replay.play')]),
      h('input', { type: 'range', min: 0, max: this.total, value: this.ply, 'data-replay': 'range', oninput: e => { this.stop(); this.goTo(Number(e.target.value)); } }),
      h('button', { type: 'button', 'data-replay': 'close', onclick: () => { this.stop(); close(); } }, [t('replay.close')]),
      this.analysable ? h('a', { href: analysisAddress(this.spec, this.actions.slice(0, this.ply)), 'data-replay': 'analyse' }, [t('replay.analyse')]) : null,
    ]);
  }
}
