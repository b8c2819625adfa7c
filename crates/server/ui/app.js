// The page: the lobby at `/` (start a game, games being played) and a game at
// `/games/{id}` (play with the seat tokens in the link's fragment, or watch). Everything
// shown comes from the server's per-seat views (docs/views.md) over the WebSocket
// (docs/protocol.md); the page never applies a move itself.

import { h, clear } from './dom.js';
import { t, language, setLanguage, onLanguage, refusal, word, cap, ruleList } from './i18n.js';
import { api, Conn, tokensFor, rememberCreated, createdGame, ApiError } from './net.js';
import { renderMarkdown, playersPart } from './md.js';
import { GygesBoard, gygesResult } from './gyges.js';
import { TrilesBoard, trilesResult } from './triles.js';
import { OrbitBoard, orbitResult, lastRoll } from './orbit.js';

const root = document.getElementById('app');
const KINDS = ['gyges', 'triles', 'orbit'];
const ORBIT_COLOURS = ['red', 'green', 'blue', 'yellow'];
let page = null; // the current page object, re-rendered on a language change

const kindOf = spec => spec.split('(')[0];

function seatLabel(kind, seat, view) {
  if (kind === 'gyges') return t('gyges.' + (seat === 0 ? 'South' : 'North'));
  if (kind === 'orbit') return t('orbit.' + ORBIT_COLOURS[seat]);
  const info = view && view.seats && view.seats[seat];
  if (info && info.colour) return t('triles.' + info.colour);
  return t('triles.player', { n: seat + 1 });
}

function playerLabel(player) {
  if (player === 'human') return t('seat.human');
  if (player === 'random') return t('seat.random');
  const m = /^ai:(\d)$/.exec(player);
  return m ? t('seat.ai', { level: m[1] }) : player;
}

function header() {
  return h('header', { class: 'top' }, [
    h('a', { href: '/', class: 'brand' }, [h('span', { class: 'logo' }, ['△●◯']), ' trio']),
    h('nav', {}, [
      h('a', { href: '/', 'data-nav': 'lobby' }, [t('nav.lobby')]),
      h('button', { type: 'button', class: 'link', 'data-nav': 'rules', onclick: () => openRules(page && page.kind) }, [t('nav.rules')]),
      h('button', { type: 'button', class: 'lang', 'data-lang': language() === 'en' ? 'pl' : 'en', onclick: () => setLanguage(language() === 'en' ? 'pl' : 'en') }, [t('lang.switch')]),
    ]),
  ]);
}

// ---------------------------------------------------------------- rules

async function openRules(kind) {
  const chosen = kind || 'gyges';
  const dialog = h('dialog', { class: 'rules', 'data-rules': chosen });
  const body = h('div', { class: 'rules-body' }, ['…']);
  const tabs = h('div', { class: 'tabs' }, KINDS.map(k => h('button', {
    type: 'button', class: k === chosen ? 'on' : '', 'data-kind': k,
    onclick: () => { dialog.close(); dialog.remove(); openRules(k); },
  }, [t('game.' + k)])));
  dialog.append(h('div', { class: 'rules-head' }, [
    h('h2', {}, [t('rules.title', { game: t('game.' + chosen) })]),
    h('button', { type: 'button', class: 'close', onclick: () => { dialog.close(); dialog.remove(); } }, [t('rules.close')]),
  ]), tabs, body);
  document.body.append(dialog);
  dialog.showModal();
  try {
    const file = `/rules/${chosen}${language() === 'pl' ? '.pl' : ''}.md`;
    const text = await (await fetch(file)).text();
    body.innerHTML = renderMarkdown(playersPart(text));
    // Why a move is refused: the message of each rule id, as the page says it.
    body.append(h('h2', { id: 'rule-ids' }, [t('rules.ids')]), h('dl', { class: 'rule-ids' },
      ruleList(chosen).flatMap(([id, text]) => [h('dt', {}, [h('code', {}, [id])]), h('dd', {}, [text])])));
  } catch (e) {
    body.textContent = t('err.generic', { message: e.message });
  }
}

// ---------------------------------------------------------------- lobby

class Lobby {
  constructor() {
    this.kind = 'gyges';
    this.options = { variant: 'seed', triles: { 'open-hands': false, 'open-pool': false, 'own-dots': false }, players: 2, order: '' };
    this.seats = ['me', 'ai:1', 'ai:1', 'ai:1'];
    this.created = null;
    this.games = [];
    this.error = null;
    this.refresh();
    this.timer = setInterval(() => this.refresh(), 5000);
  }

