// A link to send (a seat's, a spectator's), with a Copy button: in the lobby once a game
// with a friend is created, and under Invite on the game page.

import { h } from './dom.js';
import { t } from './i18n.js';

export function linkRow(label, url, id) {
  const input = h('input', { type: 'text', readonly: true, value: url, 'data-link': id });
  const button = h('button', {
    type: 'button', class: 'copy', 'data-copy': id,
    onclick: async () => {
      input.select();
      try {
        await navigator.clipboard.writeText(url);
      } catch {
        document.execCommand('copy');
      }
      button.textContent = t('links.copied');
    },
  }, [t('links.copy')]);
  return h('div', { class: 'link-row' }, [h('label', {}, [label]), h('div', { class: 'link-field' }, [input, button])]);
}
