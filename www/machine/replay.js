// The replay of a solved game: the line of play from the start — optimal, except where the
// person picked another move — and where the replay stands on it. Replays are immutable
// values; every function returns a new one. Positions and moves are the engine's
// (Lab.optimalLine, Lab.moves: `{from, to, child, gain?, outcome}`). A tie's line ends where
// play comes back to a position it has passed: it is a loop, and going on from its last
// position goes round the cycle again: a tie's replay does not end.

import { loopOf } from '../engine/lines.js';
import { t } from '../words/i18n.js';

/**
 * @typedef {import('../pkg/retrolab.js').Lab} Lab
 * @typedef {import('../engine/engine.js').Move} Move
 * @typedef {import('../engine/engine.js').Outcome} Outcome
 */

/**
 * A line being replayed, and where the replay stands on it.
 * @typedef {object} Line
 * @property {number} start        the position it starts from
 * @property {number} index        the move number it stands at (0 = the start)
 * @property {Move[]} moves        the line's moves
 * @property {number[]} positions  its positions: the start, then each move's child
 * @property {{from: number, length: number} | null} loop  the cycle it ends in (loopOf), or null
 * @property {boolean[]} mine      which moves the person played
 * @property {(Outcome | undefined)[]} outcomes  the outcome of every position, for the value history
 * @property {number[]} toMove     who moves in every position
 */

/**
 * The replay of optimal play from `start`, at the start; with `rest` false, only the start (a
 * game played move by move, whose line is what was played: play mode, drills).
 */
/**
 * @param {Lab} lab
 * @param {number} start
 * @returns {Line}
 */
export function startReplay(lab, start, rest = true) {
  return withLine(lab, { start, index: 0 }, [], rest ? lab.optimalLine(start) : [], []);
}

/**
 * The same line, at move number `index` (0 = the start), clamped to the line.
 * @param {Line} replay
 * @param {number} index
 * @returns {Line}
 */
export function goTo(replay, index) {
  return { ...replay, index: Math.max(0, Math.min(replay.moves.length, index)) };
}

/**
 * Plays `move` (one of `Lab.moves` of the current position): the next move of the line if it
 * is that one, else the line continues from the new position with optimal play (with `rest`
 * false, it ends there).
 * @param {Lab} lab
 * @param {Line} replay
 * @param {Move} move
 * @returns {Line}
 */
export function play(lab, replay, move, rest = true) {
  const i = replay.index;
  if (replay.moves[i]?.child === move.child) return goTo(replay, i + 1);
  const after = rest ? lab.optimalLine(move.child) : [];
  const next = withLine(lab, replay, [...replay.moves.slice(0, i), move], after, [...replay.mine.slice(0, i), true]);
  return { ...next, index: i + 1 };
}

/**
 * The line `played` then `rest`; `mine` flags the person's moves among `played`.
 * @param {Lab} lab
 * @param {{start: number, index: number}} replay
 * @param {Move[]} played
 * @param {Move[]} rest
 * @param {boolean[]} mine
 * @returns {Line}
 */
function withLine(lab, replay, played, rest, mine) {
  const moves = [...played, ...rest];
  const positions = [replay.start];
  for (const move of moves) positions.push(move.child);
  return {
    ...replay,
    moves,
    positions,
    loop: loopOf(positions),
    mine: [...mine, ...rest.map(() => false)],
    /** Outcome of every position of the line, for the value history. */
    outcomes: positions.map((pos) => lab.outcome(pos)),
    toMove: positions.map((pos) => lab.toMove(pos)),
  };
}

/**
 * The same line in `to`, another analysis of the same board that holds every position of `from`
 * (the whole table taking the place of what the start reaches): each position found by its pieces
 * and the side to move, the values and moves as they were (the two analyses agree on them).
 * @param {Line} replay
 * @param {Lab} from
 * @param {Lab} to
 * @returns {Line}
 */
export function carried(replay, from, to) {
  const positions = replay.positions.map((pos) => {
    const found = to.position(Uint16Array.from(from.pieces(pos)), from.toMove(pos));
    if (found === undefined) throw new Error(`replay: position ${pos} is not in the analysis it is carried to`);
    return found;
  });
  const moves = replay.moves.map((move, i) => ({ ...move, child: positions[i + 1] }));
  return { ...replay, start: positions[0], positions, moves };
}

/**
 * The position the replay stands on.
 * @param {Line} replay
 */
export const current = (replay) => replay.positions[replay.index];

/**
 * True at the last position of a line that ends (a loop never does).
 * @param {Line} replay
 */
export const atEnd = (replay) => replay.index >= replay.moves.length && !replay.loop;

/**
 * The replay one move on: at the end of a loop, round the cycle again.
 * @param {Line} replay
 */
export function forward(replay) {
  const { index, loop, moves } = replay;
  if (index < moves.length || !loop) return goTo(replay, index + 1);
  return goTo(replay, loop.from + 1);
}

/**
 * Points scored so far by the moves before `index` (scored games): first's minus second's.
 * @param {Line} replay
 */
export function scoredSoFar(replay, index = replay.index) {
  let total = 0;
  for (let i = 0; i < index; i++) total += replay.moves[i].gain ?? 0;
  return total;
}

/**
 * `{headline, explanation}`: the verdict for the replay's position `here` (controller state).
 * @param {import('../games/define.js').Game} game
 * @param {Line} replay
 * @param {NonNullable<import('./state.js').Replay['here']>} here
 */
export function describePosition(game, replay, here) {
  const [first, second] = game.sides;
  const mover = here.toMove === 0 ? first : second;
  const other = here.toMove === 0 ? second : first;
  const played = replay.index;
  if (game.kind === 'scored') {
    const soFar = scoredSoFar(replay);
    const final = soFar + (here.outcome?.score ?? 0);
    const lead = final > 0 ? t('tableau.first-ahead', { score: String(final) }) : final < 0 ? t('tableau.second-ahead', { score: String(-final) }) : t('tableau.level');
    if (here.moves.length === 0) return { headline: t('replay.final', { lead }), explanation: t('replay.board-full', { count: played, final: String(final) }) };
    return {
      headline: played === 0 ? lead : t('replay.lead-best', { lead }),
      explanation: t('replay.scored-so-far', { count: played, soFar: String(soFar), mover }),
    };
  }
  const o = here.outcome;
  if (!o || o.value === undefined || o.value === 'tie') {
    const explanation = replay.loop ? t('replay.tie-cycle', { mover, count: replay.loop.length }) : t('replay.tie', { mover });
    return { headline: t('games.tie-headline'), explanation };
  }
  const winner = o.value === 'win' ? mover : other;
  if (o.remoteness === 0) return { headline: t('replay.has-won', { winner }), explanation: t('replay.over', { count: played }) };
  const loser = winner === first ? second : first;
  return {
    headline: played === 0 ? t('replay.wins-in', { winner, count: o.remoteness }) : t('replay.wins-in-more', { winner, count: o.remoteness }),
    explanation: t('replay.forces', { mover, winner, loser }),
  };
}
