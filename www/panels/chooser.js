// A small chooser among a few boards — "Board 2 of 5", previous and next — for contest text
// that holds several (river's T boards, chase's lines). It shows `{index, count}` and calls
// `onPick(index)`; it knows nothing of games or of the controller. (The workbench's batch
// view shows every board at once.)

import { t } from '../words/i18n.js';

const $ = (root, id) => root.querySelector(`[data-testid="${id}"]`);

/** Binds the chooser `[data-testid=chooser]` under `root`; returns `{render(choice | null)}`. */
export function createChooser(root, onPick) {
  const box = $(root, 'chooser');
  const prev = $(root, 'chooser-prev');
  const next = $(root, 'chooser-next');
  const status = $(root, 'chooser-status');
  let shown = null;

  prev.addEventListener('click', () => shown && onPick(shown.index - 1));
  next.addEventListener('click', () => shown && onPick(shown.index + 1));

  return {
    /** Shows board `index` of `count` (hidden for none, or a single board). */
    render(choice) {
      shown = choice;
      box.hidden = !choice || choice.count < 2;
      if (box.hidden) return;
      const words = t('chooser.status', { number: choice.index + 1, count: choice.count });
      if (status.textContent !== words) status.textContent = words;
      prev.disabled = choice.index === 0;
      next.disabled = choice.index === choice.count - 1;
    },
  };
}
