// A seat's picture of the game from the server's WebSocket messages (docs/protocol.md):
// `reduce(game, message)` returns the game after a `snapshot`, `event` or `presence`, a new
// object each time (the old one is left as it was), and the same game for any other
// message. `game` is `null` until the first snapshot, and an event before it changes
// nothing. Pure: no DOM, no network, so `node --test` checks it (ui/tests/).

export function reduce(game, message) {
  switch (message.type) {
    case 'snapshot': {
      const { type, ...snapshot } = message;
      return snapshot;
    }
    case 'event':
      return game ? applyEvent(game, message) : game;
    case 'presence': {
      if (!game) return game;
      const seats = game.seats.map((s, i) => ({ ...s, connected: !!message.connected[i] }));
      // An absent seat back at the table is absent no more.
      const absent = game.absent && !message.connected[game.absent.seat] ? game.absent : null;
      return { ...game, seats, absent };
    }
    default:
      return game;
  }
}

function applyEvent(game, m) {
  // Any change gives the seat to act its time again: no seat is absent after it.
  const next = { ...game, seq: m.seq, absent: null };
  if (m.kind === 'undo') next.moves = game.moves.slice(0, game.moves.length - (m.undone || 0));
  else if (m.kind === 'play' || m.kind === 'chance') next.moves = [...game.moves, { seat: m.seat, action: m.action ?? null, parts: m.parts ?? null }];
  // Of the missed events sent after `welcome` only the last has the state.
  if (m.state) {
    next.turn = m.state.turn;
    next.view = m.state.view;
    next.legal = m.state.legal;
    next.legal_parts = m.state.legal_parts ?? [];
    next.offers = m.state.offers;
    next.result = m.state.result;
    next.clock = m.state.clock;
    // Names can change with the view (a Triles seat's colour once drawn).
    const turn = m.state.turn;
    if (turn && turn.seat != null && turn.name) {
      next.seats = game.seats.map((s, i) => (i === turn.seat ? { ...s, name: turn.name } : s));
    }
  }
  return next;
}
