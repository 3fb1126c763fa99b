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
    legendItems: $(root, 'legend-items'),
    legendText: $(root, 'legend-text'),
    rules: $(root, 'rules'),
    help: $(root, 'help'),
    board: $(root, 'board'),
    weights: $(root, 'weights'),
    weightsCell: $(root, 'weights-cell'),
    weightA: $(root, 'weight-a'),
    weightB: $(root, 'weight-b'),
  };
  let shownGame = null;
  let pageError = null;

  el.game.replaceChildren(...games.map((g) => new Option(g.title, g.id)));
  el.game.addEventListener('change', () => controller.setGame(el.game.value));
  const square = () => controller.state.game.square;
  el.rows.addEventListener('change', () => {
    const rows = Number(el.rows.value);
    controller.resize(rows, square() ? rows : controller.state.board.cols);
  });
  el.cols.addEventListener('change', () => {
    const cols = Number(el.cols.value);
    controller.resize(square() ? cols : controller.state.board.rows, cols);
  });
  const setWeights = () => controller.setWeights(controller.state.cursor, Number(el.weightA.value), Number(el.weightB.value));
  el.weightA.addEventListener('change', setWeights);
  el.weightB.addEventListener('change', setWeights);
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
    el.weights.hidden = game.kind !== 'scored';
    el.weightA.max = game.maxWeight ?? 0;
    el.weightB.max = game.maxWeight ?? 0;
    el.rules.textContent = game.rules;
    el.help.innerHTML = game.help; // the game descriptors' own markup, never user text
    el.board.setAttribute('aria-label', `Board editor. ${el.help.textContent}`);
    el.legendItems.replaceChildren(
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
    const { game, board, phase } = state;
    if (game !== shownGame) showGame(game);
    for (const [input, value] of [[el.rows, board.rows], [el.cols, board.cols]]) {
      if (document.activeElement !== input || Number(input.value) !== value) input.value = value;
    }
    if (game.kind === 'scored') {
      const cell = Math.min(state.cursor, board.rows * board.cols - 1);
      el.weightsCell.textContent = `Cell (${Math.floor(cell / board.cols) + 1}, ${(cell % board.cols) + 1})`;
      if (document.activeElement !== el.weightA) el.weightA.value = board.a[cell];
      if (document.activeElement !== el.weightB) el.weightB.value = board.b[cell];
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
      if (progress.total > 0) {
        el.progress.max = progress.total;
        el.progress.value = progress.decided;
      } else {
        el.progress.removeAttribute('value'); // indeterminate while memory is prepared
      }
      el.progressText.textContent = progressWords(progress, state.stats);
    }

    renderVerdict(state);
  }

  function renderVerdict(state) {
    const { phase, game } = state;
    const v = el.verdict;
    v.dataset.phase = phase;
    if (phase === 'solved' && state.outcome && state.answer !== null) {
      const words = game.verdict(state.outcome, state);
      v.textContent = words.headline;
      v.dataset.result = state.answer;
      v.dataset.solveMs = state.stats.solveMs.toFixed(1);
      v.dataset.maxSliceMs = state.stats.maxSliceMs.toFixed(1);
      if (state.outcome.value) v.dataset.value = state.outcome.value;
      el.explanation.textContent = words.explanation;
      const { total, wins, losses, ties } = state.progress;
      const split = wins === undefined ? '' : ` (${count(wins)} wins, ${count(losses)} losses, ${count(ties)} ties for the side to move)`;
      el.details.textContent =
        `Contest answer: ${state.answer}. ${count(total)} positions analysed in ${state.stats.solveMs.toFixed(1)} ms${split}.`;
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
    const overlay = phase === 'solved' && (state.heat || state.line);
    el.legend.hidden = !overlay;
    if (overlay) {
      const piece = state.heat ? pieceName(game, state.board.cells[state.pieces[state.varying]]) : null;
      el.legendText.textContent = game.legend.text(piece);
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
  if (progress.phase === 'memory') return 'Preparing memory for the analysis…';
  const pct = progress.total > 0 ? Math.floor((100 * progress.decided) / progress.total) : 100;
  const phase = {
    scan: progress.layers === undefined ? 'Finding the finished games' : 'Sorting the positions by stones on the board',
    propagate:
      progress.layers === undefined
        ? `Working back from the ends, ${progress.remoteness} moves out`
        : `Scoring the positions with ${progress.layer} stones`,
    markTies: 'Marking the rest as ties',
    done: 'Done',
  }[progress.phase];
  const time = stats ? ` · ${stats.solveMs.toFixed(0)} ms` : '';
  return `${phase}: ${count(progress.decided)} of ${count(progress.total)} positions decided (${pct}%)${time}`;
}
