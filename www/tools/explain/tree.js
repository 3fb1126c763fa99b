// The Explain tool's tree: a proof as an ARIA tree of its nodes, each a small board with the
// move into it and its words (words.js), a node's children asked of the engine the first time
// it is expanded (`Proof.expand`), a position reached again pointing back to its first place.
// Keys: ↑ ↓ walk, → expand or enter, ← collapse or leave, Enter expand/collapse, Home/End,
// Esc closes the tool. Pointing at a node, or focusing it, shows its position on the main
// board (controller.preview); leaving the tree shows the focused node again, or nothing.

import { drawPosition } from '../../board/thumbs.js';
import { nodeWords } from './words.js';

/**
 * A tree item of the proof, with the node it shows (`model`) and its board's canvas (`thumb`).
 * @typedef {HTMLLIElement & {model: {node: any, edge: any, soFar: number, pieces: number[], level: number}, thumb: HTMLCanvasElement}} NodeItem
 */

/**
 * The proof tree in `tree` (a `[role=tree]` list), for the board `controller` shows; its focused
 * node is named in `focusWords`. `theme()` is the theme to draw in, `onClose()` runs on Esc.
 * Returns `{show(lab, proof, move), reset(), repaint(), focused(), backToFocus()}`.
 * @param {HTMLElement} tree
 * @param {HTMLElement} focusWords
 * @param {import('../../machine/api.js').Controller} controller
 * @param {{theme: () => any, onClose: () => void}} hooks
 */
