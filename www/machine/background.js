// The whole table of a board, analysed in the background while the page answers the board
// from what its start reaches (the engine's `Start.takeFromStart`, controller.js): the Lab
// prepared and run to its end at full speed in slices (engine.js, runner.js), so that every
// control stays usable meanwhile; its progress reported a few times a second, and the
// finished Lab handed over. It begins once the page has painted the answer.

import { prepareLab } from '../engine/engine.js';
import { createRunner } from './runner.js';

/**
 * @typedef {import('../pkg/retrolab.js').Lab} Lab
 * @typedef {import('../pkg/retrolab.js').Start} Start
 * @typedef {import('../engine/engine.js').Engine} Engine
 * @typedef {import('../engine/engine.js').Progress} Progress
 * @typedef {import('../engine/engine.js').Stats} Stats
 */

/** The background's progress is reported at most this often (milliseconds): each report redraws the page. */
const REPORT_MS = 250;

/**
 * Analyses the game of `start` (a board read, which it takes) in `order` to its end, in the
 * background: `onProgress(progress)` now and then once its memory is prepared,
 * `onDone(lab, stats)` with the finished Lab (the caller's from then on) and the time
 * spent in its slices, preparation included, `onError(error)` when it
 * cannot (memory refused). Returns a function that stops it and frees what it holds.
 * @param {Engine} engine
 * @param {Start} start
 * @param {import('./settings.js').Order} order
 * @param {{onProgress: (progress: Progress) => void, onDone: (lab: Lab, stats: Stats) => void, onError: (error: Error) => void}} on
 */
export function analyseInBackground(engine, start, order, { onProgress, onDone, onError }) {
  let reported = -Infinity;
  /** @type {Stats} */
  let stats = { solveMs: 0, maxSliceMs: 0, slices: 0 };
  /** @param {number} ms a slice's time */
  const count = (ms) => {
    stats.solveMs += ms;
    stats.maxSliceMs = Math.max(stats.maxSliceMs, ms);
    stats.slices += 1;
  };

  /** @param {Lab} lab */
  function run(lab) {
    const runner = createRunner(lab, {
      onSlice: ({ progress, spentMs }) => {
        count(spentMs);
        const now = performance.now();
        if (now - reported < REPORT_MS) return;
        reported = now;
        onProgress(progress);
      },
      onIdle: () => {},
      onDone: ({ spentMs }) => {
        count(spentMs);
        halt = () => {};
        onDone(lab, stats);
      },
      onError: (error) => {
        stop();
        onError(error);
      },
    });
    halt = () => {
      runner.run(null);
      lab.free();
    };
    onProgress(lab.progress());
    runner.run({ kind: 'instant' });
  }

  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  // Once the page has painted what it answered (the verdict).
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(() => {
      halt = prepareLab(engine, start, {
        fast: true,
        order,
        onLab: (lab, prepared) => {
          stats = { ...prepared };
          run(lab);
        },
        onError: (error) => {
          halt = () => {};
          onError(error);
        },
      });
    });
  });
  /** Stops what is under way and frees what it holds: the board read, its preparation, or the Lab running. */
  let halt = () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
    start.free();
  };

  function stop() {
    halt();
    halt = () => {};
  }
  return stop;
}
