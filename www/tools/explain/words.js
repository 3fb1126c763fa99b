// A proof in words, as the Explain tool writes it: the one fact that decides each step of the
// line of best play, what an alternative brings and the answer to it, the title, the proof's
// size as it is counted, and a move by its one name (words/movenames.js) — tableau's stones
// with the points they score. Plain functions of the game and the engine's moves; no DOM.

import { moveName, movesLeft, outcomeWords } from '../../words/movenames.js';
import { t } from '../../words/i18n.js';

/**
 * @typedef {import('../../games/define.js').Game} Game
 */

/**
 * A move of side `toMove` by its one name; a stone with the points it scores.
 * @param {Game} game
 * @param {number} cols  the board's columns
 * @param {{from: number, to: number, gain?: number}} move
 * @param {number} toMove
 */
export function moveWords(game, cols, move, toMove) {
  const name = moveName(game, cols, move, toMove);
  return game.kind === 'scored' && move.gain ? `${name} +${Math.abs(move.gain)}` : name;
}

/**
 * A valued outcome (a game with pieces: win, lose or tie) for the side to move, in words.
 * @param {{value: 'win' | 'lose' | 'tie', remoteness: number}} o
 */
export function valueWords(o) {
  if (o.value === 'tie') return t('explain.tie');
  if (o.remoteness === 0) return o.value === 'win' ? t('explain.has-won') : t('explain.has-lost');
  return t(o.value === 'win' ? 'explain.wins-in' : 'explain.loses-in', { count: o.remoteness });
}

/**
 * The one fact that decides a step of the line of best play: why its move is the one best
 * play makes. A win moves to a position lost for the other side; a loss has no move that
 * does not lose, and the move holds out longest; a tie keeps the tie where every other move
 * loses or ties too; a placement scores the most difference there is.
 * @param {Game} game
 * @param {{toMove: number, move: any, moves: any[]}} step  who moves, the line's move (of
 *   `Lab.moves`: its outcome for the mover, counting the move), every move of the position
 *   (`Lab.moves`, best first)
 */
export function stepFact(game, { toMove, move, moves }) {
  const other = game.sides[1 - toMove];
  const o = move.outcome;
  if (game.kind === 'scored') {
    const next = moves.find((m) => m !== moves[0] && m.outcome);
    const fromMover = (/** @type {any} */ m) => (toMove === 0 ? m.outcome.score : -m.outcome.score);
    if (!next) return t('explain.only-placement');
    const by = fromMover(moves[0]) - fromMover(next);
    return by === 0 ? t('explain.as-good') : t('explain.better-by', { count: by });
  }
  const left = movesLeft(o) ?? 0;
  if (o.value === 'win') return left === 0 ? t('explain.ends-game', { other }) : t('explain.moves-to-lost', { other, count: left });
  if (o.value === 'lose') {
    const lasts = left === 0 ? t('explain.wins-at-once', { other }) : t('explain.wins-in-more', { other, count: left });
    if (moves.length === 1) return t('explain.only-move-loses', { lasts });
    const asLong = moves.filter((m) => m.outcome?.value === 'lose' && m.outcome.remoteness === o.remoteness).length;
    const all = moves.length === 2 ? t('explain.both-lose') : t('explain.all-lose', { count: moves.length });
    return t('explain.all-lose-lasts', { all, longest: asLong > 1 ? t('explain.none-longer') : t('explain.longest'), lasts });
  }
  const losing = moves.filter((m) => m.outcome?.value === 'lose').length;
  if (losing === 0) return moves.length === 1 ? t('explain.tie-only-move') : t('explain.tie-all', { count: moves.length });
  return t('explain.tie-some', { losing, count: moves.length });
}

/**
 * What an alternative of a step brings, and the answer to it: "Black wins in 4 more moves ·
 * answer: Red (9,2)→(9,1)"; tableau "ends at 3 · reply: Second (1,2)".
 * @param {Game} game
 * @param {number} cols
 * @param {{toMove: number, soFar: number}} step  who moves, tableau's points before the step
 * @param {any} move  one of `Lab.moves` of the step's position
 * @param {any} reply  the best move from where it leads (`Lab.moves` of its child, first), if any
 */
export function alternativeWords(game, cols, { toMove, soFar }, move, reply) {
  const mover = game.sides[toMove];
  const other = game.sides[1 - toMove];
  const replyName = reply ? moveWords(game, cols, reply, 1 - toMove) : '';
  const answer = !reply ? '' : game.kind === 'scored' ? t('explain.reply', { move: replyName }) : reply.outcome?.value === 'win' ? t('explain.answer', { move: replyName }) : t('explain.best-reply', { move: replyName });
  if (game.kind === 'scored') return t('explain.ends-at', { score: String(soFar + move.outcome.score), answer });
  return `${outcomeWords(move.outcome, mover, other)}${answer}`;
}

/**
 * The proof's title, from its root: who moves and what the position is worth.
 * @param {Game} game
 * @param {{toMove: number, outcome: any}} root
 */
export function titleOf(game, { toMove, outcome: o }) {
  const mover = game.sides[toMove];
  if (game.kind === 'scored') return t('explain.title-scored', { mover, score: String(o.score) });
  if (o.value === 'tie') return t('explain.title-tie', { mover });
  return t('explain.title', { mover, value: valueWords(o) });
}

/**
 * The sentence under the title: what the line below shows and what each of its facts says.
 * @param {Game} game
 * @param {{toMove: number, outcome: any}} root
 */
export function summaryOf(game, { toMove, outcome: o }) {
  if (game.kind === 'scored') return t('explain.summary-scored');
  if (o.value === 'tie') return t('explain.summary-tie');
  if (o.remoteness === 0) return t('explain.summary-over');
  const winner = game.sides[o.value === 'win' ? toMove : 1 - toMove];
  const loser = game.sides[o.value === 'win' ? 1 - toMove : toMove];
  return t('explain.summary', { winner, loser });
}

/**
 * The proof's size as counted so far (`ProofWalk.runFor`'s progress `p`), from its root node.
 * @param {Game} game
 * @param {any} root
 * @param {{positions: number, moves: number, done: boolean, longest?: number}} p
 */
export function sizeWords(game, root, p) {
  const size = t('explain.size', { positions: t('explain.positions', { count: p.positions }), moves: t('explain.moves', { count: p.moves }) });
  if (!p.done) return t('explain.counting', { size });
  if (game.kind === 'scored') return t('explain.size-scored', { score: String(root.outcome.score), size });
  if (root.outcome.value === 'tie') return t('explain.size-tie', { size });
  const line = p.longest === undefined ? '' : t('explain.longest-line', { count: p.longest });
  return t('explain.size-proof', { size, line });
}
