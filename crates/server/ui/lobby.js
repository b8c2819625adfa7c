// The lobby at `/`: the form that starts a game (the game, its options, who plays each
// seat), the links to send once a game with a friend is created, and the games being
// played. The form is drawn from the kinds and option schemas the server serves
// (`GET /api/kinds`, each game's own table), so it knows no game by name.

import { h, clear } from './dom.js';
import { t, known, refusal, whoPlays } from './i18n.js';
import { api, rememberCreated, ApiError, player, rememberPlayer, signInFromLink, gamesWithSeats, browserId } from './net.js';
import { GAMES, gameOf } from './games.js';
import { linkRow } from './links.js';
import { kinds } from './kinds.js';
import { ratingText, seatRating } from './ratings.js';
import { gameLine, sitsIn, clockWords } from './lines.js';

const REFRESH_MS = 5000;
/// How many of each leaderboard the lobby shows.
const LEADERS = 10;
/// Finished games shown at first, and added by each "More".
const FINISHED_PAGE = 10;
/// Running games shown at first, and added by each "More".
const RUNNING_PAGE = 20;

export class Lobby {
  constructor(redraw) {
    this.redraw = redraw;
    this.kinds = null;
    this.choice = { kind: 'gyges', values: {}, seats: ['me', 'ai:1', 'ai:1', 'ai:1'], clock: '' };
    this.created = null;
    this.games = [];
    // Pages of running games shown, and the cursor after the last one.
    this.runningPages = 1;
    this.runningNext = null;
    this.error = null;
    kinds().then(list => {
      this.kinds = list;
      this.choice.values = Object.fromEntries(list.map(k => [k.kind, defaults(k.options)]));
      this.choice.kind = list[0].kind;
      this.redraw();
    }, e => {
      this.error = e instanceof ApiError ? refusal(e.body) : t('err.generic', { message: e.message });
      this.redraw();
    });
    this.mine = [];
    this.nameError = null;
    this.board = h('section', { class: 'leaders' });
    this.leaders();
    this.finished = [];
    this.finishedNext = null;
    this.finishedList = h('section', { class: 'finished', 'data-finished': '' });
    this.moreFinished();
    signInFromLink().then(signed => {
      // The name panel was drawn before the link's key was kept.
      if (signed) this.redraw();
      this.refresh();
    }, e => {
      this.nameError = e instanceof ApiError ? refusal(e.body) : e.message;
      this.redraw();
    });
    this.timer = setInterval(() => this.refresh(), REFRESH_MS);
  }

  destroy() {
    clearInterval(this.timer);
  }

  /// The game chosen, whose rules the header's Rules opens.
  get kind() {
    return this.choice.kind;
  }

  async refresh() {
    try {
      // The pages shown are read again from the first: games start and end meanwhile.
      const games = [];
      let next = null;
      for (let page = 0; page < this.runningPages; page++) {
        const after = next ? `&after=${encodeURIComponent(next)}` : '';
        const got = await api('GET', `/api/games?limit=${RUNNING_PAGE}${after}`);
        games.push(...got.games);
        next = got.next ?? null;
        if (!next) break;
      }
      this.games = games;
      this.runningNext = next;
    } catch {
      this.games = [];
      this.runningNext = null;
    }
    const me = player();
    if (me) {
      try {
        this.mine = (await api('GET', '/api/players/me/games', { token: me.key })).games;
      } catch {
        this.mine = [];
      }
    }
    if (this.list) this.renderList();
    if (this.mineList) this.renderMine();
  }

  /// One more page of running games (`GET /api/games`), under those shown.
  moreRunning() {
    this.runningPages += 1;
    this.refresh();
  }

  /// The next page of finished games (`GET /api/games?status=finished`), most recently
  /// ended first, added under those shown.
  async moreFinished() {
    const after = this.finishedNext ? `&after=${encodeURIComponent(this.finishedNext)}` : '';
    try {
      const page = await api('GET', `/api/games?status=finished&limit=${FINISHED_PAGE}${after}`);
      this.finished.push(...page.games);
      this.finishedNext = page.next ?? null;
    } catch {
      // Shown again with the next page asked for; the lobby's other parts stand.
    }
    this.renderFinished();
  }

