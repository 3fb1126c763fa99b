// The last result of the Check tool per analysis, for every view that shows it (the Check
// tool's own result, the proof view's `data-check`). Results are kept per Lab, so a new
// analysis starts unchecked.

/** Lab → the last finished check of its table: `{ok, checked, total, failure?, ms}`. */
const results = new WeakMap();
const listeners = new Set();

/** The last finished check of `lab`'s table, or undefined. */
export const lastCheck = (lab) => (lab ? results.get(lab) : undefined);

/** Remembers `result` for `lab` and tells the listeners. */
export function recordCheck(lab, result) {
  results.set(lab, result);
  for (const listener of listeners) listener(lab, result);
}

/** Calls `listener(lab, result)` whenever a check finishes. */
export function onCheck(listener) {
  listeners.add(listener);
}

/** What `data-result` / `data-check` say of a result: `ok` or the first failure's text. */
export const resultText = (result) => (result.ok ? 'ok' : result.failure.text);
