// The engine as the page uses it: loading the wasm module, the slices every long piece of work
// is cut into, and preparing an analysis (its memory) in slices so that no main-thread task
// grows long. machine/runner.js runs an analysis; records.js decodes its records.

import init, { Batch, Lab, Order, Reserve, Start, contestText, gameFacts, gameNames, rulesPresets, textBoards } from '../pkg/retrolab.js';

// The values the engine's methods return as plain objects (src/wasm/views.rs), which its
// generated declarations (pkg/retrolab.d.ts) type as `any`: the page's one statement of them.

/**
 * The progress of an analysis (`Lab.progress`, views.rs ProgressJs): win/lose games have the
 * queue's counts, scored games (tableau) their layers.
 * @typedef {object} Progress
 * @property {number} phase       a Phase (Scan, Propagate, MarkTies)
 * @property {number} total       positions of the analysis
 * @property {number} decided     positions decided so far
 * @property {boolean} done       every position is decided
 * @property {number} units       queue entries (tableau: positions scored) processed so far
 * @property {number} step        the timeline's step: 1 the scan, one per queue entry, one for the ties (tableau: per layer)
 * @property {number} layerLeft   entries left in the current remoteness layer (tableau: stone layer)
 * @property {number} layerBegan  the step to go back to for the start of that layer (or, none of it done, of the one before)
 * @property {number} [queued]    win/lose games: entries in the queue
 * @property {number} [wins]
 * @property {number} [losses]
 * @property {number} [ties]
 * @property {number} [remoteness]  the remoteness layer being worked through
 * @property {number} [tier]        the tier being solved (tier by tier)
 * @property {number} [tiers]
 * @property {number} [layer]       scored games: the stone layer being scored
 * @property {number} [layers]
 */

/**
 * The worth of a position for the side to move (`Lab.outcome`, views.rs OutcomeJs).
 * @typedef {{value: 'win' | 'lose' | 'tie', remoteness: number, score?: undefined} | {score: number, value?: undefined, remoteness?: undefined}} Outcome
 */

/**
 * A move (`Lab.moves`, `Lab.optimalLine`, views.rs MoveJs): the cells a piece moves from and to
 * (tableau: the cell played), the position it leads to, the points it scores (scored games), and
 * the outcome of that position.
 * @typedef {{from: number, to: number, child: number, gain?: number, outcome: Outcome | null}} Move
 */

/**
 * The records of an analysis (`Lab.records`, a view of the engine's memory): win/lose games
 * one per position (records.js decodes them), scored games a score each.
 * @typedef {Uint16Array | Int32Array} Records
 */

/**
 * The last step's events (`Lab.events`, a view of the engine's memory), as triples: win/lose
 * games an EventKind, a position and a detail; scored games a ScoredEventKind, a position and a score.
 * @typedef {Uint32Array | Int32Array} Events
 */

/** @typedef {Awaited<ReturnType<typeof loadEngine>>} Engine */

/**
 * Time spent in the solver's slices: in all, in the longest, and how many.
 * @typedef {{solveMs: number, maxSliceMs: number, slices: number}} Stats
 */

/**
 * Loads the wasm module once (from `source`, its bytes, when given: node has no fetch of files);
 * resolves to the engine (src/wasm/): its classes `{Lab, Reserve, Batch, Start}`, `gameNames()`,
 * the ids of its games in its order, and what it says of each game and its boards (`gameFacts`,
 * `contestText`, `textBoards`: games/define.js asks them).
 * @param {BufferSource} [source]
 */
export async function loadEngine(source) {
  await init(source ? { module_or_path: source } : undefined);
  return { Lab, Reserve, Batch, Start, gameNames, gameFacts, contestText, textBoards, rulesPresets };
}

/** Milliseconds of work per slice on animation frames (a person watches). */
export const FRAME_SLICE_MS = 8;
/** Milliseconds per slice at full speed (back-to-back tasks): well under the 50 ms of a long task, even on a busy machine. */
export const FULL_SPEED_SLICE_MS = 20;