  renderFinished() {
    const section = clear(this.finishedList);
    if (!this.finished.length) return;
    section.append(
      h('h2', {}, [t('lobby.finished')]),
      h('ul', { class: 'games' }, this.finished.map(g => gameLine(g, { 'data-finished-game': g.id }))),
      this.finishedNext ? h('button', { type: 'button', 'data-act': 'more-finished', onclick: () => this.moreFinished() }, [t('lobby.more')]) : null,
    );
  }

  /// The best players of each game (`GET /api/ratings/{kind}`), the first few.
  async leaders() {
    const boards = await Promise.all(['gyges', 'triles', 'orbit'].map(kind => api('GET', `/api/ratings/${kind}`).catch(() => null)));
    const shown = boards.filter(b => b && b.players.length);
    clear(this.board);
    if (!shown.length) return;
    this.board.append(h('h2', {}, [t('board.title')]), ...shown.map(b => h('div', { class: 'leaderboard', 'data-leaders': b.kind }, [
      h('h3', {}, [t('game.' + b.kind)]),
      h('ol', {}, b.players.slice(0, LEADERS).map(p => h('li', {}, [
        h('a', { href: `/players/${encodeURIComponent(p.name)}` }, [p.name]), ' ' + ratingText(p)]))),
    ])));
  }

  /// Who this browser plays as: a name to take, or the name with its sign-in link and
  /// the player's games.
  namePanel() {
    const me = player();
    if (!me) {
      const input = h('input', { type: 'text', name: 'player-name', minlength: 2, maxlength: 20, autocomplete: 'nickname', 'aria-label': t('me.name') });
      const take = async () => {
        try {
          rememberPlayer(await api('POST', '/api/players', { body: { name: input.value } }));
          this.nameError = null;
          this.refresh();
        } catch (e) {
          this.nameError = e instanceof ApiError ? refusal(e.body) : e.message;
        }
        this.redraw();
      };
      return h('section', { class: 'me' }, [
        h('h2', {}, [t('me.title')]),
        h('p', { class: 'note' }, [t('me.explain')]),
        h('div', { class: 'name-row' }, [input, h('button', { type: 'button', 'data-action': 'take-name', onclick: take }, [t('me.take')])]),
        this.signInForm(),
        this.nameError ? h('p', { class: 'error' }, [this.nameError]) : null,
      ]);
    }
    this.mineList = h('ul', { class: 'games mine' });
    this.renderMine();
    return h('section', { class: 'me' }, [
      h('p', { 'data-me': me.name }, [t('me.as', { name: me.name }), ' ', h('a', { href: `/players/${encodeURIComponent(me.name)}` }, [t('me.page')])]),
      h('details', {}, [h('summary', {}, [t('me.link')]), linkRow(t('me.link'), `${location.origin}/#player=${me.key}`, 'player')]),
      this.passwordForm(me),
      this.sessionsPanel(me),
      h('h2', {}, [t('me.games')]),
      this.mineList,
    ]);
  }

  /// Sign in with a name and its password, on a device without the key: the server gives
  /// this browser a key of its own.
  signInForm() {
    const name = h('input', { type: 'text', name: 'sign-in-name', autocomplete: 'username', 'aria-label': t('me.name') });
    const password = h('input', { type: 'password', name: 'sign-in-password', autocomplete: 'current-password', 'aria-label': t('me.password') });
    const signIn = async event => {
      event.preventDefault();
      try {
        rememberPlayer(await api('POST', '/api/players/sign-in', { body: { name: name.value, password: password.value } }));
        this.nameError = null;
        this.refresh();
      } catch (e) {
        this.nameError = e instanceof ApiError ? refusal(e.body) : e.message;
      }
      this.redraw();
    };
    return h('details', { class: 'sign-in' }, [
      h('summary', {}, [t('me.signin')]),
      h('form', { class: 'name-row', 'data-form': 'sign-in', onsubmit: signIn }, [
        name, password, h('button', { type: 'submit', 'data-action': 'sign-in' }, [t('me.signin.button')]),
      ]),
    ]);
  }

