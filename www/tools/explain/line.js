// The Explain tool's first screen: the line of best play from the explained position, one row
// per move — its number, the move by its one name (who moves, from where, to where), its badge
// (the value for the mover and the moves left after it, coloured by who wins by it as everywhere
// on the page: movenames.js winnerClass) and the one fact that decides the step (words.js
// stepFact) — then the position the line ends in (a tie's: where it comes back, which leads to
// that row). Depth is on demand, one level at a time: a row opens to its alternatives, every
// move of its position best first, each with what it brings and the answer to it; an
// alternative is explained in turn by the tool (its own line, with the way back), never nested
// under the row.
//
// An ARIA tree: ↑ ↓ walk, → opens a row (again: goes into its alternatives), ← closes it (from
// an alternative: back to its row), Enter or Space opens / closes a row or explains an
// alternative, Home / End, Esc closes the tool. Pointing at a row or an alternative (mouse, or
// focus: a tap on a touch screen) shows the position after its move on the main board
// (controller.preview); leaving the list shows the focused one again, or nothing.

import { moveBadge, moveName, movesLeft, valueLetter, winnerClass } from '../../words/movenames.js';
import { alternativeWords, stepFact, valueWords } from './words.js';
import { t } from '../../words/i18n.js';

/**
 * A step of the line: the position before the move, who moves there and its outcome, the
 * line's move from it (null for the position the line ends in), every move there (Lab.moves,
 * best first) and tableau's points before it.
 * @typedef {{position: number, toMove: number, outcome: any, move: any, moves: any[], soFar: number}} Step
 */

/**
 * The line in `list` (an `[role=tree]` list) for the board `controller` shows; the focused row
 * is named in `focusWords`. `onClose()` runs on Esc, `onExplain(position, move)` explains an
 * alternative's position.
 * Returns `{show(lab, position), reset(), focused(), backToFocus()}`.
 * @param {HTMLElement} list
 * @param {HTMLElement} focusWords
 * @param {import('../../machine/api.js').Controller} controller
 * @param {{onClose: () => void, onExplain: (position: number, move: any) => void}} hooks
 */
