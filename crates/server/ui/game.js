// The game page at `/games/{id}`: one connection per seat on this device (the tokens of
// the link's fragment or of an earlier visit), or one that watches; the board of the seat
// to move, and around it the status, the players, the moves, the result, the seed, the
// tools (undo, hint, resign, notifications) and, at the end, the replay. What is drawn is
// the server's per-seat views; what differs between games is asked of the game's
// contract (games.js).

import { h, clear } from './dom.js';
import { t, cap, ordinal, refusal } from './i18n.js';
import { api, Conn, tokensFor, createdGame, ApiError, player } from './net.js';
import { gameOf } from './games.js';
import { kinds, specWords } from './kinds.js';
import { clockWords } from './lines.js';
import { loadRecord, checkSeed, seedPanel, downloadRecord } from './fairness.js';
import { Replay } from './replay.js';
import { Review } from './review.js';
import { SPEEDS, speed, setSpeed, holdStill } from './motion.js';
import { joinOffer, fillOffer, absentOffer, rematchRow, seatFromKey } from './offers.js';
import { chatPanel } from './chat.js';
import { statusBar, playersPanel, resultPanel, moveList, moveLines, invitePanel, toolsRow, passDevice, messageLine, rolledLine, setUpNotice, casualNotice, clockText, timeLeft } from './panels.js';

/// The most messages the chat shows.
const CHAT_KEPT = 50;

