// The page's start: the header, the page of the address (router.js) under it, drawn again
// on a change of language. The page shows what the server sends — per-seat views
// (docs/views.md) over the WebSocket (docs/protocol.md) — and never applies a move
// itself. docs/ui.md lists the modules.

import { h, clear } from './dom.js';
import { t, language, setLanguage, onLanguage, word } from './i18n.js';
import { GAMES } from './games.js';
import { openRules } from './rules.js';
import { route } from './router.js';

const root = document.getElementById('app');

function header(page) {
  const other = language() === 'en' ? 'pl' : 'en';
  return h('header', { class: 'top' }, [
    h('a', { href: '/', class: 'brand' }, [h('span', { class: 'logo' }, ['△●◯']), ' trio']),
    h('nav', {}, [
      h('a', { href: '/', 'data-nav': 'lobby' }, [t('nav.lobby')]),
      h('a', { href: '/analysis', 'data-nav': 'analysis' }, [t('nav.analysis')]),
      h('button', { type: 'button', class: 'link', 'data-nav': 'rules', onclick: () => openRules(page.kind || Object.keys(GAMES)[0]) }, [t('nav.rules')]),
      h('button', { type: 'button', class: 'lang', 'data-lang': other, onclick: () => setLanguage(other) }, [t('lang.switch')]),
    ]),
  ]);
}

function show(page) {
  clear(root).append(header(page), page.render());
}

const current = route(show);
onLanguage(() => {
  // A board draws its words once: it is made anew in the new language.
  const page = current();
  if (page.dropBoard) page.dropBoard();
  show(page);
});
// For tests and debugging: the page's state, and a way to drop the connections.
window.trio = {
  page: current,
  drop: ms => { const page = current(); if (page.conns) page.conns.forEach(c => c.drop(ms)); },
  word,
};
