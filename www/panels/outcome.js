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
import { t } from '../words/i18n.js';

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
    const messages = [pageError, notice, error && t('outcome.unsolvable', { error }), failure && t('outcome.failed', { failure })];
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
      const back = Object.assign(root.createElement('a'), { href: message.back, textContent: t('outcome.saved-back') });
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
      const split = wins === undefined ? '' : t('outcome.split', { wins, losses, ties });
      el.details.textContent = t('outcome.details', { answer, count: total, ms: stats.solveMs.toFixed(1), split });
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
      el['legend-text'].textContent = `${game.legend.text(piece)} ${game.kind === 'scored' ? '' : t('outcome.colours')}`.trim();
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
  const how = t('outcome.how');
  switch (phase) {
    case 'preparing':
      return { headline: t('outcome.preparing'), explanation: t('outcome.preparing-why') };
    case 'ready':
      return { headline: t('outcome.ready'), explanation: t('outcome.ready-why') };
    case 'running':
    case 'solving':
      return { headline: t('outcome.solving'), explanation: how };
    case 'stepping':
      return { headline: t('outcome.stepping'), explanation: how };
    case 'paused':
      return { headline: t('outcome.paused'), explanation: how };
    case 'rewinding':
      return { headline: t('outcome.rerunning'), explanation: t('outcome.rerunning-why') };
    default:
      return {
        headline: error ? t('outcome.fix-board') : t('outcome.not-solved'),
        explanation: t('outcome.not-solved-why'),
      };
  }
}
