// Grades a move against the solved table (play mode, drills): how it compares with the best
// move of its position. Pure: it reads the engine's move lists (`Lab.moves`: best first for
// the side to move, each move's outcome seen by the mover and counting the move, or for
// scored games the final difference first − second it leads to from here), nothing else.
//
// Grades (win/lose games): `best`; `slower` (keeps the win, more moves); `tie-from-win`;
// `throws` (a win becomes a loss); `loss-from-tie`; `faster-loss` (a loss, fewer moves).
// No move is ever better than the table's best, so a loss never becomes a tie or a win.
// Scored games: `best`, or `worse` with the points it costs.

import { plural } from '../text.js';

/** A move in words: `(3,2)→(2,2)`, or for a stone `(2,3)` (1-based rows and columns). */
export function moveWords(move, cols, scored) {
  const cell = (c) => `(${Math.floor(c / cols) + 1},${(c % cols) + 1})`;
  return scored ? cell(move.to) : `${cell(move.from)}→${cell(move.to)}`;
}

/** What a move's outcome means for the mover, in words. */
export function outcomeWords(outcome, mover, other) {
  if (outcome.value === 'tie') return 'a tie';
  const after = outcome.remoteness - 1;
  const winner = outcome.value === 'win' ? mover : other;
  return after === 0 ? `${winner} wins at once` : `${winner} wins in ${plural(after, 'more move')}`;
}

/**
 * The grade of `chosen` among `moves` (both from `Lab.moves` of one position, `toMove` its
 * side to move): `{grade, words, best}`, `best` the best move. `sides` names the players;
 * `soFar` is what the scored game's moves before it scored (first − second).
 */
export function gradeMove({ moves, chosen, toMove, sides, scored, soFar = 0 }) {
  const best = moves[0];
  const [mover, other] = toMove === 0 ? sides : [sides[1], sides[0]];
  if (scored) {
    const want = best.outcome.score;
    const got = chosen.outcome.score;
    const cost = toMove === 0 ? want - got : got - want;
    if (cost === 0) return { grade: 'best', words: `best: first − second ends at ${soFar + got}`, best };
    return { grade: 'worse', cost, words: `costs ${plural(cost, 'point')}: first − second now ends at ${soFar + got} instead of ${soFar + want}`, best };
  }
  const want = best.outcome;
  const got = chosen.outcome;
  if (got.value === want.value && (got.value === 'tie' || got.remoteness === want.remoteness)) {
    return { grade: 'best', words: `best: ${outcomeWords(got, mover, other)}`, best };
  }
  const now = `${other} now wins in ${got.remoteness - 1}`;
  if (want.value === 'win') {
    if (got.value === 'win') return { grade: 'slower', words: `keeps the win but slower (now ${got.remoteness} instead of ${want.remoteness})`, best };
    if (got.value === 'tie') return { grade: 'tie-from-win', words: 'turns the win into a tie', best };
    return { grade: 'throws', words: `throws the win: ${now}`, best };
  }
  if (want.value === 'tie') return { grade: 'loss-from-tie', words: `turns the tie into a loss: ${now}`, best };
  return { grade: 'faster-loss', words: `loses faster (now ${got.remoteness} instead of ${want.remoteness})`, best };
}