  destroy() {
    clearInterval(this.timer);
  }

  async refresh() {
    try {
      this.games = (await api('GET', '/api/games')).games;
    } catch {
      this.games = [];
    }
    if (this.list) this.renderList();
  }

  seatCount() {
    return this.kind === 'orbit' ? this.options.players : 2;
  }

  spec() {
    if (this.kind === 'gyges') return this.options.variant === 'official' ? 'gyges(variant=official)' : 'gyges';
    if (this.kind === 'triles') {
      const v = Object.entries(this.options.triles).filter(([, on]) => on).map(([k]) => k);
      return v.length ? `triles(variant=${v.join('+')})` : 'triles';
    }
    const parts = [`players=${this.options.players}`];
    if (this.options.order && this.options.order.length === this.options.players) parts.push(`order=${this.options.order}`);
    return `orbit(${parts.join(',')})`;
  }

  render() {
    this.list = h('ul', { class: 'games' });
    const main = h('main', { class: 'lobby' }, [
      h('p', { class: 'tagline' }, [t('app.tagline')]),
      this.created ? this.linksPanel() : this.form(),
      h('section', { class: 'running' }, [h('h2', {}, [t('lobby.running')]), this.list]),
    ]);
    this.renderList();
    return main;
  }

  form() {
    const kinds = h('div', { class: 'kinds' }, KINDS.map(k => h('button', {
      type: 'button', class: 'kind' + (k === this.kind ? ' on' : ''), 'data-kind': k,
      onclick: () => { this.kind = k; redraw(); },
    }, [h('strong', {}, [t('game.' + k)]), h('span', {}, [t(`game.${k}.about`)])])));
    const options = h('div', { class: 'options' });
    if (this.kind === 'gyges') {
      options.append(h('label', {}, [t('new.variant') + ' ', select('variant', [['seed', t('new.variant.seed')], ['official', t('new.variant.official')]], this.options.variant, v => { this.options.variant = v; })]));
    } else if (this.kind === 'triles') {
      options.append(h('fieldset', {}, [h('legend', {}, [t('new.variants')]),
        ...['open-hands', 'open-pool', 'own-dots'].map(v => h('label', { class: 'check' }, [
          h('input', { type: 'checkbox', name: v, checked: this.options.triles[v], onchange: e => { this.options.triles[v] = e.target.checked; } }), ' ' + t('new.' + v)]))]));
      options.append(h('label', {}, [t('new.tiles') + ' ', select('tiles', [['standard', t('new.tiles.standard')]], 'standard', () => {})]));
    } else {
      options.append(h('label', {}, [t('new.players') + ' ', select('players', [['2', '2'], ['3', '3'], ['4', '4']], String(this.options.players), v => {
        this.options.players = Number(v);
        this.options.order = '';
        redraw();
      })]));
      const letters = ORBIT_COLOURS.slice(0, this.options.players).map(c => c[0]);
      const orders = [['', t('new.order.drawn')], ...permutations(letters).map(p => [p.join(''), p.map(l => t('orbit.' + ORBIT_COLOURS.find(c => c[0] === l))).join(' → ')])];
      options.append(h('label', {}, [t('new.order') + ' ', select('order', orders, this.options.order, v => { this.options.order = v; })]));
      options.append(h('label', {}, [t('new.board') + ' ', select('board', [['classic', t('new.board.classic')]], 'classic', () => {})]));
    }
    const seats = h('div', { class: 'seats' });
    for (let i = 0; i < this.seatCount(); i++) {
      const choices = [['me', t('seat.me')], ['friend', t('seat.friend')], ...[1, 2, 3, 4, 5].map(l => [`ai:${l}`, t('seat.ai', { level: l })])];
      seats.append(h('label', { class: 'seat' }, [
        h('span', { class: 'seat-name' }, [seatLabel(this.kind, i, null)]),
        select(`seat${i}`, choices, this.seats[i], v => { this.seats[i] = v; }),
      ]));
    }
    return h('section', { class: 'new' }, [
      h('h2', {}, [t('new.title')]),
      kinds,
      h('h3', {}, [t('new.options')]), options,
      h('h3', {}, [t('new.seats')]), seats,
      h('p', { class: 'note' }, [t('new.hotseat')]),
      this.error ? h('p', { class: 'error' }, [this.error]) : null,
      h('button', { type: 'button', class: 'primary big', 'data-action': 'create', onclick: () => this.create() }, [t('new.create')]),
    ]);
  }

