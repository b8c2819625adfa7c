// Talking to the server: the HTTP API (docs/api.md) and one WebSocket per seat or
// spectator (docs/protocol.md). A `Conn` keeps a seat's picture of the game from
// snapshots and events, reconnects with `since` when the socket drops (or the server
// closes it, as a slow reader's with 1013), and resends every action not yet answered,
// with the same client id, after each reconnect until it is answered, so no move is lost
// or doubled: the server applies a client id once and answers a resend with its first
// answer (also across a reload: unanswered actions are kept in localStorage). What a message does
// to the game is `reduce` (reducer.js).

import { reduce } from './reducer.js';
import { pace } from './motion.js';

export class ApiError extends Error {
  constructor(status, body) {
    super(body.message || body.code || String(status));
    this.status = status;
    this.body = body;
  }
}

export async function api(method, path, { token, body } = {}) {
  const headers = {};
  if (token) headers.Authorization = 'Bearer ' + token;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let data;
  try {
    data = text ? JSON.parse(text) : {};
  } catch {
    data = { code: 'bad-json', message: text };
  }
  if (!response.ok) throw new ApiError(response.status, data);
  return data;
}

function newCid() {
  const bytes = new Uint8Array(9);
  crypto.getRandomValues(bytes);
  return 'c' + Array.from(bytes, b => b.toString(16).padStart(2, '0')).join('');
}

const RETRY_MS = [300, 1000, 2000, 4000, 8000];
/// More events than this waiting (a catch-up, the AIs playing on once the people are done)
/// are shown at once, not one by one.
const BURST = 8;

/// One WebSocket to a game, for a seat (with its token) or a spectator.
export class Conn {
  constructor(gameId, token, onChange) {
    this.gameId = gameId;
    this.token = token;
    this.onChange = onChange;
    this.game = null; // {seq, seats, you, turn, view, legal, moves, result, seed_hash, game, id}
    this.seat = null;
    this.role = null;
    this.connected = [];
    this.open = false;
    this.failures = 0;
    this.closed = false;
    this.error = null;
    this.pendingKey = token ? `trio.pending.${gameId}.${token.slice(0, 8)}` : null;
    this.pending = this.loadPending(); // cid -> message, unanswered
    this.inbox = []; // events received, not yet shown (paced: `pump`)
    this.shownAt = 0; // when the last decision was shown
    this.hurry = () => false; // whether the game as shown is shown as it comes, unpaced
    this.ours = seat => seat === this.seat; // whether a seat is played on this device
    this.wasOpen = false; // whether the server ever answered (a loss to tell of)
    this.connect();
  }

  loadPending() {
    if (!this.pendingKey) return new Map();
    try {
      return new Map(JSON.parse(localStorage.getItem(this.pendingKey) || '[]'));
    } catch {
      return new Map();
    }
  }

  savePending() {
    if (!this.pendingKey) return;
    if (this.pending.size) localStorage.setItem(this.pendingKey, JSON.stringify([...this.pending]));
    else localStorage.removeItem(this.pendingKey);
  }

  connect() {
    if (this.closed) return;
    const scheme = location.protocol === 'https:' ? 'wss://' : 'ws://';
    const ws = new WebSocket(`${scheme}${location.host}/api/games/${this.gameId}/ws`);
    this.ws = ws;
    ws.onopen = () => {
      const hello = { type: 'hello' };
      if (this.token) hello.token = this.token;
      if (this.game) hello.since = this.game.seq;
      ws.send(JSON.stringify(hello));
    };
    ws.onmessage = e => this.receive(JSON.parse(e.data));
    ws.onclose = () => {
      if (this.ws !== ws) return;
      this.open = false;
      // The events already here are shown, so that `since` says where they end.
      this.flush();
      this.onChange(this, 'offline');
      if (this.closed || this.fatal || this.suspended) return;
      const retry = RETRY_MS[Math.min(this.failures, RETRY_MS.length - 1)];
      const wait = Math.max(retry, (this.pausedUntil || 0) - Date.now());
      this.failures += 1;
      this.timer = setTimeout(() => this.connect(), wait);
    };
  }

