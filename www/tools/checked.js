// The last result of the Check tool per analysis, for every view that shows it (the Check
// tool's own result, the proof view's `data-check`). Results are kept per Lab, so a new
// analysis starts unchecked.

/**
 * @typedef {import('../pkg/retrolab.js').Lab} Lab
 * @typedef {{ok: boolean, checked: number, total: number, failure?: {position: number, text: string}, ms: number}} Result  (TableCheck's)
 */

/**
 * Lab → the last finished check of its table: `{ok, checked, total, failure?, ms}`.
 * @type {WeakMap<Lab, Result>}
 */
const results = new WeakMap();
/** @type {Set<(lab: Lab, result: Result) => void>} */
const listeners = new Set();

/**
 * The last finished check of `lab`'s table, or undefined.
 * @param {Lab | null} lab
 */
export const lastCheck = (lab) => (lab ? results.get(lab) : undefined);

/**
 * Remembers `result` for `lab` and tells the listeners.
 * @param {Lab} lab
 * @param {Result} result
 */
export function recordCheck(lab, result) {
  results.set(lab, result);
  for (const listener of listeners) listener(lab, result);
}

/**
 * Calls `listener(lab, result)` whenever a check finishes.
 * @param {(lab: Lab, result: Result) => void} listener
 */
export function onCheck(listener) {
  listeners.add(listener);
}

/**
 * What `data-result` / `data-check` say of a result: `ok` or the first failure's text.
 * @param {Result} result
 */
export const resultText = (result) => (result.failure ? result.failure.text : 'ok');
