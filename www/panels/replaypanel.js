// The replay's panel, once the game is solved: its buttons, where it stands, the value history
// of its line (valuehistory.js) and the line's moves. It shows the controller's state and sends
// replay actions back; nothing else. The move list is one tab stop (the current move): arrows,
// Home and End move the focus along it, Enter or Space goes to the focused move.

import { atEnd, scoredSoFar } from '../machine/replay.js';
import { cycleLength } from '../engine/lines.js';
import { moveBadge, moveName, winnerClass } from '../words/movenames.js';
import { createHistory } from './valuehistory.js';
import { t } from '../words/i18n.js';

const $ = (root, id) => root.querySelector(`[data-testid="${id}"]`);

/**
 * Binds the replay `[data-testid=replay]` under `root` to `controller`; returns `{render(state), retheme()}`.
 * @param {import('../machine/api.js').Controller} controller
 */
export function createReplayPanel(root, controller) {
  const el = Object.fromEntries(
    ['replay', 'replay-start', 'replay-prev', 'replay-next', 'replay-status', 'replay-chart', 'replay-moves', 'replay-help'].map((id) => [id, $(root, id)]),
  );
  const history = createHistory(el['replay-chart'], (index) => controller.replayTo(index));
  let shownMoves = null;
  let shownIndex = null;

  /** @type {[string, import('../machine/phases.js').Control][]} */
  const replayButtons = [['replay-start', 'replayStart'], ['replay-prev', 'replayPrev'], ['replay-next', 'replayNext']];
  for (const [id, control] of replayButtons) {
    el[id].addEventListener('click', () => controller.press(control));
  }
  el['replay-moves'].addEventListener('click', (event) => {
    const item = event.target.closest('[data-index]');
    if (item) controller.replayTo(Number(item.dataset.index) + 1);
  });
  el['replay-moves'].addEventListener('keydown', (event) => {
    const item = event.target.closest('[data-index]');
    if (!item || event.ctrlKey || event.metaKey || event.altKey) return;
    const items = el['replay-moves'].children;
    const at = Number(item.dataset.index);
    const by = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    if (event.key === 'Enter' || event.key === ' ') controller.replayTo(at + 1);
    else if (by !== undefined || event.key === 'Home' || event.key === 'End') {
      const to = by !== undefined ? Math.max(0, Math.min(items.length - 1, at + by)) : event.key === 'Home' ? 0 : items.length - 1;
      rove(items[to]);
      items[to].focus();
    } else return;
    event.preventDefault();
  });

  /** Makes `item` the move list's one tab stop. */
  function rove(item) {
    for (const other of el['replay-moves'].children) other.tabIndex = other === item ? 0 : -1;
  }

  /** @param {import('../machine/state.js').State} state */
  function render(state) {
    const { phase } = state;
    const { game, board } = state.editor;
    const { line, here } = state.replay;
    el.replay.hidden = phase !== 'solved' && phase !== 'replaying';
    if (el.replay.hidden) return;
    el['replay-start'].disabled = !controller.enabled('replayStart');
    el['replay-prev'].disabled = !controller.enabled('replayPrev');
    el['replay-next'].disabled = !controller.enabled('replayNext');
    const list = el['replay-moves'];
    if (!line) {
      const n = state.analysis.optimalLine?.length ?? 0;
      const cycle = state.analysis.outcome?.value === 'tie' ? t('replay.into-cycle', { count: cycleLength(state.analysis.optimalLine) }) : '';
      // Solved live, the main button animates the analysis: the replay is stepped here.
      const how = state.live ? t('replay.step-through') : t('replay.replay-it');
      el['replay-status'].textContent = n === 0 ? t('replay.over-at-start') : t('replay.best-play', { count: n, cycle, how });
      el['replay-chart'].hidden = true;
      list.replaceChildren();
      shownMoves = null;
      el['replay-help'].textContent = '';
      return;
    }
    el['replay-chart'].hidden = false;
    const side = here ? game.sides[here.toMove] : '';
    const mine = line.mine.some(Boolean) ? t('replay.your-line') : '';
    const over = atEnd(line) && !(here?.moves.length > 0);
    const { loop } = line;
    const back = loop?.from === 0 ? t('replay.the-start') : t('replay.after-move', { number: loop?.from });
    const again = loop && line.index === line.moves.length ? t('replay.again', { back }) : '';
    const where = over ? t('replay.end') : t('replay.to-move', { side });
    el['replay-status'].textContent = t('replay.status', { number: line.index, count: line.moves.length, where, again, mine });
    history.render(state);
    if (shownMoves !== line.moves) {
      shownMoves = line.moves;
      shownIndex = null;
      list.replaceChildren(...line.moves.map((move, i) => moveItem(game, line, move, i, board.cols)));
    }
    if (shownIndex !== line.index) {
      shownIndex = line.index;
      for (const item of list.children) {
        const i = Number(item.dataset.index);
        item.classList.toggle('played', i < line.index);
        item.classList.toggle('current', i === line.index - 1);
        item.setAttribute('aria-current', String(i === line.index - 1));
      }
      if (!list.contains(document.activeElement)) rove(list.children[Math.max(0, line.index - 1)]);
      showInList(list, list.children[Math.max(0, line.index - 1)]);
    }
    el['replay-help'].textContent = state.replay.blind
      ? t('replay.help-blind')
      : game.kind === 'scored'
        ? t('replay.help-scored')
        : t('replay.help');
  }

  return {
    render,
    /** Re-reads the theme's colours (light/dark switch). */
    retheme() {
      history.retheme();
      history.render(controller.state);
    },
  };
}

