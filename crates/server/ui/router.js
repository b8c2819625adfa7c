// The page's routes: `/` is the lobby, `/games/{id}` a game, played with the seat tokens of
// the link's fragment (`#token=A&token=B`) or watched (`#watch`). A new fragment (a seat
// link opened in the same tab) starts the page again.

import { Lobby } from './lobby.js';
import { GamePage } from './game.js';

/// The page object for the address: a `GamePage` or the `Lobby`, each with `render()`,
/// `destroy()` and the `kind` whose rules the header opens.
function pageFor(location, redraw) {
  const m = /^\/games\/([0-9a-f]{16})$/.exec(location.pathname);
  return m ? new GamePage(m[1], { watch: location.hash === '#watch' }) : new Lobby(redraw);
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
