// The readouts: what the analysis has found, read out of the engine into the page's state
// (`state.analysis`, the replay's `here`, the preview) so that views draw from the state
// alone and never call the engine. Each function is called by one of the controller's
// actions, inside `dispatch` (controller.js), which is what keeps the controller the only
// writer of the state; none of them decides anything about phases. What is kept between
// calls (the heatmap's positions, the last heatmap for what was just decided, the samples of
// the "per second" counter) lives here, and is dropped with the analysis (`drop`).

import { EventKind, Phase } from '../pkg/retrolab.js';
import { exampleOf, frontierOf } from './frontier.js';
import { QUEUE_HEAD, QUEUE_TAIL } from './lesson.js';
import { NO_POSITION, stateOf } from '../engine/records.js';
import { current } from './replay.js';
import { FOLLOW_RATE, SPEEDS } from './settings.js';

/**
 * @typedef {import('./state.js').State} State
 * @typedef {import('../pkg/retrolab.js').Lab} Lab
 * @typedef {import('./runner.js').Report} Report
 * @typedef {import('./replay.js').Line} Line
 */

/** How far back the "per second" counter looks (milliseconds): slow speeds take a position or two a second. */
const RATE_WINDOW_MS = 2000;

/** What the page shows of `position` of `lab`: its pieces, who moves, its outcome. */
export const positionOf = (/** @type {Lab} */ lab, /** @type {number} */ position) => ({
  position,
  pieces: [...lab.pieces(position)],
  toMove: lab.toMove(position),
  outcome: lab.outcome(position) ?? null,
});

/**
 * The readouts of `state`'s analysis, read from `lab()` (the controller's analysis: called
 * only while there is one).
 * @param {State} state
 * @param {() => Lab} lab
 */
