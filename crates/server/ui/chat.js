// The game page's canned chat (`docs/protocol.md`, "Chat"): the phrases a seat may say,
// what was said, and Mute for the game.

import { h } from './dom.js';
import { t, cap } from './i18n.js';

/// The canned messages.
const PHRASES = ['hello', 'good-luck', 'your-move', 'well-played', 'good-game', 'thanks', 'oops', 'sorry'];

/// The canned chat: the phrases a seat may say, what was said (others' hidden when
/// muted), and Mute for this game.
export function chatPanel(page, live) {
  const seat = page.conns.find(c => c.role === 'seat' && c.open);
  const shown = page.muted ? page.chat.filter(m => page.conns.some(c => c.seat === m.seat)) : page.chat;
  const mute = () => {
    page.muted = !page.muted;
    localStorage.setItem(`trio.mute.${page.id}`, page.muted ? '1' : '0');
    page.draw();
  };
  return h('section', { class: 'chat' }, [
    h('h2', {}, [t('chat.title')]),
    h('ol', { class: 'said', 'aria-live': 'polite' }, shown.map(m => h('li', { 'data-said': m.phrase }, [
      h('strong', {}, [cap(page.game.seatLabel(m.seat, live.view)) + ': ']), t('chat.' + m.phrase)]))),
    seat ? h('div', { class: 'phrases' }, PHRASES.map(p => h('button', {
      type: 'button', class: 'small', 'data-say': p, onclick: () => seat.say(p),
    }, [t('chat.' + p)]))) : null,
    h('button', { type: 'button', class: 'small', 'data-act': 'mute', 'aria-pressed': String(page.muted), onclick: mute }, [t(page.muted ? 'chat.unmute' : 'chat.mute')]),
  ]);
}