  close() {
    this.closed = true;
    clearTimeout(this.timer);
    clearTimeout(this.paceTimer);
    if (this.ws) this.ws.close();
  }

  /// Closes the connection while the page is hidden in the back/forward cache (else the
  /// seat would stay "connected" for minutes), to open again by `resume`.
  suspend() {
    this.suspended = true;
    clearTimeout(this.timer);
    if (this.ws) this.ws.close();
  }

  resume() {
    if (!this.suspended) return;
    this.suspended = false;
    this.connect();
  }

  /// Drops the connection as a network failure would, staying offline for `ms` (tests).
  drop(ms = 0) {
    this.pausedUntil = Date.now() + ms;
    if (this.ws) this.ws.close();
  }

  send(message) {
    if (this.open && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify(message));
      return true;
    }
    return false;
  }

  /// Plays `action` at the version shown; kept until the server answers.
  act(action) {
    const message = { type: 'act', cid: newCid(), action, expect: this.game.seq };
    this.pending.set(message.cid, message);
    this.savePending();
    this.send(message);
    this.onChange(this, 'sent');
    return message.cid;
  }

  undo() {
    const message = { type: 'undo', cid: newCid(), expect: this.game.seq };
    this.pending.set(message.cid, message);
    this.savePending();
    this.send(message);
  }

  /// A canned message (`hello`, `good-game`, …): sent now or not at all, never queued.
  say(phrase) {
    this.send({ type: 'say', phrase });
  }

  resign() {
    this.sendOnce('resign');
  }

  /// Calls the game off, before every seat has played.
  abort() {
    this.sendOnce('abort');
  }

  /// Offers a draw, or accepts the other's offer.
  offerDraw() {
    this.sendOnce('draw');
  }

  declineDraw() {
    this.sendOnce('decline-draw');
  }

  /// A seat's request of `type` with a client id, kept till answered and resent after a
  /// reconnection, which the server acknowledges once.
  sendOnce(type) {
    const message = { type, cid: newCid() };
    this.pending.set(message.cid, message);
    this.savePending();
    this.send(message);
  }

  /// Shows the events received one by one: the decision of a seat played elsewhere no
  /// sooner than `pace()` ms after the decision before it, so that a person can follow the
  /// AI's turns (unless `hurry` says nobody is left to follow them). A decision made on
  /// this device (a hot seat's other player) was seen as it was made.
  pump() {
    clearTimeout(this.paceTimer);
    while (this.inbox.length) {
      const m = this.inbox[0];
      const paced = this.inbox.length <= BURST && m.kind === 'play' && !this.ours(m.seat) && m.state && !this.hurry(this.game);
      const wait = paced ? this.shownAt + pace() - performance.now() : 0;
      if (wait > 0) {
        this.paceTimer = setTimeout(() => this.pump(), wait);
        return;
      }
      this.inbox.shift();
      this.show(m);
    }
  }

  /// Shows every event received at once.
  flush() {
    clearTimeout(this.paceTimer);
    while (this.inbox.length) this.show(this.inbox.shift());
  }

  show(m) {
    this.game = reduce(this.game, m);
    if (m.state) this.clockAt = m.receivedAt;
    if (m.kind === 'play') this.shownAt = performance.now();
    this.onChange(this, 'event', m);
  }

  receive(m) {
    switch (m.type) {
      case 'welcome':
        this.open = true;
        this.wasOpen = true;
        this.failures = 0;
        this.role = m.role;
        this.seat = m.seat;
        this.connected = m.connected;
        // Whatever was sent and not answered goes again with its client id: a connection
        // closed before the answer (the server letting a slow reader go) loses nothing.
        for (const message of this.pending.values()) this.send(message);
        this.onChange(this, 'welcome');
        break;
      case 'snapshot':
        this.inbox = [];
        this.game = reduce(this.game, m);
        this.clockAt = performance.now();
        this.onChange(this, 'snapshot');
        break;
      case 'event':
        if (!this.game) break;
        // The clock's times are as of when the server sent them: counted down from their
        // arrival, however late the event is shown.
        m.receivedAt = performance.now();
        this.inbox.push(m);
        this.pump();
        break;
      case 'ack':
        this.pending.delete(m.cid);
        this.savePending();
        this.onChange(this, 'ack', m);
        break;
      case 'reject':
        this.pending.delete(m.cid);
        this.savePending();
        this.onChange(this, 'reject', m);
        break;
      case 'said':
        this.onChange(this, 'said', m);
        break;
      case 'presence':
        this.connected = m.connected;
        this.game = reduce(this.game, m);
        this.onChange(this, 'presence');
        break;
      case 'error':
        this.error = m;
        if (m.code === 'wrong-token') this.fatal = true;
        this.onChange(this, 'error', m);
        break;
      default:
        break;
    }
  }
}

