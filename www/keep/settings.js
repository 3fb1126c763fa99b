// The analysis's settings the page remembers across visits: its speed and its order
// (machine/settings.js says what they are). Read once when the page starts, written whenever
// the person changes one.

import { DEFAULT_ORDER, DEFAULT_SPEED, ORDERS, SPEEDS } from '../machine/settings.js';
import { KEYS, store, stored } from './storage.js';

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
 * A listener of the controller that stores the speed and the order whenever they change from
 * those of `state` (the page's at the start). Where storage is off they last for this visit.
 * @param {State} state
 * @returns {(state: State) => void}
 */
export function keepSettings({ speed, order }) {
  return (state) => {
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
