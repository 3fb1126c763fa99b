// The lesson: the analysis's last unit of work read line by line, as the teaching views show
// it — which line of the algorithm (words/code.js) each event ran, the algorithm's variables
// at that event, what the main board shows (the position taken, the parent looked at and the
// move taken back to it), and the queue as it stood then. Everything is read from the engine:
// its events (src/progress.rs, one event a line, in the order it ran them), the records it
// had, and what waited once the unit was done (Lab.waiting). Nothing of the algorithm is
// worked out again here: the queue at an earlier line is the queue after the unit without
// what the later lines queued, read off those lines' own events. Pure: no DOM, no engine.

import { EventKind, ScoredEventKind } from '../pkg/retrolab.js';
import { RecordState, remotenessOf, stateOf } from '../engine/records.js';

/**
 * @typedef {import('../words/code.js').Algorithm} Algorithm
 * @typedef {import('../engine/engine.js').Outcome} Outcome
 */

/**
 * A part of what waits to be taken, as the engine says (Lab.waiting, src/progress.rs Waiting).
 * @typedef {object} Waiting
 * @property {'arrivingLosses' | 'arrivingWins' | 'losses' | 'wins' | 'layer'} what
 * @property {number} level   the remoteness at which they are taken (scored games: the layer)
 * @property {number} len
 * @property {number[]} first  the first of them, in the order they will be taken
 * @property {number[]} last   the last of them, when not in `first`
 */

/**
 * A position as the lesson draws it: its pieces (tableau: its stones) and who moves.
 * @typedef {{pieces: number[], toMove: number, moves: number}} Drawn
 */

/**
 * What the analysis did last, as the lesson reads it (state.analysis.unit, readouts.js): a unit
 * of propagation with its events, or a step that is one line (the scan, the marking of ties).
 * @typedef {object} Unit
 * @property {'unit' | 'scan' | 'ties'} step
 * @property {boolean} scored          a scored game's unit (tableau), else a win/lose game's
 * @property {number[]} events         the unit's events as triples: kind, position, detail (scored: score)
 * @property {number} line             the event on show: an index of a triple
 * @property {Outcome | null} outcome  the outcome of the position the unit took (win/lose games)
 * @property {Map<number, Drawn>} drawn  the positions the lesson draws: those the events name, and those waiting
 * @property {Waiting[]} waiting       what waited once the step was done
 * @property {number} queued           entries waiting once it was done (scored: positions of the layer left)
 * @property {number} decided          positions decided once it was done
 */

/**
 * The algorithm whose code the panel shows for an analysis: the layered solver of a scored
 * game, tier by tier when the analysis has more than one tier, else one queue.
 * @param {boolean} scored
 * @param {number} tiers
 * @returns {Algorithm}
 */
export const algorithmOf = (scored, tiers) => (scored ? 'layers' : tiers > 1 ? 'tiers' : 'queue');

/** Number of events of a unit. */
export const eventCount = (/** @type {Unit} */ unit) => unit.events.length / 3;

/**
 * The line of the algorithm that event `i` of `unit` ran (words/code.js's ids).
 * @param {Unit} unit
 * @param {number} i
 * @returns {string}
 */
export function lineOf(unit, i) {
  if (unit.step !== 'unit') return unit.step;
  const [kind, , detail] = unit.events.slice(3 * i, 3 * i + 3);
  if (unit.scored) return kind === ScoredEventKind.Taken ? 'take' : kind === ScoredEventKind.Move ? 'move' : 'scored';
  switch (kind) {
    case EventKind.Popped:
      return 'take';
    case EventKind.Arrived:
      return 'arrive';
    case EventKind.Looked:
      return stateOf(detail) === RecordState.Undecided ? 'parent' : 'skip';
    case EventKind.Won:
      return 'win';
    case EventKind.Lost:
      return 'lose';
    default:
      return 'count';
  }
}