  /// A password for this name, to sign in on another device with the name alone.
  passwordForm(me) {
    const password = h('input', { type: 'password', name: 'new-password', autocomplete: 'new-password', minlength: 8, maxlength: 128, 'aria-label': t('me.password') });
    // Changing a password set before takes it: the key alone is not enough.
    const current = h('input', { type: 'password', name: 'current-password', autocomplete: 'current-password', placeholder: t('me.password.current'), 'aria-label': t('me.password.current') });
    const status = h('p', { class: 'note', 'aria-live': 'polite' });
    const save = async event => {
      event.preventDefault();
      try {
        const body = current.value ? { current: current.value, password: password.value } : { password: password.value };
        await api('POST', '/api/players/me/password', { body, token: me.key });
        password.value = '';
        current.value = '';
        status.className = 'note';
        status.dataset.passwordSet = '';
        status.textContent = t('me.password.set');
      } catch (e) {
        status.className = 'error';
        status.textContent = e instanceof ApiError ? refusal(e.body) : e.message;
      }
    };
    return h('details', { class: 'password' }, [
      h('summary', {}, [t('me.password.title')]),
      h('form', { class: 'name-row', 'data-form': 'password', onsubmit: save }, [
        current, password, h('button', { type: 'submit', 'data-action': 'set-password' }, [t('me.password.button')]),
      ]),
      status,
    ]);
  }

  /// The devices this name is signed in on (its sessions): each other one may be ended
  /// here, or all of them at once.
  sessionsPanel(me) {
    const list = h('ul', { class: 'sessions' });
    const status = h('p', { class: 'note', 'aria-live': 'polite' });
    const failed = e => {
      status.className = 'error';
      status.textContent = e instanceof ApiError ? refusal(e.body) : e.message;
    };
    const load = async () => {
      try {
        const { sessions } = await api('GET', '/api/players/me/sessions', { token: me.key });
        clear(list);
        for (const session of sessions) {
          const end = () => api('DELETE', `/api/players/me/sessions/${session.id}`, { token: me.key }).then(load, failed);
          const when = new Date((session.last_used_at ?? session.created_at) * 1000).toLocaleString();
          list.append(h('li', { 'data-session': session.id }, [
            `${session.label ?? t('me.sessions.device')} · ${when} `,
            session.current ? h('strong', {}, [t('me.sessions.this')]) : h('button', { type: 'button', 'data-action': 'end-session', onclick: end }, [t('me.sessions.end')]),
          ]));
        }
      } catch (e) {
        failed(e);
      }
    };
    const endOthers = () => api('POST', '/api/players/me/sessions/end-others', { body: {}, token: me.key }).then(load, failed);
    return h('details', { class: 'sessions', ontoggle: event => event.target.open && load() }, [
      h('summary', {}, [t('me.sessions')]),
      list,
      h('button', { type: 'button', 'data-action': 'end-other-sessions', onclick: endOthers }, [t('me.sessions.others')]),
      status,
    ]);
  }

  renderMine() {
    const list = clear(this.mineList);
    if (!this.mine.length) list.append(h('li', { class: 'none' }, [t('me.none')]));
    for (const g of this.mine) list.append(gameLine(g, { 'data-my-game': g.id }));
  }

  render() {
    this.list = h('ul', { class: 'games' });
    this.runningMore = h('div', {});
    const main = h('main', { class: 'lobby' }, [
      h('p', { class: 'tagline' }, [t('app.tagline')]),
      this.namePanel(),
      this.created ? this.linksPanel() : this.kinds ? newGameForm(this.kinds, this.choice, {
        changed: this.redraw,
        create: () => this.create(),
        seek: () => this.seek(),
        error: this.error,
      }) : h('p', { class: this.error ? 'error' : 'note' }, [this.error ?? t('lobby.loading')]),
      h('section', { class: 'running' }, [h('h2', {}, [t('lobby.running')]), this.list, this.runningMore]),
      this.finishedList,
      this.board,
    ]);
    this.renderList();
    return main;
  }