  async create() {
    const count = this.seatCount();
    const choice = this.seats.slice(0, count);
    const seats = choice.map(c => (c === 'me' || c === 'friend' ? 'human' : c));
    if (!seats.includes('human')) {
      this.error = t('new.needhuman');
      redraw();
      return;
    }
    try {
      const created = await api('POST', '/api/games', { body: { game: this.spec(), seats } });
      rememberCreated(created);
      const local = created.seats.filter(s => choice[s.seat] === 'me');
      const remote = created.seats.filter(s => choice[s.seat] !== 'me');
      const go = '/games/' + created.id + (local.length ? '#' + local.map(s => 'token=' + s.token).join('&') : '');
      if (!remote.length) {
        location.assign(go);
        return;
      }
      this.created = { ...created, go, remote };
      redraw();
    } catch (e) {
      this.error = e instanceof ApiError ? refusal(e.body) : t('err.generic', { message: e.message });
      redraw();
    }
  }

  linksPanel() {
    const c = this.created;
    return h('section', { class: 'links' }, [
      h('h2', {}, [t('links.title')]),
      h('p', {}, [t('links.explain')]),
      ...c.remote.map(s => linkRow(t('links.seat', { name: seatLabel(kindOf(c.game), s.seat, null) }), location.origin + s.link, 'seat' + s.seat)),
      linkRow(t('links.spectator'), location.origin + c.spectator, 'spectator'),
      h('a', { class: 'button primary big', href: c.go, 'data-action': 'go' }, [t('links.go')]),
    ]);
  }

  renderList() {
    const list = clear(this.list);
    if (!this.games.length) {
      list.append(h('li', { class: 'none' }, [t('lobby.none')]));
      return;
    }
    for (const g of this.games) {
      const kind = kindOf(g.game);
      list.append(h('li', {}, [
        h('a', { href: `/games/${g.id}#watch` }, [t('game.' + kind)]),
        ' — ',
        g.seats.map(s => `${seatLabel(kind, s.seat, null)} (${playerLabel(s.player)}${s.connected ? ' ●' : ''})`).join(', '),
        ', ' + t('lobby.move', { n: g.seq }),
      ]));
    }
  }
}

function select(name, choices, value, onChange) {
  return h('select', { name, onchange: e => onChange(e.target.value) },
    choices.map(([v, label]) => h('option', { value: v, selected: v === value }, [label])));
}

function permutations(items) {
  if (items.length <= 1) return [items];
  return items.flatMap((x, i) => permutations([...items.slice(0, i), ...items.slice(i + 1)]).map(p => [x, ...p]));
}

function linkRow(label, url, id) {
  const input = h('input', { type: 'text', readonly: true, value: url, 'data-link': id });
  const button = h('button', {
    type: 'button', class: 'copy', 'data-copy': id,
    onclick: async () => {
      input.select();
      try {
        await navigator.clipboard.writeText(url);
      } catch {
        document.execCommand('copy');
      }
      button.textContent = t('links.copied');
    },
  }, [t('links.copy')]);
  return h('div', { class: 'link-row' }, [h('label', {}, [label]), h('div', { class: 'link-field' }, [input, button])]);
}

// ---------------------------------------------------------------- game

class GamePage {
  constructor(id) {
    this.id = id;
    this.kind = null;
    this.watch = location.hash === '#watch';
    const tokens = this.watch ? [] : tokensFor(id);
    this.conns = tokens.length
      ? tokens.map(tok => new Conn(id, tok, (c, what, m) => this.changed(c, what, m)))
      : [new Conn(id, null, (c, what, m) => this.changed(c, what, m))];
    this.shown = null; // the conn whose view is shown
    this.unveiled = null; // hot seat: the seat that last confirmed it holds the device
    this.proposed = null;
    this.hint = null;
    this.message = null;
    this.sending = false;
    this.record = null;
    this.seedCheck = null;
    this.replay = null;
    this.wasMyTurn = false;
    this.board = null;
    this.boardKind = null;
    // An unknown game says so instead of reconnecting for ever.
    api('GET', `/api/games/${id}`).catch(e => {
      if (e instanceof ApiError && e.status === 404) {
        this.notFound = true;
        for (const c of this.conns) c.close();
        this.draw();
      }
    });
    // Enter confirms the move shown, Escape drops it.
    this.onKey = e => {
      if (/INPUT|TEXTAREA|SELECT|BUTTON/.test(document.activeElement?.tagName || '')) return;
      if (e.key === 'Enter' && this.proposed) this.play(this.proposed);
      if (e.key === 'Escape' && (this.proposed || this.board)) {
        this.proposed = null;
        if (this.board) this.board.reset();
        this.draw();
      }
    };
    document.addEventListener('keydown', this.onKey);
    this.ctx = {
      propose: action => { this.proposed = action; this.message = null; this.draw(); },
      commit: action => this.play(action),
      attempt: action => this.play(action, true),
      prompt: text => { if (this.promptNode) this.promptNode.textContent = text; },
      actions: list => this.renderActions(list),
      redraw: () => this.draw(),
    };
  }