/**
 * An item of the queue strip: a position waiting, its value for its side to move, whether it is
 * the head (taken next) and whether the unit on show queued it; or a gap of `gap` entries not shown.
 * @typedef {{position: number, value: 'win' | 'lose' | 'layer', head: boolean, fresh: boolean, level: number, arriving: boolean}
 *   | {gap: number}} QueueItem
 */

/**
 * The lesson at the event on show: the line, the variables, the board and the queue.
 * @typedef {object} Lesson
 * @property {string} line             the line's id (words/code.js)
 * @property {number} index            the event on show, and `count` of the unit's
 * @property {number} count
 * @property {Vars} vars
 * @property {Board | null} board      what the main board shows, or null (the heatmap)
 * @property {{length: number, items: QueueItem[]}} queue
 * @property {'win' | 'lose' | 'open' | null} answer  what the parent looked at turns out to be, when
 *   the next line decides it (the quiz asks before showing it), else null
 */

/**
 * The algorithm's variables under their own names, as numbers (the panel words them).
 * @typedef {object} Vars
 * @property {number | null} popped        the position taken (or, arriving, the child whose value arrives)
 * @property {Outcome | null} poppedValue  its outcome for its side to move
 * @property {boolean} arriving            its value arrives from the tier before
 * @property {number | null} parent        the parent looked at (scored: the move's child)
 * @property {number} k                    which parent (move) it is, from 1, and of how many
 * @property {number} n
 * @property {number} parentMoves          the parent's moves in all (its counter's start)
 * @property {number | null} counterBefore  the parent's counter before this line (undecided), else null
 * @property {number | null} counterAfter   after it
 * @property {number | null} parentRecord   the parent's record when looked at
 * @property {'won' | 'lost' | 'counted' | 'skipped' | null} decision  what this line did to the parent
 * @property {number | null} remoteness     the parent's remoteness when decided
 * @property {number | null} moveScore      scored: the score the move looked at leads to
 * @property {number | null} best           scored: the mover's best so far (final once scored)
 * @property {number} queueLength
 * @property {number} decided
 */

/**
 * The lesson's main board: the position taken, and the parent looked at as the move taken back.
 * @typedef {object} Board
 * @property {number} position
 * @property {number[]} pieces
 * @property {number} toMove
 * @property {{position: number, pieces: number[], toMove: number, from: number | null, to: number | null, decided: 'win' | 'lose' | null} | null} parent
 * @property {{cell: number, score: number, best: boolean}[]} moves  scored: the moves looked at so far and their scores
 */

/**
 * The cells of `a` not in `b`, as multisets (two pieces may share a cell).
 * @param {number[]} a
 * @param {number[]} b
 */
export function minus(a, b) {
  const rest = [...b];
  return a.filter((cell) => {
    const i = rest.indexOf(cell);
    if (i < 0) return true;
    rest.splice(i, 1);
    return false;
  });
}

/**
 * The lesson last worked out for each unit, with its line: the board, the code card and the
 * queue strip all ask for the same one on every step.
 * @type {WeakMap<Unit, {line: number, lesson: Lesson}>}
 */
const worked = new WeakMap();

/**
 * The lesson at `unit.line`.
 * @param {Unit} unit
 * @returns {Lesson}
 */
export function lessonAt(unit) {
  const known = worked.get(unit);
  if (known && known.line === unit.line) return known.lesson;
  const lesson = unit.step !== 'unit' ? stepLesson(unit) : unit.scored ? scoredLesson(unit) : valuedLesson(unit);
  worked.set(unit, { line: unit.line, lesson });
  return lesson;
}

/** The scan or the marking of ties: one line, the queue as it stands. */
function stepLesson(/** @type {Unit} */ unit) {
  return {
    line: unit.step,
    index: 0,
    count: 1,
    vars: { ...noVars(), queueLength: unit.queued, decided: unit.decided },
    board: null,
    queue: queueAt(unit, []),
    answer: null,
  };
}

