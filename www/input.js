// Turns pointer (mouse, touch, pen) input on the board into controller calls: press on a
// piece and drag to move it (a press without moving selects it for the heatmap); press
// elsewhere and drag to draw obstacles, or to erase them when the press was on one. A tap on a
// heatmap cell (no drag) says where its value came from (controller.provenance). In the
// replay: a tap on a move's cell plays it, a tap on a piece shows only its moves. The board's
// keys are boardkeys.js.

/** Wires `canvas` to `controller`, using `view` to find cells. */
export function attachInput(canvas, view, controller) {
  const { state } = controller;
  const { editor } = state;
  let gesture = null;

  const pieceAt = (cell) => editor.game.pieces.find((p) => p.ch === editor.board.cells?.[cell]);

  canvas.addEventListener('pointerdown', (event) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    const cell = view.cellAt(event.clientX, event.clientY, editor.board);
    if (cell === null) return;
    event.preventDefault();
    canvas.focus({ preventScroll: true });
    if (state.phase === 'replaying') {
      controller.replayAt(cell);
      return;
    }
    canvas.setPointerCapture(event.pointerId);
    controller.setCursor(cell);
    if (!pieceAt(cell) && controller.cellPosition(cell) !== undefined) {
      // A tap on a heatmap cell asks where its value came from; a drag from it still draws.
      gesture = { kind: 'tap', cell, id: event.pointerId };
    } else if (pieceAt(cell)) {
      gesture = { kind: 'drag', from: cell, over: cell, id: event.pointerId };
      controller.setDrag({ from: cell, over: cell });
    } else if (editor.game.obstacles) {
      gesture = { kind: 'paint', on: editor.board.cells[cell] !== '#', last: cell, id: event.pointerId };
      controller.paint(cell, gesture.on);
    }
  });

  canvas.addEventListener('pointermove', (event) => {
    if (!gesture || event.pointerId !== gesture.id) return;
    const cell = view.cellAt(event.clientX, event.clientY, editor.board);
    if (gesture.kind === 'tap') {
      if (cell === gesture.cell || !editor.game.obstacles) return;
      gesture = { kind: 'paint', on: editor.board.cells[gesture.cell] !== '#', last: gesture.cell, id: gesture.id };
      controller.paint(gesture.last, gesture.on);
    }
    if (gesture.kind === 'drag') {
      if (cell !== gesture.over) {
        gesture.over = cell;
        controller.setDrag({ from: gesture.from, over: cell });
      }
    } else if (cell !== null && cell !== gesture.last) {
      for (const c of cellsBetween(gesture.last, cell, editor.board.cols)) controller.paint(c, gesture.on);
      gesture.last = cell;
    }
  });

  const finish = (event, cancelled) => {
    if (!gesture || event.pointerId !== gesture.id) return;
    const done = gesture;
    gesture = null;
    if (done.kind === 'tap' && !cancelled) controller.provenance(controller.cellPosition(done.cell) ?? null);
    if (done.kind !== 'drag') return;
    controller.setDrag(null);
    if (cancelled) return;
    if (done.over === done.from) controller.select(done.from);
    else if (done.over !== null) {
      controller.movePiece(done.from, done.over);
      controller.setCursor(done.over);
    }
  };
  canvas.addEventListener('pointerup', (event) => finish(event, false));
  canvas.addEventListener('pointercancel', (event) => finish(event, true));

  canvas.addEventListener('focus', () => controller.setFocus(true));
  canvas.addEventListener('blur', () => controller.setFocus(false));
}

/** The cells on the straight line from `a` to `b` (both included), so fast drags leave no gaps. */
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