  destroy() {
    document.removeEventListener('keydown', this.onKey);
    for (const c of this.conns) c.close();
    if (this.board && this.board.destroy) this.board.destroy();
  }

  local(seat) {
    return this.conns.find(c => c.seat === seat && c.role === 'seat');
  }

  /// The connection whose picture is shown: the local seat to move, else the last shown.
  pick() {
    const seated = this.conns.filter(c => c.game && c.role === 'seat');
    const any = this.conns.find(c => c.game) || null;
    if (!seated.length) return any;
    const turn = seated[0].game.turn;
    const mover = turn && turn.kind === 'seat' ? seated.find(c => c.seat === turn.seat) : null;
    return mover || (this.shown && seated.includes(this.shown) ? this.shown : seated[0]);
  }

  changed(conn, what, m) {
    if (what === 'reject') {
      this.sending = false;
      this.message = { refusal: m, why: !!m.rule || m.code === 'not-your-turn' };
      this.proposed = null;
    } else if (what === 'ack') {
      this.sending = false;
    } else if (what === 'error' && m.code === 'wrong-token') {
      this.message = { key: 'err.wrongtoken' };
    } else if (what === 'event' || what === 'snapshot') {
      this.hint = null;
      if (m && m.kind === 'undo') this.proposed = null;
    }
    if (conn.game && !this.kind) this.kind = kindOf(conn.game.game);
    const game = conn.game;
    if (game && game.result && !this.record && !this.fetchingRecord) this.fetchRecord();
    this.draw();
  }

  async fetchRecord() {
    this.fetchingRecord = true;
    try {
      // Kept as text: the seed is a 64-bit number, which a JavaScript number would round.
      const response = await fetch(`/api/games/${this.id}/record`);
      if (!response.ok) throw new Error(String(response.status));
      this.recordText = await response.text();
      this.record = JSON.parse(this.recordText);
      this.seedText = (/"seed"\s*:\s*(\d+)/.exec(this.recordText) || [])[1] || String(this.record.seed);
      this.checkSeed();
    } catch {
      this.fetchingRecord = false;
      return;
    }
    this.draw();
  }

  async checkSeed() {
    const r = this.record;
    if (!r || !r.commitment) return;
    if (!(window.crypto && crypto.subtle)) {
      this.seedCheck = 'nocheck';
      return;
    }
    const text = `trio-seed:${this.seedText}:${r.commitment.nonce}`;
    const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
    const hex = Array.from(new Uint8Array(digest), b => b.toString(16).padStart(2, '0')).join('');
    this.seedCheck = hex === r.commitment.seed_hash ? 'ok' : 'bad';
    this.draw();
  }

  play(action, attempt = false) {
    const conn = this.shown;
    if (!conn || conn.role !== 'seat') return;
    this.proposed = null;
    this.hint = null;
    this.message = null;
    this.sending = !attempt;
    if (this.board) this.board.reset();
    conn.act(action);
    this.draw();
  }

  againstAi() {
    const game = this.shown && this.shown.game;
    if (!game) return false;
    return game.seats.every(s => this.local(s.seat) || s.player !== 'human') &&
      game.seats.some(s => s.player !== 'human');
  }

  canUndo() {
    const conn = this.shown;
    const game = conn && conn.game;
    if (!game || game.result || conn.role !== 'seat' || !this.againstAi()) return false;
    const last = game.moves.map(m => m.seat).lastIndexOf(conn.seat);
    if (last < 0) return false;
    return game.moves.slice(last).every(m => m.seat !== null && (m.seat === conn.seat || game.seats[m.seat].player !== 'human'));
  }

  myTurn() {
    const conn = this.shown;
    const game = conn && conn.game;
    return !!(game && conn.role === 'seat' && game.turn.kind === 'seat' && game.turn.seat === conn.seat && game.legal.length);
  }