/** @returns {Vars} */
const noVars = () => ({
  popped: null, poppedValue: null, arriving: false, parent: null, k: 0, n: 0, parentMoves: 0, counterBefore: null, counterAfter: null, parentRecord: null,
  decision: null, remoteness: null, moveScore: null, best: null, queueLength: 0, decided: 0,
});

/**
 * The events of `unit` as objects, with their index.
 * @param {Unit} unit
 */
function eventsOf(unit) {
  const out = [];
  for (let i = 0; i < unit.events.length; i += 3) out.push({ i: i / 3, kind: unit.events[i], position: unit.events[i + 1], detail: unit.events[i + 2] });
  return out;
}

/** A win/lose game's unit at its line. */
function valuedLesson(/** @type {Unit} */ unit) {
  const events = eventsOf(unit);
  const at = Math.min(unit.line, events.length - 1);
  const taken = events[0];
  const looks = events.filter((e) => e.kind === EventKind.Looked);
  const seen = events.slice(0, at + 1);
  const look = seen.filter((e) => e.kind === EventKind.Looked).at(-1) ?? null;
  const current = events[at];
  /** The update of the parent looked at, once this line has reached it. */
  const update = look && current.i > look.i && current.position === look.position ? current : null;
  const vars = noVars();
  vars.popped = taken.position;
  vars.poppedValue = unit.outcome;
  vars.arriving = taken.kind === EventKind.Arrived;
  vars.n = looks.length;
  const later = events.slice(at + 1);
  /** Positions queued by the lines after this one: not in the queue yet. */
  const queuedLater = later.filter((e) => e.kind === EventKind.Won || e.kind === EventKind.Lost);
  vars.queueLength = unit.queued - queuedLater.length;
  vars.decided = unit.decided - queuedLater.length;
  /** @type {Board | null} */
  let board = null;
  const drawnTaken = unit.drawn.get(taken.position);
  if (look) {
    vars.parent = look.position;
    vars.parentMoves = unit.drawn.get(look.position)?.moves ?? 0;
    vars.k = looks.indexOf(look) + 1;
    vars.parentRecord = look.detail;
    const undecided = stateOf(look.detail) === RecordState.Undecided;
    vars.counterBefore = undecided ? remotenessOf(look.detail) : null;
    vars.counterAfter = vars.counterBefore;
    vars.decision = undecided ? null : 'skipped';
    if (update) {
      if (update.kind === EventKind.Won) {
        vars.decision = 'won';
        vars.remoteness = update.detail;
      } else if (update.kind === EventKind.Lost) {
        vars.decision = 'lost';
        vars.remoteness = update.detail;
        vars.counterAfter = 0;
      } else {
        vars.decision = 'counted';
        vars.counterAfter = update.detail;
      }
    }
  }
  if (drawnTaken) {
    const parentDrawn = look ? unit.drawn.get(look.position) : undefined;
    board = {
      position: taken.position,
      pieces: drawnTaken.pieces,
      toMove: drawnTaken.toMove,
      parent:
        look && parentDrawn
          ? {
              position: look.position,
              pieces: parentDrawn.pieces,
              toMove: parentDrawn.toMove,
              from: minus(parentDrawn.pieces, drawnTaken.pieces)[0] ?? null,
              to: minus(drawnTaken.pieces, parentDrawn.pieces)[0] ?? null,
              decided: vars.decision === 'won' ? 'win' : vars.decision === 'lost' ? 'lose' : null,
            }
          : null,
      moves: [],
    };
  }
  // The quiz: on a parent looked at and still undecided, the next line says what it becomes.
  /** @type {Lesson['answer']} */
  let answer = null;
  const next = events[at + 1];
  if (current.kind === EventKind.Looked && vars.decision === null && next && next.position === current.position) {
    answer = next.kind === EventKind.Won ? 'win' : next.kind === EventKind.Lost ? 'lose' : 'open';
  }
  return { line: lineOf(unit, at), index: at, count: events.length, vars, board, queue: queueAt(unit, queuedLater.map((e) => e.position)), answer };
}

