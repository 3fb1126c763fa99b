// Turns pointer (mouse, touch, pen) input on the board into controller calls: press on a
// piece and drag to move it — it slides along the free cells the pointer passes over, so the
// verdict and heatmap follow it, and the drop decides (a press without moving selects it for
// the heatmap); press
// elsewhere and drag to draw obstacles, or to erase them when the press was on one — or, when
// the person chose to ask rather than draw (the tap switch: phases.js tapMeaning, shown as the
// board's data-tap), a tap on a cell says where its value came from (controller.provenance). In the
// replay: a tap on a move's cell plays it, a tap on a piece shows only its moves. The board's
// keys are boardkeys.js.
//   touch: one finger does the same; two fingers pan a board bigger than its frame and pinch
//          to zoom (frame.js). So that a pan never draws, a finger's press only acts once it
//          moves to another cell or lifts; a second finger before that cancels it.

import { tapMeaning } from '../machine/phases.js';
import { t } from '../words/i18n.js';

/** A pinch zooms a step each time the fingers' distance changes by this factor. */
const PINCH_STEP = 1.35;

/**
 * Wires `canvas` to `controller`, using `view` to find cells, zoom and pan.
 * @param {HTMLCanvasElement} canvas
 * @param {import('./view.js').View} view
 * @param {import('../machine/api.js').Controller} controller
 */
