// The DOM around the board: the toolbar, the analysis controls and speed, progress, counters,
// histogram, messages, verdict and legend. It sends the person's actions to the controller and
// shows the controller's state; nothing else. Buttons are enabled from the controller's
// transition table (`controller.enabled`).

import { Phase } from './pkg/retrolab.js';
import { SPEEDS, playing } from './controller.js';
import { createHistogram } from './histogram.js';
import { describePosition } from './replay.js';
import { count } from './text.js';

const $ = (root, id) => root.querySelector(`[data-testid="${id}"]`);

/** Control name → test id of its button. */
const BUTTONS = { play: 'play', step: 'step', stepLayer: 'step-layer', restart: 'restart', solveNow: 'solve-now' };

/** "5 / s", "100k / s", "max". */
const speedWords = (rate) => (rate === Infinity ? 'max' : rate >= 1000 ? `${rate / 1000}k / s` : `${rate} / s`);

/** Binds the controls under `root` to `controller`; returns `{render(state), showError(text)}`. */
export function createPanel(root, controller, games, sound) {
  const el = Object.fromEntries(
    [
      'game', 'rows', 'cols', 'preset', 'clear', 'message', 'progress', 'progress-text', 'verdict', 'explanation', 'details',
      'legend', 'legend-items', 'legend-text', 'rules', 'help', 'board', 'weights', 'weights-cell', 'weight-a', 'weight-b',
      'contest-text', 'use-text', 'controls', 'speed', 'speed-value', 'total', 'decided', 'queued', 'queued-label', 'wins',
      'losses', 'ties', 'layer', 'layer-label', 'rate', 'histogram', 'histogram-caption', 'sound', 'counters',
    ].map((id) => [id, $(root, id)]),
  );
  const buttons = Object.fromEntries(Object.entries(BUTTONS).map(([control, id]) => [control, $(root, id)]));
  const histogram = createHistogram(el.histogram, (bucket, value) => controller.showExample(bucket, value));
  let shownGame = null;
  let shownText = null;
  let pageError = null;

  el.game.replaceChildren(...games.map((g) => new Option(g.title, g.id)));
  el.game.addEventListener('change', () => controller.setGame(el.game.value));
  const { editor } = controller.state;
  el.rows.addEventListener('change', () => {
    const rows = Number(el.rows.value);
    controller.resize(rows, editor.game.square ? rows : editor.board.cols);
  });
  el.cols.addEventListener('change', () => {
    const cols = Number(el.cols.value);
    controller.resize(editor.game.square ? cols : editor.board.rows, cols);
  });
  const setWeights = () => controller.setWeights(editor.cursor, Number(el['weight-a'].value), Number(el['weight-b'].value));
  el['weight-a'].addEventListener('change', setWeights);
  el['weight-b'].addEventListener('change', setWeights);
  el.preset.addEventListener('change', () => {
    if (el.preset.value !== '') controller.preset(Number(el.preset.value));
    el.preset.value = '';
  });
  el.clear.addEventListener('click', () => controller.clear());
  el['use-text'].addEventListener('click', () => controller.loadText(el['contest-text'].value));
  for (const [control, button] of Object.entries(buttons)) button.addEventListener('click', () => controller.press(control));
  el.speed.max = String(SPEEDS.length - 1);
  el.speed.addEventListener('input', () => controller.setSpeed(Number(el.speed.value)));
  el.sound.addEventListener('click', () => sound.setMuted(!sound.muted));
  const showSound = () => {
    el.sound.setAttribute('aria-pressed', String(!sound.muted));
    el.sound.textContent = sound.muted ? 'Sound off' : 'Sound on';
  };
  sound.subscribe(showSound);
  showSound();

  function showGame(game) {
    shownGame = game;
    el.game.value = game.id;
    el.preset.replaceChildren(new Option('Load a board…', ''), ...game.presets.map((p, i) => new Option(p.name, String(i))));
    el.rows.min = game.minRows;
    el.rows.max = game.maxRows;
    el.cols.min = game.minCols;
    el.cols.max = game.maxCols;
    el.clear.hidden = !game.obstacles;
    el.weights.hidden = game.kind !== 'scored';
    el['weight-a'].max = game.maxWeight;
    el['weight-b'].max = game.maxWeight;
    el.rules.textContent = game.rules;
    el.help.innerHTML = game.help; // the game descriptors' own markup, never user text
    el.board.setAttribute('aria-label', `Board editor. ${el.help.textContent}`);
    const scored = game.kind === 'scored';
    el.counters.classList.toggle('scored', scored);
    el['queued-label'].textContent = scored ? 'Layer left' : 'Queued';
    el['layer-label'].textContent = scored ? 'Moves left' : 'Remoteness';
    el['histogram-caption'].textContent = scored
      ? 'Positions scored by moves left to the end (log scale), full board on the left. Click a bar for an example.'
      : 'Decided positions by remoteness (log scale): wins for the side to move above, losses below. Click a bar for an example.';
    el['legend-items'].replaceChildren(
      ...game.legend.items.map(({ cls, glyph, words }) => {
        const item = document.createElement('li');
        item.className = cls;
        const swatch = Object.assign(document.createElement('span'), { className: 'swatch', textContent: glyph });
        item.append(swatch, ` ${words}`);
        return item;
      }),
    );
  }

  function render(state) {
    const { game, board, cursor, notice, error } = state.editor;
    if (game !== shownGame) showGame(game);
    for (const [input, value] of [[el.rows, board.rows], [el.cols, board.cols]]) {
      if (document.activeElement !== input || Number(input.value) !== value) input.value = value;
    }
    if (game.kind === 'scored') {
      const cell = Math.min(cursor, board.rows * board.cols - 1);
      el['weights-cell'].textContent = `Cell (${Math.floor(cell / board.cols) + 1}, ${(cell % board.cols) + 1})`;
      if (document.activeElement !== el['weight-a']) el['weight-a'].value = board.a[cell];
      if (document.activeElement !== el['weight-b']) el['weight-b'].value = board.b[cell];
    }
    const text = game.toText(board);
    if (text !== shownText && document.activeElement !== el['contest-text']) {
      shownText = text;
      el['contest-text'].value = text;
    }

    const { failure } = state;
    const messages = [pageError, notice, error && `This board cannot be solved: ${error}.`, failure && `The analysis failed: ${failure}.`];
    const shown = messages.filter(Boolean);
    el.message.hidden = shown.length === 0;
    el.message.replaceChildren(...shown.map((words) => Object.assign(document.createElement('p'), { textContent: words })));
    el.message.classList.toggle('error', Boolean(error || failure || pageError));

    renderControls(state);
    renderProgress(state);
    renderCounters(state);
    histogram.render(state);
    renderVerdict(state);
  }

  function renderControls(state) {
    for (const [control, button] of Object.entries(buttons)) button.disabled = !controller.enabled(control);
    const pause = playing(state);
    const play = buttons.play;
    play.textContent = pause ? '❚❚ Pause' : '▶ Play';
    play.classList.toggle('pausing', pause);
    play.title = state.phase === 'solved' || state.phase === 'replaying' ? 'Play the game move by move (Space)' : 'Play / pause the analysis (Space)';
    el.controls.dataset.phase = state.phase;
    if (Number(el.speed.value) !== state.speed) el.speed.value = String(state.speed);
    el['speed-value'].textContent = speedWords(SPEEDS[state.speed]);
  }

  function renderProgress({ analysis: { progress, stats } }) {
    el.progress.hidden = !progress;
    el['progress-text'].hidden = !progress;
    if (!progress) return;
    if (progress.total > 0) {
      el.progress.max = progress.total;
      el.progress.value = progress.decided;
    } else {
      el.progress.removeAttribute('value'); // indeterminate while memory is prepared
    }
    el['progress-text'].textContent = progressWords(progress, stats);
  }

  function setCount(element, value) {
    const shown = value === null || value === undefined ? '–' : count(value);
    if (element.textContent !== shown) element.textContent = shown;
    element.dataset.value = String(value ?? 0);
  }

  function renderCounters({ editor: { game }, analysis: { progress, rate } }) {
    const p = progress && progress.phase !== 'memory' ? progress : null;
    setCount(el.total, p?.total);
    setCount(el.decided, p?.decided);
    if (game.kind === 'scored') {
      setCount(el.queued, p && (p.phase === Phase.Propagate ? p.layerLeft : 0));
      setCount(el.layer, p && p.phase !== Phase.Scan ? p.layers - 1 - p.layer : null);
    } else {
      setCount(el.queued, p?.queued);
      setCount(el.wins, p?.wins);
      setCount(el.losses, p?.losses);
      setCount(el.ties, p?.ties);
      setCount(el.layer, p && p.phase !== Phase.Scan ? p.remoteness : null);
    }
    const words = rate === null || rate === undefined ? '–' : `${count(rate)} / s`;
    if (el.rate.textContent !== words) el.rate.textContent = words;
  }

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
      el.details.textContent = `Contest answer: ${answer}. ${count(total)} positions analysed in ${stats.solveMs.toFixed(1)} ms${split}.`;
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
      const piece = analysis.heat ? pieceName(game, editor.board.cells[editor.pieces[editor.varying]]) : null;
      el['legend-text'].textContent = game.legend.text(piece);
    }
  }

  return {
    render,
    /** Shows an unexpected error in the message area (the page stays usable). */
    showError(text) {
      pageError = text;
      render(controller.state);
    },
    /** Re-reads the theme's colours (light/dark switch). */
    retheme() {
      histogram.retheme();
      histogram.render(controller.state);
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
      return { headline: 'Ready — nothing decided yet', explanation: 'Step takes one position from the queue; Play runs the analysis at the chosen speed.' };
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
        headline: error ? 'Fix the board to solve it.' : 'Not solved yet — press Play.',
        explanation: 'Draw a board, then Play to watch the analysis, Step through it, or Solve instantly: every position is decided exactly, not estimated.',
      };
  }
}

function pieceName(game, ch) {
  return game.pieces.find((p) => p.ch === ch)?.label ?? 'piece';
}

function progressWords(progress, stats) {
  if (progress.phase === 'memory') return 'Preparing memory for the analysis…';
  const pct = progress.total > 0 ? Math.floor((100 * progress.decided) / progress.total) : 100;
  const phase = {
    [Phase.Scan]: progress.layers === undefined ? 'Finding the finished games' : 'Sorting the positions by stones on the board',
    [Phase.Propagate]:
      progress.layers === undefined
        ? `Working back from the ends, ${progress.remoteness} moves out`
        : `Scoring the positions with ${progress.layer} stones`,
    [Phase.MarkTies]: 'Marking the rest as ties',
    [Phase.Done]: 'Done',
  }[progress.phase];
  const time = stats ? ` · ${stats.solveMs.toFixed(0)} ms` : '';
  return `${phase}: ${count(progress.decided)} of ${count(progress.total)} positions decided (${pct}%)${time}`;
}
