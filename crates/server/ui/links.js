// A link to send (a seat's, a spectator's), with a Copy button, and a Share button where
// the browser can share (the Web Share API, on a phone): in the lobby once a game with a
// friend is created, and under Invite on the game page. And the analysis board's address.

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
  const share = navigator.share ? h('button', {
    type: 'button', class: 'copy', 'data-share': id,
    // Closing the share sheet rejects: nothing to say.
    onclick: () => navigator.share({ title: label, url }).catch(() => {}),
  }, [t('links.share')]) : null;
  return h('div', { class: 'link-row' }, [h('label', {}, [label]), h('div', { class: 'link-field' }, [input, button, share])]);
}

/// The analysis board's address for game `spec` after `moves` (their notations), which it
/// reads back. The form encoding writes `~` as `%7E`: kept readable, as a person types it.
export function analysisAddress(spec, moves) {
  const query = new URLSearchParams({ game: spec });
  if (moves.length) query.set('moves', moves.join('~'));
  return `/analysis?${String(query).replaceAll('%7E', '~')}`;
}
