// The analysis board (/analysis): any game and variant from its start, moves for any side
// (and chance's outcomes) chosen from the legal ones, taken back freely; the engine in its
// Web Worker (engine-worker.js) shows the side to move's expected score as a bar and the
// best line, searching deeper while the position stays. The address holds the game and
// the moves (`/analysis?game=gyges&moves=setup%20123321~setup%20321123`), so a position
// can be shared. Everything runs in the browser: no request to /api.

import { language } from './i18n.js';
import { analysisAddress } from './links.js';

const WORDS = {
  en: {
    title: 'Analysis', game: 'Game', start: 'Start', back: 'Take back',
    moves: 'Moves', chance: 'Chance', toMove: (seat) => `Seat ${seat + 1} to move`,
    over: (ranks) => `Game over: ranks ${ranks.map((r) => r + 1).join(', ')} by seat`,
    expected: (p) => `Expected score of the side to move: ${p}`,
    proved: (n) => (n > 0 ? `wins in ${n} plies` : `loses in ${-n} plies`),
    line: 'Best line', nodes: (n) => `${n} nodes`, thinking: 'Thinking…',
  },
  pl: {
    title: 'Analiza', game: 'Gra', start: 'Od początku', back: 'Cofnij',
    moves: 'Ruchy', chance: 'Los', toMove: (seat) => `Ruch gracza ${seat + 1}`,
    over: (ranks) => `Koniec gry: miejsca graczy ${ranks.map((r) => r + 1).join(', ')}`,
    expected: (p) => `Oczekiwany wynik strony na ruchu: ${p}`,
    proved: (n) => (n > 0 ? `wygrywa w ${n} posunięciach` : `przegrywa w ${n === -1 ? 1 : -n} posunięciach`),
    line: 'Najlepszy wariant', nodes: (n) => `${n} węzłów`, thinking: 'Liczę…',
  },
};
const t = WORDS[language()] ?? WORDS.en;

/** Budgets of the deepening search: Gygès counts nodes, the others MCTS simulations. */
const BUDGETS = { gyges: [20_000, 100_000, 500_000, 2_000_000], other: [300, 2_000, 10_000, 50_000] };
const GAMES = ['gyges', 'gyges(variant=seed)', 'triles', 'triles(variant=own-dots+open-pool)', 'orbit', 'orbit(players=3)', 'orbit(players=4)'];

const root = document.getElementById('analysis');
let worker = null;
let asked = 0;
const waiting = new Map();

function ask(request) {
  worker ??= new Worker('/ui/engine-worker.js', { type: 'module' });
  worker.onmessage = ({ data }) => {
    const done = waiting.get(data.id);
    waiting.delete(data.id);
    if (done) done(data);
  };
  const id = ++asked;
  return new Promise((resolve, reject) => {
    waiting.set(id, (data) => ('error' in data ? reject(new Error(data.error)) : resolve(data.ok)));
    worker.postMessage({ id, request });
  });
}

/** Ends a search under way: the worker is stopped and a new one starts on the next ask. */
function stopSearch() {
  worker?.terminate();
  worker = null;
  waiting.clear();
}

function readAddress() {
  const query = new URLSearchParams(location.search);
  const moves = query.get('moves');
  return { spec: query.get('game') || 'gyges', moves: moves ? moves.split('~') : [] };
}

function writeAddress(spec, moves) {
  history.replaceState(null, '', analysisAddress(spec, moves));
}

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k.startsWith('on')) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v);
  }
  node.append(...children);
  return node;
}

let state = readAddress();
let generation = 0;

async function show() {
  const mine = ++generation;
  stopSearch();
  const { spec, moves } = state;
  let node = await ask({ op: 'node', spec });
  for (const action of moves) node = await ask({ op: 'play', spec, position: node.position, action });
  if (mine !== generation) return;
  writeAddress(spec, moves);
  const picker = el('select', { 'data-game': '', onchange: (e) => { state = { spec: e.target.value, moves: [] }; show(); } },
    ...GAMES.map((g) => { const o = el('option', { value: g }, g); o.selected = g === spec; return o; }));
  const status = node.ranks ? t.over(node.ranks) : node.chance ? t.chance : t.toMove(node.to_move);
  const choices = el('div', { class: 'analysis-moves', 'data-moves': '' },
    ...node.moves.map((m) => el('button', {
      type: 'button', 'data-action': m.action,
      onclick: () => { state = { spec, moves: [...moves, m.action] }; show(); },
    }, m.probability == null ? m.action : `${m.action} (${(m.probability * 100).toFixed(1)}%)`)));
  // The bar's look is its own (style.css is the game page's).
  const bar = el('div', { class: 'analysis-bar', 'data-eval': '', style: 'height:1.2em;max-width:30em;background:#333;border:1px solid #888' },
    el('div', { class: 'analysis-bar-fill', style: 'height:100%;width:50%;background:#eee' }));
  const words = el('p', { 'data-eval-text': '' }, node.moves.length && !node.chance ? t.thinking : '');
  const line = el('p', { 'data-line': '' });
  root.replaceChildren(
    el('h1', {}, t.title),
    el('label', {}, `${t.game} `, picker),
    el('div', {},
      el('button', { type: 'button', 'data-start': '', onclick: () => { state = { spec, moves: [] }; show(); } }, t.start),
      el('button', { type: 'button', 'data-back': '', onclick: () => { state = { spec, moves: moves.slice(0, -1) }; show(); } }, t.back)),
    el('p', { 'data-status': '' }, status),
    el('pre', { class: 'analysis-diagram', 'data-diagram': '' }, node.diagram),
    bar, words, line,
    el('h2', {}, node.chance ? t.chance : t.moves), choices,
  );
  root.querySelector('[data-back]').disabled = moves.length === 0;
  if (node.ranks || node.chance || !node.moves.length) return;
  const budgets = spec.startsWith('gyges') ? BUDGETS.gyges : BUDGETS.other;
  for (const nodes of budgets) {
    let found;
    try {
      found = await ask({ op: 'analyse', spec, position: node.position, nodes, seed: 1 });
    } catch (e) {
      if (mine === generation) words.textContent = e.message;
      return;
    }
    if (mine !== generation) return;
    bar.firstChild.style.width = `${(found.expected * 100).toFixed(1)}%`;
    const proved = found.plies_to_end == null ? '' : ` (${t.proved(found.plies_to_end)})`;
    words.textContent = `${t.expected(found.expected.toFixed(2))}${proved}; ${t.nodes(found.nodes)}`;
    line.textContent = `${t.line}: ${found.line.join(' ')}`;
    // Each budget's move stays on the line, so that what each depth found can be read.
    line.setAttribute(`data-best-${nodes}`, found.best);
  }
}

show();