  async askHint() {
    const conn = this.shown;
    this.message = { key: 'play.hint.wait' };
    this.draw();
    try {
      const hint = await api('GET', `/api/games/${this.id}/hint`, { token: conn.token });
      this.hint = hint.action;
      this.message = { key: 'play.hint.is', args: { move: hint.action }, hint: true };
    } catch (e) {
      this.message = e instanceof ApiError ? { refusal: e.body } : { text: e.message };
    }
    this.draw();
  }

  notify() {
    const mine = this.myTurn();
    const game = this.shown.game;
    document.title = mine ? t('play.yourturn.title', { game: t('game.' + this.kind) }) : `${t('game.' + this.kind)} — trio`;
    if (mine && !this.wasMyTurn && document.hidden && 'Notification' in window && Notification.permission === 'granted') {
      try {
        new Notification(t('play.notify.title', { game: t('game.' + this.kind) }), { body: game.id, tag: 'trio-' + game.id });
      } catch {
        // Some browsers allow notifications from a service worker only.
      }
    }
    this.wasMyTurn = mine;
  }

  render() {
    this.shell = h('main', { class: 'game' });
    this.draw();
    return this.shell;
  }

  draw() {
    if (!this.shell) return;
    if (this.notFound) {
      clear(this.shell).append(h('p', { class: 'error', 'data-error': 'not-found' }, [t('err.notfound')]));
      return;
    }
    const conn = this.pick();
    if (!conn || !conn.game) {
      const err = this.conns.find(c => c.error);
      clear(this.shell).append(h('p', { class: 'loading' }, [err ? refusal(err.error) : '…']));
      return;
    }
    this.shown = conn;
    const game = conn.game;
    const kind = this.kind;
    this.notify();

    // Hot seat with hidden hands: cover the screen between two local players.
    const hidden = kind === 'triles' && !(game.view.variants || []).includes('open-hands');
    const localSeats = this.conns.filter(c => c.role === 'seat');
    if (hidden && localSeats.length > 1 && !game.result && this.unveiled !== conn.seat) {
      const name = seatLabel(kind, conn.seat, game.view);
      clear(this.shell).append(h('section', { class: 'pass-device', 'data-pass': conn.seat }, [
        h('h2', {}, [t('pass.title', { name })]),
        h('p', {}, [t('pass.explain', { name: cap(name) })]),
        h('button', { type: 'button', class: 'primary big', 'data-action': 'unveil', onclick: () => { this.unveiled = conn.seat; this.draw(); } }, [t('pass.show', { name })]),
      ]));
      this.boardKind = null;
      return;
    }

    clear(this.shell);
    const replaying = this.replay && this.replay.view;
    const view = replaying ? this.replay.view : game.view;
    const moves = replaying ? this.replay.moves : game.moves;
    const mine = !replaying && this.myTurn() && !this.sending;

    // The board, kept between draws (it holds the selection and the Triles viewport).
    if (!this.board || this.boardKind !== kind) {
      if (this.board && this.board.destroy) this.board.destroy();
      this.boardHost = h('div', { class: 'board-host' });
      const Board = { gyges: GygesBoard, triles: TrilesBoard, orbit: OrbitBoard }[kind];
      this.board = new Board(this.boardHost, this.ctx);
      this.boardKind = kind;
    }
    this.promptNode = h('p', { class: 'prompt', 'data-prompt': '' });
    this.actionsNode = h('div', { class: 'actions' });
    // Names come from the game as it stands (a replay's early view has no colours yet).
    const status = this.status(game, game.view);
    const side = h('aside', { class: 'side' }, [
      this.players(game, game.view),
      this.result(game, game.view),
      this.moveList(kind, moves, game, game.view),
      this.seed(game),
      this.invite(game),
    ]);
    const tools = this.tools(game);
    const message = this.message ? h('p', {
      class: 'message' + (this.message.why ? ' why' : '') + (this.message.hint ? ' hint' : ''), 'data-message': '',
    }, [this.message.why ? h('strong', {}, [t('play.whynot') + ' ']) : null, messageText(this.message)]) : null;
    const offline = this.conns.some(c => !c.open) ? h('p', { class: 'offline', 'data-offline': '' }, [t('play.reconnecting')]) : null;
    const play = h('section', { class: 'play' }, [
      status, offline, this.replayBar(), this.boardHost, this.promptNode, this.actionsNode, message, tools,
    ]);
    this.shell.append(play, side);
    this.board.render({
      view,
      legal: mine ? game.legal : [],
      mine,
      you: conn.role === 'seat' ? conn.seat : null,
      moves,
      last: lastAction(kind, moves),
      lastMove: lastAction(kind, moves),
      hint: this.hint,
      proposed: this.proposed,
    });
  }

