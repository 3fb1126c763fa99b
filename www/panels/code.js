// The algorithm beside the board, in the inspector: the code the engine runs (words/code.js) —
// one queue, tier by tier, or the layered solver of a scored game — with the line the event on
// show ran lit, a sentence saying what that line did, and the algorithm's variables under their
// own names (the position taken, the parent looked at, its counter before → after as pips, the
// decision, the queue's length, the positions decided). The language switch shows the same
// lines as C++; the board switch says what the main board shows; Predict asks, before each
// parent is decided, what it will become, and grades the answer. It reads the state through
// machine/lesson.js and sends the person's choices and answers to the controller.

import { UNDER_WAY, boardShows } from '../machine/phases.js';
import { announce } from './inspector.js';
import { algorithmOf, lessonAt } from '../machine/lesson.js';
import { RecordState, remotenessOf, stateOf } from '../engine/records.js';
import { listings } from '../words/code.js';
import { count } from '../words/text.js';
import { t } from '../words/i18n.js';

/**
 * @typedef {import('../machine/lesson.js').Lesson} Lesson
 * @typedef {import('../machine/lesson.js').Vars} Vars
 * @typedef {import('../machine/state.js').State} State
 */

const $ = (root, id) => /** @type {HTMLElement} */ (root.querySelector(`[data-testid="${id}"]`));

/** Pips a counter is drawn with at most; more are written as a number. */
const MAX_PIPS = 12;

/**
 * Binds the card `[data-testid=code-card]` under `root` to `controller`; returns `{render(state)}`.
 * @param {Document} root
 * @param {import('../machine/api.js').Controller} controller
 */
export function createCodeCard(root, controller) {
  const card = $(root, 'code-card');
  const code = $(root, 'code');
  const lang = /** @type {HTMLSelectElement} */ ($(root, 'code-lang'));
  const shows = /** @type {HTMLSelectElement} */ ($(root, 'board-shows'));
  const predict = /** @type {HTMLInputElement} */ ($(root, 'predict'));
  const says = $(root, 'code-says');
  const vars = $(root, 'vars');
  const question = $(root, 'predict-question');
  const result = $(root, 'predict-result');
  /** The listing on show (algorithm and language), so that it is built once. */
  let listed = '';

  lang.addEventListener('change', () => controller.teach({ code: /** @type {'pseudo' | 'cpp'} */ (lang.value) }));
  shows.addEventListener('change', () => controller.teach({ shows: /** @type {'auto' | 'position' | 'slice'} */ (shows.value) }));
  predict.addEventListener('change', () => controller.teach({ predict: predict.checked }));
  for (const guess of /** @type {const} */ (['win', 'lose', 'open'])) $(root, `predict-${guess}`).addEventListener('click', () => controller.answer(guess));

  /** @param {State} state */
  function render(state) {
    const { phase, analysis, editor, teaching } = state;
    const { unit, progress } = analysis;
    const counted = progress && progress.phase !== 'memory' ? progress : null;
    // Not while Solve instantly runs: no line is watched, and on a phone the card would grow the
    // sheet over the board for the moment the solve takes.
    card.hidden = !(UNDER_WAY.includes(phase) && phase !== 'preparing' && phase !== 'solving' && !state.live && counted);
    if (card.hidden || !counted) return;
    lang.value = teaching.code;
    shows.value = teaching.shows;
    predict.checked = teaching.predict;
    const scored = editor.game.kind === 'scored';
    const algorithm = algorithmOf(scored, counted.tiers ?? 1);
    const key = `${algorithm}:${teaching.code}`;
    if (key !== listed) {
      listed = key;
      code.dataset.algorithm = algorithm;
      code.replaceChildren(
        ...listings()[algorithm][teaching.code].map((line) => {
          const li = document.createElement('li');
          li.dataset.testid = 'code-line';
          if (line.id) li.dataset.line = line.id;
          li.style.setProperty('--depth', String(line.depth));
          li.textContent = line.text;
          return li;
        }),
      );
    }
    const lesson = unit ? lessonAt(unit) : null;
    for (const li of /** @type {NodeListOf<HTMLElement>} */ (code.querySelectorAll('[data-testid=code-line]'))) {
      const current = lesson !== null && li.dataset.line === lesson.line;
      li.toggleAttribute('data-current', current);
      if (current) li.setAttribute('aria-current', 'step');
      else li.removeAttribute('aria-current');
    }
    card.dataset.shows = boardShows(state);
    if (!lesson) {
      says.textContent = t('codepanel.idle');
      vars.replaceChildren();
      question.hidden = true;
      result.hidden = true;
      return;
    }
    // A lit line out of sight is brought into view (on a phone with the board above the sheet);
    // one in sight stays put, so that the step buttons above the card do not scroll away.
    const lit = /** @type {HTMLElement | null} */ (code.querySelector('[data-current]'));
    const moved = card.dataset.line !== lesson.line || card.dataset.index !== String(lesson.index);
    if (moved && lit && !inSight(lit)) announce(card, code, { board: true });
    card.dataset.line = lesson.line;
    card.dataset.index = String(lesson.index);
    card.dataset.count = String(lesson.count);
    const side = (/** @type {number | undefined} */ toMove) => editor.game.sides[toMove ?? 0];
    const drawnSide = (/** @type {number | null} */ pos) => (pos === null ? '' : side(unit?.drawn.get(pos)?.toMove));
    says.textContent = sentence(lesson, scored, drawnSide, counted.total);
    vars.replaceChildren(...variables(lesson, scored, drawnSide, counted.total));
    // Predict: on a parent still undecided, before the next line decides or counts it.
    const { quiz } = analysis;
    const asking = teaching.predict && phase === 'paused' && lesson.answer !== null;
    question.hidden = !asking;
    if (asking) {
      $(root, 'predict-text').textContent = t('codepanel.predict', { count: lesson.vars.counterBefore ?? 0, value: valueWord(lesson.vars.poppedValue) });
    }
    const graded = quiz.last !== null && unit !== null && quiz.last.line === unit.line;
    result.hidden = !graded;
    if (graded && quiz.last) {
      const right = quiz.last.guess === quiz.last.truth;
      result.dataset.correct = String(right);
      const words = { why: why(quiz.last.truth), right: quiz.right, asked: quiz.asked };
      result.textContent = right ? t('codepanel.right', words) : t('codepanel.not-quite', words);
    }
  }

  return { render };
}

