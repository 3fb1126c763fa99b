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
import { t } from '../words/i18n.js';

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
    if (cost === 0) return { grade: 'best', words: t('grade.best-scored', { score: String(soFar + got) }), best };
    return { grade: 'worse', cost, words: t('grade.costs', { count: cost, now: String(soFar + got), best: String(soFar + want) }), best };
  }
  const want = best.outcome;
  const got = chosen.outcome;
  if (got.value === want.value && (got.value === 'tie' || got.remoteness === want.remoteness)) {
    return { grade: 'best', words: t('grade.best', { outcome: outcomeWords(got, mover, other) }), best };
  }
  const now = t('grade.now', { outcome: outcomeWords(got, mover, other) });
  const instead = t('grade.instead', { now, best: outcomeWords(want, mover, other) });
  if (want.value === 'win') {
    if (got.value === 'win') return { grade: 'slower', words: t('grade.slower', { instead }), best };
    if (got.value === 'tie') return { grade: 'tie-from-win', words: t('grade.tie-from-win'), best };
    return { grade: 'throws', words: t('grade.throws', { now }), best };
  }
  if (want.value === 'tie') return { grade: 'loss-from-tie', words: t('grade.loss-from-tie', { now }), best };
  return { grade: 'faster-loss', words: t('grade.faster-loss', { instead }), best };
}