  renderActions(list) {
    this.extraActions = list;
    if (!this.actionsNode) return;
    const node = clear(this.actionsNode);
    for (const a of list) {
      node.append(h('button', {
        type: 'button',
        class: a.primary && !this.proposed ? 'primary' : '',
        disabled: a.disabled,
        'data-act': a.action || a.tool || a.label,
        onclick: () => (a.onClick ? a.onClick() : this.play(a.action)),
      }, [a.label]));
    }
    if (this.proposed) {
      node.append(
        h('button', { type: 'button', class: 'primary confirm', 'data-act': 'confirm', onclick: () => this.play(this.proposed) }, [t('play.confirm')]),
        h('button', { type: 'button', 'data-act': 'cancel', onclick: () => { this.proposed = null; this.board.reset(); this.draw(); } }, [t('play.cancel')]),
      );
      if (this.promptNode) this.promptNode.textContent = t('play.tapagain', { move: this.proposed });
    }
  }

  status(game, view) {
    const conn = this.shown;
    const kind = this.kind;
    let who;
    const seated = this.conns.filter(c => c.role === 'seat');
    if (seated.length > 1) who = t('play.you.several', { names: seated.map(c => seatLabel(kind, c.seat, view)).join(', ') });
    else if (conn.role === 'seat') who = t('play.you', { name: seatLabel(kind, conn.seat, view) });
    else who = t('play.spectator');
    let turn;
    if (game.result) turn = t('play.over');
    else if (this.myTurn()) turn = this.sending ? t('play.sending') : t('play.yourturn');
    else if (game.turn.kind === 'seat') {
      const seat = game.seats[game.turn.seat];
      const name = seatLabel(kind, game.turn.seat, view);
      turn = seat && seat.player !== 'human' ? t('play.thinking', { name: cap(name) }) : t('play.waiting', { name });
    } else turn = t('play.chance');
    return h('div', { class: 'status' }, [
      h('h1', {}, [t('game.' + kind)]),
      h('span', { class: 'who', 'data-who': conn.role }, [who]),
      h('span', { class: 'turn' + (this.myTurn() ? ' mine' : ''), 'data-turn': game.turn.kind === 'seat' ? String(game.turn.seat) : game.turn.kind }, [turn]),
    ]);
  }

  players(game, view) {
    const kind = this.kind;
    const rows = game.seats.map(s => h('li', { 'data-seat': s.seat, class: game.turn.seat === s.seat && !game.result ? 'to-move' : '' }, [
      h('span', { class: 'presence ' + (s.connected || s.player !== 'human' ? 'on' : 'off'), title: s.connected ? t('play.connected') : t('play.offline') }),
      h('span', { class: 'swatch ' + (kind === 'orbit' ? ORBIT_COLOURS[s.seat] : kind === 'triles' ? (view.seats?.[s.seat]?.colour || '') : (s.seat === 0 ? 'south' : 'north')) }),
      ' ' + seatLabel(kind, s.seat, view) + ' — ' + playerLabel(s.player),
      s.player === 'human' ? h('span', { class: 'conn' }, [' · ' + (s.connected ? t('play.connected') : t('play.offline'))]) : null,
    ]));
    // Na orbicie: the order of play, once drawn (the view lists the seats in it).
    const order = kind === 'orbit' && view.phase !== 'order-draw' && view.seats
      ? h('p', { class: 'order', 'data-order': view.seats.map(x => x.colour[0]).join('') },
        [t('orbit.order') + ': ' + view.seats.map(x => t('orbit.' + x.colour)).join(' → ')])
      : null;
    return h('section', { class: 'players' }, [h('h2', {}, [t('play.players')]), h('ul', {}, rows), order]);
  }

  result(game, view) {
    if (!game.result) return null;
    const kind = this.kind;
    const ranks = game.result.ranks;
    const order = ranks.map((r, seat) => ({ r, seat })).sort((a, b) => a.r - b.r);
    const sentence = kind === 'gyges' ? gygesResult(game.view) : kind === 'triles' ? trilesResult(game.view) : orbitResult(game.view);
    const draw = ranks.every(r => r === ranks[0]);
    const headline = game.result.resigned != null
      ? t('result.resigned', { name: cap(seatLabel(kind, game.result.resigned, view)) })
      : draw ? t('result.draw') : t('result.wins', { name: cap(seatLabel(kind, order[0].seat, view)) });
    return h('section', { class: 'result', 'data-result': '' }, [
      h('h2', {}, [t('result.title')]),
      h('p', { class: 'headline' }, [headline]),
      sentence ? h('p', {}, [sentence]) : null,
      h('ol', { class: 'ranking' }, order.map(o => h('li', { 'data-rank': o.r }, [`${o.r + 1}. ${seatLabel(kind, o.seat, view)}`]))),
      this.record ? h('div', { class: 'record-tools' }, [
        h('button', { type: 'button', 'data-act': 'export', onclick: () => this.exportRecord() }, [t('record.export')]),
        this.replay ? null : h('button', { type: 'button', 'data-act': 'replay', onclick: () => this.startReplay() }, [t('replay.start')]),
      ]) : null,
    ]);
  }

