// The batch view: a whole contest input — pasted, dropped, opened, or given by a link
// `?game=river&input=<url-encoded text>` — solved one problem after another in slices, as a
// table of the CLI's answer lines. The engine reads the input with the CLI's own readers
// (src/batch/, through `Batch`), so every answer and every fault is the CLI's text; unlike
// the CLI, a fault does not stop the rest (src/games/<game>/contest.rs: after a bad river
// board, reading resumes at the next size line). "Download answers" saves what `retrolab <game> < input`
// prints, for an input without faults. Clicking a row opens that board in the editor, solved.
// Under the table, the person's own output is judged against these answers (compare.js).
// Why one module: the input, the run over it in slices, the pager and the rows are one view of
// one `Batch`, sharing its rows as they arrive.

import { scheduler } from '../engine/engine.js';
import { renderMarkdown } from '../panels/markdown.js';
import { count, said } from '../words/text.js';
import { createComparison } from './compare.js';
import { bytesOf, download, h } from './dom.js';
import { t } from '../words/i18n.js';

/** What a row shows while it waits for its table. */
const WAITING = '…';
/**
 * Rows the table shows at a time: a table's layout costs in proportion to its rows, and an
 * input may have thousands (the engine keeps the first 10 000 as rows, and answers every
 * problem); the pager moves through them.
 */
const PAGE = 250;
/**
 * Milliseconds of solving per slice: less than a single analysis's 20 (engine.js), since a
 * slice may also start a new table and update the table's rows, and a task should stay
 * well under 50 ms on a busy machine.
 */
const SLICE_MS = 12;
/**
 * Rows taken from the engine per slice, read and finished each: the engine reads small
 * problems (a chase query) far faster than the page makes rows of them, and converting
 * thousands at once would make one long task.
 */
const ROWS_PER_SLICE = 500;
/**
 * Largest input, in bytes, that the text box holds: a textarea lays out and re-lays its whole
 * text on every change, so a contest file of the CLI's 16 MiB would freeze the page. A larger
 * file or paste is kept as bytes, shown as a summary and its first lines.
 */
const TEXT_LIMIT = 64 * 1024;
/** Lines of a large input the summary shows. */
const PREVIEW_LINES = 6;
/** Bytes counted for lines per task while a large input's summary is made. */
const COUNT_PIECE = 1 << 20;

