// The page's languages: `t(key, args)` gives the words for a key in the page's language
// (English, i18n-en.js, or Polish, i18n-pl.js), remembered in localStorage;
// `ruleText(rule, args)` words a refusal by its rule id (docs/rules/<game>.md, "Rule ids").
// A number's word takes its plural form: `{n} {n|tile|tiles}` (see `fill`).

import * as en from './i18n-en.js';
import * as pl from './i18n-pl.js';

const LANGS = { en, pl };

const KEY = 'trio.lang';

function initial() {
  const saved = localStorage.getItem(KEY);
  if (saved === 'en' || saved === 'pl') return saved;
  return (navigator.language || '').toLowerCase().startsWith('pl') ? 'pl' : 'en';
}

let lang = initial();
const listeners = new Set();

export function language() {
  return lang;
}

export function setLanguage(next) {
  lang = next === 'pl' ? 'pl' : 'en';
  localStorage.setItem(KEY, lang);
  document.documentElement.lang = lang;
  for (const f of listeners) f(lang);
}

export function onLanguage(f) {
  listeners.add(f);
}

// The order of a language's plural forms in `{n|…|…}` (Intl.PluralRules' categories):
// English one|other ("1 step", "2 steps"), Polish one|few|many ("1 krok", "2 kroki",
// "5 kroków"; a fraction, Polish "other", takes the last form).
const FORMS = { en: ['one', 'other'], pl: ['one', 'few', 'many'] };

/// `{name}` is the argument; `{name|form|form…}` the word for its number, by plural rules.
function fill(text, args) {
  return text.replace(/\{(\w+)((?:\|[^|}]*)*)\}/g, (whole, name, forms) => {
    if (!args || args[name] === undefined) return whole;
    if (!forms) return String(args[name]);
    const words = forms.slice(1).split('|');
    const i = FORMS[lang].indexOf(new Intl.PluralRules(lang).select(Number(args[name])));
    return words[i < 0 ? words.length - 1 : Math.min(i, words.length - 1)];
  });
}

export function t(key, args) {
  return known(key, args) ?? key;
}

/// The words for `key`, or `undefined` where the page has none (a value shown as it is).
export function known(key, args) {
  const text = LANGS[lang].STRINGS[key] ?? en.STRINGS[key];
  return text === undefined ? undefined : fill(text, args);
}

/// A word of the game (a colour, a side) in the page's language.
export function word(value) {
  return LANGS[lang].WORDS[value] ?? value;
}

/// Who plays a seat as the lobby and the game show it: a named player's name, else its
/// kind of player in words.
export function whoPlays(seat) {
  return seat.player_name ?? playerLabel(seat.player);
}

/// Who plays a seat (`human`, `random`, `ai:3`), in words.
function playerLabel(player) {
  if (player === 'human') return t('seat.human');
  if (player === 'random') return t('seat.random');
  if (player === 'open' || player === 'invite') return t(`seat.${player}.label`);
  const m = /^ai:(\d)$/.exec(player);
  return m ? t('seat.ai', { level: m[1] }) : player;
}

// English ordinal suffixes by Intl.PluralRules' ordinal categories.
const SUFFIX = { one: 'st', two: 'nd', few: 'rd', other: 'th' };

/// A place in words: 2 → "2nd", Polish "2.".
export function ordinal(n) {
  return lang === 'pl' ? `${n}.` : n + SUFFIX[new Intl.PluralRules('en', { type: 'ordinal' }).select(n)];
}

/// A name at the start of a sentence: "black" → "Black".
export function cap(text) {
  return text ? text[0].toLocaleUpperCase(lang) + text.slice(1) : text;
}

/// The rule ids of one game (`gyges`, `triles`, `orbit`) with their messages, the
/// arguments left as "…" (a plural word in its last form), for the rules page.
export function ruleList(kind) {
  return Object.entries(LANGS[lang].RULES)
    .filter(([id]) => id.startsWith(kind + '.'))
    .map(([id, text]) => [id, text.replace(/\{\w+(?:\|[^|}]*)*\|([^|}]*)\}/g, '$1').replace(/\{\w+\}/g, '…')]);
}

/// The refusal of a rule id in the page's language, its arguments filled in.
export function ruleText(rule, args, fallback) {
  const text = LANGS[lang].RULES[rule];
  if (!text) return fallback || rule;
  const words = {};
  for (const [k, v] of Object.entries(args || {})) words[k] = word(v);
  return fill(text, words);
}

/// A refusal from the server (`{code, message, rule, args}`) in the page's language.
export function refusal(error) {
  if (error.rule) return ruleText(error.rule, error.args, error.message);
  const key = 'code.' + error.code;
  return LANGS[lang].STRINGS[key] ? t(key, error.args) : error.message || error.code;
}

document.documentElement.lang = lang;