  async create() {
    const { kind, values } = this.choice;
    const { options } = this.kinds.find(k => k.kind === kind);
    const choice = this.choice.seats.slice(0, seatCount(options, values[kind]));
    // The creator holds only its own seats' tokens; a friend's seat is an invitation.
    const seats = choice.map(c => ({ me: 'human', friend: 'invite' })[c] ?? c);
    if (!seats.includes('human')) {
      this.error = t('new.needhuman');
      this.redraw();
      return;
    }
    try {
      const body = { game: spec(kind, options, values[kind]), seats };
      if (this.choice.clock) body.clock = CLOCKS[this.choice.clock];
      if (this.choice.rated && player()) body.rated = true;
      const definitions = uploads(options, values[kind]);
      if (Object.keys(definitions).length) body.definitions = definitions;
      const created = await api('POST', '/api/games', { body, token: player()?.key });
      rememberCreated(created);
      const local = created.seats;
      const remote = created.invites ?? [];
      const go = '/games/' + created.id + '#' + local.map(s => 'token=' + s.token).join('&');
      if (!remote.length) {
        location.assign(go);
        return;
      }
      this.created = { ...created, go, remote };
    } catch (e) {
      this.error = e instanceof ApiError ? refusal(e.body) : t('err.generic', { message: e.message });
    }
    this.redraw();
  }

  /// "Play someone" at the game, options and clock chosen: a seat beside someone who
  /// asked for the same, or a new game waiting for the next to ask.
  async seek() {
    const { kind, values } = this.choice;
    const { options } = this.kinds.find(k => k.kind === kind);
    const body = { game: spec(kind, options, values[kind]), except: gamesWithSeats(), browser: browserId() };
    if (this.choice.clock) body.clock = CLOCKS[this.choice.clock];
    if (this.choice.rated && player()) body.rated = true;
    try {
      const seeked = await api('POST', '/api/seeks', { body, token: player()?.key });
      location.assign(`/games/${seeked.id}#token=${seeked.seat.token}`);
    } catch (e) {
      this.error = e instanceof ApiError ? refusal(e.body) : t('err.generic', { message: e.message });
      this.redraw();
    }
  }

  /// Takes the open seat `seat` of game `id` and opens it.
  async join(id, seat) {
    try {
      const ticket = await api('POST', `/api/games/${id}/join`, { body: { seat }, token: player()?.key });
      location.assign(`/games/${id}#token=${ticket.token}`);
    } catch (e) {
      this.error = e instanceof ApiError ? refusal(e.body) : t('err.generic', { message: e.message });
      this.refresh();
      this.redraw();
    }
  }

  linksPanel() {
    const c = this.created;
    const game = gameOf(c.game);
    return h('section', { class: 'links' }, [
      h('h2', {}, [t('links.title')]),
      h('p', {}, [t('links.explain')]),
      ...c.remote.map(s => linkRow(t('links.seat', { name: game.seatLabel(s.seat, null) }), location.origin + s.link, 'seat' + s.seat)),
      linkRow(t('links.spectator'), location.origin + c.spectator, 'spectator'),
      h('a', { class: 'button primary big', href: c.go, 'data-action': 'go' }, [t('links.go')]),
    ]);
  }

  renderList() {
    const more = clear(this.runningMore);
    if (this.runningNext) {
      more.append(h('button', { type: 'button', 'data-act': 'more-running', onclick: () => this.moreRunning() }, [t('lobby.more')]));
    }
    const list = clear(this.list);
    if (!this.games.length) {
      list.append(h('li', { class: 'none' }, [t('lobby.none')]));
      return;
    }
    for (const g of this.games) {
      const game = gameOf(g.game);
      // A game this browser or its player sits in opens that seat (the page finds the
      // tokens, or asks for them with the player's key).
      const mine = sitsIn(g);
      const open = !mine && g.seats.find(s => s.player === 'open');
      list.append(h('li', { 'data-game': g.id, ...(mine ? { 'data-mine': '' } : open ? { 'data-open': '' } : {}) }, [
        h('a', { href: `/games/${g.id}` + (mine ? '' : '#watch') }, [t('game.' + game.kind)]),
        mine ? h('strong', { class: 'mine' }, [' ' + t('lobby.yours')]) : null,
        ' — ',
        g.seats.map(s => `${game.seatLabel(s.seat, null)} (${whoPlays(s)}${seatRating(s)}${s.connected ? ' ●' : ''})`).join(', '),
        ', ' + t('lobby.move', { n: g.seq }),
        g.clock ? ' · ' + clockWords(g.clock) : null,
        g.rated ? h('span', { 'data-rated': '' }, [' · ' + t('lobby.rated')]) : null,
        g.casual ? h('span', { 'data-casual': g.casual }, [' · ' + t('lobby.casual')]) : null,
        g.set_up && g.set_up.length ? h('span', { class: 'set-up', 'data-set-up': g.set_up.join(' ') }, [' · ' + t(g.set_up.includes('position') ? 'lobby.setposition' : 'lobby.ownfile')]) : null,
        open ? h('button', { type: 'button', class: 'small primary', 'data-join': g.id, onclick: () => this.join(g.id, open.seat) }, [t('join.button')]) : null,
      ]));
    }
  }
}

