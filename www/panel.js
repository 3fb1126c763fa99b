// The DOM around the board: controls, messages, progress, verdict, legend. It sends the
// person's actions to the controller and shows the controller's state; nothing else.

const $ = (root, id) => root.querySelector(`[data-testid="${id}"]`);
const count = (n) => Math.round(n).toLocaleString('en-US');

/** Binds the controls under `root` to `controller`; returns `{render(state), showError(text)}`. */
export function createPanel(root, controller, games) {
  const el = {
    game: $(root, 'game'),
    rows: $(root, 'rows'),
    cols: $(root, 'cols'),
    preset: $(root, 'preset'),
    clear: $(root, 'clear'),
    solve: $(root, 'solve'),
    message: $(root, 'message'),
    progress: $(root, 'progress'),
    progressText: $(root, 'progress-text'),
    verdict: $(root, 'verdict'),
    explanation: $(root, 'explanation'),
    details: $(root, 'details'),
    legend: $(root, 'legend'),
    legendText: $(root, 'legend-text'),
    rules: $(root, 'rules'),
  };
  let shownGame = null;
  let pageError = null;

  el.game.replaceChildren(...games.map((g) => new Option(`${g.title} (${g.subtitle})`, g.id)));
  el.game.addEventListener('change', () => controller.setGame(el.game.value));
  el.rows.addEventListener('change', () => controller.resize(Number(el.rows.value), controller.state.board.cols));
  el.cols.addEventListener('change', () => controller.resize(controller.state.board.rows, Number(el.cols.value)));
  el.preset.addEventListener('change', () => {
    if (el.preset.value !== '') controller.preset(Number(el.preset.value));
    el.preset.value = '';
  });
  el.clear.addEventListener('click', () => controller.clear());
  el.solve.addEventListener('click', () => controller.solve());

  function showGame(game) {
    shownGame = game;
    el.game.value = game.id;
    el.preset.replaceChildren(new Option('Load a board…', ''), ...game.presets.map((p, i) => new Option(p.name, String(i))));
    el.rows.min = game.minRows;
    el.rows.max = game.maxRows;
    el.cols.min = game.minCols;
    el.cols.max = game.maxCols;
    el.clear.hidden = !game.obstacles;
    el.rules.textContent = game.rules;
    for (const name of ['win', 'lose', 'tie']) el.legend.querySelector(`.${name} .words`).textContent = game.legend[name];
  }

  function render(state) {
    const { game, board, phase } = state;
    if (game !== shownGame) showGame(game);
    for (const [input, value] of [[el.rows, board.rows], [el.cols, board.cols]]) {
      if (document.activeElement !== input || Number(input.value) !== value) input.value = value;
    }

    const messages = [pageError, state.notice, state.error && `This board cannot be solved: ${state.error}.`, state.failure && `The analysis failed: ${state.failure}.`];
    const shown = messages.filter(Boolean);
    el.message.hidden = shown.length === 0;
    el.message.replaceChildren(...shown.map((text) => Object.assign(document.createElement('p'), { textContent: text })));
    el.message.classList.toggle('error', Boolean(state.error || state.failure || pageError));

    el.solve.disabled = Boolean(state.error) || phase !== 'editing';
    el.solve.textContent = phase === 'solving' ? 'Solving…' : phase === 'solved' ? 'Solved' : 'Solve';

    const progress = state.progress;
    el.progress.hidden = !progress;
    el.progressText.hidden = !progress;
    if (progress) {
      el.progress.max = progress.total;
      el.progress.value = progress.decided;
      el.progressText.textContent = progressWords(progress, state.stats);
    }

    renderVerdict(state);
  }

  function renderVerdict(state) {
    const { phase, game } = state;
    const v = el.verdict;
    v.dataset.phase = phase;
    if (phase === 'solved' && state.outcome && state.answer !== null) {
      const words = game.verdict(state.outcome);
      v.textContent = words.headline;
      v.dataset.result = state.answer;
      v.dataset.solveMs = state.stats.solveMs.toFixed(1);
      v.dataset.maxSliceMs = state.stats.maxSliceMs.toFixed(1);
      v.dataset.value = state.outcome.value;
      el.explanation.textContent = words.explanation;
      el.details.textContent =
        `Contest answer: ${state.answer}. ${count(state.progress.total)} positions analysed in ` +
        `${state.stats.solveMs.toFixed(1)} ms (${count(state.progress.wins)} wins, ${count(state.progress.losses)} losses, ` +
        `${count(state.progress.ties)} ties for the side to move).`;
    } else {
      for (const key of ['result', 'solveMs', 'maxSliceMs', 'value']) delete v.dataset[key];
      v.textContent =
        phase === 'solving' ? 'Solving…' : state.error ? 'Fix the board to solve it.' : 'Not solved yet — press Solve.';
      el.explanation.textContent =
        phase === 'solving'
          ? 'Working backwards from every finished game: the ends first, then the positions one move before them, and so on.'
          : 'Draw a board, then Solve: every position is decided exactly, not estimated.';
      el.details.textContent = '';
    }
    const slice = phase === 'solved' && state.heat && state.pieces;
    el.legend.hidden = !slice;
    if (slice) {
      const piece = pieceName(game, state.board.cells[state.pieces[state.varying]]);
      el.legendText.textContent = game.legend.slice(piece);
    }
  }

  return {
    render,
    /** Shows an unexpected error in the message area (the page stays usable). */
    showError(text) {
      pageError = text;
      render(controller.state);
    },
  };
}

function pieceName(game, ch) {
  return game.pieces.find((p) => p.ch === ch)?.label ?? 'piece';
}

function progressWords(progress, stats) {
  const pct = progress.total > 0 ? Math.floor((100 * progress.decided) / progress.total) : 100;
  const phase = {
    scan: 'Finding the finished games',
    propagate: `Working back from the ends, ${progress.remoteness} moves out`,
    markTies: 'Marking the rest as ties',
    done: 'Done',
  }[progress.phase];
  const time = stats ? ` · ${stats.solveMs.toFixed(0)} ms` : '';
  return `${phase}: ${count(progress.decided)} of ${count(progress.total)} positions decided (${pct}%)${time}`;
}