/** The move list's padding in CSS pixels (style.css `.moves`). */
const LIST_PADDING = 5;

/**
 * Scrolls the move list (a scroll box) so that `item` shows in it, and nothing else: the page
 * stays where it is, so that on a phone the board playing the line stays in sight.
 * @param {HTMLElement} list
 * @param {Element | undefined} item
 */
function showInList(list, item) {
  if (!item) return;
  const box = list.getBoundingClientRect();
  const at = item.getBoundingClientRect();
  // The list's padding (style.css `.moves`) keeps the current move's outline in sight with it;
  // a constant, not a style read: the GIF export plays the replay and must not read the
  // page's styles once a frame.
  const pad = LIST_PADDING;
  if (at.top - pad < box.top) list.scrollTop -= box.top - at.top + pad;
  else if (at.bottom + pad > box.bottom) list.scrollTop += at.bottom - box.bottom + pad;
}

/**
 * One entry of the move list: its number, the move's name (movenames.js), its value for the
 * mover with the moves left after it (tableau: the points the stone scores, and the final
 * difference first − second best play reaches after it).
 */
function moveItem(game, replay, move, i, cols) {
  const item = document.createElement('li');
  item.dataset.testid = 'replay-move';
  item.dataset.index = String(i);
  const name = moveName(game, cols, move, replay.toMove[i]);
  item.dataset.move = name;
  item.classList.toggle('mine', replay.mine[i]);
  const o = move.outcome;
  let badge;
  let cls;
  let what = name;
  if (game.kind === 'scored') {
    what = `${name} +${Math.abs(move.gain)}`;
    const final = o ? scoredSoFar(replay, i) + o.score : null;
    badge = final === null ? '?' : String(final);
    cls = final > 0 ? 'first' : final < 0 ? 'second' : 'tie';
  } else {
    badge = moveBadge(o);
    cls = winnerClass(o, replay.toMove[i]) || 'tie';
  }
  const number = Object.assign(document.createElement('span'), { className: 'n', textContent: `${i + 1}.` });
  const mark = Object.assign(document.createElement('span'), { className: `badge ${cls}`, textContent: badge });
  item.append(number, ` ${what} `, mark);
  item.title =
    game.kind === 'scored'
      ? t('replay.chip-scored')
      : t('replay.chip');
  return item;
}