  moveList(kind, moves, game, view) {
    const list = h('ol', { class: 'moves', 'data-moves': moves.length });
    moves.forEach((m, i) => {
      let text;
      if (m.seat == null) {
        text = `${t('play.chancemark')}: ${m.action == null ? (kind === 'triles' ? t('triles.drew') : t('play.hidden')) : m.action}`;
      } else {
        text = `${seatLabel(kind, m.seat, view)}: ${m.action}`;
      }
      const cls = (m.seat == null ? 'chance' : 'decision') + (this.replay && i === this.replay.ply - 1 ? ' current' : '');
      const item = h('li', { class: cls }, [text]);
      if (this.replay) item.addEventListener('click', () => this.goTo(i + 1));
      list.append(item);
    });
    if (!moves.length) list.append(h('li', { class: 'none' }, [t('play.nomoves')]));
    requestAnimationFrame(() => { list.scrollTop = list.scrollHeight; });
    const roll = kind === 'orbit' ? lastRoll(moves) : null;
    return h('section', { class: 'movelist' }, [
      h('h2', {}, [t('play.moves')]),
      roll && roll.seat != null ? h('p', { class: 'rolled', 'data-die': roll.face }, [t('orbit.rolled', { name: cap(seatLabel(kind, roll.seat, view)), face: roll.face })]) : null,
      list,
    ]);
  }

  seed(game) {
    const r = this.record;
    const parts = [h('h2', {}, [t('seed.title')])];
    if (!r) {
      parts.push(h('p', {}, [t('seed.pending')]), h('code', { class: 'hash' }, [game.seed_hash]));
    } else {
      parts.push(
        h('p', {}, [t('seed.hash')]), h('code', { class: 'hash' }, [r.commitment ? r.commitment.seed_hash : game.seed_hash]),
        h('p', {}, [t('seed.revealed')]),
        h('code', { class: 'seed', 'data-seed': this.seedText }, [this.seedText]),
        r.commitment ? h('p', { class: 'small' }, [t('seed.nonce') + ': ', h('code', {}, [r.commitment.nonce])]) : null,
        this.seedCheck ? h('p', { class: 'check ' + this.seedCheck, 'data-check': this.seedCheck }, [t('seed.' + this.seedCheck)]) : null,
        h('p', { class: 'small' }, [t('seed.verify')]),
      );
    }
    return h('section', { class: 'fair' }, parts);
  }

  invite(game) {
    const created = createdGame(this.id);
    if (!created || game.result) return null;
    const mine = new Set(this.conns.map(c => c.token));
    const others = created.seats.filter(s => !mine.has(s.token));
    return h('details', { class: 'invite' }, [
      h('summary', {}, [t('play.invite')]),
      ...others.map(s => linkRow(t('links.seat', { name: seatLabel(this.kind, s.seat, game.view) }), location.origin + s.link, 'seat' + s.seat)),
      linkRow(t('links.spectator'), location.origin + created.spectator, 'spectator'),
    ]);
  }

  tools(game) {
    const conn = this.shown;
    if (conn.role !== 'seat' || game.result) return null;
    const buttons = [];
    if (this.againstAi()) {
      buttons.push(h('button', { type: 'button', 'data-act': 'undo', disabled: !this.canUndo(), onclick: () => { this.message = null; conn.undo(); } }, [t('play.undo')]));
      buttons.push(h('button', { type: 'button', 'data-act': 'hint', disabled: !this.myTurn(), onclick: () => this.askHint() }, [t('play.hint')]));
    }
    buttons.push(h('button', {
      type: 'button', 'data-act': 'resign',
      onclick: () => { if (confirm(t('play.resign.ask'))) conn.resign(); },
    }, [t('play.resign')]));
    if ('Notification' in window && Notification.permission !== 'denied') {
      const on = Notification.permission === 'granted';
      buttons.push(h('button', {
        type: 'button', 'data-act': 'notify', disabled: on,
        onclick: async () => { await Notification.requestPermission(); this.draw(); },
      }, [on ? t('play.notify.on') : t('play.notify')]));
    }
    return h('div', { class: 'tools' }, buttons);
  }