export function createLine(list, focusWords, controller, { onClose, onExplain }) {
  const { state } = controller;
  const game = () => state.editor.game;
  const cols = () => state.editor.board.cols;
  /** @type {any} the Lab whose line is shown */
  let lab = null;
  /** Positions the list shows (the line's and its open alternatives'). */
  let shown = new Set();

  /**
   * The line of best play from `position`, as steps, the position it ends in last.
   * @param {number} position
   */
  function stepsFrom(position) {
    const line = lab.optimalLine(position);
    /** @type {Step[]} */
    const steps = [];
    let soFar = 0;
    let at = position;
    for (const move of [...line, null]) {
      steps.push({ position: at, toMove: lab.toMove(at), outcome: lab.outcome(at), move, moves: [...lab.moves(at)], soFar });
      if (!move) break;
      soFar += move.gain ?? 0;
      at = move.child;
    }
    return steps;
  }

  /**
   * The dataset a position carries (as the proof's nodes always have, for tests and links).
   * @param {HTMLElement} el
   * @param {number} position
   * @param {number} toMove
   * @param {any} outcome  for the side to move
   * @param {number} soFar  tableau's points before it
   */
  function describe(el, position, toMove, outcome, soFar) {
    el.dataset.position = String(position);
    el.dataset.toMove = toMove === 0 ? 'first' : 'second';
    const { board } = state.editor;
    const pieces = [...lab.pieces(position)];
    el.dataset.board = game().positionText(board, pieces);
    if (game().kind === 'scored') {
      const forMover = toMove === 0 ? outcome.score : -outcome.score;
      el.dataset.value = forMover > 0 ? 'win' : forMover < 0 ? 'lose' : 'tie';
      el.dataset.remoteness = String(board.rows * board.cols - pieces.length);
      el.dataset.score = String(outcome.score);
      el.dataset.final = String(soFar + outcome.score);
    } else {
      el.dataset.value = outcome.value;
      el.dataset.remoteness = String(outcome.remoteness);
    }
  }

  /**
   * A badge: `text` in the colour of `cls` (the winner: first, second, tie).
   * @param {string} text
   * @param {string} cls
   */
  const badge = (text, cls) => Object.assign(document.createElement('span'), { className: `badge ${cls}`, textContent: text });
  /** @param {string} cls @param {string} text */
  const span = (cls, text) => Object.assign(document.createElement('span'), { className: cls, textContent: text });

  /** The badge of tableau's `final` difference: its colour is who is ahead. */
  const scoredBadge = (/** @type {number} */ final) => badge(String(final), final > 0 ? 'first' : final < 0 ? 'second' : 'tie');

  /**
   * The row of step `i` of `steps` (the last: where the line ends).
   * @param {Step[]} steps
   * @param {number} i
   */
  function stepItem(steps, i) {
    const step = steps[i];
    const { move, toMove, outcome } = step;
    const item = /** @type {HTMLLIElement & {step: Step}} */ (document.createElement('li'));
    item.setAttribute('role', 'treeitem');
    item.setAttribute('aria-level', '1');
    item.tabIndex = -1;
    item.dataset.testid = 'proof-node';
    item.dataset.step = String(i + 1);
    item.step = step;
    describe(item, step.position, toMove, outcome, step.soFar);
    shown.add(step.position);
    const row = document.createElement('div');
    row.className = 'proof-row';
    const scored = game().kind === 'scored';
    if (move) {
      const name = moveName(game(), cols(), move, toMove);
      item.dataset.move = name;
      item.dataset.colour = scored ? '' : winnerClass(move.outcome, toMove);
      item.setAttribute('aria-expanded', 'false');
      const fact = stepFact(game(), step);
      const mark = scored ? scoredBadge(step.soFar + move.outcome.score) : badge(moveBadge(move.outcome), item.dataset.colour);
      row.append(span('n', `${i + 1}.`), span('proof-move', scored ? `${name} +${Math.abs(move.gain ?? 0)}` : name), mark, span('proof-fact', fact));
      item.setAttribute('aria-label', t('line.move', { number: i + 1, name, fact }));
    } else {
      const mover = game().sides[toMove];
      const again = steps.findIndex((s) => s.position === step.position);
      const words =
        again < i
          ? t('line.again', { back: again === 0 ? t('replay.the-start') : t('replay.after-move', { number: again }) })
          : scored
            ? t('line.full', { score: String(step.soFar + outcome.score) })
            : t('line.to-move', { mover, value: valueWords(outcome) });
      item.dataset.again = String(again < i);
      if (again < i) item.dataset.back = String(again + 1);
      item.dataset.colour = scored ? '' : winnerClass(outcome, toMove);
      row.append(span('n', ''), scored ? scoredBadge(step.soFar + outcome.score) : badge(t('line.end-badge'), item.dataset.colour), span('proof-fact', words));
      item.setAttribute('aria-label', t('line.end', { words }));
    }
    item.append(row);
    return item;
  }

  /**
   * The alternatives of `item`'s step: every move there, best first, the line's marked.
   * @param {HTMLLIElement & {step: Step}} item
   */
  function alternatives(item) {
    const { step } = item;
    const group = document.createElement('ul');
    group.setAttribute('role', 'group');
    group.className = 'proof-alts';
    const head = document.createElement('li');
    head.className = 'proof-alts-head';
    head.setAttribute('role', 'none');
    const scored = game().kind === 'scored';
    const words = { side: game().sides[step.toMove], count: step.moves.length };
    head.textContent = scored ? t('line.placements', words) : t('line.moves', words);
    group.append(head);
    for (const move of step.moves) {
      const alt = /** @type {HTMLLIElement & {move: any}} */ (document.createElement('li'));
      alt.setAttribute('role', 'treeitem');
      alt.setAttribute('aria-level', '2');
      alt.tabIndex = -1;
      alt.dataset.testid = 'proof-alt';
      alt.move = move;
      const name = moveName(game(), cols(), move, step.toMove);
      const scored = game().kind === 'scored';
      const final = scored ? step.soFar + move.outcome.score : 0;
      const colour = scored ? '' : winnerClass(move.outcome, step.toMove);
      alt.dataset.move = name;
      alt.dataset.child = String(move.child);
      alt.dataset.board = game().positionText(state.editor.board, [...lab.pieces(move.child)]);
      alt.dataset.line = String(move.child === step.move.child);
      if (scored) {
        const forMover = step.toMove === 0 ? final : -final;
        alt.dataset.value = forMover > 0 ? 'W' : forMover < 0 ? 'L' : 'T';
        alt.dataset.score = String(final);
      } else {
        alt.dataset.value = valueLetter(move.outcome);
        alt.dataset.remoteness = String(movesLeft(move.outcome) ?? '');
        alt.dataset.colour = colour;
      }
      shown.add(move.child);
      const reply = lab.moves(move.child)[0];
      const words = alternativeWords(game(), cols(), step, move, reply);
      const row = document.createElement('div');
      row.className = 'proof-row';
      row.append(
        span('proof-move', scored ? `${name} +${Math.abs(move.gain ?? 0)}` : name),
        scored ? scoredBadge(final) : badge(moveBadge(move.outcome), colour),
        span('proof-fact', `${words}${alt.dataset.line === 'true' ? t('line.the-lines-move') : ''}`),
      );
      alt.setAttribute('aria-label', `${name}: ${words}`);
      alt.title = t('line.alt-title');
      alt.append(row);
      group.append(alt);
    }
    return group;
  }

  /** @param {HTMLElement} item */
  function open(item) {
    if (item.getAttribute('aria-expanded') !== 'false') return;
    let group = /** @type {HTMLElement | null} */ (item.querySelector(':scope > [role=group]'));
    if (!group) {
      group = alternatives(/** @type {any} */ (item));
      item.append(group);
      list.dataset.positions = String(shown.size);
    }
    group.hidden = false;
    item.setAttribute('aria-expanded', 'true');
  }

  /** @param {HTMLElement} item */
  function close(item) {
    if (item.getAttribute('aria-expanded') !== 'true') return;
    /** @type {HTMLElement} */ (item.querySelector(':scope > [role=group]')).hidden = true;
    item.setAttribute('aria-expanded', 'false');
  }

  /** Items not inside a closed row, in order. */
  const visible = () => /** @type {HTMLElement[]} */ ([...list.querySelectorAll('[role=treeitem]')].filter((i) => !i.closest('[role=group][hidden]')));

  /**
   * Makes `item` the list's one tab stop, the item "When decided?" asks about, and names it.
   * @param {HTMLElement} item
   */
  function setFocus(item) {
    for (const other of list.querySelectorAll('[role=treeitem][tabindex="0"]')) /** @type {HTMLElement} */ (other).tabIndex = -1;
    item.tabIndex = 0;
    focusWords.textContent = item.dataset.testid === 'proof-alt' ? t('line.after', { move: item.dataset.move }) : item.dataset.move ? t('line.before', { step: item.dataset.step }) : t('line.where-ends');
  }

  /** @param {HTMLElement | null | undefined} item */
  function focusItem(item) {
    if (!item) return;
    setFocus(item);
    item.focus();
    item.scrollIntoView?.({ block: 'nearest' });
  }

  /** @param {Event} event */
  const itemOf = (event) => /** @type {HTMLElement | null} */ (/** @type {Element} */ (event.target).closest('[role=treeitem]'));
  const rowOf = (/** @type {HTMLElement} */ alt) => /** @type {HTMLElement} */ (alt.parentElement?.closest('[role=treeitem]'));

  /** The row of step `n` (from 1). */
  const stepRow = (/** @type {string} */ n) => /** @type {HTMLElement} */ (list.querySelector(`:scope > [data-step="${n}"]`));

  /**
   * Explains an alternative's position; the line's own move goes to the next row instead.
   * @param {any} alt
   */
  function follow(alt) {
    if (alt.dataset.line === 'true') {
      const row = rowOf(alt);
      close(row);
      focusItem(/** @type {HTMLElement} */ (row.nextElementSibling));
    } else onExplain(alt.move.child, alt.move);
  }

  list.addEventListener('keydown', (event) => {
    const item = itemOf(event);
    if (!item || event.ctrlKey || event.metaKey || event.altKey) return;
    const all = visible();
    const at = all.indexOf(item);
    const isAlt = item.dataset.testid === 'proof-alt';
    const expanded = item.getAttribute('aria-expanded');
    switch (event.key) {
      case 'ArrowDown':
        focusItem(all[at + 1]);
        break;
      case 'ArrowUp':
        focusItem(all[at - 1]);
        break;
      case 'ArrowRight':
        if (expanded === 'false') open(item);
        else if (expanded === 'true') focusItem(item.querySelector(':scope > [role=group] > [role=treeitem]'));
        break;
      case 'ArrowLeft':
        if (isAlt) focusItem(rowOf(item));
        else close(item);
        break;
      case 'Enter':
      case ' ':
        if (isAlt) follow(item);
        else if (item.dataset.back) focusItem(stepRow(item.dataset.back));
        else if (expanded === 'false') open(item);
        else close(item);
        break;
      case 'Home':
        focusItem(all[0]);
        break;
      case 'End':
        focusItem(all.at(-1));
        break;
      case 'Escape':
        onClose();
        break;
      default:
        return;
    }
    event.preventDefault();
    event.stopPropagation();
  });

  list.addEventListener('click', (event) => {
    const item = itemOf(event);
    if (!item) return;
    event.stopPropagation();
    if (item.dataset.testid === 'proof-alt') {
      follow(item);
      return;
    }
    if (item.dataset.back) focusItem(stepRow(item.dataset.back));
    else focusItem(item);
    if (item.getAttribute('aria-expanded') === 'false') open(item);
    else close(item);
  });

  /**
   * Shows `item`'s move on the main board: the position after it, the move drawn into it.
   * @param {HTMLElement} item
   */
  function preview(item) {
    if (item.dataset.testid === 'proof-alt') {
      const { move } = /** @type {any} */ (item);
      controller.preview(move.child, move);
      return;
    }
    const { step } = /** @type {any} */ (item);
    const before = /** @type {any} */ (item.previousElementSibling)?.step;
    if (step.move) controller.preview(step.move.child, step.move);
    else controller.preview(step.position, before?.move ?? null);
  }
  list.addEventListener('focusin', (event) => {
    const item = itemOf(event);
    if (item) preview(item);
  });
  // The pointer shows an item only when it moves, as in the move table: rows opening and
  // closing move items under a resting pointer, which was not pointing at them.
  let pointer = '';
  list.addEventListener('mousemove', (event) => {
    const at = `${event.clientX},${event.clientY}`;
    if (at === pointer) return;
    pointer = at;
    const item = itemOf(event);
    if (item) preview(item);
  });
  const backToFocus = () => {
    const focused = list.contains(document.activeElement) ? /** @type {HTMLElement} */ (document.activeElement).closest('[role=treeitem]') : null;
    if (focused) preview(/** @type {HTMLElement} */ (focused));
    else controller.preview(null);
  };
  list.addEventListener('mouseleave', backToFocus);
  list.addEventListener('focusout', (event) => {
    if (!list.contains(/** @type {Node | null} */ (event.relatedTarget))) backToFocus();
  });

  return {
    /**
     * Shows the line of best play from `position` in `shownLab`; returns its first row (its
     * tab stop, not focused).
     */
    show(/** @type {any} */ shownLab, /** @type {number} */ position) {
      lab = shownLab;
      const steps = stepsFrom(position);
      list.replaceChildren(...steps.map((_, i) => stepItem(steps, i)));
      list.dataset.positions = String(shown.size);
      list.dataset.moves = String(steps.length - 1);
      const first = /** @type {HTMLElement} */ (list.firstElementChild);
      setFocus(first);
      return first;
    },
    /** Empties the list (a new proof, or none). */
    reset() {
      shown = new Set();
      list.replaceChildren();
      delete list.dataset.positions;
      delete list.dataset.moves;
    },
    /** The position the focused item is about (before a row's move, after an alternative), or null. */
    focused() {
      const item = /** @type {any} */ (list.querySelector('[role=treeitem][tabindex="0"]'));
      if (!item) return null;
      return item.dataset.testid === 'proof-alt' ? item.move.child : item.step.position;
    },
    backToFocus,
  };
}
