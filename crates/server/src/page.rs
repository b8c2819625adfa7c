//! A tiny built-in page until the browser UI replaces it: the lobby at `/`, and at
//! `/games/{id}` a plain page that watches a game, or plays it with the seat token in the
//! link's fragment (`#token=…`), by clicking legal moves.

use axum::response::Html;
use axum::routing::get;
use axum::Router;

use crate::state::AppState;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/", get(lobby_show))
        .route("/games/{id}", get(game_show))
}

async fn lobby_show() -> Html<&'static str> {
    Html(LOBBY)
}

async fn game_show() -> Html<&'static str> {
    Html(GAME)
}

const LOBBY: &str = r#"<!doctype html>
<meta charset="utf-8"><title>trio</title>
<style>body{font:16px system-ui;margin:2em;max-width:50em}li{margin:.3em 0}</style>
<h1>trio</h1>
<form id="new">New game: <select name="game"><option>gyges<option>triles<option>orbit</select>
against <select name="opp"><option value="human">a person<option>ai:1<option>ai:2<option>ai:3<option>ai:4<option>ai:5</select>
<button>Create</button></form>
<p id="links"></p>
<h2>Running games</h2><ul id="games"></ul>
<script>
const esc = s => String(s).replace(/[&<>"]/g, c => `&#${c.charCodeAt(0)};`);
async function list() {
  const {games} = await (await fetch('/api/games')).json();
  document.getElementById('games').innerHTML = games.map(g =>
    `<li><a href="/games/${esc(g.id)}">${esc(g.game)}</a> — ${g.seats.map(s =>
      `${esc(s.name)} (${esc(s.player)}${s.connected ? ', here' : ''})`).join(' vs ')}, move ${g.seq}</li>`
  ).join('') || '<li>none</li>';
}
document.getElementById('new').onsubmit = async e => {
  e.preventDefault();
  const f = e.target, game = f.game.value, players = game === 'orbit' ? 2 : 2;
  const seats = ['human', ...Array(players - 1).fill(f.opp.value)];
  const r = await (await fetch('/api/games', {method: 'POST',
    headers: {'Content-Type': 'application/json'}, body: JSON.stringify({game, seats})})).json();
  document.getElementById('links').innerHTML = r.seats
    ? r.seats.map(s => `<a href="${esc(s.link)}">play ${esc(s.name)}</a>`).join(' · ') +
      ` · <a href="${esc(r.spectator)}">watch</a> (keep the play links: they are the seats' keys)`
    : esc(r.message);
  list();
};
list(); setInterval(list, 5000);
</script>
"#;

const GAME: &str = r#"<!doctype html>
<meta charset="utf-8"><title>trio game</title>
<style>body{font:16px system-ui;margin:2em}pre{background:#f4f4f4;padding:1em;max-height:30em;overflow:auto}
button{margin:.15em}</style>
<p><a href="/">lobby</a> · <span id="who"></span> · <span id="turn"></span> · <span id="here"></span></p>
<div id="legal"></div><p id="msg"></p>
<h3>Moves</h3><p id="moves"></p><h3>View</h3><pre id="view"></pre>
<script>
const id = location.pathname.split('/').pop();
const token = new URLSearchParams(location.hash.slice(1)).get('token');
const $ = i => document.getElementById(i);
let seq = null, moves = [], n = 0;
function show(s) {
  seq = s.seq ?? seq;
  $('turn').textContent = s.result ? 'over: ranks ' + s.result.ranks.join(', ') :
    s.turn.kind === 'seat' ? s.turn.name + ' to move' : s.turn.kind;
  $('view').textContent = JSON.stringify(s.view, null, 1);
  $('legal').innerHTML = '';
  for (const m of s.legal) {
    const b = document.createElement('button'); b.textContent = m;
    b.onclick = () => ws.send(JSON.stringify({type: 'act', cid: 'c' + (++n) + Date.now(), action: m, expect: seq}));
    $('legal').append(b);
  }
  $('moves').textContent = moves.map(m => m.action ?? '?').join(' ');
}
const ws = new WebSocket((location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + `/api/games/${id}/ws`);
ws.onopen = () => ws.send(JSON.stringify(token ? {type: 'hello', token} : {type: 'hello'}));
ws.onmessage = e => {
  const m = JSON.parse(e.data);
  if (m.type === 'welcome') $('who').textContent = m.role === 'seat' ? 'you play seat ' + m.seat : 'watching';
  if (m.type === 'welcome' || m.type === 'presence') $('here').textContent = 'connected: ' + m.connected.map(c => c ? 'yes' : 'no').join(', ');
  if (m.type === 'snapshot') { moves = m.moves; show(m); }
  if (m.type === 'event') {
    if (m.kind === 'undo') moves.splice(moves.length - m.undone);
    else if (m.kind !== 'resign') moves.push({seat: m.seat, action: m.action});
    seq = m.seq; if (m.state) show(m.state);
  }
  if (m.type === 'reject' || m.type === 'error') $('msg').textContent = m.message;
  if (m.type === 'ack') $('msg').textContent = '';
};
ws.onclose = () => $('msg').textContent = 'disconnected: reload the page';
</script>
"#;