export function createReadouts(state, lab) {
  const { editor } = state;
  /**
   * The heatmap's positions, for the start and varying piece they were computed for.
   * @type {{key: string | null, positions: Uint32Array | null}}
   */
  let slice = { key: null, positions: null };
  /** @type {Int32Array | null} */
  let previousHeat = null;
  let frontierSeq = 0;
  let flashSeq = 0;
  /**
   * `[time, positions taken]` of the last RATE_WINDOW_MS, for the "per second" counter.
   * @type {[number, number][]}
   */
  let samples = [];

  const scored = () => editor.game.kind === 'scored';

  /** The position of the board as drawn, or undefined (no analysis, or not a legal board). */
  function startPosition() {
    return editor.pieces ? lab().position(Uint16Array.from(editor.pieces), 0) : undefined;
  }

  /** The heatmap of the board as drawn, live; which of its cells were just decided; where the frontier touches it. */
  function live() {
    const { analysis } = state;
    analysis.heat = null;
    analysis.frontierCells = null;
    const start = startPosition();
    if (scored() || start === undefined) return;
    const key = `${start}:${editor.varying}`;
    if (slice.key !== key) {
      slice = { key, positions: lab().slice(start, editor.varying) };
      previousHeat = null;
    }
    const positions = /** @type {Uint32Array} */ (slice.positions);
    const records = /** @type {import('../engine/engine.js').Records} */ (lab().records());
    const heat = new Int32Array(positions.length);
    /** @type {number[]} */
    const newly = [];
    for (let cell = 0; cell < positions.length; cell++) {
      heat[cell] = positions[cell] === NO_POSITION ? -1 : records[positions[cell]];
      if (previousHeat && heat[cell] >= 0 && stateOf(heat[cell]) !== 0 && stateOf(previousHeat[cell]) === 0) newly.push(cell);
    }
    previousHeat = heat;
    analysis.heat = heat;
    if (newly.length > 0) analysis.flash = { seq: ++flashSeq, cells: newly };
    const f = analysis.frontier;
    if (f?.kind === 'pop') {
      /** @param {number} pos */
      const cellOf = (pos) => {
        const cell = positions.indexOf(pos);
        return cell < 0 ? null : cell;
      };
      analysis.frontierCells = {
        popped: cellOf(f.position),
        parents: f.parents.flatMap((p) => {
          const cell = cellOf(p.position);
          return cell === null ? [] : [{ cell, kind: p.kind }];
        }),
      };
    }
  }

  /** Outcome, contest answer, heatmap and optimal line of the board as drawn, from the finished analysis. */
  function solution() {
    const start = startPosition();
    if (start === undefined) return;
    const { analysis } = state;
    analysis.outcome = lab().outcome(start);
    analysis.answer = lab().answer(start) ?? null;
    analysis.optimalLine = lab().optimalLine(start);
    analysis.start = start;
    analysis.moves = lab().moves(start);
    live();
  }

  /**
   * The last step of the analysis line by line (lesson.js), from a slice of work `report` that
   * ended with one: its events (a unit), or the scan or the ties it ended; null when it shows
   * nothing new. `line` is the event to show first: 'first' (a line step), else the last.
   * @param {Report} report
   * @param {'first' | 'last'} line
   * @returns {import('./lesson.js').Unit | null}
   */
  function unitOf(report, line) {
    const { progress, events, ended } = report;
    const step = events && events.length > 0 ? 'unit' : ended === Phase.Scan ? 'scan' : ended === Phase.MarkTies ? 'ties' : null;
    if (!step) return null;
    const analysed = lab();
    const list = step === 'unit' ? Array.from(/** @type {ArrayLike<number>} */ (events)) : [];
    // The tail asked for holds what this unit queued as well, so that the lines before each
    // decision can show the queue without it (lesson.js, queueAt).
    let queuedHere = 0;
    for (let i = 0; i < list.length && !scored(); i += 3) if (list[i] === EventKind.Won || list[i] === EventKind.Lost) queuedHere += 1;
    const waiting = /** @type {import('./lesson.js').Waiting[]} */ (analysed.waiting(QUEUE_HEAD, QUEUE_TAIL + queuedHere));
    /** @type {Map<number, import('./lesson.js').Drawn>} */
    const drawn = new Map();
    const draw = (/** @type {number} */ position) => {
      if (!drawn.has(position)) drawn.set(position, { pieces: [...analysed.pieces(position)], toMove: analysed.toMove(position), moves: analysed.moveCount(position) });
    };
    for (let i = 1; i < list.length; i += 3) draw(list[i]);
    for (const part of waiting) [...part.first, ...part.last].forEach(draw);
    const taken = list[1];
    return {
      step,
      scored: scored(),
      events: list,
      line: line === 'first' ? 0 : Math.max(0, list.length / 3 - 1),
      outcome: step === 'unit' && !scored() ? analysed.outcome(taken) ?? null : null,
      drawn,
      waiting,
      queued: scored() ? (waiting[0]?.len ?? 0) : (progress.queued ?? 0),
      decided: progress.decided,
    };
  }

  /**
   * Takes in a slice of work (runner.js): progress, timeline, timing, histogram, the frontier,
   * the lesson's unit (its first line shown when `line` is 'first'), the heatmap and the "per
   * second" counter.
   * @param {Report} report
   * @param {'first' | 'last'} [line]
   */
  function absorb(report, line = 'last') {
    const { analysis } = state;
    const { progress } = report;
    analysis.progress = progress;
    const { timeline } = analysis;
    timeline.reached = Math.max(timeline.reached, progress.step);
    if (progress.done) timeline.steps = progress.step;
    if (state.phase === 'rewinding') {
      // Re-running is not solving: the verdict keeps the solve's own time.
      if (timeline.target !== null && progress.step >= timeline.target) {
        analysis.timeline = { ...timeline, target: null, ms: performance.now() - timeline.began };
      }
    } else if (analysis.stats) {
      const { stats } = analysis;
      stats.solveMs += report.spentMs;
      stats.maxSliceMs = Math.max(stats.maxSliceMs, report.spentMs);
      stats.slices += 1;
    }
    analysis.layers = lab().layers();
    const model = frontierOf(lab(), scored(), report);
    if (model) {
      analysis.frontier = { ...model, seq: ++frontierSeq };
      analysis.example = null;
    }
    // A unit is read out (its queue, the pieces of every position it names) only where a person
    // can follow it: an analysis animated faster than that shows the slice, not the lines.
    const followable = state.phase !== 'running' || SPEEDS[state.speed].rate <= FOLLOW_RATE;
    analysis.unit = followable ? (unitOf(report, line) ?? analysis.unit) : null;
    live();
    measureRate();
  }

  /**
   * Positions taken from the queue (tableau: scored) per second, the slider's unit, over the
   * last RATE_WINDOW_MS, while the analysis runs.
   */
  function measureRate() {
    const { analysis } = state;
    const progress = /** @type {import('../engine/engine.js').Progress} */ (analysis.progress);
    const now = performance.now();
    samples.push([now, progress.units]);
    while (samples.length > 2 && now - samples[0][0] > RATE_WINDOW_MS) samples.shift();
    const [t0, c0] = samples[0];
    const [, c1] = samples[samples.length - 1];
    const runs = state.phase === 'running' || state.phase === 'solving';
    analysis.rate = runs && now - t0 > 50 ? (1000 * (c1 - c0)) / (now - t0) : null;
  }

  /** The "per second" counter starts over (a new speed, or the analysis set off again). */
  function restartRate() {
    samples = [];
  }

  /** The heatmap's next slice flashes nothing: the analysis went back (the timeline). */
  function forgetHeat() {
    previousHeat = null;
  }

  /** Forgets what was kept for the analysis (it is dropped). */
  function drop() {
    slice = { key: null, positions: null };
    previousHeat = null;
    samples = [];
  }

  /**
   * What the replay's current position of `line` looks like.
   * @param {Line} line
   */
  function replayHere(line) {
    const pos = current(line);
    return { position: pos, pieces: [...lab().pieces(pos)], toMove: lab().toMove(pos), outcome: lab().outcome(pos), moves: lab().moves(pos) };
  }

  /**
   * An example position of a histogram bar (frontier.js); again on the bar shown: the next one.
   * @param {number} bucket
   * @param {number} value
   */
  function example(bucket, value) {
    const shown = state.analysis.example;
    const same = shown?.bucket === bucket && shown?.value === value;
    return exampleOf(lab(), scored(), bucket, value, same && shown ? shown.position : -1);
  }

  /**
   * `position` of the solved analysis as the main board shows it over everything, with `move`
   * drawn as the move into it; `key` tells one preview from another (previewKey).
   * @param {number} position
   * @param {{from: number, to: number} | null} move
   * @returns {import('./state.js').Preview}
   */
  function preview(position, move) {
    return { key: previewKey(position, move), position, pieces: [...lab().pieces(position)], move: move && { from: move.from, to: move.to } };
  }

  /**
   * The position of the heatmap on `cell`, or undefined (none there, or no heatmap).
   * @param {number} cell
   */
  function cellPosition(cell) {
    const position = slice.positions?.[cell];
    return state.analysis.heat && position !== undefined && position !== NO_POSITION ? position : undefined;
  }

  return { startPosition, live, solution, absorb, restartRate, forgetHeat, drop, replayHere, example, preview, cellPosition };
}

/**
 * What tells one preview from another: the position and the move into it.
 * @param {number} position
 * @param {{from: number, to: number} | null} move
 */
export const previewKey = (position, move) => `${position}:${move?.from}:${move?.to}`;