export class GamePage {
  constructor(id, { watch }) {
    this.id = id;
    this.game = null; // the game's contract, once the first snapshot names it
    const tokens = watch ? [] : tokensFor(id);
    // An invitation's code (`#claim=`), until its seat is taken.
    this.claimCode = new URLSearchParams(location.hash.slice(1)).get('claim');
    this.claimGone = false;
    const changed = (c, what, m) => this.changed(c, what, m);
    this.conns = tokens.length ? tokens.map(tok => new Conn(id, tok, changed)) : [new Conn(id, null, changed)];
    // Once no person is left to play, the AIs' moves are shown as they come, unpaced.
    for (const c of this.conns) {
      c.hurry = live => this.playingOn(live);
      c.ours = seat => !!this.local(seat);
    }
    this.sawPlayingOn = false; // whether this page saw the AIs play a game out
    // A named player without the seat's token here (another device) gets one from its key.
    if (!watch && !tokens.length && this.claimCode == null && player()) seatFromKey(this);
    this.shown = null; // the conn whose view is shown
    this.unveiled = null; // hot seat: the seat that last confirmed it holds the device
    this.proposed = null;
    this.hint = null;
    this.message = null;
    this.sending = false;
    this.acked = null; // {conn, seq} of the last ack, until the game has reached that seq
    this.record = null; // {text, record, seed} once the game is over
    this.seedCheck = null;
    this.replay = null;
    this.review = null; // the finished game's review, once asked for
    this.wasMyTurn = false;
    this.chat = []; // the canned messages said since the page opened
    this.muted = localStorage.getItem(`trio.mute.${id}`) === '1';
    this.board = null;
    this.described = false; // the position in words shown under the board
    // What a screen reader says as it happens: the others' moves and the turn. It outlives
    // the page's drawings (a region put back anew is not heard).
    this.live = h('p', { class: 'sr-only', 'aria-live': 'polite', 'data-live': '' });
    this.heard = null; // how many moves the live region has told
    document.body.append(this.live);
    this.kinds = null; // the server's kinds and their options, for the spec in words
    kinds().then(list => { this.kinds = list; this.draw(); }, () => {});
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
      if (e.key === 'Escape' && (this.proposed || this.board)) this.cancel();
    };
    document.addEventListener('keydown', this.onKey);
    // The running clock counts down between the server's messages.
    this.ticker = setInterval(() => this.tickClock(), 250);
    // A page left for another stays in the back/forward cache with its sockets open: it
    // closes them, and opens them again if it comes back.
    this.onHide = () => this.conns.forEach(c => c.suspend());
    this.onShow = e => e.persisted && this.conns.forEach(c => c.resume());
    window.addEventListener('pagehide', this.onHide);
    window.addEventListener('pageshow', this.onShow);
    this.ctx = {
      propose: action => { this.proposed = action; this.message = null; this.draw(); },
      commit: action => this.play(action),
      attempt: action => this.play(action, true),
      // `keep`: the prompt still holds with a move proposed (it says why that move).
      prompt: (text, keep = false) => { this.boardPrompt = text; this.keepPrompt = keep; this.showPrompt(); },
      actions: list => this.renderActions(list),
      redraw: () => this.draw(),
    };
  }

  /// The game's kind, whose rules the header's Rules opens.
  get kind() {
    return this.game && this.game.kind;
  }

  destroy() {
    if (this.review) this.review.stop();
    clearInterval(this.ticker);
    clearTimeout(this.fillTimer);
    document.removeEventListener('keydown', this.onKey);
    window.removeEventListener('pagehide', this.onHide);
    window.removeEventListener('pageshow', this.onShow);
    this.live.remove();
    for (const c of this.conns) c.close();
    this.dropBoard();
  }

  /// Forgets the board (drawn anew at the next draw, as after a change of language).
  dropBoard() {
    if (this.board && this.board.destroy) this.board.destroy();
    this.board = null;
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
    // Until every seat of this device has its view, another seat than the mover is not
    // shown: it would ask the wrong player to take the device.
    if (!mover && turn && turn.kind === 'seat' && this.conns.some(c => c.token && !c.game && !c.error)) return null;
    return mover || (this.shown && seated.includes(this.shown) ? this.shown : seated[0]);
  }

  /// Whether several seats are played on this device: those the server confirmed, and the
  /// tokens it has not answered yet (so that a hand is covered from the first drawing).
  hotSeat() {
    return this.conns.filter(c => c.role === 'seat' || (c.token && !c.role && !c.error)).length > 1;
  }

  changed(conn, what, m) {
    // Every connection of a hot seat hears a message once: the first one keeps it.
    if (what === 'said') {
      if (conn === this.conns[0]) this.chat = [...this.chat, m].slice(-CHAT_KEPT);
      this.draw();
      return;
    }
    if (what === 'reject') {
      this.sending = false;
      this.message = { refusal: m, why: !!m.rule || m.code === 'not-your-turn' };
      this.proposed = null;
    } else if (what === 'ack') {
      this.acked = { conn, seq: m.seq };
    } else if (what === 'error' && m.code === 'wrong-token') {
      this.message = { key: 'err.wrongtoken' };
    } else if (what === 'event' || what === 'snapshot') {
      this.hint = null;
      if (m && m.kind === 'undo') this.proposed = null;
    }
    // A move is on its way until its event has come (the ack comes first, and till then
    // the game shown is the one before the move).
    if (this.acked && this.acked.conn.game.seq >= this.acked.seq) {
      this.sending = false;
      this.acked = null;
    }
    if (conn.game && !this.game) this.game = gameOf(conn.game.game);
    if (conn.game && conn.game.result && !this.record && !this.fetchingRecord) this.fetchRecord();
    this.draw();
  }

  async fetchRecord() {
    this.fetchingRecord = true;
    try {
      this.record = await loadRecord(this.id);
    } catch {
      this.fetchingRecord = false;
      return;
    }
    this.draw();
    this.seedCheck = await checkSeed(this.record);
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

  cancel() {
    this.proposed = null;
    if (this.board) this.board.reset();
    this.draw();
  }

  /// Whether the server offers the seat shown `what` now (docs/api.md, `offers`): its
  /// policy, so the page keeps no rule of its own (a spectator is offered nothing).
  offered(what) {
    const game = this.shown && this.shown.game;
    return !!(game && game.offers && game.offers[what]);
  }

  /// Whether the AIs play the game out: its people are all out of it (placed) and it goes on.
  playingOn(live) {
    const game = live && gameOf(live.game);
    if (!game || live.result || live.turn.kind === 'waiting') return false;
    const people = live.seats.filter(s => s.player === 'human');
    return people.length > 0 && people.every(s => game.done(live.view, s.seat));
  }

  /// While the AIs play the game out, that they do (their moves not paced, nothing moving,
  /// the screen reader not told each one); at the end, the places they played for.
  playedOnLine(live) {
    if (this.playingOn(live)) {
      this.sawPlayingOn = true;
      return h('p', { class: 'played-on', 'data-played-on': 'now' }, [t('playon.now')]);
    }
    if (!live.result || !live.result.ranks || !this.sawPlayingOn) return null;
    const ranks = live.result.ranks;
    const people = live.seats.filter(s => s.player === 'human').map(s => ranks[s.seat]);
    const after = live.seats.filter(s => s.player !== 'human' && ranks[s.seat] > Math.max(...people))
      .sort((a, b) => ranks[a.seat] - ranks[b.seat]);
    if (!after.length) return null;
    const places = after.map(s => `${cap(this.game.seatLabel(s.seat, live.view))} ${ordinal(ranks[s.seat] + 1)}`).join(', ');
    return h('p', { class: 'played-on', 'data-played-on': 'done' }, [t('playon.done', { places })]);
  }

  myTurn() {
    const conn = this.shown;
    const game = conn && conn.game;
    return !!(game && conn.role === 'seat' && game.turn.kind === 'seat' && game.turn.seat === conn.seat && game.legal.length);
  }

  async askHint() {
    const conn = this.shown;
    const seq = conn.game.seq;
    this.message = { key: 'play.hint.wait' };
    this.draw();
    let hint = null;
    let message;
    try {
      hint = await api('GET', `/api/games/${this.id}/hint`, { token: conn.token });
      message = { key: 'play.hint.is', args: { move: this.game.moveText(hint.parts) ?? hint.action }, hint: true };
    } catch (e) {
      message = e instanceof ApiError ? { refusal: e.body } : { text: e.message };
    }
    // A move made meanwhile makes the answer stale (a refusal too: the turn has passed).
    if (conn.game.seq === seq) {
      this.hint = hint;
      this.message = message;
    } else if (this.message && this.message.key === 'play.hint.wait') {
      this.message = null;
    }
    this.draw();
  }

  notify() {
    const mine = this.myTurn();
    const name = t('game.' + this.kind);
    document.title = mine ? t('play.yourturn.title', { game: name }) : `${name} — trio`;
    if (mine && !this.wasMyTurn && document.hidden && 'Notification' in window && Notification.permission === 'granted') {
      const id = this.shown.game.id;
      try {
        new Notification(t('play.notify.title', { game: name }), { body: id, tag: 'trio-' + id });
      } catch {
        // Some browsers allow notifications from a service worker only.
      }
    }
    this.wasMyTurn = mine;
  }

  startReplay() {
    this.replay = new Replay(this.id, this.record.record, {
      seat: () => ({ token: this.shown.role === 'seat' ? this.shown.token : null, moves: this.shown.game.moves }),
      changed: () => this.draw(),
      failed: e => { this.message = { text: e.message }; this.draw(); },
      analysable: !this.shown.game.facts?.hidden_information,
    });
  }

  /// Asks for the review (docs/review.md); its steps open the replay before them.
  startReview() {
    this.review = new Review(this.id, {
      changed: () => this.draw(),
      goTo: ply => {
        if (!this.replay) this.startReplay();
        this.replay.goTo(ply);
      },
    });
    this.review.ask();
    this.draw();
  }

  render() {
    this.shell = h('main', { class: 'game' });
    this.draw();
    return this.shell;
  }

  /// Draws the page anew. A control that had the focus (a hand tile, a button) is drawn anew
  /// too: the focus goes back to the one of the same key, else it would fall to the body.
  draw() {
    if (!this.shell) return;
    const had = document.activeElement;
    const key = had && had !== document.body && this.shell.contains(had) && !had.closest('svg') ? controlKey(had) : null;
    this.drawPage();
    if (key && !this.shell.contains(had) && (document.activeElement === document.body || !document.activeElement)) {
      const again = this.shell.querySelector(key);
      if (again) again.focus({ preventScroll: true });
    }
  }

  drawPage() {
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
    const live = conn.game;
    const game = this.game;
    this.notify();

    // Hot seat with hidden hands: cover the screen between two local players.
    const hotSeat = this.hotSeat();
    if (game.hidesHands(live.view) && hotSeat && !live.result && this.unveiled !== conn.seat) {
      this.passDevice(conn.seat, live.view);
      return;
    }

    clear(this.shell);
    const replaying = this.replay && this.replay.view;
    const view = replaying ? this.replay.view : live.view;
    const moves = replaying ? this.replay.moves : live.moves;
    const mine = !replaying && this.myTurn() && !this.sending;

    // The board, kept between draws (it holds the selection and the Triles viewport).
    if (!this.board) {
      this.boardHost = h('div', { class: 'board-host' });
      this.board = new game.Board(this.boardHost, this.ctx);
    }
    this.promptNode = h('p', { class: 'prompt', 'data-prompt': '' });
    this.boardPrompt = '';
    this.keepPrompt = false;
    this.actionsNode = h('div', { class: 'actions' });
    // Names come from the game as it stands (a replay's early view has no colours yet).
    const side = h('aside', { class: 'side' }, [
      playersPanel(game, live, conn.open),
      resultPanel(game, live, this.resultTools()),
      this.review ? this.review.panel(game, live.seats.map(s => game.seatLabel(s.seat, live.view)), live.seats.map(s => game.swatch(s.seat, live.view)), live.moves) : null,
      rematchRow(this, live),
      moveList(game, replaying ? this.replay.all : moves, live.view, this.replay, moves),
      // Only a game of chance has dice or draws to be fair.
      live.facts && live.facts.chance ? seedPanel(live, this.record, this.seedCheck) : null,
      invitePanel(game, live, createdGame(this.id), this.conns.map(c => c.token)),
      chatPanel(this, live),
    ]);
    // A connection not answered yet at the page's opening is not a lost one.
    const offline = this.conns.some(c => !c.open && (c.wasOpen || c.failures > 0)) ? h('p', { class: 'offline', 'data-offline': '' }, [t('play.reconnecting')]) : null;
    const replayBar = this.replay ? this.replay.bar(() => { this.replay = null; this.draw(); }) : null;
    const status = statusBar(game, live, { conns: this.conns, shown: conn, mine: this.myTurn(), sending: this.sending, online: conn.open });
    const play = h('section', { class: 'play' }, [
      status, this.playedOnLine(live), this.remindLine(), this.specLine(live), setUpNotice(live), casualNotice(live), joinOffer(this, live), fillOffer(this), absentOffer(this, live), offline, replayBar, this.boardHost,
      // What to do now stays in view while the page scrolls (a tall table on a laptop).
      h('div', { class: 'action-bar' }, [rolledLine(game, moves, view), this.promptNode, this.actionsNode, messageLine(this.message)]),
      this.tools(live),
      h('div', { class: 'board-options' }, [this.description(view), motionSetting()]),
    ]);
    this.shell.append(play, side);
    if (!replaying) this.announce(live, status.querySelector('.turn').textContent);
    holdStill(!replaying && this.playingOn(live));
    this.board.render({
      view,
      legal: mine ? live.legal : [],
      choices: mine ? live.legal_parts ?? [] : [],
      mine,
      you: conn.role === 'seat' ? conn.seat : null,
      hotSeat,
      moves,
      last: game.lastMove(moves),
      // In a replay opened from the review, the better move at that step.
      hint: this.hint ? this.hint.parts : replaying && this.review ? this.review.bestAt(this.replay.ply) : null,
      proposed: this.proposed,
      proposedParts: mine ? this.proposedParts(live) : null,
    });
  }

  remindLine() {
    this.reminded = this.remindNow();
    return this.reminded ? h('p', { class: 'remind', 'data-remind': '', role: 'alert' }, [t('clock.remind')]) : null;
  }

  /// The running clock's time now, on the page; the 75 % reminder drawn when it is due.
  tickClock() {
    const conn = this.shown;
    const clock = conn && conn.game && conn.game.clock;
    if (!clock || clock.running == null || !this.shell) return;
    const node = this.shell.querySelector(`[data-clock="${clock.running}"]`);
    if (node) node.textContent = clockText(timeLeft(clock, clock.running, performance.now() - conn.clockAt));
    if (this.remindNow() !== this.reminded) this.draw();
  }

  /// Whether the seat shown has used three quarters of its correspondence time for this
  /// move.
  remindNow() {
    const conn = this.shown;
    const clock = conn && conn.game && conn.game.clock;
    if (!clock || !clock.spec.days || conn.role !== 'seat' || clock.running !== conn.seat) return false;
    return timeLeft(clock, conn.seat, performance.now() - conn.clockAt) <= clock.spec.days * 86400000 / 4;
  }

  /// The button that shows the position in words, and those words (`game.describe`).
  description(view) {
    const toggle = () => { this.described = !this.described; this.draw(); };
    return h('div', { class: 'describe' }, [
      h('button', { type: 'button', 'data-act': 'describe', 'aria-expanded': String(this.described), onclick: toggle }, [t('board.describe')]),
      this.described ? h('ul', { class: 'description', 'data-description': '' }, this.game.describe(view).map(line => h('li', {}, [line]))) : null,
    ]);
  }

  /// Puts in the live region the moves made since it last spoke, but this device's own, and
  /// the turn when it changed (`turn`, as the status says it).
  announce(live, turn) {
    const moves = live.moves;
    // The moves before the page opened are in the list, not news.
    if (this.heard === null || moves.length < this.heard) this.heard = moves.length;
    // The AIs playing the game out are not read out move by move.
    const said = this.playingOn(live) ? [] : moveLines(this.game, moves, live.view)
      .filter(line => line.from >= this.heard && !this.local(moves[line.from].seat))
      .map(line => line.text);
    if (turn !== this.turnSaid) said.push(turn);
    this.heard = moves.length;
    this.turnSaid = turn;
    if (said.length) this.live.textContent = said.join('. ');
  }

  /// Which variant is played: every option of the game's kind, as its spec sets it.
  /// The variant and options played, the time control and whether the game is rated.
  specLine(live) {
    const kind = this.kinds && this.kinds.find(k => k.kind === this.game.kind);
    const words = kind ? specWords(kind.kind, kind.options, live.game).map(w => `${w.label}: ${w.value}`) : [];
    if (live.clock) words.push(clockWords(live.clock.spec));
    if (live.rated) words.push(t('lobby.rated'));
    return words.length ? h('p', { class: 'spec', 'data-spec': live.game }, [words.join(' · ')]) : null;
  }

  passDevice(seat, view) {
    const unveil = () => {
      this.unveiled = seat;
      this.draw();
      // The player's own tiles, where a keyboard or a screen reader goes on from.
      const first = this.shell.querySelector('.hand-tile');
      if (first) first.focus({ preventScroll: true });
    };
    clear(this.shell).append(passDevice(this.game.seatLabel(seat, view), seat, unveil));
    // The next player's board starts afresh (no tile chosen by the one before).
    this.dropBoard();
  }

  renderActions(list) {
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
        h('button', { type: 'button', 'data-act': 'cancel', onclick: () => this.cancel() }, [t('play.cancel')]),
      );
    }
    this.showPrompt();
  }

  /// The parts of the move proposed (api.md "Legal moves") when it is legal in `live`.
  proposedParts(live) {
    return live && this.proposed ? (live.legal_parts ?? [])[live.legal.indexOf(this.proposed)] ?? null : null;
  }

  /// The board's prompt; with a move proposed, the move a second tap or Confirm plays (in
  /// words, as the move list says it), whichever of the board's prompt and buttons came first.
  showPrompt() {
    if (!this.promptNode) return;
    const parts = this.proposedParts(this.shown && this.shown.game);
    const tap = t('play.tapagain', { move: (parts && this.game.moveText(parts)) ?? this.proposed });
    this.promptNode.textContent = !this.proposed ? this.boardPrompt : this.keepPrompt ? `${this.boardPrompt} ${tap}` : tap;
  }

  /// A seat's tools while its game goes on, as the server offers them.
  tools(live) {
    const conn = this.shown;
    if (conn.role !== 'seat' || live.turn.kind === 'over') return null;
    return toolsRow({
      againstAi: this.offered('against_ai'),
      rated: !!conn.game?.rated,
      canAbort: this.offered('abort'),
      canResign: this.offered('resign'),
      // Not while one's own move is on its way: the answer would be for the game before it.
      canUndo: this.offered('undo') && !this.sending,
      canHint: this.offered('hint') && !this.sending,
      // An undo is on its way as a move is, till its event comes (or its refusal).
      undo: () => { this.message = null; this.sending = true; conn.undo(); this.draw(); },
      hint: () => this.askHint(),
      abort: () => conn.abort(),
      resign: () => conn.resign(),
      asked: () => this.draw(),
      canDraw: this.offered('draw'),
      // The other seat of a game of two, whose offer stands.
      drawFrom: this.offered('draw_offered') ? this.game.seatLabel(1 - conn.seat, live.view) : null,
      draw: () => {
        if (!this.offered('draw_offered')) this.message = { text: t('play.draw.sent') };
        conn.offerDraw();
        this.draw();
      },
      declineDraw: () => conn.declineDraw(),
    });
  }

  /// Under the result: download the record, replay the game.
  resultTools() {
    if (!this.record) return null;
    return h('div', { class: 'record-tools' }, [
      h('button', { type: 'button', 'data-act': 'export', onclick: () => downloadRecord(this.record, `trio-${this.kind}-${this.id}.json`) }, [t('record.export')]),
      this.replay ? null : h('button', { type: 'button', 'data-act': 'replay', onclick: () => this.startReplay() }, [t('replay.start')]),
      this.review ? null : h('button', { type: 'button', 'data-act': 'review', onclick: () => this.startReview() }, [t('review.start')]),
    ]);
  }
}

/// How fast moves are shown moving (motion.js), kept by the browser.
function motionSetting() {
  const select = h('select', { 'data-setting': 'motion', onchange: e => setSpeed(e.target.value) },
    Object.keys(SPEEDS).map(name => h('option', { value: name, selected: name === speed() }, [t('motion.' + name)])));
  return h('label', { class: 'setting' }, [t('motion.label'), ' ', select]);
}

/// A selector for a control of the page that a drawing makes anew: by the data attribute
/// that names it (`data-act`, `data-action`, `data-tile`, …), else none.
function controlKey(el) {
  for (const name of ['data-act', 'data-action', 'data-tile', 'data-setting', 'data-say']) {
    const value = el.getAttribute(name);
    if (value != null) return `[${name}="${CSS.escape(value)}"]`;
  }
  return null;
}
