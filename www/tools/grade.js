// Grades a move against the solved table (play mode, drills): how it compares with the best
// move of its position. Pure: it reads the engine's move lists (`Lab.moves`: best first for
// the side to move, each move's outcome seen by the mover and counting the move, or for
// scored games the final difference first − second it leads to from here), nothing else.
//
// Grades (win/lose games): `best`; `slower` (keeps the win, more moves); `tie-from-win`;
// `throws` (a win becomes a loss); `loss-from-tie`; `faster-loss` (a loss, fewer moves).
// No move is ever better than the table's best, so a loss never becomes a tie or a win.
// Scored games: `best`, or `worse` with the points it costs. Moves are named and counted as
// everywhere on the page (movenames.js: the moves left after a move, RULES §4).

import { outcomeWords } from '../words/movenames.js';
import { plural } from '../words/text.js';

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
  const now = `now ${outcomeWords(got, mover, other)}`;
  const instead = `${now}; with the best move, ${outcomeWords(want, mover, other)}`;
  if (want.value === 'win') {
    if (got.value === 'win') return { grade: 'slower', words: `keeps the win but slower: ${instead}`, best };
    if (got.value === 'tie') return { grade: 'tie-from-win', words: 'turns the win into a tie', best };
    return { grade: 'throws', words: `throws the win: ${now}`, best };
  }
  if (want.value === 'tie') return { grade: 'loss-from-tie', words: `turns the tie into a loss: ${now}`, best };
  return { grade: 'faster-loss', words: `loses faster: ${instead}`, best };
}
