// The outcome under the board, where the eye is: the verdict (or what the analysis is doing),
// the page's messages and the explanation, and, in the side panel, the contest answer and the
// heatmap's legend. The message shares the explanation's place (the explanation is hidden
// while a message shows), so a message does not push the page down. When an analysis ends,
// the verdict is brought into view (on a phone above the docked control bar: the page's
// scroll padding keeps clear of it, style.css); so is the reason an edit of the board was
// refused (the person is looking at the board, waiting for something to happen).

import { UNDER_WAY } from '../machine/phases.js';
import { describePosition } from '../machine/replay.js';
import { count } from '../words/text.js';
import { pieceName } from '../words/movenames.js';

const $ = (root, id) => root.querySelector(`[data-testid="${id}"]`);

/** Binds the outcome's elements under `root` (a document); returns `{render(state), showError(text)}`. */
export function createOutcome(root) {
  const el = Object.fromEntries(
    ['outcome', 'verdict', 'message', 'explanation', 'details', 'legend', 'legend-text'].map((id) => [id, $(root, id)]),
  );
  let pageError = null;
  let lastPhase = null;
  /** The refusal shown (editor.notice with a marked cell), or null: a new one is brought into view. */
  let shownRefusal = null;
  /** The messages on show. */
  let lastMessages = [];

  /** @param {import('../machine/state.js').State} state */
  function render(state) {
    renderMessages(state);
    renderVerdict(state);
    // A verdict asked for is brought into view; one solved live follows the drawing, which
    // the page must not scroll away from under the pointer.
    if (state.phase === 'solved' && UNDER_WAY.includes(lastPhase) && !state.live) reveal();
    lastPhase = state.phase;
  }

  /** @param {import('../machine/state.js').State} state */
  function renderMessages({ editor: { notice, error, marked }, failure }) {
    const messages = [pageError, notice, error && `This board cannot be solved: ${error}.`, failure && `The analysis failed: ${failure}.`];
    const shown = messages.filter(Boolean);
    // Unchanged messages stay the same nodes, so that their link keeps the focus and a click.
    if (shown.length === lastMessages.length && shown.every((message, i) => message === lastMessages[i])) return;
    lastMessages = shown;
    el.message.hidden = shown.length === 0;
    el.message.replaceChildren(...shown.map(paragraph));
    el.message.classList.toggle('error', Boolean(error || failure || pageError));
    const refusal = marked === null ? null : notice;
    if (refusal !== null && refusal !== shownRefusal) el.message.scrollIntoView({ block: 'nearest', behavior: stillness() });
    shownRefusal = refusal;
  }

  /** How to scroll: at once when the person asked for reduced motion, else smoothly. */
  const stillness = () => (root.defaultView.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth');

  /** A message's paragraph: its words, and the link back to the saved board a notice offers (url.js Notice). */
  function paragraph(/** @type {import('../machine/state.js').Notice} */ message) {
    const p = root.createElement('p');
    if (typeof message === 'string') {
      p.textContent = message;
    } else {
      const back = Object.assign(root.createElement('a'), { href: message.back, textContent: 'Back to your saved board' });
      back.dataset.testid = 'saved-back';
      p.append(`${message.text} `, back);
    }
    return p;
  }

  /**
   * Scrolls the verdict's line into view if it is not, and marks its arrival. The line, not the
   * whole outcome: on a phone a big board and its verdict fit above the control bar together,
   * the board and the explanation under the verdict do not.
   */
  function reveal() {
    el.verdict.scrollIntoView({ block: 'nearest', behavior: stillness() });
    el.verdict.classList.remove('arrived');
    void el.verdict.offsetWidth; // restarts the arrival animation
    el.verdict.classList.add('arrived');
  }

  /** @param {import('../machine/state.js').State} state */
  function renderVerdict(state) {
    const { phase, editor, analysis, replay } = state;
    const { game } = editor;
    const { outcome, answer, stats } = analysis;
    const v = el.verdict;
    v.dataset.phase = phase;
    const solved = (phase === 'solved' || phase === 'replaying') && outcome && answer !== null;
    if (solved) {
      v.dataset.result = answer;
      v.dataset.solveMs = stats.solveMs.toFixed(1);
      v.dataset.maxSliceMs = stats.maxSliceMs.toFixed(1);
      const { total, wins, losses, ties } = analysis.progress;
      const split = wins === undefined ? '' : ` (${count(wins)} wins, ${count(losses)} losses, ${count(ties)} ties for the side to move)`;
      el.details.textContent = `Contest answer: ${answer}. All ${count(total)} positions of the board analysed in ${stats.solveMs.toFixed(1)} ms${split}.`;
    } else {
      for (const key of ['result', 'solveMs', 'maxSliceMs']) delete v.dataset[key];
      el.details.textContent = '';
    }
    let words;
    if (phase === 'replaying' && replay.here) {
      words = describePosition(game, replay.line, replay.here);
      v.dataset.value = firstPlayerView(replay.here);
    } else if (solved) {
      words = game.verdict(outcome, { line: analysis.optimalLine, board: editor.board });
      v.dataset.value = outcome.value ?? (outcome.score > 0 ? 'win' : outcome.score < 0 ? 'lose' : 'tie');
    } else {
      delete v.dataset.value;
      words = waitingWords(phase, editor.error);
    }
    v.textContent = words.headline;
    el.explanation.textContent = words.explanation;
    const overlay = phase === 'solved' && (analysis.heat || analysis.optimalLine);
    el.legend.hidden = !overlay;
    if (overlay) {
      const { board } = editor;
      const piece = analysis.heat && 'cells' in board ? pieceName(game, board.cells[editor.pieces[editor.varying]]) : null;
      // Said once, here: a colour is a winner everywhere (the move table, the replay's moves), whoever moves.
      el['legend-text'].textContent = `${game.legend.text(piece)} ${game.kind === 'scored' ? '' : 'Its colours are the winner’s everywhere on the page: a move in the lists is coloured by who wins by it, whoever makes it.'}`.trim();
    }
  }

  return {
    render,
    /** Shows an unexpected error in the message area (the page stays usable). */
    showError(text) {
      pageError = text;
    },
  };
}

/** 'win' / 'lose' / 'tie' from the first player's side, for the verdict's colour. */
function firstPlayerView({ outcome, toMove }) {
  if (!outcome) return 'tie';
  if (outcome.score !== undefined) return outcome.score > 0 ? 'win' : outcome.score < 0 ? 'lose' : 'tie';
  if (outcome.value === 'tie') return 'tie';
  return (outcome.value === 'win') === (toMove === 0) ? 'win' : 'lose';
}

/** Verdict words before the analysis is complete (`error`: why the board cannot be solved). */
function waitingWords(phase, error) {
  const how = 'Working backwards from every finished game: the ends first, then the positions one move before them, and so on.';
  switch (phase) {
    case 'preparing':
      return { headline: 'Preparing the analysis…', explanation: 'Reserving memory: two bytes per position, plus the queue.' };
    case 'ready':
      return { headline: 'Ready — nothing decided yet', explanation: 'Step takes one position from the queue; Animate runs the analysis at the chosen speed.' };
    case 'running':
    case 'solving':
      return { headline: 'Solving…', explanation: how };
    case 'stepping':
      return { headline: 'Stepping…', explanation: how };
    case 'paused':
      return { headline: 'Paused', explanation: how };
    case 'rewinding':
      return { headline: 'Re-running…', explanation: 'The analysis runs again from the start to the step on the timeline: it is deterministic, so it repeats itself exactly.' };
    default:
      return {
        headline: error ? 'Fix the board to solve it.' : 'Not solved yet — press Animate.',
        explanation: 'Draw a board, then Animate to watch the analysis, Step through it, or Solve instantly: every position is decided exactly, not estimated.',
      };
  }
}
