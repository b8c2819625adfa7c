// Moves shown as they happen: a piece slides from where it was, a tile settles, the die
// rolls. How long that takes is a setting kept by the browser (`trio.motion`: fast, normal,
// slow); nothing moves for one who asks the system for less motion (prefers-reduced-motion).

const KEY = 'trio.motion';
export const SPEEDS = { fast: 160, normal: 320, slow: 900 };

export function speed() {
  const chosen = localStorage.getItem(KEY);
  return SPEEDS[chosen] ? chosen : 'normal';
}

export function setSpeed(name) {
  localStorage.setItem(KEY, name);
}

/// How long, in ms, the page waits to show another player's decision after the one
/// before it (net.js), so that a person can follow the AI's turns one by one.
export function pace() {
  return 2 * SPEEDS[speed()];
}

/// Whether nothing is to move for now (the AIs playing a game out once its people are done).
let still = false;

export function holdStill(on) {
  still = on;
}

/// How long a move is shown moving, in ms: 0 with reduced motion or held still.
function duration() {
  if (still || matchMedia('(prefers-reduced-motion: reduce)').matches || !Element.prototype.animate) return 0;
  return SPEEDS[speed()];
}

/// Slides `el`, drawn at its end, from `dx`, `dy` board units away.
export function slide(el, dx, dy) {
  const ms = duration();
  if (ms && el) el.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: 'none' }], { duration: ms, easing: 'ease-out' });
}

/// A tile or a pawn put down: it settles into its place.
export function settle(el) {
  const ms = duration();
  if (ms && el) el.animate([{ transform: 'scale(1.25)', opacity: 0.2 }, { transform: 'none', opacity: 1 }], { duration: ms, easing: 'ease-out' });
}

/// The die tumbles to its face.
export function tumble(el) {
  const ms = duration();
  if (ms && el) el.animate([{ transform: 'rotate(-200deg) scale(0.7)' }, { transform: 'none' }], { duration: ms, easing: 'ease-out' });
}

/// Whether `parts` (of one of `moves`) came after the board's last drawing, which had
/// `seen` moves (never at its first drawing: that shows the position, not a move).
export function isNew(seen, moves, parts) {
  return seen !== null && !!parts && moves.slice(seen).some(m => m.parts === parts);
}
