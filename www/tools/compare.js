// "Compare my output", the batch view's judge: the person pastes, types or opens their own
// program's output for the batch's input, and sees it judged against the exact answers
// (judge.js) — the verdict a contest judge would give ("Accepted", "Wrong answer on line 3"),
// counts of wrong, missing and extra lines, and each differing line with theirs beside the
// expected answer, the first highlighted and scrolled into view. While the batch solves, lines
// whose answer is not known yet are pending, not wrong. Hooks: `[data-testid=batch-compare]`
// (the output), `[data-testid=batch-diff]` with `data-differ` (lines that differ, missing and
// extra ones included), `data-first` (the first, 1-based, or 0), `data-pending` and `data-same`.

import { count } from '../words/text.js';
import { judge, LISTED } from './judge.js';
import { h } from './dom.js';
import { t } from '../words/i18n.js';

/**
 * Largest output, in characters, the text box holds (as the batch's input box): a longer file
 * or paste is kept out of it, summarised.
 */
const TEXT_LIMIT = 64 * 1024;

/** Milliseconds between two comparisons while the batch solves: each reads every line again. */
const EVERY_MS = 250;

/** Milliseconds of quiet after an edit before the first difference is scrolled into view. */
const SCROLL_AFTER_MS = 300;

/**
 * The answers to compare with: each problem's line so far (judge.js `judge`'s `expected`), and
 * whether every problem is in it.
 * @typedef {{lines: readonly (string | null | undefined)[], complete: boolean}} Answers
 */

/**
 * Builds the comparison; `answers()` gives the batch's answers (null before any run), `onPick(index)`
 * opens problem `index` (0-based) in the editor. Returns `{element, update(now)}`: `update`
 * compares again (at once when `now`, else at most every EVERY_MS).
 * @param {() => Answers | null} answers
 * @param {(index: number) => void} onPick
 */
export function createComparison(answers, onPick) {
  const input = h('textarea', {
    testid: 'batch-compare',
    rows: 4,
    spellcheck: false,
    placeholder: t('compare.placeholder'),
    ariaLabel: t('compare.input-label'),
  });
  const file = h('input', { type: 'file', accept: '.out,.ans,.txt,text/plain', testid: 'batch-compare-file', class: 'batch-file' });
  const held = h('p', { class: 'tool-note', hidden: true });
  const typeInstead = h('button', { type: 'button', textContent: t('compare.type'), hidden: true });
  const verdict = h('b', { class: 'compare-verdict' });
  const counts = h('span', {});
  const body = h('tbody');
  const table = h(
    'table',
    { class: 'batch-table compare-table', hidden: true },
    h('thead', {}, h('tr', {}, ...[t('compare.line'), t('compare.yours'), t('compare.expected')].map((words) => h('th', { scope: 'col', textContent: words })))),
    body,
  );
  const scroll = h('div', { class: 'batch-scroll compare-scroll' }, table);
  const more = h('p', { class: 'tool-note', hidden: true });
  const diff = h('div', { testid: 'batch-diff', class: 'compare-result', role: 'status', hidden: true }, h('p', { class: 'compare-line' }, verdict, ' ', counts), scroll, more);
  const element = h(
    'section',
    { class: 'compare', ariaLabel: t('compare.title') },
    h('h3', { class: 'compare-title', textContent: t('compare.title') }),
    h('p', { class: 'tool-hint' }, t('compare.hint')),
    input,
    held,
    h('div', { class: 'tool-bar' }, h('label', { class: 'file-button' }, t('compare.open'), file), typeInstead),
    diff,
  );

  /** An output over TEXT_LIMIT, held out of the text box. @type {string | null} */
  let large = null;
  let timer = 0;
  let lastAt = 0;
  let scrolling = 0;
  /** The first differing line shown last: it is scrolled into view when it changes. */
  let shownFirst = 0;

  const theirs = () => large ?? input.value;
  /** @param {string} text @param {string} name */
  function take(text, name) {
    if (text.length <= TEXT_LIMIT) {
      large = null;
      input.value = text;
    } else {
      large = text;
      input.value = '';
      held.textContent = t('compare.held', { name, count: text.split('\n').length - (text.endsWith('\n') ? 1 : 0) });
    }
    input.hidden = large !== null;
    held.hidden = large === null;
    typeInstead.hidden = large === null;
    update(true);
  }
  input.addEventListener('input', () => update(true));
  input.addEventListener('paste', (event) => {
    const text = event.clipboardData?.getData('text') ?? '';
    if (text.length <= TEXT_LIMIT) return;
    event.preventDefault();
    take(text, t('compare.pasted'));
  });
  file.addEventListener('change', async () => {
    const chosen = file.files?.[0];
    if (chosen) take(await chosen.text(), chosen.name);
    file.value = '';
  });
  typeInstead.addEventListener('click', () => take('', ''));
  body.addEventListener('click', (event) => {
    const row = /** @type {HTMLElement | null} */ (/** @type {HTMLElement} */ (event.target).closest('tr[data-line]'));
    if (row?.dataset.index) onPick(Number(row.dataset.index));
  });

  /** Compares again: at once when `now`, else at most every EVERY_MS. */
  function update(now = false) {
    clearTimeout(timer);
    const wait = now ? 0 : lastAt + EVERY_MS - performance.now();
    if (wait > 0) timer = setTimeout(show, wait);
    else show();
  }

  function show() {
    lastAt = performance.now();
    const given = answers();
    const text = theirs();
    diff.hidden = text === '';
    if (diff.hidden) return;
    if (!given) {
      verdict.textContent = t('compare.solve-first');
      counts.textContent = '';
      table.hidden = true;
      more.hidden = true;
      Object.assign(diff.dataset, { differ: '0', first: '0', pending: '0', same: '0', verdict: 'none' });
      return;
    }
    const result = judge(text, given.lines, given.complete);
    const waiting = result.pending > 0 || !given.complete;
    const state = result.differ > 0 ? 'wrong' : waiting ? 'pending' : result.unjudged > 0 ? 'unjudged' : 'accepted';
    Object.assign(diff.dataset, { differ: String(result.differ), first: String(result.first), pending: String(result.pending), same: String(result.same), verdict: state });
    verdict.textContent = {
      wrong: t('compare.wrong', { line: result.first }),
      pending: t('compare.pending'),
      unjudged: t('compare.unjudged'),
      accepted: t('compare.accepted'),
    }[state];
    counts.textContent = countWords(result);
    table.hidden = result.differences.length === 0;
    body.replaceChildren(...result.differences.map((d) => rowOf(d, given.lines.length)));
    more.hidden = result.differ <= LISTED;
    more.textContent = t('compare.more', { listed: LISTED, count: result.differ });
    if (result.first !== shownFirst && result.first > 0) {
      scroll.scrollTop = 0;
      // Once the edits pause: the browser brings a text box's caret into view after each one.
      clearTimeout(scrolling);
      scrolling = setTimeout(() => body.firstElementChild?.scrollIntoView({ block: 'nearest' }), SCROLL_AFTER_MS);
    }
    shownFirst = result.first;
  }

  return { element, update };
}

