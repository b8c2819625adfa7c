// The kinds of game the server offers (`GET /api/kinds`) with their options as the lobby's
// form draws them, and a game's spec (`triles(variant=open-hands)`, docs/api.md) in words
// for the game page: every option of its kind as it is played, its default where the spec
// says nothing.

import { t, known } from './i18n.js';
import { api } from './net.js';
import { GAMES } from './games.js';

/// The kinds the server offers (`[{kind, options}]`), read once.
let served = null;

export async function kinds() {
  served ??= api('GET', '/api/kinds').then(answer => formKinds(answer.kinds)).catch(e => {
    served = null;
    throw e;
  });
  return served;
}

/// The server's kinds that this page can draw, each option as the form draws it.
function formKinds(list) {
  return list.filter(k => GAMES[k.name]).map(k => ({
    kind: k.name,
    options: k.options.map(o => formOption(o, GAMES[k.name].options[o.name])).filter(Boolean),
  }));
}

/// An option's schema (docs/api.md) as a form field: a `choice`, a `set`, a `number`, or
/// an `order` where the game says how to draw its letters; a short integer range is a
/// choice, and a file option (a board, a tile set) is its built-in default or a file the
/// player uploads, sent with the game.
function formOption(o, look) {
  const base = { name: o.name, help: o.help };
  switch (o.kind) {
    case 'choice': return { ...base, type: 'choice', values: o.values, default: o.default };
    case 'set': return { ...base, type: 'set', values: o.values };
    case 'integer': return o.max - o.min <= 10
      ? { ...base, type: 'choice', values: range(o.min, o.max), default: o.default }
      : { ...base, type: 'number', min: o.min, max: o.max, default: o.default };
    case 'letters': return look ? { ...base, type: 'order', ...look } : null;
    case 'file': return { ...base, type: 'file', what: o.what, default: o.default };
    default: return null;
  }
}

function range(min, max) {
  return Array.from({ length: max - min + 1 }, (_, i) => String(min + i));
}

/// The options a spec names: `orbit(players=3,order=rgb)` → `{players: '3', order: 'rgb'}`.
export function specValues(spec) {
  const m = /^[^(]*\((.*)\)$/.exec(spec || '');
  if (!m) return {};
  return Object.fromEntries(m[1].split(',').filter(Boolean).map(part => {
    const i = part.indexOf('=');
    return [part.slice(0, i), part.slice(i + 1)];
  }));
}

/// Every option of `kind` (`options` as `kinds()` has them) as `spec` plays it, in words:
/// `[{name, label, value}]`.
export function specWords(kind, options, spec) {
  const given = specValues(spec);
  const named = (o, x) => known(`new.${o.name}.${x}`) ?? x;
  return options.map(o => {
    const v = given[o.name];
    let value;
    if (o.type === 'set') value = v ? v.split('+').map(x => named(o, x)).join(', ') : t('spec.none');
    else if (o.type === 'order') {
      value = v ? [...v].map(l => { const item = o.items.find(i => i[0] === l); return item ? t(`${kind}.${item}`) : l; }).join(' → ') : t(`new.${o.name}.drawn`);
    } else value = named(o, v ?? o.default);
    const label = known(o.type === 'set' ? `new.${o.name}.set` : `new.${o.name}`) ?? o.name;
    return { name: o.name, label, value };
  });
}
