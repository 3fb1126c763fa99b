// The engine's lines of play (`Lab.optimalLine`, a replay's positions) as the page reads them:
// where a line comes back on itself. A tie's optimal line ends where play returns to a position
// it has passed, so what the page says of a tie (the verdict, the replay, the cycle drawn)
// starts from the loop found here.

/** @typedef {import('./engine.js').Move} Move */

/**
 * The cycle a line of positions ends in: `{from, length}` when its last position is the one at
 * index `from` again (a tie: play can go round the `length` moves from there forever), else null.
 * @param {number[]} positions
 */
export function loopOf(positions) {
  const last = positions.length - 1;
  const from = positions.indexOf(positions[last]);
  return from >= 0 && from < last ? { from, length: last - from } : null;
}

/**
 * Moves in the cycle a tie's optimal line (`Lab.optimalLine`) runs into: the line ends where
 * play comes back to an earlier position of it, or to where it started.
 * @param {Move[]} line
 */
export function cycleLength(line) {
  const loop = loopOf([-1, ...line.map((move) => move.child)]);
  return loop ? loop.length : line.length;
}