/// The tokens this browser holds for a game: seat tokens from the link's fragment
/// (`#token=A&token=B` for several seats on one device) and from earlier visits. Tokens
/// read from the address leave it at once, kept in this browser's storage instead, so
/// that an address copied or shared later does not give the seat away.
export function tokensFor(gameId) {
  const params = new URLSearchParams(location.hash.slice(1));
  const fromLink = params.getAll('token').filter(t => /^[0-9a-f]{16,64}$/i.test(t));
  if (params.has('token')) {
    params.delete('token');
    const rest = params.toString();
    history.replaceState(history.state, '', location.pathname + location.search + (rest ? '#' + rest : ''));
  }
  if (fromLink.length) localStorage.setItem(tokensKey(gameId), JSON.stringify(fromLink));
  return fromLink.length ? fromLink : savedTokens(gameId);
}

/// The seat tokens an earlier visit to a game left in this browser (none: it watches).
export function savedTokens(gameId) {
  try {
    return JSON.parse(localStorage.getItem(tokensKey(gameId)) || '[]');
  } catch {
    return [];
  }
}

const tokensKey = gameId => `trio.tokens.${gameId}`;

/// The games this browser holds a seat of.
export function gamesWithSeats() {
  return Object.keys(localStorage).filter(k => k.startsWith('trio.tokens.')).map(k => k.slice('trio.tokens.'.length));
}

/// This browser's id for "Play someone" (`browser` of `POST /api/seeks`): drawn once and
/// kept, so that a guest's second seek is never paired with its first. Not a secret.
export function browserId() {
  let id = localStorage.getItem(BROWSER_KEY);
  if (!id) {
    const bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    id = Array.from(bytes, b => b.toString(16).padStart(2, '0')).join('');
    localStorage.setItem(BROWSER_KEY, id);
  }
  return id;
}

const BROWSER_KEY = 'trio.browser';

/// The named player this browser is (`{key, name}`), or `null`: a guest. A sign-in link
/// (`/#player=<key>`) brings the key from another device; it is checked with the server
/// before it is kept.
export function player() {
  try {
    return JSON.parse(localStorage.getItem(PLAYER_KEY) || 'null');
  } catch {
    return null;
  }
}

export function rememberPlayer(me) {
  localStorage.setItem(PLAYER_KEY, JSON.stringify({ key: me.key, name: me.name }));
}

/// Takes the key of a sign-in link in the address, if any: `true` once it is kept.
export async function signInFromLink() {
  const key = new URLSearchParams(location.hash.slice(1)).get('player');
  if (!key) return false;
  history.replaceState(null, '', location.pathname);
  const me = await api('GET', '/api/players/me', { token: key });
  rememberPlayer({ key, name: me.name });
  return true;
}

const PLAYER_KEY = 'trio.player';

export function rememberCreated(created) {
  localStorage.setItem(`trio.created.${created.id}`, JSON.stringify(created));
}

export function createdGame(gameId) {
  try {
    return JSON.parse(localStorage.getItem(`trio.created.${gameId}`) || 'null');
  } catch {
    return null;
  }
}