/** A scored game's unit at its line: the position taken, its moves one by one, its score. */
function scoredLesson(/** @type {Unit} */ unit) {
  const events = eventsOf(unit);
  const at = Math.min(unit.line, events.length - 1);
  const taken = events[0];
  const moves = events.filter((e) => e.kind === ScoredEventKind.Move);
  const seen = events.slice(0, at + 1).filter((e) => e.kind === ScoredEventKind.Move);
  const drawnTaken = unit.drawn.get(taken.position);
  const first = drawnTaken?.toMove === 0;
  const better = (/** @type {number} */ a, /** @type {number} */ b) => (first ? Math.max(a, b) : Math.min(a, b));
  const scored = events[at].kind === ScoredEventKind.Scored ? events[at] : null;
  const best = scored ? scored.detail : seen.length ? seen.map((e) => e.detail).reduce(better) : null;
  const vars = noVars();
  vars.popped = taken.position;
  vars.n = moves.length;
  vars.k = seen.length;
  vars.parent = seen.at(-1)?.position ?? null;
  vars.moveScore = seen.at(-1)?.detail ?? null;
  vars.best = best;
  vars.queueLength = unit.queued;
  vars.decided = unit.decided - (scored ? 0 : 1);
  const board = drawnTaken
    ? {
        position: taken.position,
        pieces: drawnTaken.pieces,
        toMove: drawnTaken.toMove,
        parent: null,
        moves: seen.map((e) => ({
          cell: minus(unit.drawn.get(e.position)?.pieces ?? [], drawnTaken.pieces)[0] ?? -1,
          score: e.detail,
          best: e.detail === best,
        })),
      }
    : null;
  return { line: lineOf(unit, at), index: at, count: events.length, vars, board, queue: queueAt(unit, []), answer: null };
}

/** Items the strip shows at most, and the tail of each part it keeps in sight. */
export const QUEUE_HEAD = 12;
export const QUEUE_TAIL = 3;

/**
 * The queue strip: what waited once the unit was done, without `notYet` (positions the lines
 * after the one on show queued: they are not in it yet), in the order the engine takes it.
 * @param {Unit} unit
 * @param {number[]} notYet
 * @returns {{length: number, items: QueueItem[]}}
 */
export function queueAt(unit, notYet) {
  const pending = [...notYet];
  const fresh = new Set(
    unit.step === 'unit' && !unit.scored
      ? eventsOf(unit)
          .filter((e) => (e.kind === EventKind.Won || e.kind === EventKind.Lost) && !notYet.includes(e.position))
          .map((e) => e.position)
      : [],
  );
  /** @type {QueueItem[]} */
  const items = [];
  let length = 0;
  for (const part of unit.waiting) {
    // What the later lines queued sits at the end of its part (the tail asked for holds it all,
    // readouts.js): take it off there.
    const tail = [...part.first, ...part.last];
    let len = part.len;
    for (let j = tail.length - 1; j >= 0 && pending.length > 0; j--) {
      const found = pending.lastIndexOf(tail[j]);
      if (found < 0) break;
      pending.splice(found, 1);
      tail.splice(j, 1);
      len -= 1;
    }
    if (len <= 0) continue;
    length += len;
    /** @type {'win' | 'lose' | 'layer'} */
    const value = part.what === 'layer' ? 'layer' : part.what === 'losses' || part.what === 'arrivingLosses' ? 'lose' : 'win';
    const arriving = part.what.startsWith('arriving');
    const shownFirst = tail.slice(0, Math.min(part.first.length, tail.length));
    const shownLast = tail.slice(shownFirst.length).slice(-QUEUE_TAIL);
    const item = (/** @type {number} */ position) => ({ position, value, head: false, fresh: fresh.has(position), level: part.level, arriving });
    items.push(...shownFirst.map(item));
    const hidden = len - shownFirst.length - shownLast.length;
    if (hidden > 0) items.push({ gap: hidden });
    items.push(...shownLast.map(item));
  }
  const head = items.find((item) => 'position' in item);
  if (head && 'position' in head) head.head = true;
  return { length, items };
}