/** @type {import('./host.js').Tool} */
export default {
  id: 'batch',
  title: 'tools.batch',
  hint: 'tools.batch-hint',
  mount(panel, { controller, engine }) {
    const input = h('textarea', {
      testid: 'batch-input',
      rows: 7,
      spellcheck: false,
      placeholder: t('batch.placeholder'),
      ariaLabel: t('batch.input-label'),
    });
    const summary = h('p', { testid: 'batch-summary', class: 'batch-summary' });
    const preview = h('pre', { testid: 'batch-preview', class: 'batch-preview' });
    const edit = h('button', { type: 'button', testid: 'batch-edit', textContent: t('batch.edit') });
    const large = h('div', { class: 'batch-large', hidden: true }, summary, preview, edit);
    const file = h('input', { type: 'file', accept: '.in,.txt,text/plain', testid: 'batch-file', class: 'batch-file' });
    const run = h('button', { type: 'button', testid: 'batch-run', class: 'solve', textContent: t('batch.run') });
    const stop = h('button', { type: 'button', testid: 'batch-cancel', textContent: t('batch.cancel'), hidden: true });
    const save = h('button', { type: 'button', testid: 'batch-download', textContent: t('batch.download'), disabled: true });
    const gameName = h('span', { class: 'batch-game' });
    /** The game's contest format, as the command line's help writes it (the engine's `format`). */
    const format = h('div', { testid: 'batch-format', class: 'tool-hint batch-format' });
    /** The game whose format is on show. */
    let formatOf = null;
    const progress = h('progress', { testid: 'batch-progress', hidden: true });
    const status = h('p', { testid: 'batch-status', class: 'batch-status', role: 'status' });
    const body = h('tbody');
    const table = h(
      'table',
      { testid: 'batch-table', class: 'batch-table', hidden: true },
      h('thead', {}, h('tr', {}, ...['#', t('batch.lines'), t('batch.size'), t('batch.answer'), t('batch.positions'), t('batch.time')].map((words) => h('th', { scope: 'col', textContent: words })))),
      body,
    );
    const earlier = h('button', { type: 'button', testid: 'batch-earlier', textContent: t('batch.earlier') });
    const later = h('button', { type: 'button', testid: 'batch-later', textContent: t('batch.later') });
    const shown = h('span', { class: 'tool-note', testid: 'batch-page' });
    /** What the table's positions count, for the game of its input. */
    const counted = h('p', { class: 'tool-note', testid: 'batch-positions', hidden: true });
    const pager = h('div', { class: 'tool-bar', hidden: true }, earlier, shown, later);
    const comparison = createComparison(answersSoFar, (index) => index < rows.length && openRow(index));
    panel.append(
      h('p', { class: 'tool-hint' }, t('batch.hint-before'), gameName, t('batch.hint-after')),
      format,
      input,
      large,
      h('div', { class: 'tool-bar' }, run, stop, save, h('label', { class: 'file-button' }, t('batch.open-file'), file)),
      progress,
      status,
      pager,
      h('div', { class: 'batch-scroll' }, table),
      counted,
      comparison.element,
    );

    /**
     * The input when it is not the text box's: the bytes of a dropped or opened file (they may
     * not be UTF-8) until the text is edited, or a large input (a file or a paste over
     * TEXT_LIMIT) with its name, shown as a summary.
     * @type {{ bytes: Uint8Array, name: string } | null}
     */
    let source = null;
    /** Counts the lines of the large input on show; stopped when another replaces it. */
    let counting = null;
    let batch = null;
    let game = null;
    let slices = null;
    let seen = 0;
    let began = 0;
    /** The longest slice of this run, in milliseconds (the page's own part of any long task). */
    let longest = 0;
    /** Every row kept so far as the engine last gave it, by index. */
    let rows = [];
    /** The batch's last progress (`Batch.runFor`). */
    let last = null;
    /** The first row on show, and the table's elements of the rows on show. */
    let first = 0;
    let rowsOf = [];
    let opened = null;
    /** The whole output of a finished batch without faults, as lines (made once, when compared). */
    let outputLines = null;

    input.addEventListener('paste', (event) => {
      const text = event.clipboardData?.getData('text') ?? '';
      if (new Blob([text]).size <= TEXT_LIMIT) return;
      event.preventDefault();
      setLarge(new TextEncoder().encode(text), t('batch.pasted'));
    });
    input.addEventListener('input', () => {
      source = null;
      if (input.value.length > TEXT_LIMIT / 4 && new Blob([input.value]).size > TEXT_LIMIT) setText(input.value);
    });
    edit.addEventListener('click', () => {
      setText('');
      input.focus();
    });
    file.addEventListener('change', async () => {
      if (file.files[0]) await load(file.files[0]);
      file.value = '';
    });
    panel.addEventListener('dragover', (event) => {
      event.preventDefault();
      panel.classList.add('dropping');
    });
    panel.addEventListener('dragleave', () => panel.classList.remove('dropping'));
    panel.addEventListener('drop', async (event) => {
      event.preventDefault();
      panel.classList.remove('dropping');
      const dropped = event.dataTransfer.files[0];
      if (dropped) await load(dropped);
      else if (event.dataTransfer.getData('text')) setText(event.dataTransfer.getData('text'));
    });
    run.addEventListener('click', () => start());
    earlier.addEventListener('click', () => showPage(first - PAGE));
    later.addEventListener('click', () => showPage(first + PAGE));
    stop.addEventListener('click', () => finish('cancelled'));
    save.addEventListener('click', () => {
      const output = batch?.output();
      if (output !== undefined) download(`${game.id}.ans`, new Blob([output], { type: 'text/plain' }));
    });
    body.addEventListener('click', (event) => {
      const row = event.target.closest('[data-testid=batch-row]');
      if (row) openRow(Number(row.dataset.index));
    });
    body.addEventListener('keydown', (event) => {
      if (event.key !== 'Enter' && event.key !== ' ') return;
      const row = event.target.closest('[data-testid=batch-row]');
      if (!row) return;
      event.preventDefault();
      openRow(Number(row.dataset.index));
    });

    async function load(chosen) {
      const bytes = await bytesOf(chosen);
      if (bytes.length > TEXT_LIMIT) {
        setLarge(bytes, chosen.name);
        return;
      }
      setText(new TextDecoder().decode(bytes));
      source = { bytes, name: chosen.name };
    }

    /** Puts `text` in the text box, or shows it as a summary when it is over TEXT_LIMIT. */
    function setText(text) {
      if (text.length > TEXT_LIMIT / 4) {
        const bytes = new TextEncoder().encode(text);
        if (bytes.length > TEXT_LIMIT) {
          setLarge(bytes, t('batch.pasted'));
          return;
        }
      }
      counting?.close();
      input.value = text;
      source = null;
      input.hidden = false;
      large.hidden = true;
    }

    /**
     * Holds a large input as bytes and shows its summary — name, size, lines — and its first
     * lines instead of the text box. Its lines are counted a piece per task.
     */
    function setLarge(bytes, name) {
      counting?.close();
      source = { bytes, name };
      input.value = '';
      input.hidden = true;
      large.hidden = false;
      const head = new TextDecoder().decode(bytes.subarray(0, 4096)).split('\n');
      preview.textContent = head.slice(0, Math.min(PREVIEW_LINES, head.length - 1)).join('\n');
      const size = `${(bytes.length / (1 << 20)).toFixed(1)} MiB`;
      let lines = 0;
      let at = 0;
      const describe = (counted) => {
        summary.dataset.lines = counted ? String(lines) : '';
        summary.textContent = t('batch.summary', { name, size, bytes: bytes.length, lines: counted ? t('batch.line-count', { count: lines }) : t('batch.counting') });
      };
      describe(false);
      const tasks = scheduler(true);
      counting = tasks;
      const piece = () => {
        const end = Math.min(at + COUNT_PIECE, bytes.length);
        for (let i = bytes.indexOf(10, at); i !== -1 && i < end; i = bytes.indexOf(10, i + 1)) lines += 1;
        at = end;
        if (at < bytes.length) tasks.schedule(piece);
        else {
          // A last line without its line break is a line too.
          if (bytes.length > 0 && bytes[bytes.length - 1] !== 10) lines += 1;
          describe(true);
          tasks.close();
        }
      };
      tasks.schedule(piece);
    }

    /** Reads the input afresh and solves it. */
    function start() {
      finish(null);
      batch?.free();
      game = controller.state.editor.game;
      const bytes = source?.bytes ?? new TextEncoder().encode(input.value);
      batch = new engine.Batch(game.id, bytes, game.rulesText || undefined);
      rows = [];
      opened = null;
      outputLines = null;
      showPage(0);
      table.hidden = false;
      counted.textContent = t('batch.positions-note', { words: game.batchPositions });
      counted.hidden = !game.batchPositions;
      seen = 0;
      longest = 0;
      last = null;
      began = performance.now();
      run.disabled = true;
      stop.hidden = false;
      save.disabled = true;
      progress.hidden = false;
      show({ finished: 0, rows: 0, answered: 0, faults: 0, read: 0, current: 0, done: false });
      comparison.update(true);
      slices = scheduler(true);
      slices.schedule(slice);
    }

    function slice() {
      const begin = performance.now();
      const p = batch.runFor(SLICE_MS);
      last = p;
      const more = take();
      show(p);
      longest = Math.max(longest, performance.now() - begin);
      if (p.done && !more) finish('done');
      else {
        comparison.update();
        slices.schedule(slice);
      }
    }

    /**
     * The answers so far, for the comparison: each kept row's answer line (null for a fault,
     * undefined until solved); once every problem is answered without a fault, the whole
     * output's lines (an input may have more problems than rows kept).
     * @returns {import('./compare.js').Answers | null}
     */
    function answersSoFar() {
      if (!batch) return null;
      const complete = Boolean(last?.done);
      if (complete && last.rows > rows.length && last.faults === 0) {
        outputLines ??= (batch.output() ?? '').split('\n').slice(0, -1);
        return { lines: outputLines, complete };
      }
      return { lines: rows.map((row) => row.answer ?? (row.error === undefined ? undefined : null)), complete: complete && last.rows === rows.length };
    }

    /**
     * Takes in the rows read and those that got their results since the last look, up to
     * ROWS_PER_SLICE of each; adds the new ones on show to the table and fills in those on
     * show. True when more may be waiting.
     */
    function take() {
      const fresh = batch.rowsFrom(rows.length, ROWS_PER_SLICE);
      if (fresh.length > 0) {
        const before = rows.length;
        rows.push(...fresh);
        if (before < first + PAGE) showPage(first);
        else showPager();
      }
      const done = batch.finishedSince(seen, ROWS_PER_SLICE);
      seen += done.length;
      for (const row of done) {
        // A row not taken in yet comes with its result when it is.
        if (row.index >= rows.length) continue;
        rows[row.index] = row;
        const element = rowsOf[row.index - first];
        if (element) fill(element, row);
      }
      return fresh.length === ROWS_PER_SLICE || done.length === ROWS_PER_SLICE;
    }

    /** Shows the rows from `from` on (a page of them). */
    function showPage(from) {
      first = Math.max(0, Math.min(from, Math.floor((rows.length - 1) / PAGE) * PAGE));
      rowsOf = rows.slice(first, first + PAGE).map((row) => rowElement(row));
      body.replaceChildren(...rowsOf);
      showPager();
    }

    /** The pager's buttons and what it says, for the rows kept so far. */
    function showPager() {
      pager.hidden = rows.length <= PAGE;
      earlier.disabled = first === 0;
      later.disabled = first + PAGE >= rows.length;
      const more = last && last.rows > rows.length ? t('batch.kept', { kept: rows.length, count: last.rows }) : '';
      shown.textContent = t('batch.rows', { from: first + 1, to: first + rowsOf.length, count: rows.length, more });
    }

    function show(p) {
      // Reading and solving go on together: the share of the input read, times the share
      // of what is read that is solved.
      progress.max = 1;
      progress.value = p.read * ((p.finished + p.current) / Math.max(1, p.rows));
      status.dataset.state = 'running';
      const reading = p.read < 1 ? t('batch.reading', { pct: Math.floor(100 * p.read) }) : '';
      status.textContent = t('batch.solving', { finished: p.finished, count: p.rows, reading });
    }

    /** Stops the slices; `how` is 'done', 'cancelled', or null when a new run replaces this one. */
    function finish(how) {
      slices?.close();
      slices = null;
      run.disabled = false;
      stop.hidden = true;
      if (!how || !batch) return;
      const ms = performance.now() - began;
      const { answered, faults, rows: read } = last ?? { answered: 0, faults: 0, rows: 0 };
      showPager();
      // What the CLI prints, made only when it is saved (it may be megabytes).
      const complete = how === 'done' && faults === 0;
      save.disabled = !complete;
      save.title = !complete ? t('batch.save-faulty') : t('batch.save', { command: `retrolab ${game.id}` });
      status.dataset.state = how;
      status.dataset.ms = ms.toFixed(1);
      status.dataset.maxSliceMs = longest.toFixed(1);
      const parts = [t('batch.answers', { count: answered, ms: ms.toFixed(0) })];
      if (faults > 0) parts.push(t('batch.faults', { count: faults }));
      if (how === 'cancelled') {
        parts.unshift(t('batch.cancelled', { done: answered + faults, count: read }));
        for (const element of rowsOf) if (!element.dataset.result) element.cells[3].textContent = t('batch.not-solved');
      }
      status.textContent = t('batch.status', { parts: parts.join(' · ') });
      comparison.update(true);
    }

    /** Opens row `index`'s board in the editor and solves it. */
    function openRow(index) {
      const text = batch.text(index);
      const { board, error } = game.fromText(text);
      if (error) {
        status.textContent = t('batch.cannot-open', { error });
        return;
      }
      opened = index;
      for (const element of rowsOf) element.classList.toggle('opened', Number(element.dataset.index) === opened);
      controller.load({ game, board, solve: true, notice: null });
    }

    function rowElement(row) {
      const element = h(
        'tr',
        { testid: 'batch-row', dataset: { index: String(row.index) }, tabIndex: 0, title: t('batch.open-row') },
        h('td', { textContent: row.number ?? '' }),
        h('td', { textContent: row.lines[0] === row.lines[1] ? String(row.lines[0]) : `${row.lines[0]}–${row.lines[1]}` }),
        h('td', { textContent: row.size ? `${row.size[0]}×${row.size[1]}` : '' }),
        h('td', { class: 'answer', textContent: WAITING }),
        h('td', { class: 'num' }),
        h('td', { class: 'num' }),
      );
      element.classList.toggle('opened', row.index === opened);
      if (row.answer !== undefined || row.error !== undefined) fill(element, row);
      return element;
    }

    function fill(element, row) {
      const result = row.answer ?? row.error;
      element.dataset.result = result;
      element.classList.toggle('fault', row.error !== undefined);
      const [, , , answer, positions, time] = element.cells;
      // The data keeps the CLI's English; a fault is shown in the page's language.
      answer.textContent = row.words ? said(row.words) : result;
      if (row.error !== undefined) {
        element.removeAttribute('tabindex');
        element.title = '';
        return;
      }
      positions.textContent = count(row.positions);
      time.textContent = row.shares === undefined ? t('batch.ms', { ms: row.ms.toFixed(1) }) : t('batch.shares', { number: String(rows[row.shares].number) });
    }

    return {
      render(state) {
        const shown = state.editor.game;
        gameName.textContent = shown.title;
        if (shown !== formatOf) {
          formatOf = shown;
          format.replaceChildren(renderMarkdown(document, shown.format));
        }
      },
      /** `input`: contest text to solve at once (a batch link). */
      opened(text) {
        if (typeof text !== 'string') return;
        setText(text);
        start();
      },
    };
  },
};
