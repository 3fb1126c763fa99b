// Runs an analysis (a `Lab`) towards a goal, a slice at a time, so the page never freezes:
//   {kind: 'rate', rate}  on animation frames, `rate` queue entries (tableau: positions
//                         scored) a second; Infinity = as many as fit in each frame
//   {kind: 'step'}        one entry
//   {kind: 'layer'}       the rest of the current remoteness layer (tableau: stone layer)
//   {kind: 'instant'}     to the end at full speed, recording off, in back-to-back tasks
//   {kind: 'to', step}    the timeline: to step `step` (progress.step: 1 the scan, then one
//                         per queue entry and one for the ties; tableau one per layer) at
//                         full speed in back-to-back tasks, never past it (an analysis past
//                         it is reset by the controller first: rewinding re-runs from the
//                         start); its last unit is recorded, so the inset shows that step
//   {kind: 'unit', units} as 'to', to the end of unit `units` (progress.units): a step back
//                         of one position where a timeline step is longer (tableau's layers)
// The scan and the marking of ties are not queue entries: every goal runs them through at
// full speed, and a step or layer goal ends with them (the scan's primitives appear at once).
// Only 'instant' carries on from one phase into the next within a slice.
// Animated goals record the events of the last entry of each slice only (Lab.setRecording);
// the entries before it run unrecorded, so a fast animation costs about what solving costs.

import { Phase } from '../pkg/retrolab.js';
import { FULL_SPEED_SLICE_MS, scheduler } from '../engine/engine.js';

/**
 * @typedef {import('../pkg/retrolab.js').Lab} Lab
 * @typedef {import('../engine/engine.js').Progress} Progress
 * @typedef {import('../engine/engine.js').Events} Events
 */

/**
 * A goal of the runner (see above).
 * @typedef {{kind: 'rate', rate: number} | {kind: 'step' | 'layer' | 'instant'} | {kind: 'to', step: number} | {kind: 'unit', units: number}} Goal
 */

/**
 * What a slice did: `units` entries processed, `ended` the phase that ended in it (a Phase:
 * Scan, Propagate or MarkTies) or null, `events` a copy of the last entry's events (see
 * Lab.events) or null.
 * @typedef {object} Report
 * @property {Progress} progress   the engine's progress after the slice
 * @property {number} spentMs
 * @property {number} units
 * @property {number | null} ended
 * @property {Events | null} events
 */

/** Milliseconds of solving per animation frame: the rest of the frame draws, at 60 fps. */
const FRAME_BUDGET_MS = 5;

/**
 * Creates the runner of `lab`. After every slice that did something it calls
 * `onSlice(report)`; when a step or layer goal is reached, `onIdle(report)`; when the
 * analysis is complete, `onDone(report)`; on failure `onError(error)` (see Report).
 * @param {Lab} lab
 * @param {{onSlice: (report: Report) => void, onIdle: (report: Report) => void, onDone: (report: Report) => void, onError: (error: Error) => void}} on
 */
