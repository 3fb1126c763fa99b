// Reading the engine's records, as the heatmap and the position inset draw them. The layout
// is the engine's own (RecordState, RecordLayout and NoPosition, exported by src/wasm/):
// the glue declares them as plain objects, so this works before the wasm module is loaded,
// and drawing modules never import the loader.

import { NoPosition, RecordLayout, RecordState } from '../pkg/retrolab.js';

export { RecordState };

/**
 * The state of a record (a RecordState: undecided, win, lose or tie for the side to move).
 * @param {number} record
 */
export const stateOf = (record) => record >>> RecordLayout.StateShift;

/**
 * The remoteness of a decided record; while undecided, its counter of moves not yet refuted.
 * @param {number} record
 */
export const remotenessOf = (record) => record & RecordLayout.RemotenessMask;

/** Marks a cell without a position in `Lab.slice`. */
export const NO_POSITION = NoPosition.Sentinel;
