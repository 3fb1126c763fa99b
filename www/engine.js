// The engine as the page uses it: loading the wasm module, decoding records, and running an
// analysis in time slices so that no main-thread task grows long.

import init, { Lab, Reserve } from './pkg/retrolab.js';

/** Loads the wasm module once; resolves to the engine's classes `{Lab, Reserve}` (src/wasm.rs). */
export async function loadEngine() {
  await init();
  await warmUp();
  return { Lab, Reserve };
}

/**
 * Small boards solved at load: the browser compiles wasm with a quick baseline compiler
 * first and optimises hot functions in the background, so solving a few small boards now
 * (in short tasks) lets the first real analysis run mostly optimised code.
 */
const WARM_UP = [
  ['river', '......\n......\n..O...\n.O....\n......\n...X..'],
  ['chase', '.....\n.W...\n.....\n...B.\n.....'],
  ['tableau', '3 3\n1 2 3\n4 5 6\n7 8 9\n9 8 7\n6 5 4\n3 2 1'],
];

async function warmUp() {
  const yieldTask = () => new Promise((resolve) => setTimeout(resolve, 0));
  for (const [game, board] of WARM_UP) {
    const lab = new Lab(game, board);
    while (!lab.runFor(FRAME_SLICE_MS).done) await yieldTask();
    lab.free();
    await yieldTask();
  }
}

/** Record layout (src/record.rs): bits 15-14 the state (0 undecided), bits 13-0 the remoteness. */
export const WIN = 1;
export const LOSE = 2;
export const TIE = 3;
export const stateOf = (record) => record >>> 14;
export const remotenessOf = (record) => record & 0x3fff;
/** Marks a cell without a position in `Lab.slice`. */
export const NO_POSITION = 0xffffffff;

/** Milliseconds of solving per animation frame when a person watches. */
export const FRAME_SLICE_MS = 8;
/** Milliseconds per task at full speed (`&solve=1`): well under the 50 ms of a long task. */
export const FULL_SPEED_SLICE_MS = 30;

/** Analyses needing at least this much memory at once fault it in first, in slices. */
const RESERVE_FROM_BYTES = 4 << 20;

/**
 * Analyses `text` of game `game` to the end in slices: on animation frames (`fullSpeed`
 * false) or back to back through the task queue (`fullSpeed` true, still yielding between
 * slices). A large analysis first faults its memory in (`Reserve`), then the `Lab` is
 * created (`onLab(lab)`), then it runs. Calls `onTick(progress, stats)` after each slice
 * (progress `{phase: 'memory'}` while memory is prepared) and `onDone(progress, stats)` or
 * `onError(error)` at the end; `stats` = `{solveMs, maxSliceMs, slices}` counts the time
 * spent in all three stages. Returns a function that stops the run.
 */
export function startAnalysis({ Lab, Reserve }, game, text, { fullSpeed, onLab, onTick, onDone, onError }) {
  const stats = { solveMs: 0, maxSliceMs: 0, slices: 0 };
  const sliceMs = fullSpeed ? FULL_SPEED_SLICE_MS : FRAME_SLICE_MS;
  let stopped = false;
  let reserve = null;
  let lab = null;
  const channel = fullSpeed ? new MessageChannel() : null;
  const schedule = fullSpeed ? () => channel.port2.postMessage(null) : () => requestAnimationFrame(slice);
  if (channel) channel.port1.onmessage = slice;

  function slice() {
    if (stopped) return;
    let progress = { phase: 'memory', total: 0, decided: 0, done: false };
    const begin = performance.now();
    try {
      if (reserve) {
        if (reserve.fillFor(sliceMs)) {
          reserve.free();
          reserve = null;
        }
      } else if (!lab) {
        lab = new Lab(game, text);
        onLab(lab);
        progress = lab.progress();
      } else {
        progress = lab.runFor(sliceMs);
      }
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
    reserve?.free();
    reserve = null;
    channel?.port1.close();
  }

  const begin = performance.now();
  try {
    if (Lab.bytes(game, text) >= RESERVE_FROM_BYTES) reserve = new Reserve(Lab.bytes(game, text));
  } catch (error) {
    queueMicrotask(() => onError(error));
    return stop;
  }
  stats.solveMs += performance.now() - begin;
  schedule();
  return stop;
}