export function createProofTree(tree, focusWords, controller, { theme, onClose }) {
  const { state } = controller;
  const game = () => state.editor.game;
  const scored = () => game().kind === 'scored';
  let lab = null;
  let proof = null;
  /** Node id → its first tree item. */
  let items = new Map();

  /** A tree item for `node` (Proof.node / a child of Proof.expand), reached by `edge`. */
  function nodeItem(node, edge, soFar, level) {
    const item = /** @type {NodeItem} */ (document.createElement('li'));
    item.setAttribute('role', 'treeitem');
    item.setAttribute('aria-level', String(level));
    item.tabIndex = -1;
    item.dataset.testid = 'proof-node';
    item.dataset.node = String(node.node);
    item.dataset.position = String(node.position);
    item.dataset.toMove = node.toMove === 0 ? 'first' : 'second';
    const pieces = [...lab.pieces(node.position)];
    item.dataset.board = game().positionText(state.editor.board, pieces);
    const o = node.outcome;
    if (scored()) {
      const left = state.editor.board.rows * state.editor.board.cols - pieces.length;
      const forMover = node.toMove === 0 ? o.score : -o.score;
      item.dataset.value = forMover > 0 ? 'win' : forMover < 0 ? 'lose' : 'tie';
      item.dataset.remoteness = String(left);
      item.dataset.score = String(o.score);
    } else {
      item.dataset.value = o.value;
      item.dataset.remoteness = String(o.remoteness);
    }
    const again = edge && !edge.first;
    item.dataset.again = String(Boolean(again));
    const leaf = scored() ? item.dataset.remoteness === '0' : o.value !== 'tie' && o.remoteness === 0;
    if (!again && !leaf) item.setAttribute('aria-expanded', 'false');
    item.model = { node, edge, soFar, pieces, level };

    const row = document.createElement('div');
    // Tableau's rows carry the final difference in words instead of a W / L / T badge.
    row.className = `proof-row ${scored() ? 'scored' : item.dataset.value}`;
    const canvas = document.createElement('canvas');
    canvas.setAttribute('aria-hidden', 'true');
    const words = document.createElement('div');
    words.className = 'proof-words';
    words.append(...nodeWords(game(), state.editor.board.cols, item.model, leaf).map(([cls, text]) => Object.assign(document.createElement('span'), { className: cls, textContent: text })));
    if (again) {
      const jump = Object.assign(document.createElement('button'), { type: 'button', className: 'proof-jump', textContent: 'reached again — see above' });
      jump.tabIndex = -1;
      jump.addEventListener('click', (event) => {
        event.stopPropagation();
        const first = items.get(node.node);
        if (first) reveal(first);
      });
      words.append(jump);
    }
    row.append(canvas, words);
    item.append(row);
    item.thumb = canvas;
    paintNode(item);
    if (!again) items.set(node.node, item);
    return item;
  }

  /**
   * Widest a node's board is drawn (CSS pixels): a board of up to ten columns at 16 CSS pixels
   * a cell, crisp; on narrow screens, where the tree nests deep, at most 120.
   */
  const thumbWidth = () => (matchMedia('(max-width: 820px)').matches ? 120 : 160);

  function paintNode(item) {
    const { pieces, edge } = item.model;
    drawPosition(item.thumb, theme(), game(), state.editor.board, { pieces, move: edge }, thumbWidth());
  }

  /** Expands `item` (its children are asked for once; later it only shows them again). */
  function expand(item) {
    if (item.getAttribute('aria-expanded') !== 'false') return;
    let group = item.querySelector(':scope > [role=group]');
    if (!group) {
      const begin = performance.now();
      const { node, soFar, level } = item.model;
      const children = proof.expand(lab, node.node);
      group = document.createElement('ul');
      group.setAttribute('role', 'group');
      group.append(...children.map((child) => nodeItem(child, child, soFar + (child.gain ?? 0), level + 1)));
      item.append(group);
      tree.dataset.positions = String(proof.positions());
      item.dataset.expandMs = (performance.now() - begin).toFixed(1);
    }
    group.hidden = false;
    item.setAttribute('aria-expanded', 'true');
  }

  function collapse(item) {
    if (item.getAttribute('aria-expanded') !== 'true') return;
    item.querySelector(':scope > [role=group]').hidden = true;
    item.setAttribute('aria-expanded', 'false');
  }

  /** Tree items not inside a collapsed group, in order. */
  const visible = () => [...tree.querySelectorAll('[role=treeitem]')].filter((i) => !i.parentElement.closest('[role=group][hidden]'));

  /** Makes `item` the tree's one tab stop, the node "When decided?" asks about. */
  function setFocus(item) {
    for (const other of tree.querySelectorAll('[role=treeitem][tabindex="0"]')) /** @type {HTMLElement} */ (other).tabIndex = -1;
    item.tabIndex = 0;
    focusWords.textContent = `Focused: ${item.querySelector('.proof-value')?.textContent ?? ''}`;
  }

  function focusItem(item) {
    if (!item) return;
    setFocus(item);
    item.focus();
    item.scrollIntoView?.({ block: 'nearest' });
  }

  /** Opens every collapsed item above `item` and focuses it (a transposition's first place). */
  function reveal(item) {
    for (let up = item.parentElement.closest('[role=treeitem]'); up; up = up.parentElement.closest('[role=treeitem]')) expand(up);
    focusItem(item);
  }

  /**
   * The tree item an event happened in, or null.
   * @param {Event} event
   * @returns {NodeItem | null}
   */
  const itemOf = (event) => /** @type {Element} */ (event.target).closest('[role=treeitem]');

  tree.addEventListener('keydown', (event) => {
    const item = itemOf(event);
    if (!item || event.ctrlKey || event.metaKey || event.altKey) return;
    const list = visible();
    const at = list.indexOf(item);
    const expanded = item.getAttribute('aria-expanded');
    const parent = item.parentElement.closest('[role=treeitem]');
    switch (event.key) {
      case 'ArrowDown':
        focusItem(list[at + 1]);
        break;
      case 'ArrowUp':
        focusItem(list[at - 1]);
        break;
      case 'ArrowRight':
        if (expanded === 'false') expand(item);
        else if (expanded === 'true') focusItem(item.querySelector(':scope > [role=group] > [role=treeitem]'));
        break;
      case 'ArrowLeft':
        if (expanded === 'true') collapse(item);
        else focusItem(parent);
        break;
      case 'Enter':
      case ' ':
        if (item.dataset.again === 'true') reveal(items.get(item.model.node.node));
        else if (expanded === 'false') expand(item);
        else collapse(item);
        break;
      case 'Home':
        focusItem(list[0]);
        break;
      case 'End':
        focusItem(list.at(-1));
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

  tree.addEventListener('click', (event) => {
    const item = itemOf(event);
    if (!item || /** @type {Element} */ (event.target).closest('.proof-jump')) return;
    event.stopPropagation();
    focusItem(item);
    if (item.getAttribute('aria-expanded') === 'false') expand(item);
    else collapse(item);
  });

  const previewOf = (item) => controller.preview(item.model.node.position, item.model.edge ?? null);
  tree.addEventListener('focusin', (event) => {
    const item = itemOf(event);
    if (item) previewOf(item);
  });
  tree.addEventListener('mouseover', (event) => {
    const item = itemOf(event);
    if (item) previewOf(item);
  });
  const backToFocus = () => {
    const focused = tree.contains(document.activeElement) ? document.activeElement.closest('[role=treeitem]') : null;
    if (focused) previewOf(focused);
    else controller.preview(null);
  };
  tree.addEventListener('mouseleave', backToFocus);
  tree.addEventListener('focusout', (event) => {
    if (!tree.contains(/** @type {Node | null} */ (event.relatedTarget))) backToFocus();
  });

  return {
    /**
     * Shows the root of `proof` (a Proof of `lab`), reached by `move` if any, focused and
     * expanded; returns its item.
     */
    show(/** @type {any} */ shownLab, /** @type {any} */ shown, /** @type {any} */ move) {
      lab = shownLab;
      proof = shown;
      const root = nodeItem(proof.node(0), move ? { ...move, first: true } : null, 0, 1);
      tree.append(root);
      setFocus(root);
      expand(root);
      return root;
    },
    /** Empties the tree (a new proof, or none). */
    reset() {
      items = new Map();
      tree.replaceChildren();
      delete tree.dataset.positions;
    },
    /** Draws every node's board again (a new theme). */
    repaint() {
      for (const item of tree.querySelectorAll('[role=treeitem]')) paintNode(item);
    },
    /** The position of the focused node (the tree's one tab stop), or null. */
    focused() {
      const item = /** @type {NodeItem | null} */ (tree.querySelector('[role=treeitem][tabindex="0"]'));
      return item ? item.model.node.position : null;
    },
    backToFocus,
  };
}
