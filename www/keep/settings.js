// The analysis's settings the page remembers across visits: its speed and its order
// (machine/settings.js says what they are), and how the person follows the algorithm
// (machine/state.js Teaching). Read once when the page starts, written whenever the person
// changes one.

import { DEFAULT_ORDER, DEFAULT_SPEED, ORDERS, SPEEDS } from '../machine/settings.js';
import { defaultTeaching } from '../machine/state.js';
import { CODE_LANGUAGES } from '../words/code.js';
import { KEYS, store, stored, storedJson } from './storage.js';

/** @typedef {import('../machine/state.js').State} State */

/** The speed of the last visit (an index into SPEEDS); the default when none was saved or it is not a notch. */
export function savedSpeed() {
  const text = stored(KEYS.speed) ?? '';
  const speed = /^\d+$/.test(text) ? Number(text) : DEFAULT_SPEED;
  return speed < SPEEDS.length ? speed : DEFAULT_SPEED;
}

/** The order of analysis chosen on the last visit (one of ORDERS), or the default. */
export function savedOrder() {
  const order = stored(KEYS.order);
  return ORDERS.find((o) => o === order) ?? DEFAULT_ORDER;
}

/**
 * How the person followed the algorithm on the last visit; the defaults for what was not
 * saved or is not one of the choices.
 * @returns {import('../machine/state.js').Teaching}
 */
export function savedTeaching() {
  const saved = /** @type {Record<string, unknown>} */ (storedJson(KEYS.teaching, 200) ?? {});
  const teaching = defaultTeaching();
  const code = CODE_LANGUAGES.find((c) => c === saved.code);
  const shows = /** @type {const} */ (['auto', 'position', 'slice']).find((s) => s === saved.shows);
  return {
    code: code ?? teaching.code,
    shows: shows ?? teaching.shows,
    predict: typeof saved.predict === 'boolean' ? saved.predict : teaching.predict,
  };
}

/**
 * A listener of the controller that stores the speed, the order and how the algorithm is
 * followed whenever they change from those of `state` (the page's at the start). Where
 * storage is off they last for this visit.
 * @param {State} state
 * @returns {(state: State) => void}
 */
export function keepSettings({ speed, order, teaching }) {
  return (state) => {
    if (state.teaching !== teaching) {
      teaching = state.teaching;
      store(KEYS.teaching, JSON.stringify(teaching));
    }
    if (state.speed !== speed) {
      speed = state.speed;
      store(KEYS.speed, String(speed));
    }
    if (state.order !== order) {
      order = state.order;
      store(KEYS.order, order);
    }
  };
}
