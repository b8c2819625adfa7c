// The page's routes: `/` is the lobby, `/players/{name}` a player's ratings, `/games/{id}` a game, played with the seat tokens of
// the link's fragment (`#token=A&token=B`) or watched (`#watch`); any other address (the
// server's 404 for a browser) says there is no such page. A new fragment (a seat link
// opened in the same tab) starts the page again.

import { h } from './dom.js';
import { t } from './i18n.js';
import { Lobby } from './lobby.js';
import { GamePage } from './game.js';
import { PlayerPage } from './player.js';

/// No page at this address: a link to the lobby.
class NotFound {
  render() {
    return h('main', { class: 'not-found', 'data-error': 'no-page' }, [
      h('h1', {}, [t('err.nopage')]),
      h('p', {}, [h('a', { href: '/' }, [t('err.nopage.lobby')])]),
    ]);
  }

  destroy() {}
}

/// The page object for the address: a `GamePage`, the `Lobby` or `NotFound`, each with `render()`,
/// `destroy()` and the `kind` whose rules the header opens.
function pageFor(location, redraw) {
  const m = /^\/games\/([0-9a-f]{16})$/.exec(location.pathname);
  if (m) return new GamePage(m[1], { watch: location.hash === '#watch' });
  const named = /^\/players\/([^/]+)$/.exec(location.pathname);
  if (named) return new PlayerPage(decodeURIComponent(named[1]), redraw);
  return location.pathname === '/' ? new Lobby(redraw) : new NotFound();
}

/// Opens the page of the address, and again on each change of fragment; `show(page)`
/// puts it on screen. Returns the function that tells the current page.
export function route(show) {
  let page = null;
  const open = () => {
    if (page) page.destroy();
    page = pageFor(location, () => show(page));
    show(page);
  };
  window.addEventListener('hashchange', open);
  open();
  return () => page;
}
