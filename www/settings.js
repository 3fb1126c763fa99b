// The settings an analysis is run with, which the person chooses and the page remembers
// (main.js): its speed (a notch of SPEEDS) and its order (one of ORDERS); and how fast the
// replay plays at a speed. The controller keeps the chosen ones in `state.speed` and
// `state.order`; the panel and the order switch show them.

/**
 * @typedef {{rate: number, unit: 'positions' | 'layers'}} Speed
 * @typedef {'tiers' | 'global'} Order
 */

/**
 * Speeds of the slider, slowest first, each a `rate` per second in a `unit`: positions taken
 * from the queue (tableau: positions scored), slow enough to follow one at a time; then whole
 * remoteness layers (tableau: stone layers), each spread over its share of the second, so
 * that small layers still show one position at a time while a board of 100,000 positions
 * ends in under a minute; the last is "max", as fast as the machine goes. The "per second"
 * counter measures in the unit of the speed chosen.
 * @type {readonly Speed[]}
 */
export const SPEEDS = [
  ...[1, 2, 5, 10, 20, 50, 100, 200, 500, 1000].map((rate) => ({ rate, unit: /** @type {const} */ ('positions') })),
  ...[1, 2, 3, 5, 10, 20].map((rate) => ({ rate, unit: /** @type {const} */ ('layers') })),
  { rate: Infinity, unit: 'positions' },
];

/** 3 layers a second: the default board (river sample 5: 115,248 positions, 129 remoteness layers) in under a minute (51 s measured). */
export const DEFAULT_SPEED = SPEEDS.findIndex((s) => s.unit === 'layers' && s.rate === 3);

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

/** Replay moves per second at most (the slider's rate in positions, capped; speeds in layers play at this rate). */
const MAX_REPLAY_RATE = 8;

/**
 * Milliseconds between two moves of a replay that plays by itself at speed `speed` (an index
 * into SPEEDS).
 * @param {number} speed
 */
export function replayDelayMs(speed) {
  const { rate, unit } = SPEEDS[speed];
  return 1000 / (unit === 'positions' ? Math.min(MAX_REPLAY_RATE, rate) : MAX_REPLAY_RATE);
}
