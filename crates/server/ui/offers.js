// What the server offers a seat of the game page beyond its moves, each drawn only when
// the snapshot says so: a seat to join, the open seats to fill with the AI, the choice for
// an absent seat, the rematch; and a named player's seats opened from its key.

import { h } from './dom.js';
import { t, cap } from './i18n.js';
import { api, ApiError, player } from './net.js';
import { joinPanel } from './panels.js';

/// How long a game of more than two waits for players before the AI is offered for the
/// free seats.
const FILL_AFTER_MS = 15000;

/// A request the server refused, said on the page.
function refused(page, e) {
  page.message = { refusal: e.body ?? { message: e.message } };
  page.draw();
}

/// While the game waits for players, a seat this device may take: the one its
/// invitation is for, else an open one. Taking it opens the seat with its token.
export function joinOffer(page, live) {
  if (live.turn.kind !== 'waiting' && !page.claimGone) return null;
  if (page.conns.some(c => c.role === 'seat')) return null;
  const invited = page.claimCode != null;
  const seat = live.seats.find(s => s.player === (invited ? 'invite' : 'open'));
  if (!seat && !page.claimGone) return null;
  const take = async () => {
    try {
      const ticket = await api('POST', `/api/games/${page.id}/join`, { body: invited ? { code: page.claimCode } : { seat: seat.seat }, token: player()?.key });
      location.replace(`/games/${page.id}#token=${ticket.token}`);
    } catch (e) {
      if (e instanceof ApiError && e.body?.code === 'no-open-seat') page.claimGone = true;
      else page.message = { refusal: e.body ?? { message: e.message } };
      page.draw();
    }
  };
  return joinPanel(page.game, live, { seat: seat ? seat.seat : 0, invited, take, gone: page.claimGone });
}

/// While a game of more than two waits for players, a seated player may give the free
/// seats to the AI (when the server offers it: `offers.fill`), shown after a short wait
/// (someone may still come).
export function fillOffer(page) {
  const conn = page.conns.find(c => c.role === 'seat' && c.game && c.game.offers && c.game.offers.fill);
  if (!conn) return null;
  if (page.waitingSince == null) {
    page.waitingSince = performance.now();
    page.fillTimer = setTimeout(() => page.draw(), FILL_AFTER_MS);
  }
  if (performance.now() - page.waitingSince < FILL_AFTER_MS) return null;
  const fill = async () => {
    try {
      await api('POST', `/api/games/${page.id}/fill`, { body: {}, token: conn.token });
    } catch (e) {
      page.message = { refusal: e.body ?? { message: e.message } };
      page.draw();
    }
  };
  return h('div', { class: 'join', 'data-fill': '' }, [
    h('p', {}, [t('fill.ask')]),
    h('button', { type: 'button', 'data-act': 'fill', onclick: fill }, [t('fill.button')]),
  ]);
}

/// When the seat to act has been away long enough (the server says so: `absent`), a
/// seated player here may claim the win, hand the seat to the AI, or keep waiting (which
/// hides the offer until the seat is away anew).
export function absentOffer(page, live) {
  const absent = live.absent;
  const conn = page.conns.find(c => c.role === 'seat' && c.seat !== absent?.seat);
  if (!absent || !conn || live.result || page.keptWaiting === `${absent.seat}:${absent.since_ms}`) return null;
  const choose = async choice => {
    try {
      await api('POST', `/api/games/${page.id}/absent`, { body: { choice }, token: conn.token });
    } catch (e) {
      page.message = { refusal: e.body ?? { message: e.message } };
      page.draw();
    }
  };
  const wait = () => {
    page.keptWaiting = `${absent.seat}:${absent.since_ms}`;
    page.draw();
  };
  const name = cap(page.game.seatLabel(absent.seat, live.view));
  return h('div', { class: 'join absent', 'data-absent': absent.seat, role: 'group', 'aria-labelledby': 'absent-ask' }, [
    h('p', { id: 'absent-ask' }, [t('absent.ask', { name })]),
    // The win is claimed only in a game of two: with more, the others play on.
    live.seats.length === 2 ? h('button', { type: 'button', class: 'primary', 'data-act': 'absent-win', onclick: () => choose('win') }, [t('absent.win')]) : null,
    h('button', { type: 'button', class: live.seats.length === 2 ? null : 'primary', 'data-act': 'absent-ai', onclick: () => choose('ai') }, [t('absent.ai')]),
    h('button', { type: 'button', 'data-act': 'absent-wait', onclick: wait }, [t('absent.wait')]),
  ]);
}

/// Once the game is over: Rematch (or Accept, when another asked) for the seats on this
/// device; when every person agreed, the page goes to the rematch with its new tokens.
export function rematchRow(page, live) {
  // A game that just ended has no rematch asked yet (the server tells of one by a
  // snapshot).
  if (!live.result) return null;
  const rematch = live.rematch ?? { agreed: live.seats.map(() => false), game: null };
  const seated = page.conns.filter(c => c.role === 'seat');
  const key = `trio.rematch.${page.id}`;
  if (rematch.game) {
    const tokens = JSON.parse(localStorage.getItem(key) || '[]');
    if (tokens.length && !page.leaving) {
      page.leaving = true;
      localStorage.setItem(`trio.tokens.${rematch.game}`, JSON.stringify(tokens));
      location.assign(`/games/${rematch.game}#` + tokens.map(tok => 'token=' + tok).join('&'));
    }
    return h('p', { class: 'rematch', 'data-rematch': rematch.game }, [h('a', { href: `/games/${rematch.game}` }, [t('rematch.watch')])]);
  }
  const others = rematch.agreed.map((a, s) => (a && !seated.some(c => c.seat === s) ? s : null)).filter(s => s != null);
  const mine = seated.filter(c => c.game.offers && c.game.offers.rematch);
  const ask = async () => {
    const tokens = [];
    for (const c of seated) {
      const ticket = await api('POST', `/api/games/${page.id}/rematch`, { token: c.token });
      tokens.push(ticket.token);
    }
    localStorage.setItem(key, JSON.stringify(tokens));
    page.draw();
  };
  return h('div', { class: 'rematch', 'data-rematch': '' }, [
    others.length ? h('p', {}, [t('rematch.asked', { names: others.map(s => page.game.seatLabel(s, live.view)).join(', ') })]) : null,
    mine.length
      ? h('button', { type: 'button', class: 'primary', 'data-act': 'rematch', onclick: () => ask().catch(e => refused(page, e)) }, [t(others.length ? 'rematch.accept' : 'rematch.ask')])
      : seated.length ? h('p', { class: 'note' }, [t('rematch.waiting')]) : null,
  ]);
}

/// Asks the server for the tokens of the seats this browser's named player sits in
/// (`POST /api/games/{id}/seat-token`) and opens them; a game it does not sit in stays
/// watched.
export async function seatFromKey(page) {
  try {
    const { seats } = await api('POST', `/api/games/${page.id}/seat-token`, { token: player().key });
    if (seats.length) location.replace(`/games/${page.id}#` + seats.map(s => 'token=' + s.token).join('&'));
  } catch {
    // Not seated here, or the server cannot say now: watching is what is left.
  }
}
