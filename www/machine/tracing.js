// Provenance tracing: where the value of a position came from — the step of the analysis
// that decided it and the child that did. The engine finds it by re-running a copy of the
// analysis (Lab.trace) in slices of back-to-back tasks, so the page never freezes; each slice
// gives a new model of the provenance (state.js, Provenance), which the controller shows by
// dispatching it (`traced`). One trace runs at a time: starting one stops the last.
// A trace the engine cannot afford (its copy of the analysis refused for memory) ends with
// the engine's reason in the model, shown where the answer would be, never thrown at the page.
// provenance.js puts the model into words.

import { FULL_SPEED_SLICE_MS, scheduler } from '../engine/engine.js';
import { positionOf } from './readouts.js';
import { errorText } from '../words/text.js';

/**
 * @typedef {import('../pkg/retrolab.js').Lab} Lab
 * @typedef {import('./state.js').Provenance} Provenance
 */

/**
 * The tracer of provenances. `onChange(from, to)` is called after each slice with the model
 * it was working from and the new one (a new object each time, so that views see it change).
 * @param {(from: Provenance, to: Provenance) => void} onChange
 */
export function createTracing(onChange) {
  /** @type {ReturnType<typeof scheduler> | null} */
  let slices = null;

  /** Stops the trace under way, if any; its promise resolves to null. */
  function stop() {
    slices?.close();
    slices = null;
  }

  /**
   * Starts finding where the value of `position` of `lab` came from (stopping the last trace).
   * Returns the model to show at once and a promise of the last one, once found (null if
   * stopped first); or null when `lab` has no such position.
   * @param {Lab} lab
   * @param {number} position
   * @returns {{model: Provenance, done: Promise<Provenance | null>} | null}
   */
  function start(lab, position) {
    stop();
    if (!Number.isInteger(position) || position < 0 || position >= lab.numPositions()) return null;
    /** @type {Provenance} */
    let model = { ...positionOf(lab, position), working: null, found: null, undecided: false, failure: null };
    const first = model;
    /** @type {Promise<Provenance | null>} */
    const done = new Promise((resolve) => {
      const own = scheduler(true);
      const close = own.close;
      own.close = () => {
        close();
        resolve(null);
      };
      slices = own;
      const slice = () => {
        const from = model;
        try {
          const answer = lab.trace(position, FULL_SPEED_SLICE_MS);
          if (answer?.found === false) model = { ...model, working: { step: answer.step, to: answer.to } };
          else if (answer) model = { ...model, working: null, found: { step: answer.step, how: answer.how, arrived: answer.arrived, child: answer.child === undefined ? null : positionOf(lab, answer.child) } };
          else model = { ...model, working: null, undecided: true };
        } catch (error) {
          // The engine refused (its memory): said where the answer would be.
          model = { ...model, working: null, failure: errorText(error) };
        }
        if (model.working) own.schedule(slice);
        else {
          resolve(model);
          stop();
        }
        onChange(from, model);
      };
      own.schedule(slice);
    });
    return { model: first, done };
  }

  return { start, stop };
}