/**
 * Whether `el` is on screen and uncovered: not scrolled out of its box, not under the docked bar.
 * @param {HTMLElement} el
 */
function inSight(el) {
  const r = el.getBoundingClientRect();
  if (r.height === 0) return false;
  const at = el.ownerDocument.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
  return at !== null && (at === el || el.contains(at));
}

/**
 * "lost in 3", "won in 2", "a tie", or "undecided".
 * @param {{value: string, remoteness: number} | {score: number} | null | undefined} outcome
 */
function valueWord(outcome) {
  if (!outcome || !('value' in outcome)) return t('codepanel.undecided');
  if (outcome.value === 'tie') return t('moves.tie');
  return t(outcome.value === 'win' ? 'codepanel.won-in' : 'codepanel.lost-in', { remoteness: outcome.remoteness });
}

/**
 * A record in words: a counter while undecided, else its value and remoteness.
 * @param {number} record
 */
function recordWord(record) {
  const state = stateOf(record);
  if (state === RecordState.Undecided) return t('codepanel.undecided-counter', { counter: remotenessOf(record) });
  if (state === RecordState.Tie) return t('moves.tie');
  return t(state === RecordState.Win ? 'codepanel.won-in' : 'codepanel.lost-in', { remoteness: remotenessOf(record) });
}

/** Why a parent became what it did, in one sentence (the quiz's explanation). */
function why(/** @type {'win' | 'lose' | 'open'} */ truth) {
  if (truth === 'win') return t('codepanel.why-win');
  if (truth === 'lose') return t('codepanel.why-lose');
  return t('codepanel.why-open');
}

/**
 * What the line on show did, in one sentence.
 * @param {Lesson} lesson
 * @param {boolean} scored
 * @param {(pos: number | null) => string} sideOf
 * @param {number} total
 */
function sentence(lesson, scored, sideOf, total) {
  const v = lesson.vars;
  const d = v.poppedValue && 'remoteness' in v.poppedValue ? v.poppedValue.remoteness : 0;
  switch (lesson.line) {
    case 'scan':
      return scored ? t('codepanel.scan-scored', { count: total }) : v.queueLength > 0 ? t('codepanel.scan', { queued: v.queueLength }) : t('codepanel.scan-none');
    case 'ties':
      return t('codepanel.ties');
    case 'take':
      return scored
        ? t('codepanel.take-scored', { side: sideOf(v.popped), count: v.n })
        : t('codepanel.take', { side: sideOf(v.popped), value: valueWord(v.poppedValue), d: String(d), count: v.n });
    case 'arrive':
      return t('codepanel.arrive', { side: sideOf(v.popped), value: valueWord(v.poppedValue) });
    case 'parent':
      return t('codepanel.parent', { k: v.k, n: v.n, side: sideOf(v.parent), count: v.counterBefore ?? 0 });
    case 'skip':
      return t('codepanel.skip', { k: v.k, n: v.n, record: recordWord(v.parentRecord ?? 0) });
    case 'win':
      return t('codepanel.win', { side: sideOf(v.parent), remoteness: String(v.remoteness) });
    case 'count':
      return t('codepanel.count', { before: String(v.counterBefore), after: String(v.counterAfter) });
    case 'lose':
      return t('codepanel.lose', { remoteness: String(v.remoteness) });
    case 'move':
      return t('codepanel.move', { k: v.k, n: v.n, score: String(v.moveScore), side: sideOf(v.popped), best: String(v.best) });
    case 'scored':
      return v.n === 0 ? t('codepanel.scored-full', { best: v.best ?? 0 }) : t('codepanel.scored', { best: v.best ?? 0, count: v.n, side: sideOf(v.popped) });
    default:
      return '';
  }
}