  exportRecord() {
    const blob = new Blob([this.recordText], { type: 'application/json' });
    const a = h('a', { href: URL.createObjectURL(blob), download: `trio-${this.kind}-${this.id}.json` });
    document.body.append(a);
    a.click();
    a.remove();
  }

  // Replay: the finished game after any number of its actions, asked of the server.
  startReplay() {
    this.replay = { ply: this.record.actions.length, total: this.record.actions.length, cache: new Map() };
    this.goTo(this.record.actions.length);
  }

  async goTo(ply) {
    const r = this.replay;
    if (!r) return;
    ply = Math.max(0, Math.min(r.total, ply));
    r.ply = ply;
    let step = r.cache.get(ply);
    if (!step) {
      try {
        step = await api('GET', `/api/games/${this.id}/replay/${ply}`, { token: this.shown.role === 'seat' ? this.shown.token : null });
      } catch (e) {
        this.message = { text: e.message };
        this.draw();
        return;
      }
      r.cache.set(ply, step);
    }
    if (r.ply !== ply) return;
    const seats = this.shown.game.moves;
    // The record's actions, with who chose them as the live list tells (same line).
    r.moves = this.record.actions.slice(0, ply).map((action, i) => ({ seat: seats[i] ? seats[i].seat : null, action }));
    r.view = step.view;
    this.draw();
  }

  replayBar() {
    const r = this.replay;
    if (!r) return null;
    const range = h('input', { type: 'range', min: 0, max: r.total, value: r.ply, 'data-replay': 'range', oninput: e => this.goTo(Number(e.target.value)) });
    return h('div', { class: 'replay', 'data-ply': r.ply }, [
      h('strong', {}, [t('replay.title') + ' ']),
      h('button', { type: 'button', 'data-replay': 'first', title: t('replay.first'), 'aria-label': t('replay.first'), onclick: () => this.goTo(0) }, ['|◀']),
      h('button', { type: 'button', 'data-replay': 'back', title: t('replay.back'), 'aria-label': t('replay.back'), onclick: () => this.goTo(r.ply - 1) }, ['◀']),
      h('span', { class: 'ply' }, [t('replay.ply', { n: r.ply, total: r.total })]),
      h('button', { type: 'button', 'data-replay': 'forward', title: t('replay.forward'), 'aria-label': t('replay.forward'), onclick: () => this.goTo(r.ply + 1) }, ['▶']),
      h('button', { type: 'button', 'data-replay': 'last', title: t('replay.last'), 'aria-label': t('replay.last'), onclick: () => this.goTo(r.total) }, ['▶|']),
      range,
      h('button', { type: 'button', 'data-replay': 'close', onclick: () => { this.replay = null; this.draw(); } }, [t('replay.close')]),
    ]);
  }
}

function messageText(m) {
  if (m.refusal) return refusal(m.refusal);
  if (m.key) return t(m.key, m.args);
  return m.text;
}

/// The last decision worth marking on the board: a move, not a setup, roll or draw.
function lastAction(kind, moves) {
  for (let i = moves.length - 1; i >= 0; i--) {
    const a = moves[i].action;
    if (!a || moves[i].seat == null) continue;
    if (kind === 'gyges' && !a.startsWith('setup')) return a;
    if (kind === 'triles' && a.includes('@')) return a;
    if (kind === 'orbit' && (a.startsWith('move') || a.startsWith('enter'))) return a;
  }
  return null;
}

// ---------------------------------------------------------------- routing

function redraw() {
  clear(root);
  root.append(header(), page.render());
}

function start() {
  const m = /^\/games\/([0-9a-f]{16})$/.exec(location.pathname);
  page = m ? new GamePage(m[1]) : new Lobby();
  redraw();
}

onLanguage(() => {
  if (page instanceof GamePage) {
    if (page.board && page.board.destroy) page.board.destroy();
    page.board = null;
  }
  redraw();
});
window.addEventListener('hashchange', () => {
  if (page) page.destroy && page.destroy();
  start();
});
// For tests and debugging: the page's state, and a way to drop the connections.
window.trio = {
  page: () => page,
  drop: ms => page && page.conns && page.conns.forEach(c => c.drop(ms)),
  word,
};
start();