/// The time controls the form offers (`clock` of `POST /api/games`), by name.
const CLOCKS = {
  '3+2': { initial: 180, increment: 2 },
  '5+3': { initial: 300, increment: 3 },
  '10+5': { initial: 600, increment: 5 },
  '15+10': { initial: 900, increment: 10 },
  '1d': { days: 1 },
  '3d': { days: 3 },
  '7d': { days: 7 },
};

/// Every option at its default: a `set` empty, an `order` drawn (''), a file built in
/// (`null`; an upload is `{label, text}`).
function defaults(options) {
  return Object.fromEntries(options.map(o => [o.name, o.type === 'set' ? [] : o.type === 'file' ? null : o.default ?? '']));
}

/// The texts of the files uploaded for file options, by option name (`definitions` of
/// `POST /api/games`).
function uploads(options, values) {
  return Object.fromEntries(options.filter(o => o.type === 'file' && values[o.name]).map(o => [o.name, values[o.name].text]));
}

/// A file's name as a spec value: letters, digits, `.`, `_` and `-` only, so that it
/// needs no quoting.
function fileLabel(name) {
  return name.replace(/[^A-Za-z0-9._-]+/g, '-').slice(0, 60) || 'upload';
}

/// As many seats as the option `players` says, where the game has one; else two.
function seatCount(options, values) {
  return options.some(o => o.name === 'players') ? Number(values.players) : 2;
}

/// The game spec of the options chosen (docs/api.md): those at their default left out.
function spec(kind, options, values) {
  const parts = [];
  for (const o of options) {
    const v = values[o.name];
    if (o.type === 'set' && v.length) parts.push(`${o.name}=${o.values.filter(x => v.includes(x)).join('+')}`);
    if ((o.type === 'choice' || o.type === 'number') && v !== '' && v !== o.default) parts.push(`${o.name}=${v}`);
    if (o.type === 'order' && v.length === Number(values[o.of])) parts.push(`${o.name}=${v}`);
    if (o.type === 'file' && v) parts.push(`${o.name}=${v.label}`);
  }
  return parts.length ? `${kind}(${parts.join(',')})` : kind;
}