/**
 * Pips for a counter: ● for each move not yet refuted, ○ for each refuted, of `total` moves.
 * @param {number} left
 * @param {number} total
 */
function pips(left, total) {
  if (total > MAX_PIPS) return '';
  return '●'.repeat(left) + '○'.repeat(Math.max(0, total - left));
}

/**
 * The variables as a definition list: each `[data-testid=var-<name>]` with `data-value`.
 * @param {Lesson} lesson
 * @param {boolean} scored
 * @param {(pos: number | null) => string} sideOf
 * @param {number} total
 */
function variables(lesson, scored, sideOf, total) {
  const v = lesson.vars;
  /** @type {[string, string, string | number | null, string][]} */
  const rows = [];
  if (v.popped !== null) {
    rows.push(['popped', scored ? t('codepanel.var-p-taken') : v.arriving ? t('codepanel.var-c-arriving') : t('codepanel.var-c-taken'), v.popped, t('codepanel.var-position', { position: String(v.popped), side: sideOf(v.popped) })]);
    if (!scored) {
      const value = v.poppedValue && 'value' in v.poppedValue ? `${v.poppedValue.value}:${v.poppedValue.remoteness}` : null;
      rows.push(['popped-value', t('codepanel.var-value'), value, valueWord(v.poppedValue)]);
    }
  }
  if (scored) {
    if (v.k > 0) rows.push(['parent', t('codepanel.var-move'), v.parent, t('codepanel.var-move-of', { k: v.k, n: v.n, position: String(v.parent) })]);
    if (v.moveScore !== null) rows.push(['move-score', t('codepanel.var-score'), v.moveScore, String(v.moveScore)]);
    if (v.best !== null) rows.push(['best', lesson.line === 'scored' ? 'score[p]' : t('codepanel.var-best'), v.best, String(v.best)]);
  } else if (v.parent !== null) {
    rows.push(['parent', t('codepanel.var-parent'), v.parent, t('codepanel.var-parent-of', { position: String(v.parent), k: v.k, n: v.n, side: sideOf(v.parent) })]);
    if (v.counterBefore !== null) {
      rows.push(['counter-before', t('codepanel.var-counter-before'), v.counterBefore, String(v.counterBefore)]);
      const after = v.counterAfter ?? v.counterBefore;
      const total = Math.max(v.parentMoves, v.counterBefore);
      rows.push([
        'counter-after',
        t('codepanel.var-counter-after'),
        after,
        `${pips(after, total)} ${t('codepanel.var-not-refuted', { after: String(after), count: total })}`.trim(),
      ]);
    } else {
      rows.push(['counter-before', t('codepanel.var-p-is'), null, recordWord(v.parentRecord ?? 0)]);
    }
    if (v.decision) {
      const remoteness = String(v.remoteness);
      const words = { won: t('codepanel.p-wins', { remoteness }), lost: t('codepanel.p-loses', { remoteness }), counted: t('codepanel.refuted'), skipped: t('codepanel.skipped') };
      rows.push(['decision', t('codepanel.var-decision'), v.decision, words[v.decision]]);
    }
  }
  rows.push(['queue-length', scored ? t('codepanel.var-layer-left') : t('codepanel.var-queue'), v.queueLength, count(v.queueLength)]);
  rows.push(['decided', t('codepanel.var-decided'), v.decided, t('codepanel.var-decided-of', { decided: v.decided, total })]);
  return rows.map(([name, label, value, text]) => {
    const row = document.createElement('div');
    row.dataset.testid = `var-${name}`;
    row.dataset.value = value === null ? '' : String(value);
    const dt = document.createElement('dt');
    dt.textContent = label;
    const dd = document.createElement('dd');
    dd.textContent = text;
    row.append(dt, dd);
    return row;
  });
}