/**
 * The counts under the verdict: "2 lines differ: 1 wrong, 1 missing · 296 match · 3 pending".
 * @param {import('./judge.js').Judgement} r
 */
function countWords(r) {
  /** @type {[number, string][]} */
  const all = [
    [r.wrong, 'compare.kind-wrong'],
    [r.missing, 'compare.kind-missing'],
    [r.extra, 'compare.kind-extra'],
  ];
  const kinds = all.filter(([n]) => n > 0).map(([n, key]) => t(key, { count: n }));
  const parts = [r.differ === 0 ? t('compare.none-differs') : t('compare.differ', { count: r.differ, kinds: kinds.join(t('provenance.separator')) })];
  parts.push(t('compare.match', { count: r.same }));
  if (r.pending > 0) parts.push(t('compare.count-pending', { count: r.pending }));
  if (r.unjudged > 0) parts.push(t('compare.count-unjudged', { count: r.unjudged }));
  return `· ${parts.join(' · ')}`;
}

/**
 * A differing line's row: its number, theirs beside the expected answer; the first one marked.
 * Clicking a row of a problem that was read opens its board.
 * @param {import('./judge.js').Difference} d
 * @param {number} problems  problems read (rows of the batch)
 */
function rowOf(d, problems) {
  const theirs = d.theirs === null ? t('compare.missing-line') : d.theirs === '' ? t('compare.empty-line') : d.theirs;
  const expected = d.kind === 'extra' ? t('compare.no-problem') : d.expected ?? t('compare.not-solved');
  const index = d.line <= problems ? d.line - 1 : null;
  return h(
    'tr',
    { dataset: { line: String(d.line), kind: d.kind, ...(index === null ? {} : { index: String(index) }) }, title: index === null ? '' : t('batch.open-row') },
    h('td', { class: 'num', textContent: count(d.line) }),
    h('td', { class: `theirs ${d.theirs === null ? 'absent' : ''}`, textContent: theirs }),
    h('td', { class: `expected ${d.kind === 'extra' ? 'absent' : ''}`, textContent: expected }),
  );
}
