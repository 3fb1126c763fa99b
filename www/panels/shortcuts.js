// The page's keyboard shortcuts, wherever the focus is (except in text fields, and for the
// keys the focused board, chart or list uses itself: boardkeys.js, histogram.js, …):
//   Ctrl+Z       undo the last board edit;  Ctrl+Shift+Z or Ctrl+Y  redo (⌘ on a Mac)
//   Space        animate the analysis (once solved: replay; solved live: animate it from the start), or pause
//   .  ,         one line of the algorithm on, back (machine/lesson.js)
//   →  ←         one position from the queue on, back (solved: the next replay move, back one move)
//   Shift+→ Shift+←  the rest of the current remoteness layer; back to where it began
//   Home         replay: back to the start
//   +  −         speed up, slow down
//   R            restart the analysis;  Escape leaves the replay

/**
 * Listens for the shortcuts on `doc` and sends them to `controller`.
 * @param {Document} doc
 * @param {import('../machine/api.js').Controller} controller
 */
export function attachKeys(doc, controller) {
  let handledSpace = false;

  doc.addEventListener('keydown', (event) => {
    if (event.defaultPrevented || event.altKey) return;
    if (/** @type {Element} */ (event.target).closest?.('input, select, textarea, summary, [contenteditable], dialog, .guide')) return;
    if (event.ctrlKey || event.metaKey) {
      const key = event.key.toLowerCase();
      if (key === 'z' && !event.shiftKey) controller.undo();
      else if (key === 'y' || (key === 'z' && event.shiftKey)) controller.redo();
      else return;
      event.preventDefault();
      return;
    }
    const { phase } = controller.state;
    const replay = phase === 'solved' || phase === 'replaying';
    switch (event.key) {
      case ' ':
        handledSpace = true;
        controller.press('play');
        break;
      case 'ArrowRight':
        controller.press(replay ? 'replayNext' : event.shiftKey ? 'stepLayer' : 'step');
        break;
      case 'ArrowLeft':
        controller.press(replay ? 'replayPrev' : event.shiftKey ? 'stepLayerBack' : 'stepBack');
        break;
      // A line has no meaning in a replay, so these keys do what the Line buttons do in every
      // phase (on a solved board: step the analysis again from the start).
      case '.':
        controller.press('stepLine');
        break;
      case ',':
        controller.press('stepLineBack');
        break;
      case 'Home':
        if (!replay) return;
        controller.press('replayStart');
        break;
      case 'Escape':
        if (phase !== 'replaying') return;
        controller.leaveReplay();
        break;
      case '+':
      case '=':
        controller.faster();
        break;
      case '-':
      case '_':
        controller.slower();
        break;
      case 'r':
      case 'R':
        controller.press('restart');
        break;
      default:
        return;
    }
    event.preventDefault();
  });

  // A focused button would also "click" on Space's release: the shortcut already acted.
  doc.addEventListener('keyup', (event) => {
    if (event.key === ' ' && handledSpace) {
      handledSpace = false;
      event.preventDefault();
    }
  });
}
