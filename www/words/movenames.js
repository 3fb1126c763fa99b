// A move in the page's words, the same wherever it appears (the replay's chips, the move
// table, Explain, the grades, the drills, the board's move tiles):
// - its one name: who moves, from where, to where — "Red (5,3)→(4,3)"; a stone, where it
//   goes — "First (2,3)" — cells as (row,column) from 1, as RULES.md writes them;
// - its number, in the page's one way of counting moves (RULES §4): a position's number is
//   the moves left from it, both sides counted (its remoteness); a move's number is the moves
//   left after it (the remoteness of the position it leads to). So a won position's best
//   move carries one less than the position: "Red wins in 75 moves", its best move W74.
// The engine's `Lab.moves` gives each move the outcome its mover gets by it, counting the
// move itself (one more than the position it leads to): `movesLeft` is the one place that
// turns it into the page's number.

import { t } from './i18n.js';

/**
 * @typedef {import('../engine/engine.js').Move} Move
 * @typedef {import('../engine/engine.js').Outcome} Outcome
 */

/**
 * A cell as the page names it: "(row,column)", both from 1.
 * @param {number} cols  the board's columns
 * @param {number} cell
 */
export const cellName = (cols, cell) => `(${Math.floor(cell / cols) + 1},${(cell % cols) + 1})`;

/**
 * The name of `move` made by side `toMove` (0 the first side) of `game` on a board of `cols`
 * columns: "Red (5,3)→(4,3)", or for a stone "First (2,3)".
 * @param {{kind: string, sides: readonly string[]}} game  the game's kind (`scored`: a stone has no from) and its sides
 * @param {number} cols
 * @param {{from: number, to: number}} move
 * @param {number} toMove
 */
export function moveName(game, cols, move, toMove) {
  const where = game.kind === 'scored' ? cellName(cols, move.to) : `${cellName(cols, move.from)}→${cellName(cols, move.to)}`;
  return t('moves.name', { side: game.sides[toMove], where });
}

/**
 * The moves left after a move whose engine outcome (for its mover, counting the move) is
 * `outcome`: the remoteness of the position it leads to. Null for a tie (no number) or an
 * undecided or scored move.
 * @param {Outcome | null | undefined} outcome
 * @returns {number | null}
 */
export function movesLeft(outcome) {
  if (!outcome || outcome.value === undefined || outcome.value === 'tie') return null;
  return outcome.remoteness - 1;
}

/**
 * A move's value for its mover as one letter: W it wins, L it loses, T it ties; '?' while
 * undecided.
 * @param {Outcome | null | undefined} outcome
 * @returns {'W' | 'L' | 'T' | '?'}
 */
export function valueLetter(outcome) {
  if (!outcome || outcome.value === undefined) return '?';
  return outcome.value === 'win' ? 'W' : outcome.value === 'lose' ? 'L' : 'T';
}

/**
 * The colour class of a move's badge: who wins by it, as the heatmap's legend colours a winner —
 * `first` (the first side, the legend's win colour), `second`, or `tie` — whoever makes it; its
 * letter (`valueLetter`) stays the mover's. '' while undecided.
 * @param {Outcome | null | undefined} outcome  for the mover
 * @param {number} toMove  the mover (0 the first side)
 */
export function winnerClass(outcome, toMove) {
  if (!outcome || outcome.value === undefined) return '';
  if (outcome.value === 'tie') return 'tie';
  return (outcome.value === 'win') === (toMove === 0) ? 'first' : 'second';
}

/**
 * A move's badge: its value for the mover and the moves left after it, "W74", "L3", "T".
 * @param {Outcome | null | undefined} outcome
 */
export const moveBadge = (outcome) => `${valueLetter(outcome)}${movesLeft(outcome) ?? ''}`;

/**
 * What a move brings, in words, from its engine outcome (for `mover`, counting the move):
 * "a tie", "Red wins with this move", "Black wins in 4 more moves" — the number is the
 * moves left after it, as its badge shows.
 * @param {Outcome} outcome
 * @param {string} mover  the side that makes the move
 * @param {string} other  the other side
 */
export function outcomeWords(outcome, mover, other) {
  const left = movesLeft(outcome);
  if (left === null) return t('moves.tie');
  const winner = outcome.value === 'win' ? mover : other;
  return left === 0 ? t('moves.wins-now', { winner }) : t('moves.wins-in', { winner, count: left });
}

/**
 * A piece's name in the game's words ("black piece"), from its letter on the board.
 * @param {{pieces: {ch: string, label: string}[]}} game
 * @param {string} ch
 */
export function pieceName(game, ch) {
  return game.pieces.find((p) => p.ch === ch)?.label ?? t('moves.piece');
}
