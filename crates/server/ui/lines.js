// A game as a line in a list — the lobby's finished games, My games, a player's page —
// opening the seat this browser or its player holds, else watched.

import { h } from './dom.js';
import { t, whoPlays } from './i18n.js';
import { savedTokens, player } from './net.js';
import { gameOf } from './games.js';
import { resultHeadline } from './panels.js';
import { seatRating } from './ratings.js';

/// Game `g` (a lobby line) in a list, with `attrs`: its kind, who plays, and its result and
/// a replay link once over, else its move. It opens on the seat this browser or its player
/// holds, else watched.
export function gameLine(g, attrs) {
  const game = gameOf(g.game);
  const href = `/games/${g.id}` + (sitsIn(g) ? '' : '#watch');
  const seats = g.seats.map(s => `${game.seatLabel(s.seat, null)} (${whoPlays(s)}${seatRating(s)})`).join(', ');
  const over = g.over ? [
    h('strong', {}, [g.result ? resultHeadline(game, g) : t('me.over')]),
    ' · ',
    h('a', { href, 'data-replay': g.id }, [t('lobby.replay')]),
  ] : [t('lobby.move', { n: g.seq })];
  return h('li', attrs, [h('a', { href }, [t('game.' + game.kind)]), ' — ', seats, ' · ', ...over]);
}

/// Whether this browser holds a seat of game `g` (a lobby line), or its named player sits
/// there.
export function sitsIn(g) {
  const me = player();
  return savedTokens(g.id).length > 0 || (me != null && g.seats.some(s => s.player_name === me.name));
}

/// A time control (`clock` of a game) in words.
export function clockWords(clock) {
  return clock.days ? t('new.clock.days', { d: clock.days }) : t('new.clock.rt', { m: clock.initial / 60, s: clock.increment });
}
