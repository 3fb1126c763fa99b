// The settings an analysis is run with, which the person chooses and the page remembers
// (keep/settings.js): its speed (a notch of SPEEDS) and its order (one of ORDERS); and how
// fast the replay plays at a speed. The machine keeps the chosen ones in `state.speed` and
// `state.order`; the controls and the order switch show them.

/**
 * @typedef {{rate: number}} Speed
 * @typedef {'tiers' | 'global'} Order
 */

/**
 * Speeds of the slider, slowest first, in one unit: positions taken from the queue a second
 * (tableau: positions scored), from 1 (each can be followed) to 100,000 (a board of a million
 * positions in ten seconds), on a 1-2-5 scale; the last is "max", as fast as the machine goes.
 * The "per second" counter measures in the same unit, so it says whether the machine keeps up.
 * @type {readonly Speed[]}
 */
export const SPEEDS = [
  ...[1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000, 20000, 50000, 100000].map((rate) => ({ rate })),
  { rate: Infinity },
];

/** 2,000 positions a second: the default board (river sample 5: 115,248 positions) in under a minute. */
export const DEFAULT_SPEED = SPEEDS.findIndex((s) => s.rate === 2000);

/**
 * The orders of an analysis of a game with tiers (river): 'tiers' solves black's rows one after
 * the other, from the top (the heatmap fills row by row, and the panel says which row); 'global'
 * works through one queue by remoteness over the whole board. Both end with the same table.
 * Tier by tier is the default: from 16×16 on it is the faster (one row's records stay in the
 * processor's caches) and its queue holds one row's positions at most, which is what lets a
 * 24×24 board fit in half a gigabyte; on small boards the two take about as long.
 * @type {readonly Order[]}
 */
export const ORDERS = ['tiers', 'global'];

/** @type {Order} */
export const DEFAULT_ORDER = 'tiers';

/**
 * Positions a second a person can follow on the main board: at this speed or slower (and a
 * step at a time), the board shows the position taken and its parents (phases.js
 * `boardShows`); faster, the heatmap of the whole slice.
 */
export const FOLLOW_RATE = 20;

/** Replay moves per second at most (the slider's rate, capped). */
const MAX_REPLAY_RATE = 8;

/**
 * Milliseconds between two moves of a replay that plays by itself at speed `speed` (an index
 * into SPEEDS).
 * @param {number} speed
 */
export function replayDelayMs(speed) {
  return 1000 / Math.min(MAX_REPLAY_RATE, SPEEDS[speed].rate);
}
