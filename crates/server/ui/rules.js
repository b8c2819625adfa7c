// The rules dialog: a game's rules for players (docs/rules/<game>[.pl].md, the developers'
// notes left out), a tab per game, and the message of each rule id the page can show.
// The dialog's `data-loaded` attribute is set once its text is there (tests wait on it).

import { h } from './dom.js';
import { t, language, ruleList } from './i18n.js';
import { renderMarkdown, playersPart } from './md.js';
import { GAMES } from './games.js';

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
    // Why a move is refused: the message of each rule id, as the page says it.
    body.append(h('h2', { id: 'rule-ids' }, [t('rules.ids')]), h('dl', { class: 'rule-ids' },
      ruleList(kind).flatMap(([id, text]) => [h('dt', {}, [h('code', {}, [id])]), h('dd', {}, [text])])));
  } catch (e) {
    body.textContent = t('err.generic', { message: e.message });
  }
  dialog.dataset.loaded = '';
}