/**
 * A scheduler of slices: `schedule(fn)` calls `fn` once per animation frame, or with `fast`
 * in the next task (a message to itself: no timer clamping) — the first one, with `soon`, as
 * soon as the task asking for it is done (a microtask): work at full speed then starts in the
 * task that asked for it, and a small board is solved before the browser next paints (live
 * solving, machine/controller.js). `close()` drops what is pending.
 * A frame's slice runs in a task of its own, posted when the frame begins, not inside the
 * frame's callbacks: a frame's task holds the drawing of the board and the browser's
 * rendering, and with the slice and what it updates (readouts, histogram, inset) in it too it
 * was one task of twice the size.
 * @param {boolean} fast
 * @param {boolean} [soon]
 * @returns {{schedule: (fn: (now: number) => void) => void, close: () => void}}
 */
export function scheduler(fast, soon = false) {
  const channel = new MessageChannel();
  /** @type {((now: number) => void) | null} */
  let pending = null;
  let frame = 0;
  let first = fast && soon;
  const call = () => {
    const fn = pending;
    pending = null;
    fn?.(performance.now());
  };
  channel.port1.onmessage = call;
  const post = () => channel.port2.postMessage(null);
  return {
    schedule(fn) {
      pending = fn;
      if (first) queueMicrotask(call);
      else if (fast) post();
      else frame = requestAnimationFrame(post);
      first = false;
    },
    close() {
      pending = null;
      cancelAnimationFrame(frame);
      channel.port1.close();
    },
  };
}

/** Committing memory ahead stops at this many bytes (a page's wasm memory never shrinks). */
const COMMIT_AHEAD_MAX_BYTES = 64 << 20;
/** Longest slice of committing memory ahead, in milliseconds of idle time. */
const IDLE_SLICE_MS = 5;

/**
 * Calls `fn(ms)` once the page is idle, `ms` the idle time there is; returns a function that cancels it.
 * @param {(ms: number) => void} fn
 */
function whenIdle(fn) {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback((deadline) => fn(deadline.timeRemaining()));
    return () => cancelIdleCallback(id);
  }
  // Browsers without idle callbacks: a short slice a little later.
  const id = setTimeout(() => fn(IDLE_SLICE_MS), 50);
  return () => clearTimeout(id);
}

/** Bytes committed ahead so far: wasm memory never shrinks, so that much stays ready. */
let committedAhead = 0;

/**
 * The records of a large analysis prepared in idle time for the board on show, kept for its
 * analysis (prepareLab takes them): `{start, reserve}`, `start` the board read, or null.
 * @type {{start: Start, reserve: Reserve} | null}
 */
let prepared = null;

/** Frees the records prepared for a board that is no longer on show (their memory is reused). */
function dropPrepared() {
  prepared?.reserve.free();
  prepared = null;
}

/**
 * Commits, in idle time, the memory the analysis of `start` (a board read, `Start`) will take. The
 * browser hands fresh wasm memory over on first touch, at a cost in proportion to its size;
 * done while the person looks at the board, the analysis then starts on memory that is ready. A
 * large analysis (from RESERVE_FROM_BYTES) gets its records prepared and kept for it (a `Reserve`
 * that `prepareLab` hands to the `Lab`); a small one has its records and as much again for its
 * queue committed and freed (the allocator reuses a small freed block), once: what is committed
 * stays committed. Returns a function that stops it early; `start` stays its caller's.
 * @param {Engine} engine
 * @param {Start} start
 */
export function commitWhenIdle({ Reserve }, start) {
  /** @type {Reserve | null} */
  let reserve = null;
  /** @type {(() => void) | null} */
  let cancel = null;
  let keep = false;
  let bytes = 0;
  const stop = () => {
    cancel?.();
    cancel = null;
    if (!keep) reserve?.free();
    reserve = null;
  };
  /** @param {number} ms */
  const slice = (ms) => {
    cancel = null;
    if (!reserve) {
      // Known since the board was read (editor.js): it does not throw now.
      bytes = start.bytes();
      if (prepared && prepared.start !== start) dropPrepared();
      keep = bytes >= RESERVE_FROM_BYTES;
      if (keep) {
        prepared ??= { start, reserve: new Reserve(bytes) };
        reserve = prepared.reserve;
      } else {
        bytes = Math.min(2 * bytes, COMMIT_AHEAD_MAX_BYTES);
        if (bytes <= committedAhead) return;
        reserve = new Reserve(bytes);
      }
    }
    if (reserve.fillFor(Math.max(1, Math.min(IDLE_SLICE_MS, ms - 1)))) {
      if (!keep) committedAhead = bytes;
      stop();
    } else {
      cancel = whenIdle(slice);
    }
  };
  cancel = whenIdle(slice);
  return stop;
}

