// The DOM around the board: the toolbar (the game menu is gamemenu.js, the size fields sizefields.js, the boards of a
// contest text chooser.js, the contest text itself contesttext.js), the analysis controls and speed, progress, counters and histogram;
// the verdict, messages and legend are outcome.js. It sends the person's actions to the
// controller and shows the controller's state; nothing else. Buttons are enabled from the
// controller's transition table (`controller.enabled`).

import { Phase } from '../pkg/retrolab.js';
import { boardLabel } from '../board/boardkeys.js';
import { playing } from '../machine/phases.js';
import { createChooser } from './chooser.js';
import { createGameMenu } from './gamemenu.js';
import { createHistogram } from './histogram.js';
import { createOutcome } from './outcome.js';
import { tierWords } from './order.js';
import { createSizeFields } from './sizefields.js';
import { atEnd } from '../machine/replay.js';
import { SPEEDS } from '../machine/settings.js';
import { count } from '../words/text.js';
import { t } from '../words/i18n.js';

const $ = (root, id) => root.querySelector(`[data-testid="${id}"]`);

/** Control name → test id of its button. */
const BUTTONS = {
  play: 'play', stepLineBack: 'step-line-back', stepLine: 'step-line', stepBack: 'step-back', step: 'step', stepLayerBack: 'step-layer-back',
  stepLayer: 'step-layer', restart: 'restart', solveNow: 'solve-now',
};
/** The controls with a button here. */
const CONTROLS = /** @type {import('../machine/phases.js').Control[]} */ (Object.keys(BUTTONS));

/**
 * What notch `index` of the speed slider does, in one unit: where it is among the notches,
 * then the positions the animation takes a second — "3 of 17: 5 positions a second",
 * "12 of 17: 5,000 positions a second", "17 of 17: as fast as it goes".
 * @param {number} index
 */
function speedWords(index) {
  const { rate } = SPEEDS[index];
  const notch = index + 1;
  return rate === Infinity ? t('controls.speed-fastest', { notch, notches: SPEEDS.length }) : t('controls.speed', { notch, notches: SPEEDS.length, count: rate });
}

/**
 * The "per second" counter, in the slider's unit: "1,234 positions".
 * @param {number} rate
 */
const rateWords = (rate) => t('controls.rate', { count: Math.round(rate) });

/**
 * Binds the controls under `root` to `controller`; returns `{render(state), showError(text)}`.
 * @param {import('../machine/api.js').Controller} controller
 */
export function createPanel(root, controller, games, sound) {
  const el = Object.fromEntries(
    [
      'game', 'preset', 'clear', 'progress', 'progress-text', 'table-progress', 'total-label', 'legend-items', 'rules', 'help', 'board', 'weights',
      'weights-cell', 'weight-a', 'weight-b', 'undo', 'redo', 'rule-line',
      'controls', 'speed', 'speed-value', 'total', 'decided', 'queued', 'queued-label', 'wins',
      'losses', 'ties', 'layer', 'layer-label', 'rate', 'histogram', 'histogram-caption', 'sound', 'counters',
    ].map((id) => [id, $(root, id)]),
  );
  /** The total's label and its title as index.html has them: every position. */
  const allTotal = [el['total-label'].textContent, el['total-label'].title];
  const buttons = Object.fromEntries(Object.entries(BUTTONS).map(([control, id]) => [control, $(root, id)]));
  const sizeFields = createSizeFields(root, controller);
  const chooser = createChooser(root, (index) => controller.choose(index));
  const outcome = createOutcome(root);
  const histogram = createHistogram(el.histogram, (bucket, value) => controller.showExample(bucket, value));
  let shownGame = null;

  const gameMenu = createGameMenu(el.game, games, (id) => controller.setGame(id));
  const { editor } = controller.state;
  const setWeights = () => controller.setWeights(editor.cursor, Number(el['weight-a'].value), Number(el['weight-b'].value));
  el['weight-a'].addEventListener('change', setWeights);
  el['weight-b'].addEventListener('change', setWeights);
  /**
   * The board last loaded from the Board menu, as contest text: the menu, closed, names it
   * while that board is on show (an undo back to it too), and says "Load a board…" once it is
   * edited. It shows a hidden entry of its own, not the board's: so choosing the board again
   * (another random board) is still a change.
   * @type {{game: import('../games/define.js').Game, index: number, text: string} | null}
   */
  let loaded = null;
  /**
   * The contest texts of the menu's fixed boards (the presets that draw nothing at random) of
   * the game on show, by index: the menu names such a board whenever it is on show, however it
   * came (a first visit's default board, a link, an undo).
   * @type {Map<number, string>}
   */
  let fixed = new Map();
  el.preset.addEventListener('change', () => {
    if (el.preset.value === '') return;
    const index = Number(el.preset.value);
    controller.preset(index);
    const { game, board } = controller.state.editor;
    loaded = { game, index, text: game.toText(board) };
    showLoaded(game, loaded.text);
  });
  /**
   * Names the board on show (`text` of `game`) in the Board menu's hidden entry when it was
   * loaded from the menu, else "Load a board…".
   * @param {import('../games/define.js').Game} game
   * @param {string} text
   */
  function showLoaded(game, text) {
    const index = loaded && loaded.game === game && loaded.text === text ? loaded.index : [...fixed].find(([, t]) => t === text)?.[0];
    const name = index === undefined || text === '' ? t('controls.load-board') : game.presets[index].name;
    const shown = /** @type {HTMLOptionElement} */ (el.preset.lastElementChild);
    if (shown.textContent !== name) shown.textContent = name;
    el.preset.value = '';
  }
  el.clear.addEventListener('click', () => controller.clear());
  el.undo.addEventListener('click', () => controller.undo());
  el.redo.addEventListener('click', () => controller.redo());
  for (const control of CONTROLS) buttons[control].addEventListener('click', () => controller.press(control));
  el.speed.max = String(SPEEDS.length - 1);
  el.speed.addEventListener('input', () => controller.setSpeed(Number(el.speed.value)));
  el.sound.addEventListener('click', () => sound.setMuted(!sound.muted));
  const showSound = () => {
    el.sound.setAttribute('aria-pressed', String(!sound.muted));
    el.sound.textContent = sound.muted ? t('html.sound') : t('controls.sound-on');
  };
  sound.subscribe(showSound);
  showSound();

  function showGame(game) {
    shownGame = game;
    gameMenu.show(game);
    fixed = fixedBoards(game);
    // The entry the menu shows when closed, last and hidden from the list (showLoaded).
    const shown = Object.assign(new Option(t('controls.load-board'), ''), { hidden: true });
    el.preset.replaceChildren(...game.presets.map((p, i) => new Option(p.name, String(i))), shown);
    el.clear.hidden = !game.obstacles;
    el.weights.hidden = game.kind !== 'scored';
    el['weight-a'].max = game.maxWeight;
    el['weight-b'].max = game.maxWeight;
    el.rules.textContent = game.rules;
    el['rule-line'].textContent = game.summary;
    el.help.innerHTML = game.help; // the game descriptors' own markup, never user text
    const scored = game.kind === 'scored';
    el.counters.classList.toggle('scored', scored);
    el['queued-label'].textContent = scored ? t('controls.layer-left') : t('html.queued');
    el['layer-label'].textContent = scored ? t('controls.moves-left') : t('controls.remoteness');
    el['histogram-caption'].textContent = scored ? t('controls.histogram-scored') : t('controls.histogram');
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

  /** @param {import('../machine/state.js').State} state */
  function render(state) {
    const { game, board, cursor, choices, undo } = state.editor;
    if (game !== shownGame) showGame(game);
    const label = boardLabel(state);
    if (el.board.getAttribute('aria-label') !== label) el.board.setAttribute('aria-label', label);
    sizeFields.render(state);
    if (game.kind === 'scored' && 'a' in board) {
      const cell = Math.min(cursor, board.rows * board.cols - 1);
      el['weights-cell'].textContent = t('controls.weights-cell', { row: Math.floor(cell / board.cols) + 1, col: (cell % board.cols) + 1 });
      if (document.activeElement !== el['weight-a']) el['weight-a'].value = board.a[cell];
      if (document.activeElement !== el['weight-b']) el['weight-b'].value = board.b[cell];
    }
    showLoaded(game, state.editor.text ?? '');

    chooser.render(choices && { index: choices.index, count: choices.boards.length });
    el.undo.disabled = undo.past.length === 0;
    el.redo.disabled = undo.future.length === 0;

    renderControls(state);
    renderProgress(state);
    renderCounters(state);
    histogram.render(state);
    outcome.render(state);
  }

  /** @param {import('../machine/state.js').State} state */
  function renderControls(state) {
    for (const control of CONTROLS) buttons[control].disabled = !controller.enabled(control);
    const pause = playing(state);
    const play = buttons.play;
    const [label, name] = pause ? [t('controls.pause'), t('controls.pause')] : playWords(state);
    play.textContent = pause ? t('controls.pause-button') : t('controls.play-button', { label });
    play.setAttribute('aria-label', name);
    play.classList.toggle('pausing', pause);
    play.title = t('controls.play-title', { name });
    el.controls.dataset.phase = state.phase;
    if (Number(el.speed.value) !== state.speed) el.speed.value = String(state.speed);
    const speed = speedWords(state.speed);
    el['speed-value'].textContent = speed;
    el.speed.setAttribute('aria-valuetext', speed);
  }

  /** @param {import('../machine/state.js').State} state */
  function renderProgress({ editor: { game }, analysis: { progress, stats, span, table } }) {
    el.progress.hidden = !progress;
    el['progress-text'].hidden = !progress;
    el['table-progress'].hidden = !table;
    el['table-progress'].textContent = table ? tableWords(table) : '';
    const [label, title] = span === 'start' ? [t('controls.start-total'), t('controls.start-total-title')] : allTotal;
    el['total-label'].textContent = label;
    el['total-label'].title = title;
    if (!progress) return;
    if (progress.total > 0) {
      el.progress.max = progress.total;
      el.progress.value = progress.decided;
    } else {
      el.progress.removeAttribute('value'); // indeterminate while memory is prepared
    }
    el['progress-text'].textContent = (span ? spanWords(span) : '') + tierWords(game, progress) + progressWords(progress, stats);
    el['progress-text'].dataset.span = span ?? '';
  }

  function setCount(element, value) {
    const shown = value === null || value === undefined ? '–' : count(value);
    if (element.textContent !== shown) element.textContent = shown;
    element.dataset.value = String(value ?? 0);
    // Hundreds of millions (a 24×24 river board) take a smaller font to fit their tile whole.
    element.toggleAttribute('data-long', shown.length > 9);
  }

  /** @param {import('../machine/state.js').State} state */
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
    const words = rate ? rateWords(rate) : '–';
    if (el.rate.textContent !== words) el.rate.textContent = words;
  }

  return {
    render,
    /** Shows an unexpected error in the message area (the page stays usable). */
    showError(text) {
      outcome.showError(text);
      render(controller.state);
    },
    /** Re-reads the theme's colours (light/dark switch). */
    retheme() {
      histogram.retheme();
      histogram.render(controller.state);
    },
  };
}

/**
 * The contest texts of `game`'s fixed presets (a preset's board that takes no `random`), by
 * index. A composed game's board that its rules cannot start from has none.
 * @param {import('../games/define.js').Game} game
 */
function fixedBoards(game) {
  /** @type {Map<number, string>} */
  const texts = new Map();
  game.presets.forEach((preset, index) => {
    if (preset.board.length > 0) return;
    try {
      texts.set(index, game.toText(preset.board(Math.random)));
    } catch {
      // Not a legal start: never the board on show once read, so nothing to name.
    }
  });
  return texts;
}

/**
 * What the main button does when pressed (not while something plays: then it pauses), as
 * `[label, name]`: the word on it and what it does in full. Each of the page's ways of
 * playing has its own name: this button animates the analysis, then replays best play and
 * continues a replay (or a drill's line); the Play tool plays against perfect play. A board
 * solved live has not been watched: the button animates its analysis from the start.
 */
function playWords({ phase, replay, live }) {
  if (phase === 'solved' && live) return [t('controls.animate'), t('controls.animate-again')];
  if (phase === 'solved') return [t('controls.replay'), t('controls.replay-best')];
  if (phase === 'replaying') return replay.line && !atEnd(replay.line) ? [t('controls.continue'), t('controls.continue-title')] : [t('controls.replay'), t('controls.replay-start')];
  return [t('controls.animate'), t('controls.animate-title')];
}

/**
 * Which positions the analysis holds, where the start reaches far fewer than every placement
 * (state.js `span`), as the progress line's first words; the total's label and its title
 * while it holds what the start reaches are START_TOTAL's (index.html has every position's).
 * @param {'start' | 'whole'} span
 */
const spanWords = (span) => (span === 'start' ? t('controls.span-start') : t('controls.span-whole'));

/**
 * The whole table's analysis in the background (state.js `table`), in words.
 * @param {import('../machine/state.js').TableProgress} table
 */
function tableWords({ progress, failure }) {
  if (failure) return t('controls.table-failed', { failure });
  if (!progress) return t('controls.table-memory');
  const pct = progress.total > 0 ? Math.floor((100 * progress.decided) / progress.total) : 100;
  return t('controls.table-progress', { pct, count: progress.total });
}

function progressWords(progress, stats) {
  if (progress.phase === 'memory') return t('controls.memory');
  const pct = progress.total > 0 ? Math.floor((100 * progress.decided) / progress.total) : 100;
  const phase = {
    [Phase.Scan]: progress.layers === undefined ? t('controls.scan') : t('controls.scan-scored'),
    [Phase.Propagate]:
      progress.layers === undefined
        ? t('controls.propagate', { count: progress.remoteness })
        : t('controls.propagate-scored', { count: progress.layer }),
    // The queue ran dry: what is undecided (tier by tier: in this tier) is a tie — maybe nothing.
    [Phase.MarkTies]: progress.tiers > 1 ? t('controls.ties-tier') : t('controls.ties'),
    [Phase.Done]: t('controls.done'),
  }[progress.phase];
  const time = stats ? t('controls.time', { ms: stats.solveMs.toFixed(0) }) : '';
  return t('controls.progress', { phase, decided: progress.decided, count: progress.total, pct, time });
}
