// Fair play: the server publishes a hash of its random seed, the game, its seats and its
// start when the game starts (`seed_hash`) and reveals the seed with a nonce in the record
// once the game is over; the page recomputes the hash from the record (docs/api.md, "The
// record") and offers the record for `trio verify`.

import { h } from './dom.js';
import { t } from './i18n.js';

/// A finished game's record: its text (downloaded as it came), the parsed record, and the
/// seed as text, read from the text because a JavaScript number would round a 64-bit one.
export async function loadRecord(id) {
  const response = await fetch(`/api/games/${id}/record`);
  if (!response.ok) throw new Error(String(response.status));
  const text = await response.text();
  const record = JSON.parse(text);
  const seed = (/"seed"\s*:\s*(\d+)/.exec(text) || [])[1] || String(record.seed);
  return { text, record, seed };
}

/// Whether the revealed seed is the one committed to: `ok`, `bad`, `nocheck` (no
/// WebCrypto, as on a plain-HTTP address other than localhost), or `null` for a record
/// without a commitment.
export async function checkSeed({ record, seed }) {
  const c = record.commitment;
  if (!c) return null;
  if (!(window.crypto && crypto.subtle)) return 'nocheck';
  const seedPart = await sha256(`trio-seed:${seed}:${c.nonce}`);
  // Version 1 (no version written): games created when the hash covered the seed alone.
  if ((c.version || 1) === 1) return seedPart === c.seed_hash ? 'ok' : 'bad';
  const definitions = record.definitions || {};
  const game = [record.game, ...Object.keys(definitions).sort().flatMap(k => [k, definitions[k]])];
  const parts = [
    seedPart,
    await sha256(fields('trio-game', game)),
    await sha256(fields('trio-seats', record.seats)),
    await sha256(fields('trio-start', record.start == null ? [] : [record.start])),
  ];
  return (await sha256(`trio-commitment:2:${parts.join(':')}`)) === c.seed_hash ? 'ok' : 'bad';
}

/// SHA-256 of a text's UTF-8 bytes, in lowercase hex.
async function sha256(text) {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), b => b.toString(16).padStart(2, '0')).join('');
}

/// `<tag>:<count>:` and each field as `<length in UTF-8 bytes>:<text>`, as the server
/// writes a part of the commitment.
function fields(tag, list) {
  const bytes = f => new TextEncoder().encode(f).length;
  return `${tag}:${list.length}:` + list.map(f => `${bytes(f)}:${f}`).join('');
}

/// The panel: the hash while the game goes on; then the seed, the nonce and the check.
export function seedPanel(game, loaded, check) {
  const parts = [h('h2', {}, [t('seed.title')])];
  if (!loaded) {
    parts.push(h('p', {}, [t('seed.pending')]), h('code', { class: 'hash' }, [game.seed_hash]));
  } else {
    const c = loaded.record.commitment;
    parts.push(
      h('p', {}, [t('seed.hash')]), h('code', { class: 'hash' }, [c ? c.seed_hash : game.seed_hash]),
      h('p', {}, [t('seed.revealed')]),
      h('code', { class: 'seed', 'data-seed': loaded.seed }, [loaded.seed]),
      c ? h('p', { class: 'small' }, [t('seed.nonce') + ': ', h('code', {}, [c.nonce])]) : null,
      check ? h('p', { class: 'check ' + check, 'data-check': check }, [t('seed.' + check)]) : null,
      h('p', { class: 'small' }, [t('seed.verify')]),
    );
  }
  return h('section', { class: 'fair' }, parts);
}

/// Saves the record as it came from the server.
export function downloadRecord(loaded, name) {
  const blob = new Blob([loaded.text], { type: 'application/json' });
  const a = h('a', { href: URL.createObjectURL(blob), download: name });
  document.body.append(a);
  a.click();
  a.remove();
}
