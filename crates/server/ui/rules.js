// The rules dialog: a game's rules for players (docs/rules/<game>[.pl].md, the developers'
// notes left out), a tab per game, and the message of each rule id the page can show.
// Each board of the text is drawn by its game's board, not as the terminal draws it. The dialog's `data-loaded` attribute is set once its text is there (tests
// wait on it).

import { h } from './dom.js';
import { t, language, ruleList } from './i18n.js';
import { renderMarkdown, playersPart } from './md.js';
import { GAMES, gameOf } from './games.js';
import { api } from './net.js';

export async function openRules(kind) {
  const dialog = h('dialog', { class: 'rules', 'data-rules': kind });
  const body = h('div', { class: 'rules-body' }, ['…']);
  const close = () => { dialog.close(); dialog.remove(); };
  const tabs = h('div', { class: 'tabs' }, Object.keys(GAMES).map(k => h('button', {
    type: 'button', class: k === kind ? 'on' : '', 'data-kind': k,
    onclick: () => { close(); openRules(k); },
  }, [t('game.' + k)])));
  dialog.append(h('div', { class: 'rules-head' }, [
    h('h2', {}, [t('rules.title', { game: t('game.' + kind) })]),
    h('button', { type: 'button', class: 'close', onclick: close }, [t('rules.close')]),
  ]), tabs, body);
  document.body.append(dialog);
  dialog.showModal();
  try {
    const file = `/rules/${kind}${language() === 'pl' ? '.pl' : ''}.md`;
    const response = await fetch(file);
    if (!response.ok) throw new Error(`${file}: ${response.status}`);
    body.innerHTML = renderMarkdown(playersPart(await response.text()));
    // A board the server cannot show keeps the terminal's drawing.
    await Promise.all([...body.querySelectorAll('figure[data-board]')].map(f => drawBoard(f).catch(() => {})));
    // Why a move is refused: the message of each rule id, as the page says it.
    body.append(h('h2', { id: 'rule-ids' }, [t('rules.ids')]), h('dl', { class: 'rule-ids' },
      ruleList(kind).flatMap(([id, text]) => [h('dt', {}, [h('code', {}, [id])]), h('dd', {}, [text])])));
  } catch (e) {
    body.textContent = t('err.generic', { message: e.message });
  }
  dialog.dataset.loaded = '';
}

/// A figure of the rules (`board <spec> <position> key=a,b …`, md.js) drawn by its game's
/// board from the position as the server shows it (`GET /api/positions`), to be looked at
/// only: with `from=<place>`, that piece chosen and where it can go lit (`to=<place>`
/// too: where it lands, and what then); with `move=<action>`, that move drawn as one
/// about to be played. The terminal's drawing stays if the
/// position cannot be shown.
async function drawBoard(figure) {
  const [spec, ...words] = figure.dataset.board.split(/\s+/);
  const marks = {};
  const position = [];
  for (const word of words) {
    const [key, value] = word.split('=');
    if (value === undefined) position.push(word);
    else marks[key] = value;
  }
  const game = gameOf(spec);
  if (!game) return;
  const query = new URLSearchParams({ game: spec, position: position.join(' ') });
  const shown = await api('GET', `/api/positions?${query}`);
  const board = new game.Board(h('div'), QUIET);
  if (marks.from) board.sel = marks.to ? { from: marks.from, to: marks.to } : { from: marks.from };
  board.render({
    view: shown.view, mine: !!marks.from, legal: shown.legal, choices: marks.from ? shown.legal_parts : [],
    moves: [], last: null, hint: null, you: null, hotSeat: false,
    proposed: marks.move ?? null, proposedParts: marks.move ? shown.legal_parts[shown.legal.indexOf(marks.move)] ?? null : null,
  });
  // A picture: no target to tab to, nor to be found as the game's own board's.
  const svg = board.svg.cloneNode(true);
  if (board.destroy) board.destroy();
  for (const el of svg.querySelectorAll('[data-key]')) {
    for (const name of ['data-key', 'data-sq', 'data-field', 'data-cell', 'data-goal', 'role', 'tabindex', 'aria-label']) el.removeAttribute(name);
  }
  svg.classList.remove('board');
  svg.classList.add('diagram');
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', game.describe(shown.view).join('. '));
  figure.replaceChildren(svg);
}

/// What a board drawn as a picture tells the page: nothing.
const QUIET = { propose() {}, commit() {}, attempt() {}, prompt() {}, actions() {}, redraw() {} };