export function createRunner(lab, { onSlice, onIdle, onDone, onError }) {
  /** @type {Goal | null} */
  let goal = null;
  /** @type {ReturnType<typeof scheduler> | null} */
  let slices = null;
  let credit = 0;
  /** @type {number | null} */
  let last = null;
  /** @type {number | null} */
  let layerLeft = null;

  /**
   * How many entries this slice should process.
   * @param {Goal} goal
   * @param {Progress} progress
   * @param {number} now
   */
  function target(goal, progress, now) {
    switch (goal.kind) {
      case 'rate': {
        if (goal.rate === Infinity) return Infinity;
        credit += (goal.rate * Math.min(100, now - (last ?? now - 1000 / 60))) / 1000;
        last = now;
        return Math.floor(credit);
      }
      case 'step':
        return 1;
      case 'layer':
        layerLeft ??= progress.layerLeft;
        return layerLeft;
      default:
        return Infinity;
    }
  }

  function slice(now = performance.now()) {
    if (!goal) return;
    const begin = performance.now();
    const deadline = begin + (fullSpeed(goal) ? FULL_SPEED_SLICE_MS : FRAME_BUDGET_MS);
    let done;
    try {
      done = goal.kind === 'to' || goal.kind === 'unit' ? rerun(goal, deadline) : advance(goal, now, deadline);
    } catch (error) {
      run(null);
      onError(/** @type {Error} */ (error));
      return;
    }
    const { report, reached, worked } = done;
    report.spentMs = performance.now() - begin;
    if (report.progress.done) {
      run(null);
      onDone(report);
    } else if (reached) {
      run(null);
      onIdle(report);
    } else {
      slices?.schedule(slice);
      if (worked || report.ended !== null) onSlice(report);
    }
  }

  /**
   * Goals that run back to back rather than on animation frames.
   * @param {Goal} goal
   */
  const fullSpeed = (goal) => goal.kind === 'instant' || goal.kind === 'to' || goal.kind === 'unit';

  /**
   * One slice of work towards `goal` (other than 'to'): what it did, and whether the goal is reached.
   * @param {Goal} goal
   * @param {number} now
   * @param {number} deadline
   * @returns {{report: Report, reached: boolean, worked: boolean}}
   */
  function advance(goal, now, deadline) {
    /** @type {Events | null} */
    let events = null;
    let units = 0;
    let reached = false;
    let worked = true;
    let progress = lab.progress();
    const phase = progress.phase;
    if (phase === Phase.Propagate) {
      const want = target(goal, progress, now);
      const before = progress.units;
      const record = goal.kind !== 'instant';
      lab.setRecording(false);
      // Unrecorded bulk: all but the last entry, within the frame's budget, in one call
      // (the engine looks at the clock between chunks of work).
      const bulk = record ? want - 1 : want;
      if (bulk > 0) progress = lab.runFor(deadline - performance.now(), bulk);
      // The last entry of the slice, recorded for the animation.
      if (record && progress.units - before < want && progress.phase === Phase.Propagate) {
        lab.setRecording(true);
        progress = lab.step(1);
        events = /** @type {Events} */ (lab.events()).slice();
        lab.setRecording(false);
      }
      units = progress.units - before;
      worked = units > 0;
      if (goal.kind === 'rate') {
        const cap = Math.max(1, goal.rate / 20);
        credit = Math.min(Math.max(0, credit - units), cap);
      }
      if (goal.kind === 'layer') layerLeft = (layerLeft ?? 0) - units;
      reached = (goal.kind === 'step' && units > 0) || (goal.kind === 'layer' && (layerLeft ?? 0) <= 0);
    } else {
      // Scan or mark ties: through to the next phase, at full speed (runFor never crosses
      // from one phase into the next).
      lab.setRecording(false);
      progress = lab.runFor(deadline - performance.now(), Infinity);
      reached = goal.kind === 'step' || goal.kind === 'layer';
    }
    let ended = progress.phase !== phase ? phase : null;
    // Solve instantly goes on into the next phases while the slice has time left: a small
    // board is then solved in one task, without waiting for the page between phases.
    while (goal.kind === 'instant' && !progress.done && performance.now() < deadline) {
      const from = progress.phase;
      progress = lab.runFor(deadline - performance.now(), Infinity);
      if (progress.phase !== from) ended = from;
    }
    if (ended !== null) {
      credit = 0;
    } else if (phase !== Phase.Propagate) {
      reached = false;
    }
    return { report: { progress, spentMs: 0, units, ended, events }, reached, worked };
  }

  /**
   * One slice of re-running towards the timeline's step `goal.step`, or the end of unit
   * `goal.units` (the engine crosses the phases and records the last unit). Once there, the
   * report carries what that step did, as a Step would have: the scan (step 1), the ties (a
   * finished win/lose analysis), or the last unit's events.
   * @param {{kind: 'to', step: number} | {kind: 'unit', units: number}} goal
   * @param {number} deadline
   * @returns {{report: Report, reached: boolean, worked: boolean}}
   */
  function rerun(goal, deadline) {
    /** @type {Progress} */
    const before = lab.progress();
    lab.setRecording(false);
    const ms = deadline - performance.now();
    /** @type {Progress} */
    const progress = goal.kind === 'to' ? lab.runTo(ms, goal.step) : lab.runToUnit(ms, goal.units);
    /** @type {Report} */
    const report = { progress, spentMs: 0, units: progress.units - before.units, ended: null, events: null };
    const reached = goal.kind === 'to' ? progress.step >= goal.step : progress.units >= goal.units || progress.done;
    if (reached) {
      const scored = progress.layers !== undefined;
      report.ended = goal.kind === 'to' && goal.step === 1 ? Phase.Scan : progress.done && !scored ? Phase.MarkTies : null;
      const events = /** @type {Events} */ (lab.events());
      if (events.length > 0) report.events = events.slice();
    }
    return { report, reached, worked: true };
  }

  /**
   * Works towards `next` from the next slice on (null: stop).
   * @param {Goal | null} next
   */
  function run(next) {
    slices?.close();
    slices = null;
    goal = next;
    credit = next?.kind === 'rate' ? 1 : 0; // the first entry at once
    last = null;
    layerLeft = null;
    if (!goal) return;
    // Solve instantly starts in the task that asked (live solving: before the next paint).
    slices = scheduler(fullSpeed(goal), goal.kind === 'instant');
    slices.schedule(slice);
  }

  return {
    run,
    /** The goal being worked on, or null. */
    get goal() {
      return goal;
    },
  };
}