export function attachInput(canvas, view, controller) {
  const { state } = controller;
  const { editor } = state;
  /**
   * The stroke under way: a heatmap cell tapped, a piece dragged or obstacles drawn.
   * @type {{kind: 'tap', cell: number, id: number} | {kind: 'drag', from: number, at: number, over: number | null, id: number}
   *   | {kind: 'paint', on: boolean, last: number, id: number} | null}
   */
  let gesture = null;
  /**
   * A finger down that has not acted yet.
   * @type {{id: number, cell: number} | null}
   */
  let waiting = null;
  /**
   * Fingers on the board, id → client point; two of them pan and pinch.
   * @type {Map<number, Point>}
   */
  const fingers = new Map();
  /**
   * The two-finger pan under way: the fingers' last midpoint and the distance at the last zoom step.
   * @type {{mid: Point, distance: number} | null}
   */
  let pan = null;

  /**
   * The kind of piece on `cell`, if any.
   * @param {number} cell
   */
  const pieceAt = (cell) => editor.game.pieces.find((p) => 'cells' in editor.board && p.ch === editor.board.cells[cell]);
  /**
   * Whether `cell` is an obstacle (only grid boards have them).
   * @param {number} cell
   */
  const blocked = (cell) => 'cells' in editor.board && editor.board.cells[cell] === '#';

  canvas.addEventListener('pointerdown', (event) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    if (event.pointerType === 'touch') {
      fingers.set(event.pointerId, { x: event.clientX, y: event.clientY });
      if (fingers.size >= 2) {
        event.preventDefault();
        startPan();
        return;
      }
    }
    const cell = view.cellAt(event.clientX, event.clientY);
    if (cell === null) return;
    event.preventDefault();
    canvas.focus({ preventScroll: true });
    if (event.pointerType === 'touch') waiting = { id: event.pointerId, cell };
    else begin(event.pointerId, cell);
  });

  canvas.addEventListener('pointermove', (event) => {
    if (fingers.has(event.pointerId)) fingers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (pan) {
      movePan();
      return;
    }
    const cell = view.cellAt(event.clientX, event.clientY);
    if (waiting && waiting.id === event.pointerId && cell !== waiting.cell) act();
    if (!gesture || event.pointerId !== gesture.id) return;
    if (gesture.kind === 'tap') {
      if (cell === gesture.cell || !editor.game.obstacles) return;
      const on = !blocked(gesture.cell);
      gesture = { kind: 'paint', on, last: gesture.cell, id: gesture.id };
      controller.paint(gesture.last, on);
    }
    if (gesture.kind === 'drag') {
      if (cell !== gesture.over) {
        gesture.over = cell;
        if (cell !== null && controller.slide(gesture.at, cell)) gesture.at = cell;
        controller.setDrag({ from: gesture.at, over: cell });
      }
    } else if (cell !== null && cell !== gesture.last) {
      for (const c of cellsBetween(gesture.last, cell, editor.board.cols)) controller.paint(c, gesture.on);
      gesture.last = cell;
    }
  });

  /** The waiting finger acts: the press it made starts now. */
  function act() {
    if (!waiting) return;
    const { id, cell } = waiting;
    waiting = null;
    begin(id, cell);
  }

  /**
   * A press on `cell` by pointer `id`: a replay tap, or the start of a tap, a drag or a stroke.
   * @param {number} id
   * @param {number} cell
   */
  function begin(id, cell) {
    if (state.phase === 'replaying') {
      controller.replayAt(cell);
      return;
    }
    canvas.setPointerCapture(id);
    controller.setCursor(cell);
    if (pieceAt(cell)) {
      gesture = { kind: 'drag', from: cell, at: cell, over: cell, id };
      controller.setDrag({ from: cell, over: cell });
    } else if (tapMeaning(state) === 'inspect') {
      // Where the cell's value came from (nothing to say before an analysis).
      gesture = { kind: 'tap', cell, id };
    } else if (editor.game.obstacles) {
      const on = !blocked(cell);
      gesture = { kind: 'paint', on, last: cell, id };
      controller.paint(cell, on);
    }
  }

  /**
   * The gesture of pointer `event.pointerId` ends (`cancelled`: without acting).
   * @param {{pointerId: number}} event
   * @param {boolean} cancelled
   */
  const finish = (event, cancelled) => {
    if (!gesture || event.pointerId !== gesture.id) return;
    const done = gesture;
    gesture = null;
    if (done.kind === 'tap' && !cancelled) {
      const position = controller.cellPosition(done.cell);
      if (position === undefined) controller.notice(t('input.nothing-to-say'));
      else controller.provenance(position);
    }
    if (done.kind !== 'drag') return;
    controller.setDrag(null);
    if (done.over === done.at && done.at !== done.from) {
      controller.setCursor(done.at); // dropped where it slid to
      return;
    }
    // Dropped where it could not slide (or outside the board, or cancelled): as a drop from where it began.
    controller.unslide();
    if (cancelled || done.over === null) return;
    if (done.over === done.from) controller.select(done.from);
    else {
      controller.movePiece(done.from, done.over);
      controller.setCursor(done.over);
    }
  };

  /** A pointer lifts (or is cancelled): a waiting finger taps, a stroke ends, a pan ends with its last finger. */
  /**
   * @param {PointerEvent} event
   * @param {boolean} cancelled
   */
  const release = (event, cancelled) => {
    fingers.delete(event.pointerId);
    if (pan) {
      if (fingers.size === 0) pan = null;
      return;
    }
    if (waiting && waiting.id === event.pointerId) {
      if (cancelled) waiting = null;
      else act();
    }
    finish(event, cancelled);
  };
  canvas.addEventListener('pointerup', (event) => release(event, false));
  canvas.addEventListener('pointercancel', (event) => release(event, true));

  /** Two fingers: what the first one started is dropped (a stroke keeps the cells it drew), and they pan. */
  function startPan() {
    waiting = null;
    if (gesture) finish({ pointerId: gesture.id }, true);
    const [a, b] = [...fingers.values()];
    pan = { mid: midpoint(a, b), distance: Math.hypot(a.x - b.x, a.y - b.y) };
  }

  /** The fingers moved: the board follows their midpoint, and zooms a step when they spread or pinch enough. */
  function movePan() {
    if (!pan || fingers.size < 2) return;
    const [a, b] = [...fingers.values()];
    const mid = midpoint(a, b);
    view.panBy(pan.mid.x - mid.x, pan.mid.y - mid.y);
    pan.mid = mid;
    const distance = Math.hypot(a.x - b.x, a.y - b.y);
    const ratio = distance / Math.max(1, pan.distance);
    if (ratio >= PINCH_STEP || ratio <= 1 / PINCH_STEP) {
      view.zoomAt(ratio > 1 ? +1 : -1, mid.x, mid.y);
      pan.distance = distance;
    }
  }

  canvas.addEventListener('focus', () => controller.setFocus(true));
  canvas.addEventListener('blur', () => controller.setFocus(false));
}

/**
 * The cells on the straight line from `a` to `b` (both included), so fast drags leave no gaps.
 * @param {number} a
 * @param {number} b
 * @param {number} cols
 */
function cellsBetween(a, b, cols) {
  const [r0, c0] = [Math.floor(a / cols), a % cols];
  const [r1, c1] = [Math.floor(b / cols), b % cols];
  const steps = Math.max(Math.abs(r1 - r0), Math.abs(c1 - c0));
  const cells = [];
  for (let i = 1; i <= steps; i++) {
    const r = Math.round(r0 + ((r1 - r0) * i) / steps);
    const c = Math.round(c0 + ((c1 - c0) * i) / steps);
    cells.push(r * cols + c);
  }
  return cells;
}

/** @typedef {{x: number, y: number}} Point */

/**
 * The point halfway between two client points.
 * @param {Point} a
 * @param {Point} b
 */
const midpoint = (a, b) => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });
