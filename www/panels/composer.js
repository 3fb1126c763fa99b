// The rules composer `[data-testid=rules-editor]`, shown while the game is a composed one: a
// form of the rules (directions, step kinds, stops, ends, first player, names, colours, piece
// counts, how a side's win reads), each side's moves drawn from the rules
// `[data-testid=side1-diagram]`, and under it the rules file `[data-testid=rules-text]`
// (editable, copied, downloaded, opened from a file, its link copied), the presets
// `[data-testid=rules-preset]`, and the engine's message for rules it cannot play in
// `[data-testid=rules-error]` (empty when they are good). Form and text follow each other: an
// edit of the form rewrites only the keys it changes, so the text's comments stay; every good
// change becomes the game on show (games/custom.js), a bad one keeps the last good game. The
// engine reads, writes, edits and lists the rules files and draws the moves; this module only
// shows them.

import { editRules, movesDiagram, readRules, rulesLimits, rulesPresets, writeRules } from '../pkg/retrolab.js';
import { composedGame, CUSTOM } from '../games/custom.js';
import { errorText } from '../words/text.js';
import { linkParams } from '../keep/url.js';
import { copyLinkButton } from './copylink.js';
import { t } from '../words/i18n.js';

/**
 * @typedef {import('../games/custom.js').Rules} Rules
 * @typedef {import('../games/define.js').Game} Game
 */

/** The choices of the form as `[value, catalog key]`. */
const MOVES = [
  ['orthogonal', 'composer.orthogonal'],
  ['diagonal', 'composer.diagonal'],
  ['knight', 'composer.knight'],
];
/** The directions in the order of a compass's 3 × 3 grid read row by row, the centre left out. */
const DIRECTIONS = [
  ['up-left', '↖'],
  ['up', '↑'],
  ['up-right', '↗'],
  ['left', '←'],
  ['right', '→'],
  ['down-left', '↙'],
  ['down', '↓'],
  ['down-right', '↘'],
];
const CAPTURES = [
  ['none', 'composer.capture-none'],
  ['wins', 'composer.capture-wins'],
  ['removes', 'composer.capture-removes'],
];
const GOALS = [
  ['none', 'composer.goal-none'],
  ['top', 'composer.goal-top'],
  ['bottom', 'composer.goal-bottom'],
];
const STUCK = [
  ['loses', 'composer.stuck-loses'],
  ['wins', 'composer.stuck-wins'],
  ['draws', 'composer.stuck-draws'],
];

/** Choices `[value, catalog key]` as `[value, words]`. */
const said = (/** @type {string[][]} */ choices) => choices.map(([value, key]) => [value, t(key)]);

/**
 * An element with attributes and children.
 * @param {string} tag
 * @param {Record<string, string>} [attributes]
 * @param {(Node | string)[]} [children]
 */
function h(tag, attributes = {}, children = []) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) el.setAttribute(key, value);
  el.append(...children);
  return el;
}

/**
 * A select of `[value, words]` options.
 * @param {string} testid
 * @param {string[][]} options
 */
const select = (testid, options) => /** @type {HTMLSelectElement} */ (h('select', { 'data-testid': testid }, options.map(([value, words]) => new Option(words, value))));

/**
 * @param {string} testid
 * @param {Record<string, string>} [attributes]
 */
const input = (testid, attributes = {}) => /** @type {HTMLInputElement} */ (h('input', { 'data-testid': testid, ...attributes }));

/**
 * @param {string} words
 * @param {HTMLElement} field
 */
const labelled = (words, field) => h('label', {}, [`${words} `, field]);

/**
 * The fields of side `i` (0 or 1): `side1-name`, `side1-moves-knight`, `side1-never-down`, …
 * @param {number} i
 * @param {{maxPieces: number, maxDistance: number, maxSideName: number, maxWinWords: number}} limits
 */
function sideFields(i, limits) {
  const id = (/** @type {string} */ key) => `side${i + 1}-${key}`;
  const fields = {
    name: input(id('name'), { type: 'text', maxlength: String(limits.maxSideName), size: '10' }),
    win: input(id('win'), { type: 'text', maxlength: String(limits.maxWinWords), size: '16' }),
    letter: input(id('letter'), { type: 'text', maxlength: '1', size: '2' }),
    colour: input(id('colour'), { type: 'color' }),
    pieces: input(id('pieces'), { type: 'number', min: '1', max: String(limits.maxPieces), inputmode: 'numeric' }),
    moves: Object.fromEntries(MOVES.map(([kind]) => [kind, input(id(`moves-${kind}`), { type: 'checkbox' })])),
    distance: input(id('distance'), { type: 'number', min: '1', max: String(limits.maxDistance), inputmode: 'numeric' }),
    jump: input(id('jump'), { type: 'checkbox' }),
    never: Object.fromEntries(DIRECTIONS.map(([direction]) => [direction, input(id(`never-${direction}`), { type: 'checkbox' })])),
    capture: select(id('capture'), said(CAPTURES)),
    goal: select(id('goal'), said(GOALS)),
  };
  const legend = h('legend', {}, [t('composer.side', { number: i + 1 })]);
  // Never moves: the directions as a compass round the piece, a 3 × 3 block that does not wrap.
  const compass = DIRECTIONS.map(([direction, arrow]) => h('label', { title: direction }, [fields.never[direction], arrow]));
  compass.splice(4, 0, h('span', { class: 'compass-centre', 'aria-hidden': 'true' }, ['●']));
  const diagram = h('figure', { class: 'moves-diagram', 'data-testid': id('diagram') });
  const box = h('fieldset', { class: 'side' }, [
    legend,
    h('div', { class: 'row' }, [labelled(t('composer.name'), fields.name), labelled(t('composer.letter'), fields.letter), labelled(t('composer.colour'), fields.colour), labelled(t('composer.pieces'), fields.pieces)]),
    h('div', { class: 'row' }, MOVES.map(([kind, key]) => h('label', {}, [fields.moves[kind], ` ${t(key)}`]))),
    h('div', { class: 'row' }, [labelled(t('composer.distance'), fields.distance), h('label', { title: t('composer.jump-title') }, [fields.jump, t('composer.jump')])]),
    h('div', { class: 'row pictures' }, [
      diagram,
      h('div', { class: 'never', role: 'group', 'aria-label': t('composer.never-label') }, [h('span', {}, [t('composer.never')]), h('div', { class: 'compass' }, compass)]),
    ]),
    h('div', { class: 'row' }, [labelled(t('composer.landing'), fields.capture), labelled(t('composer.goal'), fields.goal)]),
    h('div', { class: 'row' }, [labelled(t('composer.win-reads'), fields.win)]),
  ]);
  return { box, legend, fields, diagram };
}

/**
 * Board text of `from`'s letters in `to`'s (side by side); undefined stays so.
 * @param {string | undefined} board
 * @param {Rules} from
 * @param {Rules} to
 */
function relettered(board, from, to) {
  if (board === undefined) return undefined;
  const letters = new Map(from.side.map((side, i) => [side.letter, to.side[i].letter]));
  return [...board].map((ch) => letters.get(ch) ?? ch).join('');
}

/**
 * Draws into `figure` the engine's picture of one move of side `i` of the rules `text`: the
 * piece at the centre in its colour, the cells it reaches marked; `data-rows` holds the
 * picture's rows ('@' the piece, '*' reached, '.' not), '/' between them.
 * @param {HTMLElement} figure
 * @param {string} text
 * @param {Rules} rules
 * @param {number} i
 */
function drawMoves(figure, text, rules, i) {
  const side = rules.side[i];
  /** @type {{rows: string[], further: boolean}} */
  const { rows, further } = movesDiagram(text, i);
  const grid = h('div', { class: 'moves-grid', 'aria-hidden': 'true' });
  grid.style.gridTemplateColumns = `repeat(${rows.length}, 1fr)`;
  for (const row of rows) {
    for (const mark of row) {
      const cell = h('span', { class: mark === '@' ? 'piece' : mark === '*' ? 'reached' : '' }, mark === '@' ? [side.letter] : []);
      if (mark === '@') cell.style.background = side.colour;
      grid.append(cell);
    }
  }
  const words = further ? t('composer.diagram-further', { distance: side.distance }) : t('composer.diagram');
  figure.replaceChildren(grid, h('figcaption', {}, [words]));
  figure.dataset.rows = rows.join('/');
  figure.setAttribute('aria-label', t('composer.diagram-label', { side: side.name, words: words.toLowerCase() }));
}

/**
 * Whether the engine reads `text` as rules it can play.
 * @param {string} text
 */
function reads(text) {
  try {
    readRules(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * Binds the composer under `root` to `controller`; `games` is the page's list of games, whose
 * composed entry it keeps to the last good rules (the game menu returns to them). Returns
 * `{render(state)}`.
 * @param {ParentNode} root
 * @param {import('../machine/api.js').Controller} controller
 * @param {Game[]} games
 * @param {import('../engine/engine.js').Engine} engine  makes the composed games' descriptors (games/custom.js)
 */
export function createComposer(root, controller, games, engine) {
  const box = /** @type {HTMLElement} */ (root.querySelector('[data-testid="rules-editor"]'));
  const limits = rulesLimits();
  /** @type {{name: string, text: string}[]} */
  const presets = rulesPresets();

  const preset = select('rules-preset', [['', t('composer.preset-choose')], ...presets.map((p) => [p.name, p.name])]);
  const name = input('rules-name', { type: 'text', maxlength: String(limits.maxGameName), size: '18' });
  const first = select('rules-first', [
    ['0', t('composer.side', { number: 1 })],
    ['1', t('composer.side', { number: 2 })],
  ]);
  const stuck = select('rules-stuck', said(STUCK));
  const sides = [sideFields(0, limits), sideFields(1, limits)];
  const text = /** @type {HTMLTextAreaElement} */ (h('textarea', { 'data-testid': 'rules-text', rows: '12', spellcheck: 'false', 'aria-label': t('composer.file-label') }));
  const error = h('p', { 'data-testid': 'rules-error', class: 'rules-error', role: 'status', 'aria-live': 'polite' });
  const copy = h('button', { type: 'button', 'data-testid': 'rules-copy' }, [t('export.copy')]);
  const save = h('button', { type: 'button', 'data-testid': 'rules-download' }, [t('composer.download')]);
  const link = copyLinkButton(document, () => controller.state, t('composer.link-title'));
  const file = input('rules-file', { type: 'file', accept: '.toml,.txt,text/plain', hidden: '' });
  const open = h('button', { type: 'button', 'data-testid': 'rules-open-file' }, [t('batch.open-file')]);
  const form = h('form', { class: 'rules-form', 'aria-label': t('composer.rules') }, [
    h('div', { class: 'row' }, [labelled(t('composer.preset'), preset), labelled(t('composer.name'), name)]),
    h('div', { class: 'row' }, [labelled(t('composer.first'), first), labelled(t('composer.stuck'), stuck)]),
    h('div', { class: 'sides' }, sides.map((s) => s.box)),
  ]);
  // Open when a person comes to compose (the game menu, or a link without rules); folded when a
  // link brings a composed game to look at, so that its board is what the page shows first.
  // Whoever has the rules they want folds it away, and the board moves up.
  const shared = linkParams(location.search + location.hash).has('rules');
  box.replaceChildren(
    h('details', shared ? {} : { open: '' }, [
      h('summary', {}, [t('composer.compose')]),
      form,
      h('div', { class: 'rules-file' }, [h('label', { class: 'rules-text-label' }, [t('composer.file'), text]), error, h('div', { class: 'row' }, [copy, save, open, file, link])]),
    ]),
  );

  /** The last good rules and their text (the game on show is theirs). */
  /** @type {{text: string, rules: Rules} | null} */
  let good = null;
  /** @type {Game | null} */
  let shownGame = null;

  /** Fills the form with `rules`. @param {Rules} rules */
  function fillForm(rules) {
    name.value = rules.name;
    stuck.value = rules.stuck;
    first.value = rules.first === rules.side[1].name ? '1' : '0';
    rules.side.forEach((side, i) => {
      const { fields, legend } = sides[i];
      legend.textContent = t('composer.side-named', { number: i + 1, name: side.name });
      first.options[i].textContent = side.name;
      fields.name.value = side.name;
      fields.win.value = side.win ?? '';
      fields.win.placeholder = t('custom.wins', { side: side.name });
      fields.letter.value = side.letter;
      fields.colour.value = side.colour;
      fields.pieces.value = String(side.pieces);
      for (const [kind] of MOVES) fields.moves[kind].checked = side.moves.includes(/** @type {any} */ (kind));
      fields.distance.value = String(side.distance);
      fields.jump.checked = side.jump;
      for (const [direction] of DIRECTIONS) fields.never[direction].checked = side.never.includes(direction);
      fields.capture.value = side.capture;
      fields.goal.value = side.goal;
    });
  }

  /** The rules the form states (the last good rules' board kept). @returns {Rules} */
  function formRules() {
    const names = sides.map(({ fields }) => fields.name.value);
    return {
      ...(good?.rules ?? {}),
      name: name.value,
      first: names[Number(first.value)],
      stuck: /** @type {Rules['stuck']} */ (stuck.value),
      side: sides.map(({ fields }) => ({
        name: fields.name.value,
        win: fields.win.value.trim() || undefined,
        letter: fields.letter.value,
        colour: fields.colour.value,
        pieces: Number(fields.pieces.value),
        moves: /** @type {Rules['side'][0]['moves']} */ (MOVES.map(([kind]) => kind).filter((kind) => fields.moves[kind].checked)),
        distance: Number(fields.distance.value),
        jump: fields.jump.checked,
        never: DIRECTIONS.map(([direction]) => direction).filter((direction) => fields.never[direction].checked),
        capture: /** @type {Rules['side'][0]['capture']} */ (fields.capture.value),
        goal: /** @type {Rules['side'][0]['goal']} */ (fields.goal.value),
      })),
    };
  }

  /**
   * Reads `rulesText`: its rules, the form filled and the message cleared; or null, the
   * engine's message shown.
   * @param {string} rulesText
   * @returns {Rules | null}
   */
  function read(rulesText) {
    try {
      const rules = readRules(rulesText);
      error.textContent = '';
      fillForm(rules);
      sides.forEach(({ diagram }, i) => drawMoves(diagram, rulesText, rules, i));
      return rules;
    } catch (e) {
      error.textContent = errorText(e);
      return null;
    }
  }

  /**
   * Makes the game of `rulesText` the game on show, if the rules are good: on the rules' board
   * when it is new, else on the board being edited (its pieces in the new letters).
   * @param {string} rulesText
   */
  function apply(rulesText) {
    const before = good;
    const rules = read(rulesText);
    if (!rules) return;
    good = { text: rulesText, rules };
    const presetNamed = presets.find((p) => p.text === rulesText);
    preset.value = presetNamed ? presetNamed.name : '';
    const game = composedGame(engine, rulesText);
    const { editor } = controller.state;
    let board = game.defaultBoard();
    // The board being edited stays, in the new letters, unless the rules bring a board of their own.
    if (before && editor.game.id === CUSTOM && 'cells' in editor.board && relettered(before.rules.board, before.rules, rules) === rules.board) {
      const letters = new Map(before.rules.side.map((side, i) => [side.letter, rules.side[i].letter]));
      board = { ...editor.board, cells: editor.board.cells.map((ch) => letters.get(ch) ?? ch) };
    }
    show(game);
    controller.load({ game, board, solve: false, notice: null });
  }

  /** Keeps `game` as the composed entry of the game list. @param {Game} game */
  function show(game) {
    shownGame = game;
    const index = games.findIndex((g) => g.id === CUSTOM);
    if (index >= 0) games[index] = game;
  }

  /** The rules text typed, chosen or opened: shown, and applied when good. @param {string} rulesText */
  function useText(rulesText) {
    text.value = rulesText;
    apply(rulesText);
  }

  text.addEventListener('input', () => apply(text.value));
  form.addEventListener('change', (event) => {
    if (event.target === preset) return; // the preset's own text, comments and all
    try {
      const rules = formRules();
      rules.board = relettered(rules.board, good?.rules ?? rules, rules);
      // The text edited where the form changed it (its comments kept), else written afresh.
      const write = (/** @type {Rules} */ r) => (good ? editRules(good.text, r) : writeRules(r));
      let written = write(rules);
      // A board the new rules cannot start from (other piece counts, a goal row) is left out of them.
      if (rules.board !== undefined && !reads(written)) {
        const without = write({ ...rules, board: undefined });
        if (reads(without)) written = without;
      }
      useText(written);
    } catch (e) {
      error.textContent = errorText(e);
    }
  });
  form.addEventListener('submit', (event) => event.preventDefault());
  preset.addEventListener('change', () => {
    const chosen = presets.find((p) => p.name === preset.value);
    if (chosen) useText(chosen.text);
  });
  copy.addEventListener('click', () => navigator.clipboard?.writeText(text.value).catch(() => text.select()));
  save.addEventListener('click', () => {
    const slug = (good?.rules.name ?? 'rules').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'rules';
    const link = Object.assign(document.createElement('a'), { href: URL.createObjectURL(new Blob([text.value], { type: 'text/plain' })), download: `${slug}.toml` });
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 0);
  });
  open.addEventListener('click', () => file.click());
  file.addEventListener('change', async () => {
    const chosen = file.files?.[0];
    if (chosen) useText(await chosen.text());
    file.value = '';
  });

  return {
    /** Shows the composer for a composed game, with its rules when they came from elsewhere (a link, Back, the menu). */
    render(/** @type {import('../machine/state.js').State} */ state) {
      const { game } = state.editor;
      box.hidden = game.id !== CUSTOM;
      if (box.hidden || game === shownGame) return;
      show(game);
      if (good?.text === game.rulesText) return;
      text.value = game.rulesText;
      const rules = read(game.rulesText);
      good = rules && { text: game.rulesText, rules };
      const presetNamed = presets.find((p) => p.text === game.rulesText);
      preset.value = presetNamed ? presetNamed.name : '';
    },
  };
}
