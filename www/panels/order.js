// The choice of order for games the engine solves tier by tier on request (river: black's
// rows): one analysis, two orders, the same table at the end (settings.js ORDERS). The
// switch is shown only for such games; changing it while editing says what the next analysis
// will do, and restarts an analysis under way or done in the new order. For automation, the
// switch's field carries the analysis's `data-tier` and `data-tiers`, and `data-heat-rows`,
// one letter per row of the heatmap: `d` every cell decided, `u` none, `m` some, `-` no cell.

import { stateOf } from '../engine/records.js';
import { t } from '../words/i18n.js';

const $ = (root, id) => root.querySelector(`[data-testid="${id}"]`);

/**
 * Binds the order switch under `root` to `controller`; returns `render(state)`.
 * @param {import('../machine/api.js').Controller} controller
 */
export function attachOrder(root, controller) {
  const select = $(root, 'order');
  const field = $(root, 'order-field');
  select.addEventListener('change', () => controller.setOrder(select.value));
  /** @param {import('../machine/state.js').State} state */
  return function render({ order, editor: { game, board }, analysis: { progress, heat } }) {
    field.hidden = !game.tierName;
    if (select.value !== order) select.value = order;
    const { dataset } = field;
    dataset.tier = progress?.tier ?? '';
    dataset.tiers = progress?.tiers ?? '';
    dataset.heatRows = heat ? heatRows(heat, board.cols) : '';
  };
}

/** How decided each row of the heatmap is (see the module's comment). */
function heatRows(heat, cols) {
  let rows = '';
  for (let start = 0; start < heat.length; start += cols) {
    const cells = [...heat.subarray(start, start + cols)].filter((record) => record >= 0);
    const decided = cells.filter((record) => stateOf(record) !== 0).length;
    rows += cells.length === 0 ? '-' : decided === cells.length ? 'd' : decided === 0 ? 'u' : 'm';
  }
  return rows;
}

/**
 * Which tier an analysis is in, for the progress line ("Black’s row 3 of 10 · "): only while
 * it is solved tier by tier (more than one tier), in the game's own word for a tier.
 */
export function tierWords(game, progress) {
  if (!game.tierName || !(progress.tiers > 1) || progress.done) return '';
  const name = game.tierName[0].toUpperCase() + game.tierName.slice(1);
  return t('order.tier', { name, tier: progress.tier + 1, tiers: progress.tiers });
}
