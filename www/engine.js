// The engine as the page uses it: loading the wasm module, decoding records, and running an
// analysis in time slices so that no main-thread task grows long.

import init, { Lab } from './pkg/retrolab.js';

/** Loads the wasm module once; resolves to the `Lab` class (see src/wasm.rs). */
export async function loadEngine() {
  await init();
  return Lab;
}

/** Record layout (src/record.rs): bits 15-14 the state, bits 13-0 the remoteness. */
export const UNDECIDED = 0;
export const WIN = 1;
export const LOSE = 2;
export const TIE = 3;
export const VALUE_NAMES = ['undecided', 'win', 'lose', 'tie'];
export const stateOf = (record) => record >>> 14;
export const remotenessOf = (record) => record & 0x3fff;
/** Marks a cell without a position in `Lab.slice`. */
export const NO_POSITION = 0xffffffff;

/** Milliseconds of solving per animation frame when a person watches. */
export const FRAME_SLICE_MS = 8;
/** Milliseconds per task at full speed (`&solve=1`): well under the 50 ms of a long task. */
export const FULL_SPEED_SLICE_MS = 30;

/**
 * Runs `lab` to the end in slices: on animation frames (`fullSpeed` false) or back to back
 * through the task queue (`fullSpeed` true, still yielding between slices). Calls
 * `onTick(progress, stats)` after each slice and `onDone(progress, stats)` or `onError(error)`
 * at the end; `stats` = `{solveMs, maxSliceMs, slices}`, the time spent inside the solver.
 * Returns a function that stops the run.
 */
export function runSliced(lab, { fullSpeed, startMs = 0, onTick, onDone, onError }) {
  const stats = { solveMs: startMs, maxSliceMs: 0, slices: 0 };
  const sliceMs = fullSpeed ? FULL_SPEED_SLICE_MS : FRAME_SLICE_MS;
  let stopped = false;
  const channel = fullSpeed ? new MessageChannel() : null;
  const schedule = fullSpeed ? () => channel.port2.postMessage(null) : () => requestAnimationFrame(slice);
  if (channel) channel.port1.onmessage = slice;

  function slice() {
    if (stopped) return;
    let progress;
    const begin = performance.now();
    try {
      progress = lab.runFor(sliceMs);
    } catch (error) {
      stop();
      onError(error);
      return;
    }
    const spent = performance.now() - begin;
    stats.solveMs += spent;
    stats.maxSliceMs = Math.max(stats.maxSliceMs, spent);
    stats.slices += 1;
    if (progress.done) {
      stop();
      onDone(progress, stats);
    } else {
      onTick(progress, stats);
      schedule();
    }
  }

  function stop() {
    stopped = true;
    channel?.port1.close();
  }

  schedule();
  return stop;
}