/** Analyses needing at least this much memory at once fault it in first, in slices. */
const RESERVE_FROM_BYTES = 4 << 20;

/**
 * Prepares the analysis of `start` (a board read, `Start`, which it takes: the `Lab` uses it up,
 * and a cancelled or failed preparation frees it) in `order` ('global': one queue by remoteness;
 * 'tiers': tier by tier) without a long task: the board's game is built in slices (`Start.buildFor`),
 * then a large analysis clears the memory of its records (a `Reserve`, the one prepared in idle
 * time for this board if there is one, filled in slices), then the `Lab` is created in it; the
 * slices on animation frames, or back to back when `fast`.
 * With `aside`, the analysis is one beside the board's own (of what its start reaches): the
 * records prepared in idle time for the board's own analysis stay for it.
 * Calls `onLab(lab, stats)` or `onError(error)`; `stats` is `{solveMs, maxSliceMs, slices}` of
 * the preparation. Returns a function that cancels it.
 * @param {Engine} engine
 * @param {Start} start
 * @param {object} how
 * @param {boolean} how.fast
 * @param {'tiers' | 'global'} [how.order]
 * @param {boolean} [how.aside]
 * @param {(lab: Lab, stats: Stats) => void} how.onLab
 * @param {(error: Error) => void} how.onError
 */
export function prepareLab({ Lab, Reserve }, start, { fast, order = 'global', aside = false, onLab, onError }) {
  const slices = scheduler(fast, fast);
  const sliceMs = fast ? FULL_SPEED_SLICE_MS : FRAME_SLICE_MS;
  /** @type {Stats} */
  const stats = { solveMs: 0, maxSliceMs: 0, slices: 0 };
  /** @type {Reserve | null} */
  let reserve = null;
  /** The board read, until the `Lab` takes it. */
  /** @type {Start | null} */
  let owned = start;
  /** Whether the board's game is built (`Start.buildFor`), and the reserve filled. */
  let built = false;
  let filled = false;
  /** The Lab, once created, until it is handed over. */
  /** @type {Lab | null} */
  let lab = null;
  let cancelled = false;
  /** @param {number} begin */
  const count = (begin) => {
    const spent = performance.now() - begin;
    stats.solveMs += spent;
    stats.maxSliceMs = Math.max(stats.maxSliceMs, spent);
    stats.slices += 1;
  };

  function slice() {
    if (cancelled) return;
    const begin = performance.now();
    // Each step of the preparation goes on in the same slice while the slice is young: a small
    // game is answered in the task that asked, a large one's steps take slices of their own.
    const young = () => performance.now() - begin < sliceMs / 4;
    try {
      // The game's own tables (a composed game's per-set tables take long), a slice at a time.
      if (!built) built = /** @type {Start} */ (owned).buildFor(sliceMs);
      if (built && !filled && young()) filled = !reserve || reserve.fillFor(sliceMs);
      if (filled && !lab && young()) {
        // The Lab takes the reserve's memory (the object is used up).
        const records = reserve ?? undefined;
        reserve = null;
        const taken = /** @type {Start} */ (owned);
        owned = null;
        lab = new Lab(taken, order === 'tiers' ? Order.Tiers : Order.Global, records);
      }
      count(begin);
      // Handed over in a slice of its own unless this one is young: its first slice of analysis follows in the same task.
      if (lab && young()) {
        const created = lab;
        lab = null;
        cancel();
        onLab(created, stats);
      } else slices.schedule(slice);
    } catch (error) {
      cancel();
      onError(/** @type {Error} */ (error));
    }
  }

  function cancel() {
    cancelled = true;
    slices.close();
    reserve?.free();
    reserve = null;
    owned?.free();
    owned = null;
    lab?.free();
    lab = null;
  }

  const begin = performance.now();
  try {
    if (prepared?.start === start) {
      reserve = prepared.reserve;
      prepared = null;
    } else {
      if (!aside) dropPrepared();
      const bytes = start.bytes();
      if (bytes >= RESERVE_FROM_BYTES) reserve = new Reserve(bytes);
    }
  } catch (error) {
    queueMicrotask(() => onError(/** @type {Error} */ (error)));
    return cancel;
  }
  count(begin);
  slices.schedule(slice);
  return cancel;
}
