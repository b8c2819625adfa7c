// The game page's panels around the board: the status line, the players, the result, the
// move list, the message, the invitation, the seat's tools and the pass-the-device screen, each drawn from the live game (`live`, as reduce() keeps it) and worded
// by the game's contract (`game`, games.js). Names come from the game as it stands (a
// replay's early view has no colours yet).

import { h } from './dom.js';
import { t, cap, ordinal, whoPlays, refusal } from './i18n.js';
import { linkRow } from './links.js';
import { ratingNodes, changeNode } from './ratings.js';

/// Who this device plays, and whose turn it is: `conns` are the page's connections,
/// `shown` the one whose view is shown, `mine` whether it is to move, `sending` whether its
/// move is on its way, `online` whether its connection is up (else the move waits for it).
export function statusBar(game, live, { conns, shown, mine, sending, online }) {
  const view = live.view;
  const seated = conns.filter(c => c.role === 'seat');
  let who;
  if (seated.length > 1) who = t('play.you.several', { names: seated.map(c => game.seatLabel(c.seat, view)).join(', ') });
  else if (shown.role === 'seat') who = t('play.you', { name: game.seatLabel(shown.seat, view) });
  else who = t('play.spectator');
  const end = live.result ? outcome(game, live, seated.length === 1 ? seated[0].seat : null) : null;
  let turn;
  if (end) turn = end.text;
  else if (mine && sending) turn = online ? t('play.sending') : t('play.sending.offline');
  // A hot seat says whose turn: "your" is every player at the device.
  else if (mine) turn = seated.length > 1 ? t('play.yourturn.named', { name: cap(game.seatLabel(shown.seat, view)) }) : t('play.yourturn');
  else if (live.turn.kind === 'seat') {
    const seat = live.seats[live.turn.seat];
    const name = game.seatLabel(live.turn.seat, view);
    turn = seat && seat.player !== 'human' ? t('play.thinking', { name: cap(name) }) : t('play.waiting', { name });
  } else if (live.turn.kind === 'waiting') turn = t('play.seatsopen');
  else turn = t('play.chance');
  return h('div', { class: 'status' + (live.result ? ' over' : '') }, [
    h('h1', {}, [t('game.' + game.kind)]),
    h('span', { class: 'who', 'data-who': shown.role }, [who]),
    h('span', { class: 'turn' + (mine ? ' mine' : ''), 'data-outcome': end && end.kind, 'data-turn': live.turn.kind === 'seat' ? String(live.turn.seat) : live.turn.kind }, [turn]),
  ]);
}

/// The end in a word for the top of the page, `{kind, text}`: the seat `you` (one player at
/// the device) won, lost or came n-th; anyone else is told who won; a game called off has
/// no result.
export function outcome(game, live, you) {
  const ranks = live.result.ranks ?? [];
  if (!ranks.length) return { kind: 'none', text: t('result.none') };
  const view = live.view;
  const draw = ranks.every(r => r === ranks[0]);
  if (you != null) {
    const rank = ranks[you];
    if (draw) return { kind: 'draw', text: t('result.draw') };
    if (rank === 0) return { kind: 'won', text: t('result.you.won') };
    if (ranks.length === 2 || rank === Math.max(...ranks)) return { kind: 'lost', text: t('result.you.lost', { place: ordinal(rank + 1) }) };
    return { kind: 'place', text: t('result.you.place', { place: ordinal(rank + 1) }) };
  }
  if (draw) return { kind: 'draw', text: t('result.draw') };
  const winner = ranks.indexOf(Math.min(...ranks));
  return { kind: 'wins', text: t('result.wins', { name: cap(game.seatLabel(winner, view)) }) };
}

/// What the creator set that a new game would not have (`set_up`), said to everyone.
export function setUpNotice(live) {
  const set = live.set_up ?? [];
  if (!set.length) return null;
  const files = set.filter(s => s !== 'position');
  return h('p', { class: 'set-up note', 'data-set-up': set.join(' ') }, [
    set.includes('position') ? t('setup.position') : null,
    files.length ? ' ' + t('setup.file', { names: files.join(', ') }) : null,
  ]);
}

/// Why a game asked for as rated is played casual (`casual`), shown from before it begins.
export function casualNotice(live) {
  if (!live.casual) return null;
  return h('p', { class: 'casual note', 'data-casual': live.casual }, [t('casual.' + live.casual)]);
}

