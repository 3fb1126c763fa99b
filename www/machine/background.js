// The whole table of a board, analysed in the background while the page answers the board
// from what its start reaches (the engine's `Start.fromStart`, controller.js): the Lab
// prepared and run to its end at full speed in slices (engine.js, runner.js), so that every
// control stays usable meanwhile; its progress reported a few times a second, and the
// finished Lab handed over. It begins once the page has painted the answer: creating the
// whole table's Lab builds its game's tables in one task (fox and hounds: about a second).

import { prepareLab } from '../engine/engine.js';
import { createRunner } from './runner.js';

/**
 * @typedef {import('../pkg/retrolab.js').Lab} Lab
 * @typedef {import('../pkg/retrolab.js').Start} Start
 * @typedef {import('../engine/engine.js').Engine} Engine
 * @typedef {import('../engine/engine.js').Progress} Progress
 */

/** The background's progress is reported at most this often (milliseconds): each report redraws the page. */
const REPORT_MS = 250;

/**
 * Analyses the game of `start` (a board read, which it takes) in `order` to its end, in the
 * background: `onProgress(progress)` now and then once its memory is prepared,
 * `onDone(lab)` with the finished Lab (the caller's from then on), `onError(error)` when it
 * cannot (memory refused). Returns a function that stops it and frees what it holds.
 * @param {Engine} engine
 * @param {Start} start
 * @param {import('./settings.js').Order} order
 * @param {{onProgress: (progress: Progress) => void, onDone: (lab: Lab) => void, onError: (error: Error) => void}} on
 */
export function analyseInBackground(engine, start, order, { onProgress, onDone, onError }) {
  /** @type {Lab | null} */
  let lab = null;
  /** @type {ReturnType<typeof createRunner> | null} */
  let runner = null;
  let reported = -Infinity;

  /** @param {Lab} created */
  function run(created) {
    lab = created;
    runner = createRunner(created, {
      onSlice: ({ progress }) => {
        const now = performance.now();
        if (now - reported < REPORT_MS) return;
        reported = now;
        onProgress(progress);
      },
      onIdle: () => {},
      onDone: () => {
        runner = null;
        lab = null;
        onDone(created);
      },
      onError: (error) => {
        stop();
        onError(error);
      },
    });
    onProgress(created.progress());
    runner.run({ kind: 'instant' });
  }

  let cancelPrepare = /** @type {(() => void) | null} */ (null);
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  // Once the page has painted what it answered (the verdict): the first slice may be long.
  let frame = requestAnimationFrame(() => {
    frame = 0;
    timer = setTimeout(() => {
      timer = undefined;
      cancelPrepare = prepareLab(engine, start, {
        fast: true,
        order,
        onLab: (created) => {
          cancelPrepare = null;
          run(created);
        },
        onError: (error) => {
          cancelPrepare = null;
          onError(error);
        },
      });
    });
  });
  function stop() {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
    if (frame !== 0 || timer !== undefined) start.free();
    frame = 0;
    timer = undefined;
    cancelPrepare?.();
    cancelPrepare = null;
    runner?.run(null);
    runner = null;
    lab?.free();
    lab = null;
  }
  return stop;
}
