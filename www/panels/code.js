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
import { LISTINGS } from '../words/code.js';
import { count, plural } from '../words/text.js';

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
        ...LISTINGS[algorithm][teaching.code].map((line) => {
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
      says.textContent = 'Step to run the algorithm a line at a time: the line it runs is lit, its variables are listed below.';
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
      $(root, 'predict-text').textContent =
        `p is undecided: ${plural(lesson.vars.counterBefore ?? 0, 'move', count)} not yet refuted. c is ${valueWord(lesson.vars.poppedValue)} ` +
        'for its mover. What does this line make of p?';
    }
    const graded = quiz.last !== null && unit !== null && quiz.last.line === unit.line;
    result.hidden = !graded;
    if (graded && quiz.last) {
      const right = quiz.last.guess === quiz.last.truth;
      result.dataset.correct = String(right);
      result.textContent = `${right ? 'Right' : 'Not quite'}: ${why(quiz.last.truth)} Score: ${quiz.right} of ${quiz.asked}.`;
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
  if (!outcome || !('value' in outcome)) return 'undecided';
  if (outcome.value === 'tie') return 'a tie';
  return `${outcome.value === 'win' ? 'won' : 'lost'} in ${outcome.remoteness}`;
}

/**
 * A record in words: a counter while undecided, else its value and remoteness.
 * @param {number} record
 */
function recordWord(record) {
  const state = stateOf(record);
  if (state === RecordState.Undecided) return `undecided, counter ${remotenessOf(record)}`;
  if (state === RecordState.Tie) return 'a tie';
  return `${state === RecordState.Win ? 'won' : 'lost'} in ${remotenessOf(record)}`;
}

/** Why a parent became what it did, in one sentence (the quiz's explanation). */
function why(/** @type {'win' | 'lose' | 'open'} */ truth) {
  if (truth === 'win') return 'c is lost for its mover, so p can move there and win: one such move is enough.';
  if (truth === 'lose') return 'that was the last move of p not yet refuted: every move of p leads to a win for the other side, so p loses.';
  return 'c is won for its mover, which refutes one move of p; p still has others not refuted, so it stays open.';
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
      return scored
        ? `Scan: the ${count(total)} positions sorted into layers by stones on the board; the full board scores 0.`
        : v.queueLength > 0
          ? `Scan: every position got its record — the finished ones their value, 0 moves left, and a place in the queue (${count(v.queueLength)}); every other one a counter of its moves.`
          : 'Scan: every position got its record — the finished ones their value, 0 moves left, but none has a parent here, so nothing is queued; every other one a counter of its moves.';
    case 'ties':
      return 'The queue is empty: every position still undecided can avoid losing forever — a tie.';
    case 'take':
      return scored
        ? `Take p, the next position of the layer (${sideOf(v.popped)} to move): score its ${plural(v.n, 'move', count)}.`
        : `Take c from the queue: ${sideOf(v.popped)} to move, ${valueWord(v.poppedValue)}, so d = ${d}. Its ${plural(v.n, 'parent', count)} come next.`;
    case 'arrive':
      return `A value arrives from the tier solved before: c (${sideOf(v.popped)} to move) is ${valueWord(v.poppedValue)}, one move after p.`;
    case 'parent':
      return `Look at p, parent ${v.k} of ${v.n} (${sideOf(v.parent)} to move): undecided, ${plural(v.counterBefore ?? 0, 'move', count)} not yet refuted.`;
    case 'skip':
      return `Parent ${v.k} of ${v.n} is decided already (${recordWord(v.parentRecord ?? 0)}): skip it — its value never changes.`;
    case 'win':
      return `c is lost for its mover, so p (${sideOf(v.parent)} to move) can move there and win: p wins in ${v.remoteness}, the quickest (the queue is in order of distance); queued.`;
    case 'count':
      return `c is won for its mover: one more move of p is refuted. Counter ${v.counterBefore} → ${v.counterAfter}: p stays undecided.`;
    case 'lose':
      return `That was the last move of p not refuted (counter 1 → 0): every move loses, so p loses in ${v.remoteness}, the slowest; queued.`;
    case 'move':
      return `Move ${v.k} of ${v.n}: its points and what the child scores make ${v.moveScore}; the best so far for ${sideOf(v.popped)} is ${v.best}.`;
    case 'scored':
      return `score[p] = ${v.best ?? 0}: the ${v.n === 0 ? 'board is full' : `best of its ${plural(v.n, 'move', count)} for ${sideOf(v.popped)}`}.`;
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
    rows.push(['popped', scored ? 'p (taken)' : v.arriving ? 'c (arriving)' : 'c (taken)', v.popped, `#${v.popped} · ${sideOf(v.popped)} to move`]);
    if (!scored) {
      const value = v.poppedValue && 'value' in v.poppedValue ? `${v.poppedValue.value}:${v.poppedValue.remoteness}` : null;
      rows.push(['popped-value', 'its value', value, valueWord(v.poppedValue)]);
    }
  }
  if (scored) {
    if (v.k > 0) rows.push(['parent', 'move', v.parent, `${v.k} of ${v.n} → #${v.parent}`]);
    if (v.moveScore !== null) rows.push(['move-score', 'its score', v.moveScore, String(v.moveScore)]);
    if (v.best !== null) rows.push(['best', lesson.line === 'scored' ? 'score[p]' : 'best so far', v.best, String(v.best)]);
  } else if (v.parent !== null) {
    rows.push(['parent', 'p (parent)', v.parent, `#${v.parent} · ${v.k} of ${v.n} · ${sideOf(v.parent)} to move`]);
    if (v.counterBefore !== null) {
      rows.push(['counter-before', 'counter[p] before', v.counterBefore, String(v.counterBefore)]);
      const after = v.counterAfter ?? v.counterBefore;
      const total = Math.max(v.parentMoves, v.counterBefore);
      rows.push([
        'counter-after',
        'counter[p] after',
        after,
        `${pips(after, total)} ${after} of ${plural(total, 'move', count)} not yet refuted`.trim(),
      ]);
    } else {
      rows.push(['counter-before', 'p is', null, recordWord(v.parentRecord ?? 0)]);
    }
    if (v.decision) {
      const words = { won: `p wins in ${v.remoteness}`, lost: `p loses in ${v.remoteness}`, counted: 'one move refuted', skipped: 'skipped: decided already' };
      rows.push(['decision', 'decision', v.decision, words[v.decision]]);
    }
  }
  rows.push(['queue-length', scored ? 'left in the layer' : 'queue', v.queueLength, count(v.queueLength)]);
  rows.push(['decided', 'decided', v.decided, `${count(v.decided)} of ${count(total)}`]);
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