/// The new-game form for `kinds` (`[{kind, options}]`) and `choice` (`{kind, values:
/// {kind: {option: value}}, seats}`), which it changes as the player chooses, calling
/// `changed()` when the form must be drawn again. An option is worded by its name:
/// `new.<name>` (a set's legend `new.<name>.set`), its values `new.<name>.<value>` where
/// the page has words for them, an order's items as the game's words (`orbit.red`).
function newGameForm(kinds, choice, { changed, create, seek, error }) {
  const { options } = kinds.find(k => k.kind === choice.kind);
  const values = choice.values[choice.kind];
  const kindButtons = h('div', { class: 'kinds' }, kinds.map(({ kind }) => h('button', {
    type: 'button', class: 'kind' + (kind === choice.kind ? ' on' : ''), 'data-kind': kind,
    onclick: () => { choice.kind = kind; changed(); },
  }, [h('strong', {}, [t('game.' + kind)]), h('span', {}, [t(`game.${kind}.about`)])])));

  // Changing an option that decides another (an order's length, the seats) draws anew.
  const set = (name, value) => {
    values[name] = value;
    const dependents = options.filter(o => o.of === name);
    for (const o of dependents) values[o.name] = defaults([o])[o.name];
    if (dependents.length || name === 'players') changed();
  };
  const fields = h('div', { class: 'options' }, options.map(o => {
    const v = values[o.name];
    if (o.type === 'set') {
      return h('fieldset', { title: o.help }, [h('legend', {}, [t(`new.${o.name}.set`)]), ...o.values.map(x => h('label', { class: 'check' }, [
        h('input', {
          type: 'checkbox', name: x, checked: v.includes(x),
          onchange: e => set(o.name, e.target.checked ? [...values[o.name], x] : values[o.name].filter(y => y !== x)),
        }), ' ' + t(`new.${o.name}.${x}`)]))]);
    }
    const label = (known('new.' + o.name) ?? o.name) + ' ';
    if (o.type === 'file') return fileField(o, label, v, x => { values[o.name] = x; changed(); });
    if (o.type === 'number') {
      return h('label', { title: o.help }, [label, h('input', {
        type: 'number', name: o.name, min: o.min, max: o.max, value: v, placeholder: o.default,
        onchange: e => set(o.name, e.target.value),
      })]);
    }
    const choices = o.type === 'order'
      ? [['', t(`new.${o.name}.drawn`)], ...permutations(o.items.slice(0, Number(values[o.of]))).map(p => [
        p.map(item => item[0]).join(''), p.map(item => t(`${choice.kind}.${item}`)).join(' → ')])]
      : o.values.map(x => [x, known(`new.${o.name}.${x}`) ?? x]);
    return h('label', { title: o.help }, [label, select(o.name, choices, v, x => set(o.name, x))]);
  }));

  const game = GAMES[choice.kind];
  const seats = h('div', { class: 'seats' });
  const players = [['me', t('seat.me')], ['friend', t('seat.friend')], ['open', t('seat.open')], ...[1, 2, 3, 4, 5].map(l => [`ai:${l}`, t('seat.ai', { level: l })])];
  for (let i = 0; i < seatCount(options, values); i++) {
    seats.append(h('label', { class: 'seat' }, [
      h('span', { class: 'seat-name' }, [game.seatLabel(i, null)]),
      select(`seat${i}`, players, choice.seats[i], x => { choice.seats[i] = x; }),
    ]));
  }
  const clocks = [['', t('new.clock.none')], ...Object.entries(CLOCKS).map(([name, c]) => [name, clockWords(c)])];
  const clock = h('label', { class: 'clock-choice' }, [t('new.clock') + ' ', select('clock', clocks, choice.clock, x => { choice.clock = x; })]);
  // Rated games are for named players.
  const rated = player() ? h('label', { class: 'check', title: t('new.rated.help') }, [
    h('input', { type: 'checkbox', name: 'rated', checked: !!choice.rated, onchange: e => { choice.rated = e.target.checked; } }), ' ' + t('new.rated')]) : null;
  return h('section', { class: 'new' }, [
    h('h2', {}, [t('new.title')]),
    kindButtons,
    h('h3', {}, [t('new.options')]), fields,
    h('h3', {}, [t('new.seats')]), seats, clock, rated,
    h('p', { class: 'note' }, [t('new.hotseat')]),
    error ? h('p', { class: 'error' }, [error]) : null,
    h('div', { class: 'start-buttons' }, [
      h('button', { type: 'button', class: 'primary big', 'data-action': 'create', onclick: create }, [t('new.create')]),
      h('button', { type: 'button', class: 'big', 'data-action': 'seek', title: t('new.seek.help'), onclick: seek }, [t('new.seek')]),
    ]),
  ]);
}

/// A file option: the built-in definition, or a file chosen from disk (read as text here,
/// checked by the server when the game is created), with a button back to the built-in.
function fileField(o, label, value, onChange) {
  const input = h('input', {
    type: 'file', name: o.name, accept: '.toml,text/plain', 'aria-label': label + t('new.file.choose'),
    onchange: async e => {
      const file = e.target.files[0];
      if (file) onChange({ label: fileLabel(file.name), text: await file.text() });
    },
  });
  const current = value
    ? [h('span', { class: 'file-name', 'data-file': o.name }, [value.label]), ' ',
      h('button', { type: 'button', class: 'small', 'data-action': 'builtin-' + o.name, onclick: () => onChange(null) }, [t('new.file.builtin')])]
    : [h('span', { class: 'file-name', 'data-file': o.name }, [t('new.file.default', { name: o.default })])];
  return h('div', { class: 'file-option', title: o.help }, [h('span', {}, [label]), ...current, ' ', input]);
}

function select(name, choices, value, onChange) {
  return h('select', { name, onchange: e => onChange(e.target.value) },
    choices.map(([v, label]) => h('option', { value: v, selected: v === value }, [label])));
}

function permutations(items) {
  if (items.length <= 1) return [items];
  return items.flatMap((x, i) => permutations([...items.slice(0, i), ...items.slice(i + 1)]).map(p => [x, ...p]));
}