/// A seat this device may take (`seat`, with the invitation's `code` or open to anyone),
/// while the game waits for its players; `take()` claims it.
export function joinPanel(game, live, { seat, invited, take, gone }) {
  const name = game.seatLabel(seat, live.view);
  return h('div', { class: 'join', 'data-join': String(seat) }, [
    h('p', {}, [gone ? t('join.gone') : t(invited ? 'join.invited' : 'join.open', { name })]),
    gone ? null : h('button', { type: 'button', class: 'primary big', 'data-act': 'join', onclick: take }, [t('join.take')]),
  ]);
}

/// A time left in words for a clock: `m:ss` under an hour, `h:mm:ss` under a day, else days
/// and hours.
export function clockText(ms) {
  const s = Math.max(0, Math.ceil(ms / 1000));
  const pad = n => String(n).padStart(2, '0');
  if (s >= 86400) return t('clock.days', { d: Math.floor(s / 86400), h: Math.floor((s % 86400) / 3600) });
  if (s >= 3600) return `${Math.floor(s / 3600)}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
  return `${Math.floor(s / 60)}:${pad(s % 60)}`;
}

/// The time left on `seat`'s clock `elapsed` ms after the clock was sent.
export function timeLeft(clock, seat, elapsed) {
  const left = clock.remaining_ms[seat];
  return clock.running === seat ? left - elapsed : left;
}

/// A seat's clock in the players' list; the page counts the running one down.
function clockNode(clock, seat) {
  if (!clock) return null;
  const running = clock.running === seat;
  return h('span', {
    class: 'clock' + (running ? ' running' : '') + (clock.flagged === seat ? ' flagged' : ''),
    'data-clock': String(seat),
    role: 'timer',
    'aria-label': t('clock.label'),
  }, [clockText(clock.remaining_ms[seat])]);
}

/// The players and who is connected, as far as this page knows: while its own connection
/// is down (`online` false) it cannot know, and says so rather than an old green.
export function playersPanel(game, live, online = true) {
  const view = live.view;
  const presence = s => (!online ? 'unknown' : s.connected || s.player !== 'human' ? 'on' : 'off');
  const said = { on: t('play.connected'), off: t('play.offline'), unknown: t('play.unknown') };
  const rows = live.seats.map(s => h('li', { 'data-seat': s.seat, class: live.turn.seat === s.seat && !live.result ? 'to-move' : '' }, [
    h('span', { class: 'presence ' + presence(s), 'data-presence': presence(s), title: said[presence(s)] }),
    h('span', { class: 'swatch ' + game.swatch(s.seat, view) }),
    // One box for the words, so that a narrow panel wraps them as a line of text.
    h('span', { class: 'who' }, [
      game.seatLabel(s.seat, view) + ' — ',
      s.player_name ? h('a', { href: `/players/${encodeURIComponent(s.player_name)}`, 'data-player-link': s.player_name }, [s.player_name]) : whoPlays(s),
      ...ratingNodes(s),
      s.player === 'human' ? h('span', { class: 'conn' }, [' · ' + said[presence(s)]]) : null,
    ]),
    clockNode(live.clock, s.seat),
  ]));
  const order = game.turnOrder(view);
  return h('section', { class: 'players' }, [
    h('h2', {}, [t('play.players')]),
    h('ul', {}, rows),
    order ? h('p', { class: 'order', 'data-order': order.letters }, [order.text]) : null,
  ]);
}

/// The result once the game is over, with `tools` (the record's) under it.
export function resultPanel(game, live, tools) {
  if (live.aborted) {
    return h('section', { class: 'result', 'data-result': 'aborted' }, [
      h('h2', {}, [t('result.title')]),
      h('p', { class: 'headline' }, [t('result.aborted')]),
    ]);
  }
  if (!live.result) return null;
  const view = live.view;
  // A game called off ranks no one.
  const order = (live.result.ranks ?? []).map((r, seat) => ({ r, seat })).sort((a, b) => a.r - b.r);
  const sentence = game.resultSentence(view);
  return h('section', { class: 'result', 'data-result': '' }, [
    h('h2', {}, [t('result.title')]),
    h('p', { class: 'headline' }, [resultHeadline(game, live)]),
    sentence ? h('p', {}, [sentence]) : null,
    order.length ? h('ol', { class: 'ranking' }, order.map(o => h('li', { 'data-rank': o.r }, [`${o.r + 1}. ${game.seatLabel(o.seat, view)}`, changeNode(live.seats[o.seat]?.rating)]))) : null,
    tools,
  ]);
}

/// The words for a result's reason (`result.reason`, docs/api.md) when a seat caused it.
const REASON_WORDS = {
  resign: 'result.resigned', time: 'result.timeout', absence: 'result.abandoned', expiry: 'result.expired', abort: 'result.aborted.by',
  agreement: 'result.agreed',
};

/// A result in a few words: who won, who resigned, ran out of time, left or called the
/// game off, as its reason says; `live` is a snapshot or a lobby line (`result`, and
/// `view` where known).
export function resultHeadline(game, live) {
  const { ranks = [], reason, seat } = live.result;
  const view = live.view ?? null;
  if (REASON_WORDS[reason] && seat != null) return t(REASON_WORDS[reason], { name: cap(game.seatLabel(seat, view)) });
  if (reason === 'abort' || !ranks.length) return t('result.aborted');
  if (ranks.every(r => r === ranks[0])) return t('result.draw');
  return t('result.wins', { name: cap(game.seatLabel(ranks.indexOf(Math.min(...ranks)), view)) });
}

/// The lines of the move list, each `{n, text, title, cls, from, to}` (moves `from`..`to`
/// of the list, `n` the number of the last): a game with a setup (`game.setupText`) has
/// every chance outcome before the first decision on one line, the outcomes on hover.
export function moveLines(game, moves, view) {
  const lines = [];
  let i = 0;
  if (game.setupText) {
    while (i < moves.length && moves[i].seat == null) i++;
    if (i) lines.push({ n: i, text: game.setupText(), title: moves.slice(0, i).map(m => game.chanceText(m)).join(', '), cls: 'chance setup', from: 0, to: i });
  }
  for (; i < moves.length; i++) {
    const m = moves[i];
    // A player's move in words, its notation on hover.
    const words = m.seat == null ? null : game.moveText(m.parts);
    const text = m.seat == null
      ? `${t('play.chancemark')}: ${game.chanceText(m)}`
      : `${game.seatLabel(m.seat, view)}: ${words ?? m.action}`;
    lines.push({ n: i + 1, text, title: words ? m.action : null, cls: m.seat == null ? 'chance' : 'decision', from: i, to: i + 1 });
  }
  return lines;
}

/// The moves of the game (all of them during a replay too, the one at its step marked and
/// in view, a tap on one going there), with the last roll said above them (`shown`: the
/// moves up to the step shown).
export function moveList(game, moves, view, replay, shown = moves) {
  const list = h('ol', { class: 'moves', 'data-moves': moves.length });
  let current = null;
  for (const line of moveLines(game, moves, view)) {
    const here = replay && line.from < replay.ply && replay.ply <= line.to;
    const item = h('li', { class: line.cls + (here ? ' current' : ''), title: line.title, 'data-ply': line.to }, [
      // The number is text, not the list's marker, which a narrow margin clips at 1000.
      h('span', { class: 'n' }, [String(line.n)]), ' ', line.text,
    ]);
    if (here) current = item;
    if (replay) item.addEventListener('click', () => replay.goTo(line.to));
    list.append(item);
  }
  if (!moves.length) list.append(h('li', { class: 'none' }, [t('play.nomoves')]));
  requestAnimationFrame(() => {
    // The list scrolls, not the page (the list is the items' offset parent).
    list.scrollTop = current ? current.offsetTop - list.clientHeight / 2 : list.scrollHeight;
  });
  return h('section', { class: 'movelist' }, [h('h2', {}, [t('play.moves')]), rolledLine(game, shown, view), list]);
}

/// The last roll of the die and who rolled it ("Red rolled 3"), if the game has a die: above
/// the moves, and on a one-column page by the prompt too (the board zoomed in on a phone
/// may leave the die out of view).
export function rolledLine(game, moves, view) {
  const roll = game.lastRoll(moves);
  if (!roll || roll.seat == null) return null;
  return h('p', { class: 'rolled', 'data-die': roll.face }, [t('play.rolled', { name: cap(game.seatLabel(roll.seat, view)), face: roll.face })]);
}

/// For the browser that created the game (`created`, as the server answered), while it goes
/// on: the links of the seats not played here (`tokens`), and the spectator's.
export function invitePanel(game, live, created, tokens) {
  if (!created || live.result) return null;
  const others = created.seats.filter(s => !tokens.includes(s.token));
  // An invitation's link, while its seat still waits for the one invited.
  const invites = (created.invites ?? []).filter(s => live.seats[s.seat]?.player === 'invite');
  return h('details', { class: 'invite', open: invites.length > 0 }, [
    h('summary', {}, [t('play.invite')]),
    ...[...others, ...invites].map(s => linkRow(t('links.seat', { name: game.seatLabel(s.seat, live.view) }), location.origin + s.link, 'seat' + s.seat)),
    linkRow(t('links.spectator'), location.origin + created.spectator, 'spectator'),
  ]);
}

/// A seat's tools, as the server offers them: against the AI only, Undo and Hint (in a
/// rated game, a line saying why there are none); Abort (once confirmed) until every seat
/// has played, Resign after; a draw offered (`drawFrom`: who offers it to this seat, to
/// accept or decline) or to offer; Notify me (`asked()` after the browser's answer).
export function toolsRow({ againstAi, rated, canAbort, canResign, canUndo, canHint, undo, hint, abort, resign, asked, canDraw, drawFrom, draw, declineDraw }) {
  const buttons = [];
  if (drawFrom) {
    buttons.push(h('p', { class: 'draw-offer', role: 'status', 'data-draw': 'offered' }, [
      t('play.draw.offered', { name: cap(drawFrom) }), ' ',
      h('button', { type: 'button', 'data-act': 'draw', onclick: draw }, [t('play.draw.accept')]), ' ',
      h('button', { type: 'button', 'data-act': 'decline-draw', onclick: declineDraw }, [t('play.draw.decline')]),
    ]));
  } else if (canDraw) {
    buttons.push(h('button', { type: 'button', 'data-act': 'draw', onclick: draw }, [t('play.draw')]));
  }
  if (rated) {
    buttons.push(h('p', { class: 'hint rated-help' }, [t('play.rated.nohelp')]));
  } else if (againstAi) {
    buttons.push(h('button', { type: 'button', 'data-act': 'undo', disabled: !canUndo, onclick: undo }, [t('play.undo')]));
    buttons.push(h('button', { type: 'button', 'data-act': 'hint', disabled: !canHint, onclick: hint }, [t('play.hint')]));
  }
  if (canAbort) {
    buttons.push(h('button', {
      type: 'button', 'data-act': 'abort',
      onclick: () => { if (confirm(t('play.abort.ask'))) abort(); },
    }, [t('play.abort')]));
  }
  if (canResign) {
    buttons.push(h('button', {
      type: 'button', 'data-act': 'resign',
      onclick: () => { if (confirm(t('play.resign.ask'))) resign(); },
    }, [t('play.resign')]));
  }
  if ('Notification' in window && Notification.permission !== 'denied') {
    const on = Notification.permission === 'granted';
    buttons.push(h('button', {
      type: 'button', 'data-act': 'notify', disabled: on,
      onclick: async () => { await Notification.requestPermission(); asked(); },
    }, [on ? t('play.notify.on') : t('play.notify')]));
  }
  return h('div', { class: 'tools' }, buttons);
}

/// Hot seat with hidden hands: the screen between two players, until the next one says
/// they hold the device.
export function passDevice(name, seat, unveil) {
  return h('section', { class: 'pass-device', 'data-pass': seat }, [
    h('h2', {}, [t('pass.title', { name })]),
    h('p', {}, [t('pass.explain', { name: cap(name) })]),
    h('button', { type: 'button', class: 'primary big', 'data-action': 'unveil', onclick: unveil }, [t('pass.show', { name })]),
  ]);
}

/// The page's message, if any: a refusal ("Why not?" when it names a rule or the turn), a
/// hint, or words by key (`{key, args}`) or as they came (`{text}`).
export function messageLine(m) {
  if (!m) return null;
  const text = m.refusal ? refusal(m.refusal) : m.key ? t(m.key, m.args) : m.text;
  return h('p', { class: 'message' + (m.why ? ' why' : '') + (m.hint ? ' hint' : ''), 'data-message': '' }, [
    m.why ? h('strong', {}, [t('play.whynot') + ' ']) : null, text,
  ]);
}
