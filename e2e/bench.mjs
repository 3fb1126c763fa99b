// The page benchmark (`./build.sh bench`, not a test): the solver time the page reports
// (`data-solve-ms`) against the native time for the same board in the same order — on a fresh
// load in a browser started for it, for the button on a page that has settled, and for a
// second solve on the same page — the longest main-thread task, the wasm memory, and the
// animation's frame rate at top speed (16×16: a 10×10 analysis is over within a frame or two
// at that speed).
//   node bench.mjs NATIVE_BENCH
// Then the timeline: dragging it to steps of a solved 10×10 and 16×16 analysis (each rewind
// re-runs the analysis from the start), and how long tapped heatmap cells take to say where
// their values came from.
// NATIVE_BENCH is the native benchmark's executable (benches/solve.rs; build.sh passes it).
// Boards: the first board of benches/data/river-tie-10x10.in (and of …-16x16.in), all ties
// (the whole state space is analysed), and a 24×24 board without obstacles (190 million
// positions). The page solves tier by tier, its default order, unless a line says "one queue".
// The machines are noisy, so every page measurement is paired with a native one taken just
// before it (the median of 7 native solves of the same board in the same order; 3 for 24×24),
// and a ratio compares the medians of the pairs. Long tasks (over 50 ms) come from the
// browser's PerformanceObserver; the longest solver slice is the page's own `data-max-slice-ms`.
// "First Solve instantly in a fresh browser" is issue 11's defect 10: the default board, the
// button pressed on a browser started for it, its long tasks.
// The batch view (issue 13) solves the whole of benches/data/river-tie-10x10.in (10 boards),
// each run paired with the CLI on the same file just before it (wall time of the process);
// then 16 MiB files, the CLI's limit (issue 22), opened through its file input: chase queries
// and river's sample boards, once each, with the longest slice and the long tasks.
// Then the explanations on the 16×16 board (issue 12): Explain opened on the start and on
// heatmap cells (from the event to the next painted frame), proof nodes expanded (the same),
// and the Check over the whole table (its wall time against the page's solve time, and the
// longest task meanwhile).
// GIF making (Export → Save GIF) on the default board and the 16×16 one: tasks over 50 ms, the longest (wall and on a core), total time.
// Recording a video (Export → Record replay, 8 moves a second) of the default board: the same.
// Explain's first opening (a fresh load, settled) on the default board and the 16×16 one: the same, and click → proof painted.
// Animate (issue 20's defect 10) on 9×9 (the default board), 16×16 and 24×24: frame rate, longest frame gap and long tasks from the click to the analysis solved (top notch) or over its first seconds (middle notch).
// Play against perfect play on the solved 16×16 and 24×24 boards: each move from the click to the page's reply, its longest frame gap and long tasks.
// Page load: the default page in a fresh browser, when the solver is ready, and every long task from navigation to 3 s later.
// Composed games: fox and hounds' standard start, and with a knight's move added to the fox: the page's time from Solve instantly to the verdict against the CLI's whole process on the same board, the long tasks to it, then how long the whole table takes in the background and its long tasks.
// A board the page answers from its start first (controller.js) is timed to the verdict, its long tasks counted to it; its solve time (data-solve-ms) is read once the whole table is analysed, which is what native solves.
// BENCH_ONLY=gif,animate (a comma list of: solve — every section before GIF making —, gif, video, explain, animate, play, load, composed) runs only those; NATIVE_BENCH is needed by solve.

import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launch, openPage } from './browser.mjs';
import { cellCentre, riverBoards, wholeTable } from './helpers.mjs';

const RUNS = 11;
const NATIVE_BENCH = process.argv[2];
/** The sections asked for by BENCH_ONLY (all when unset). */
const ONLY = process.env.BENCH_ONLY?.split(',');
const wanted = (section) => !ONLY || ONLY.includes(section);
if (!NATIVE_BENCH && wanted('solve')) throw new Error('usage: node bench.mjs NATIVE_BENCH (the native benchmark executable)');

/** The first board of a river contest input: its `n m` line, then its rows. */
async function firstBoard(name) {
  const lines = (await readFile(new URL(`../benches/data/${name}`, import.meta.url), 'utf8')).split('\n');
  const [n] = lines[1].trim().split(/\s+/).map(Number);
  return lines.slice(1, 2 + n).map((l) => l.trim());
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** The rows of an n×n board without obstacles, as benches/solve.rs's `open_board`: red on (0, 0) and the middle, black in the middle of the bottom row. */
function openBoard(n) {
  const rows = Array.from({ length: n }, () => Array(n).fill('.'));
  rows[0][0] = 'O';
  rows[n >> 1][n >> 1] = 'O';
  rows[n - 1][(n >> 1) - 1] = 'X';
  return rows.map((row) => row.join(''));
}

/**
 * Native milliseconds for the board in `file` in `order` ('tiers' or 'global'): `median` of the
 * native benchmark's `runs` solves, and `first`, its first solve — in a fresh process, on
 * memory never touched before.
 */
function nativeMs(file, { order = 'tiers', runs = 7 } = {}) {
  const args = [...(order === 'tiers' ? ['--tiers'] : []), `--runs=${runs}`, '--no-verify', file];
  const out = execFileSync(NATIVE_BENCH, args, { encoding: 'utf8' });
  const fields = out.split('\n').find((l) => l.includes('.in '))?.trim().split(/\s+/) ?? [];
  const [median, first] = [Number(fields[3]), Number(fields[7])];
  if (!Number.isFinite(median) || !Number.isFinite(first)) throw new Error(`unexpected native benchmark output:\n${out}`);
  return { median, first };
}

/**
 * Records long tasks from the very start of every page, and when the last click and the
 * first verdict happened (page clock). Sound is off: the browser's first audio context can
 * take tens of milliseconds to open the audio device, which is not the solver.
 */
const OBSERVE_LONG_TASKS = () => {
  localStorage.setItem('retrolab.sound', 'off');
  // The order of the analysis: the page's default, or one queue for links with `bench-order=global`.
  if (new URLSearchParams(location.search).get('bench-order') === 'global') localStorage.setItem('retrolab.order', 'global');
  else localStorage.removeItem('retrolab.order');
  window.longTasks = [];
  window.longTaskEnds = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      window.longTasks.push(e.duration);
      window.longTaskEnds.push(e.startTime + e.duration);
    }
  }).observe({ type: 'longtask', buffered: true });
  addEventListener('click', () => (window.clickAt = performance.now()), true);
  new MutationObserver(() => {
    if (document.querySelector('[data-testid=verdict][data-result]')) window.verdictAt ??= performance.now();
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-result'] });
};

async function measure(page, { url, click, again, settleMs = 500 }) {
  await page.goto(url);
  await page.waitForFunction(() => document.querySelector('[data-testid=verdict]').textContent !== 'Loading the solver…');
  if (again) {
    // A first solve, then Restart: the measured solve is the page's second one.
    await page.locator('[data-testid=solve-now]').click();
    await page.waitForSelector('[data-testid=verdict][data-result]', { timeout: 120_000 });
    await page.locator('[data-testid=restart]').click();
    await page.waitForSelector('[data-testid=verdict]:not([data-result])');
  }
  if (click || again) {
    // Let the page settle, as it does while a person looks at the board (wasm tier-up, memory
    // committed ahead), before Solve instantly is pressed.
    await page.waitForTimeout(settleMs);
    await page.evaluate(() => {
      window.longTasks.length = 0;
      window.longTaskEnds.length = 0;
      window.verdictAt = undefined;
    });
    await page.locator('[data-testid=solve-now]').click();
  }
  await page.waitForSelector('[data-testid=verdict][data-result]', { timeout: 300_000 });
  // A board answered from its start first: its whole table follows in the background, and the
  // solve's time (data-solve-ms) is then the whole table's, as native solves it.
  const began = Date.now();
  const background = await page.locator('[data-testid=table-progress]').isVisible();
  if (background) await wholeTable(page);
  const tableMs = background ? Date.now() - began : null;
  return page.evaluate(async (tableMs) => {
    const v = document.querySelector('[data-testid=verdict]');
    const engine = await (await import('/www/pkg/retrolab.js')).default();
    const atVerdict = window.longTasks.filter((d, i) => d > 0 && window.longTaskEnds[i] <= window.verdictAt);
    return {
      memoryMb: engine.memory.buffer.byteLength / 2 ** 20,
      result: v.dataset.result,
      solveMs: Number(v.dataset.solveMs),
      maxSliceMs: Number(v.dataset.maxSliceMs),
      // To the verdict; then the whole table's analysis in the background (none: no such analysis).
      longTasks: atVerdict,
      backgroundLongTasks: window.longTasks.filter((d, i) => d > 0 && window.longTaskEnds[i] > window.verdictAt),
      // From the click on Solve instantly (or from the start of navigation) to the verdict.
      wallMs: window.verdictAt - (window.clickAt ?? 0),
      // From the verdict to the whole table, by the test's clock (null: none in the background).
      tableMs,
      clicked: window.clickAt !== undefined,
    };
  }, tableMs);
}

/**
 * Opens `url`, takes the scan with one Step, then plays at the slider's top speed for `ms`
 * (or until solved) and measures the animation frames and the long tasks meanwhile.
 */
async function animate(page, url, ms) {
  await page.goto(url);
  await page.waitForFunction(() => document.querySelector('[data-testid=verdict]').textContent !== 'Loading the solver…');
  await page.evaluate(() => (window.longTasks.length = 0));
  await page.locator('[data-testid=step]').click();
  await page.waitForFunction(() => document.querySelector('[data-testid=controls]').dataset.phase === 'paused');
  await page.evaluate(() => {
    const slider = document.querySelector('[data-testid=speed]');
    slider.value = slider.max;
    slider.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await page.locator('[data-testid=play]').click();
  const run = await page.evaluate(
    (duration) =>
      new Promise((resolve) => {
        const decided = () => Number(document.querySelector('[data-testid=decided]').dataset.value);
        const gaps = [];
        const begin = performance.now();
        const from = decided();
        let last = begin;
        const tick = (now) => {
          gaps.push(now - last);
          last = now;
          const running = document.querySelector('[data-testid=controls]').dataset.phase === 'running';
          if (now < begin + duration && running) requestAnimationFrame(tick);
          else resolve({ gaps, ms: now - begin, decided: decided() - from, longTasks: window.longTasks.filter((d) => d > 0) });
        };
        requestAnimationFrame(tick);
      }),
    ms,
  );
  const sorted = [...run.gaps].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))].toFixed(1);
  const fps = (1000 * run.gaps.length) / run.ms;
  const longest = Math.max(0, ...run.longTasks);
  return (
    `${run.gaps.length} frames in ${run.ms.toFixed(0)} ms (${fps.toFixed(1)} fps), frame gap p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, ` +
    `max ${sorted.at(-1).toFixed(1)} ms; ${Math.round((1000 * run.decided) / run.ms).toLocaleString('en-US')} positions decided per second; ` +
    `long tasks > 50 ms: ${longest > 0 ? `${run.longTasks.length}, longest ${longest.toFixed(0)} ms` : 'none'}`
  );
}

const CLI = new URL('../target/release/retrolab', import.meta.url).pathname;

/** Milliseconds of `retrolab game ...args < file` (the whole process, as a person running it waits). */
function cliMs(file, game = 'river', args = []) {
  const input = readFileSync(file);
  const begin = process.hrtime.bigint();
  const run = spawnSync(CLI, [game, ...args], { input, maxBuffer: 1 << 26 });
  const ms = Number(process.hrtime.bigint() - begin) / 1e6;
  if (run.status !== 0) throw new Error(`retrolab ${game} ${args.join(' ')} < ${file}: ${run.stderr}`);
  return { ms, output: String(run.stdout) };
}

/**
 * A composed game's standard start (the rules' own board) in the page against the CLI: from the
 * click on Solve instantly (the page settled) to the verdict, paired with `retrolab custom
 * --rules` on that board just before it (the whole process); `times` pairs, medians compared.
 */
async function composedBench(page, label, rulesText, times) {
  const rulesFile = join(scratch, 'composed.toml');
  await writeFile(rulesFile, rulesText);
  const rows = rulesText.match(/board = """\n([^"]*)"""/)[1].trim().split('\n');
  const input = join(scratch, 'composed.in');
  await writeFile(input, `0 1\n${rows.length} ${rows[0].length}\n${rows.join('\n')}\n`);
  const url = `${browser.url}index.html?game=custom&rules=${encodeURIComponent(rulesText)}&board=${encodeURIComponent(rows.join('/'))}`;
  const runs = [];
  for (let i = 0; i < times; i++) {
    const cli = cliMs(input, 'custom', ['--rules', rulesFile]);
    const run = await measure(page, { url, click: true, settleMs: 1000 });
    if (`${run.result}\n` !== cli.output) throw new Error(`${label}: the page says ${run.result}, the CLI ${cli.output}`);
    runs.push({ ...run, cliMs: cli.ms });
  }
  const [pageMs, cli] = [median(runs.map((r) => r.wallMs)), median(runs.map((r) => r.cliMs))];
  // One more run traced, from the click to the whole table: each main-thread task's time on a
  // core, which the machine's load does not stretch as it stretches the observer's wall time.
  await page.goto(url);
  await page.waitForFunction(() => document.querySelector('[data-testid=verdict]').textContent !== 'Loading the solver…');
  await page.waitForTimeout(1000);
  const cpuMs = await taskCpuMs(page, async () => {
    await page.locator('[data-testid=solve-now]').click();
    await page.waitForSelector('[data-testid=verdict][data-result]', { timeout: 300_000 });
    if (await page.locator('[data-testid=table-progress]').isVisible()) await wholeTable(page);
  });
  const onCore = [...cpuMs].sort((a, b) => b - a);
  const longest = Math.max(0, ...runs.flatMap((r) => r.longTasks));
  const tasks = (list) => (list.length > 0 ? `${list.length}, longest ${Math.max(...list).toFixed(0)} ms` : 'none');
  const table = runs[0].tableMs === null ? 'no whole table after it' : `the whole table ${(median(runs.map((r) => r.tableMs)) / 1000).toFixed(1)} s later (long tasks > 50 ms meanwhile: ${tasks(runs.flatMap((r) => r.backgroundLongTasks))})`;
  console.log(
    `${label.padEnd(46)} ${runs[0].result.padEnd(9)} page verdict ${(pageMs / 1000).toFixed(2)} s after the click = ${(pageMs / cli).toFixed(1)}× the CLI's whole process ` +
      `(${(cli / 1000).toFixed(2)} s; medians of ${times} pairs); long tasks > 50 ms: ${longest > 0 ? tasks(runs.flatMap((r) => r.longTasks)) : 'none'}; ${table}; ` +
      `wasm memory ${Math.max(...runs.map((r) => r.memoryMb)).toFixed(0)} MB; ` +
      `on a core, from the click to the whole table: ${onCore.filter((ms) => ms > 50).length} tasks over 50 ms, the longest ${onCore.slice(0, 3).map((ms) => ms.toFixed(0)).join(', ')} ms`,
  );
}

/**
 * A contest file of the CLI's whole 16 MiB in the batch view (issue 22), opened through its
 * file input: the page's time from "Solve all" to the last answer against the CLI's on the
 * same file, the longest slice, and the long tasks from the click on (reading and solving;
 * the download is checked against the CLI's output, not timed).
 */
async function bigBatch(page, game, file, what) {
  const cli = cliMs(file, game);
  await page.goto(`${browser.url}index.html?game=${game}`);
  await page.click('[data-testid=tool-batch]');
  await page.setInputFiles('[data-testid=batch-file]', file);
  await page.waitForSelector('[data-testid=batch-summary][data-lines]:not([data-lines=""])', { timeout: 60_000 });
  await page.evaluate(() => (window.longTasks.length = 0));
  await page.click('[data-testid=batch-run]');
  await page.waitForSelector('[data-testid=batch-status][data-state=done]', { timeout: 1_800_000 });
  const run = await page.evaluate(() => ({
    ms: Number(document.querySelector('[data-testid=batch-status]').dataset.ms),
    maxSliceMs: Number(document.querySelector('[data-testid=batch-status]').dataset.maxSliceMs),
    longTasks: window.longTasks.filter((d) => d > 0),
  }));
  const [saved] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=batch-download]')]);
  if ((await readFile(await saved.path(), 'utf8')) !== cli.output) throw new Error(`the batch view’s download of ${what} differs from the CLI’s output`);
  const longest = Math.max(0, ...run.longTasks);
  console.log(
    `batch view, ${what.padEnd(34)} page ${(run.ms / 1000).toFixed(1)} s = ${(run.ms / cli.ms).toFixed(2)}× the CLI (${(cli.ms / 1000).toFixed(1)} s); ` +
      `longest slice ${run.maxSliceMs.toFixed(1)} ms; long tasks > 50 ms: ${longest > 0 ? `${run.longTasks.length}, longest ${longest.toFixed(0)} ms` : 'none'}`,
  );
}

/**
 * A contest input of up to `bytes` bytes: `header(count)` (river's `id T`, or nothing) and
 * `unit`, a piece of problems `count` of them each, repeated.
 */
function repeated(unit, count, bytes, header = () => '') {
  const times = Math.floor((bytes - header(count * 1e9).length) / unit.length);
  return header(count * times) + unit.repeat(times);
}

/**
 * The batch view on the contest input `file`, `times` times, each after the CLI on it: the
 * page's time from "Solve all" to the last answer (`data-ms` of the batch status), and the
 * long tasks meanwhile; the downloadable answers are checked against the CLI's output.
 */
async function batch(page, file, times) {
  const input = await readFile(file, 'utf8');
  const runs = [];
  for (let i = 0; i < times; i++) {
    const cli = cliMs(file);
    await page.goto(`${browser.url}index.html?game=river&input=`);
    await page.waitForSelector('[data-testid=batch-status][data-state=done]');
    await page.fill('[data-testid=batch-input]', input);
    await page.waitForTimeout(500);
    await page.evaluate(() => (window.longTasks.length = 0));
    await page.click('[data-testid=batch-run]');
    await page.waitForSelector('[data-testid=batch-status][data-state=done]', { timeout: 120_000 });
    const run = await page.evaluate(() => ({
      ms: Number(document.querySelector('[data-testid=batch-status]').dataset.ms),
      maxSliceMs: Number(document.querySelector('[data-testid=batch-status]').dataset.maxSliceMs),
      results: [...document.querySelectorAll('[data-testid=batch-row]')].map((r) => r.dataset.result),
      longTasks: window.longTasks.filter((d) => d > 0),
    }));
    if (run.results.join('\n') + '\n' !== cli.output) throw new Error('the batch view’s answers differ from the CLI’s');
    runs.push({ ...run, cli: cli.ms });
  }
  const page_ = median(runs.map((r) => r.ms));
  const native = median(runs.map((r) => r.cli));
  const longest = Math.max(0, ...runs.flatMap((r) => r.longTasks));
  console.log(
    `batch view, river-tie-10x10.in (10 boards)      page ${page_.toFixed(1).padStart(7)} ms (median of ${runs.length}, min ${Math.min(...runs.map((r) => r.ms)).toFixed(1)}) ` +
      `= ${(page_ / native).toFixed(2)}× the CLI (${native.toFixed(1)} ms, median of the paired runs); ` +
      `longest slice (solving and the table's update) ${Math.max(...runs.map((r) => r.maxSliceMs)).toFixed(1)} ms; ` +
      `long tasks > 50 ms: ${longest > 0 ? `${runs.flatMap((r) => r.longTasks).length}, longest ${longest.toFixed(0)} ms` : 'none'}`,
  );
}

/**
 * Opens `url` (a board to solve), solves it, then drags the timeline to `count` steps spread
 * over the analysis in a scrambled order (backwards and forwards), each measured from the drag
 * (the range input's event) to the step shown (its `data-step`), and reports the medians and
 * maxima with the longest main-thread task meanwhile. Then taps heatmap cells and measures how
 * long each takes to say where its value came from (Lab.trace re-runs a copy of the analysis).
 */
async function rewinds(page, url, board, count) {
  await page.goto(url);
  await page.waitForSelector('[data-testid=verdict][data-result]', { timeout: 120_000 });
  await page.waitForTimeout(300);
  await page.evaluate(() => (window.longTasks.length = 0));
  const run = await page.evaluate(async (n) => {
    const slider = document.querySelector('[data-testid=timeline]');
    const steps = Number(slider.max);
    const shown = (target) =>
      new Promise((resolve) => {
        const done = () => Number(slider.dataset.step) === target && !slider.closest('[hidden]');
        if (done()) return resolve();
        const observer = new MutationObserver(() => {
          if (done()) {
            observer.disconnect();
            resolve();
          }
        });
        observer.observe(slider, { attributes: true, attributeFilter: ['data-step'] });
      });
    const times = [];
    for (let i = 0; i < n; i++) {
      // A scrambled walk over the analysis, the last drag back to the end.
      const target = i === n - 1 ? steps : Math.round(((i * 7 + 3) % n) * (steps / n)) + 1;
      const begin = performance.now();
      slider.value = String(target);
      slider.dispatchEvent(new Event('input', { bubbles: true }));
      await shown(target);
      times.push({ target, ms: performance.now() - begin, engineMs: Number(slider.dataset.rewindMs) });
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return { steps, times, longTasks: window.longTasks.filter((d) => d > 0) };
  }, count);
  const ms = run.times.map((t) => t.ms);
  const worst = run.times.reduce((a, b) => (b.ms > a.ms ? b : a));
  const longest = Math.max(0, ...run.longTasks);
  // Where values came from: tap cells of the heatmap (every eleventh free cell), timed in the page
  // from the press to the answer (the box's data-how no longer "working").
  await page.evaluate(() => {
    const box = document.querySelector('[data-testid=provenance]');
    document.querySelector('[data-testid=board]').addEventListener('pointerdown', () => (window.tapAt = performance.now()), true);
    new MutationObserver(() => {
      if (!box.hidden && box.dataset.how !== 'working') window.answerAt = performance.now();
    }).observe(box, { attributes: true });
  });
  const traces = [];
  const cols = board[0].length;
  const free = [...board.join('')].flatMap((ch, cell) => (ch === '.' ? [cell] : []));
  for (let i = 3; i < free.length && traces.length < 8; i += 11) {
    const cell = free[i];
    await page.evaluate(() => (window.answerAt = undefined));
    const at = await cellCentre(page, Math.floor(cell / cols), cell % cols);
    await page.mouse.click(at.x, at.y);
    await page.waitForFunction(() => window.answerAt !== undefined, null, { timeout: 60_000 });
    traces.push(
      await page.evaluate(() => {
        const box = document.querySelector('[data-testid=provenance]');
        return { how: box.dataset.how, ms: window.answerAt - window.tapAt };
      }),
    );
  }
  const traceMs = traces.map((t) => t.ms);
  return (
    `${count} drags over ${run.steps.toLocaleString('en-US')} steps: drag to step shown median ${median(ms).toFixed(1)} ms, max ${worst.ms.toFixed(1)} ms ` +
    `(to step ${worst.target.toLocaleString('en-US')}; the page's own re-run time median ${median(run.times.map((t) => t.engineMs)).toFixed(1)} ms); ` +
    `long tasks > 50 ms: ${longest > 0 ? `${run.longTasks.length}, longest ${longest.toFixed(0)} ms` : 'none'}; ` +
    `provenance of ${traces.length} tapped cells: median ${traceMs.length ? median(traceMs).toFixed(1) : '–'} ms, max ${traceMs.length ? Math.max(...traceMs).toFixed(1) : '–'} ms ` +
    `(${traces.map((t) => t.how).join(', ')})`
  );
}

/**
 * Records the Event Timing entries of the page's interactions: `duration`, from the input
 * event to the next frame painted after its handlers ran (Chromium reports those of at least
 * 16 ms), and `handlers`, the time its handlers took.
 */
const OBSERVE_INTERACTIONS = () => {
  window.interactions = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.interactions.push({ duration: e.duration, handlers: e.processingEnd - e.processingStart });
  }).observe({ type: 'event', durationThreshold: 16 });
};

/**
 * What an interaction `act()` cost: `{paint}`, input to painted frame, the longest Event Timing
 * entry it caused, or 16 when none (Chromium reports none under 16 ms: an upper bound then);
 * and `{handlers}`, the longest time its event handlers took (the work itself).
 */
async function interaction(page, act) {
  await page.evaluate(() => (window.interactions.length = 0));
  await act();
  await page.waitForTimeout(200);
  const entries = await page.evaluate(() => window.interactions);
  return { paint: Math.max(16, ...entries.map((e) => e.duration)), handlers: Math.max(0, ...entries.map((e) => e.handlers)) };
}

/**
 * Explain and Check on a solved board: opening the proof of the start (the button) and of
 * heatmap cells (Shift-click), expanding nodes (a click each), then the Check on a fresh load.
 */
async function explainBench(page, url) {
  await page.goto(`${url}&solve=1`);
  await page.waitForSelector('[data-testid=verdict][data-result]', { timeout: 120_000 });
  await wholeTable(page); // Explain and Check measure the whole table
  await page.evaluate(OBSERVE_INTERACTIONS);
  await page.waitForTimeout(500);
  const open = [await interaction(page, () => page.locator('[data-testid=explain]').click())];
  const values = new Set([await page.locator('[data-testid=proof-node]').first().getAttribute('data-value')]);
  const expand = [];
  const rows = Number(await page.locator('[data-testid=rows]').inputValue());
  const cols = Number(await page.locator('[data-testid=cols]').inputValue());
  for (let i = 0; i < 24; i++) {
    const [row, col] = [1 + ((i * 5) % (rows - 1)), (i * 7) % cols];
    await page.locator('[data-testid=board]').scrollIntoViewIfNeeded();
    const at = await cellCentre(page, row, col);
    const before = await page.evaluate(() => document.querySelector('[data-testid=proof-node]')?.dataset.board);
    const ms = await interaction(page, async () => {
      await page.keyboard.down('Shift');
      await page.mouse.click(at.x, at.y);
      await page.keyboard.up('Shift');
    });
    const root = await page.evaluate(() => ({ ...document.querySelector('[data-testid=proof-node]')?.dataset }));
    if (root.board === before) continue; // not a heatmap cell (an obstacle, a piece)
    open.push(ms);
    values.add(root.value);
    for (let k = 0; k < 3; k++) {
      const closed = page.locator('[data-testid=proof-node][aria-expanded=false] > .proof-row').first();
      if ((await closed.count()) === 0) break;
      expand.push(await interaction(page, () => closed.click()));
    }
  }
  const stats = (xs, key) => {
    const ms = xs.map((x) => x[key]);
    return `median ${median(ms).toFixed(1)} ms, max ${Math.max(...ms).toFixed(1)} ms`;
  };
  const lines = [
    `16×16 tie, Explain opened, ${open.length} times: handlers ${stats(open, 'handlers')}; input → next paint ${stats(open, 'paint')} ` +
      `(16: under Event Timing's threshold); the first, which mounts the tool: ${open[0].handlers.toFixed(1)} / ${open[0].paint.toFixed(0)} ms; ` +
      `the start and heatmap cells (${[...values].join(', ')})`,
    `16×16 tie, a proof node expanded, ${expand.length} times: handlers ${stats(expand, 'handlers')}; click → next paint ${stats(expand, 'paint')}`,
  ];
  for (let run = 0; run < 3; run++) {
    await page.goto(`${url}&solve=1`);
    await page.waitForSelector('[data-testid=verdict][data-result]', { timeout: 120_000 });
    await wholeTable(page);
    const solveMs = Number(await page.locator('[data-testid=verdict]').getAttribute('data-solve-ms'));
    await page.locator('[data-testid=tool-check]').click();
    await page.waitForTimeout(500);
    await page.evaluate(() => {
      window.longTasks.length = 0;
      const button = document.querySelector('[data-testid=check]');
      button.addEventListener('click', () => (window.checkBegin = performance.now()), { capture: true, once: true });
      new MutationObserver(() => {
        if (document.querySelector('[data-testid=check-result][data-result]')) window.checkEnd ??= performance.now();
      }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-result'] });
    });
    await page.locator('[data-testid=check]').click();
    await page.waitForSelector('[data-testid=check-result][data-result]', { timeout: 120_000 });
    const check = await page.evaluate(() => ({
      result: document.querySelector('[data-testid=check-result]').dataset.result,
      text: document.querySelector('[data-testid=check-result]').textContent,
      wallMs: window.checkEnd - window.checkBegin,
      longTasks: window.longTasks.filter((d) => d > 0),
    }));
    const longest = Math.max(0, ...check.longTasks);
    const work = /\((\d+) ms\)/.exec(check.text)?.[1];
    lines.push(
      `16×16 tie, Check (run ${run + 1})                   ${check.result}: ${check.wallMs.toFixed(0)} ms from the click to the result (${work} ms of it checking) = ` +
        `${(check.wallMs / solveMs).toFixed(2)}× this page's solve (${solveMs.toFixed(0)} ms); long tasks > 50 ms: ${longest > 0 ? `${check.longTasks.length}, longest ${longest.toFixed(0)} ms` : 'none'}`,
    );
  }
  return lines;
}

/**
 * Measures `opts` (see `measure`) `times` times, each after a native solve of the same board
 * (`native`: nativeMs's options); `fresh`: each in a browser started for it.
 */
async function paired(page, times, opts, nativeFile, { native: options, fresh = false } = {}) {
  const runs = [];
  for (let i = 0; i < times; i++) {
    const native = nativeMs(nativeFile, options);
    if (fresh) {
      const own = await launch({ unchanging: false });
      try {
        await own.context.addInitScript(OBSERVE_LONG_TASKS);
        const ownPage = await openPage(own.context);
        runs.push({ ...(await measure(ownPage, { ...opts, url: opts.url.replace(browser.url, own.url) })), native });
        if (ownPage.problems.length > 0) throw new Error(`console errors during the benchmark: ${ownPage.problems.join('; ')}`);
      } finally {
        await own.close();
      }
    } else {
      runs.push({ ...(await measure(page, opts)), native });
    }
  }
  return runs;
}

/**
 * Issue 11's defect 10: the first Solve instantly in a browser started for it, on the default
 * board, pressed once the page has settled; `times` browsers. Its long tasks and solve time.
 */
async function firstSolve(times) {
  const runs = [];
  for (let i = 0; i < times; i++) {
    const own = await launch({ unchanging: false });
    try {
      await own.context.addInitScript(OBSERVE_LONG_TASKS);
      const ownPage = await openPage(own.context);
      runs.push(await measure(ownPage, { url: `${own.url}index.html`, click: true, settleMs: 1500 }));
    } finally {
      await own.close();
    }
  }
  const longest = Math.max(0, ...runs.flatMap((r) => r.longTasks));
  console.log(
    `${'first Solve instantly in a fresh browser'.padEnd(46)} ${runs[0].result.padEnd(6)} page ${median(runs.map((r) => r.solveMs)).toFixed(1).padStart(7)} ms (median of ${runs.length}); ` +
      `long tasks > 50 ms: ${longest > 0 ? `${runs.flatMap((r) => r.longTasks).length} in ${runs.length} runs, longest ${longest.toFixed(0)} ms` : 'none'}`,
  );
}

/**
 * One line per page run: the page's median against the median of the paired native medians;
 * `fresh` runs are also set against the native first solves (fresh process, fresh memory).
 */
function report(label, runs, { fresh = false } = {}) {
  const solve = median(runs.map((r) => r.solveMs));
  const native = median(runs.map((r) => r.native.median));
  const first = median(runs.map((r) => r.native.first));
  const againstFirst = fresh ? ` and ${(solve / first).toFixed(2)}× the native first solve in a fresh process (${first.toFixed(2)} ms)` : '';
  const longest = Math.max(0, ...runs.flatMap((r) => r.longTasks));
  const slice = Math.max(...runs.map((r) => r.maxSliceMs));
  const memory = Math.max(...runs.map((r) => r.memoryMb));
  console.log(
    `${label.padEnd(46)} ${runs[0].result.padEnd(6)} page ${solve.toFixed(1).padStart(7)} ms (median of ${runs.length}, min ${Math.min(...runs.map((r) => r.solveMs)).toFixed(1)}) ` +
      `= ${(solve / native).toFixed(2)}× native (${native.toFixed(2)} ms, median of the paired native runs)${againstFirst}; ` +
      `verdict ${median(runs.map((r) => r.wallMs)).toFixed(0)} ms after the ${runs[0].clicked ? 'click' : 'start of navigation'}; ` +
      `longest solver slice ${slice.toFixed(1)} ms; long tasks > 50 ms: ${longest > 0 ? `${runs.flatMap((r) => r.longTasks).length}, longest ${longest.toFixed(0)} ms` : 'none'}; ` +
      `wasm memory ${memory.toFixed(0)} MB`,
  );
}

/**
 * Runs `act` with the browser tracing and resolves to the milliseconds of the page's
 * main-thread tasks meanwhile as the thread's own clock counts them: the time it ran, not
 * the time it waited for a core, which on a loaded machine is about what a quiet one takes.
 */
async function taskCpuMs(page, act) {
  const cdp = await page.context().newCDPSession(page);
  const events = [];
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...value));
  const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', { categories: 'toplevel,devtools.timeline,disabled-by-default-devtools.timeline', transferMode: 'ReportEvents' });
  try {
    await act();
  } finally {
    await cdp.send('Tracing.end');
    await complete;
    await cdp.detach();
  }
  // The main thread: a renderer's main thread that ran the page's scripts.
  const mains = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const main = mains.find((m) => events.some((e) => e.pid === m.pid && e.tid === m.tid && e.name === 'FunctionCall'));
  if (!main) throw new Error('no main thread in the trace');
  return events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.name === 'RunTask' && e.ph === 'X').map((e) => (e.tdur ?? 0) / 1000);
}

/**
 * Long tasks over runs, in words: from the browser's PerformanceObserver (wall time) how many
 * over 50 ms (median a run) and the longest; from the trace (`cpuMs`, each task's time on a
 * core) the longest and how many over 50 ms.
 */
function longTaskWords(runs) {
  const counts = runs.map((r) => r.longTasks.length);
  const longest = Math.max(0, ...runs.flatMap((r) => r.longTasks));
  const wall = longest > 0 ? `tasks > 50 ms median ${median(counts)} a run (${Math.min(...counts)} – ${Math.max(...counts)}), longest ${longest.toFixed(0)} ms (median of the runs' longest ${median(runs.map((r) => Math.max(0, ...r.longTasks))).toFixed(0)} ms)` : 'no task over 50 ms';
  const cpu = runs.map((r) => Math.max(0, ...r.cpuMs));
  const overCpu = runs.flatMap((r) => r.cpuMs).filter((ms) => ms > 50).length;
  return `${wall}; on a core: longest task median ${median(cpu).toFixed(1)} ms, max ${Math.max(...cpu).toFixed(1)}, ${overCpu} over 50 ms`;
}

/**
 * An Export of the board at `url` (solved), `times` times, each on a fresh load: `button` is
 * pressed once the page has settled and `done` (a test id) awaited; the long tasks from the
 * click to the file offered, and that time.
 */
async function exportBench(page, url, times, { button, done, rate }) {
  const runs = [];
  for (let i = 0; i < times; i++) {
    await page.goto(url);
    await page.waitForSelector('[data-testid=verdict][data-result]', { timeout: 120_000 });
    await page.click('[data-testid=tool-export]');
    if (rate) await page.selectOption('[data-testid=export-rate]', rate);
    await page.waitForTimeout(500);
    await page.evaluate(() => {
      window.longTasks.length = 0;
      window.clickAt = undefined;
    });
    const cpuMs = await taskCpuMs(page, async () => {
      await page.click(`[data-testid=${button}]`);
      await page.waitForSelector(`[data-testid=${done}]`, { timeout: 600_000 });
    });
    runs.push(
      await page.evaluate((cpuMs) => ({
        cpuMs,
        ms: performance.now() - window.clickAt,
        bytes: Number(document.querySelector('[data-testid=export-video-note]').dataset.bytes),
        longTasks: window.longTasks.filter((d) => d > 0),
      }), cpuMs),
    );
  }
  return `${longTaskWords(runs)}; click → file ${median(runs.map((r) => r.ms)).toFixed(0)} ms (median of ${runs.length}), ${runs[0].bytes.toLocaleString('en-US')} bytes`;
}

/**
 * Explain's first opening on the board at `url` (solved), `times` times, each in a page of its
 * own that has settled (the tool mounts in idle time): the long tasks from the click on the
 * Explain button to the proof's size counted, and the time from the click to the first frame
 * painted with the proof (a task queued from the animation frame that shows it runs after
 * that frame's paint).
 */
async function explainFirst(page, url, times) {
  const runs = [];
  for (let i = 0; i < times; i++) {
    await page.goto(`${url}&solve=1`);
    await page.waitForSelector('[data-testid=verdict][data-result]', { timeout: 120_000 });
    await page.waitForTimeout(1000);
    await page.evaluate(() => {
      window.longTasks.length = 0;
      window.clickAt = window.proofPaintedAt = undefined;
      const seen = new MutationObserver(() => {
        if (!document.querySelector('[data-testid=proof-node]')) return;
        seen.disconnect();
        requestAnimationFrame(() => setTimeout(() => (window.proofPaintedAt = performance.now())));
      });
      seen.observe(document.body, { subtree: true, childList: true });
    });
    const cpuMs = await taskCpuMs(page, async () => {
      await page.click('[data-testid=explain]');
      await page.waitForSelector('[data-testid=proof-size][data-done=true]', { timeout: 120_000 });
      await page.waitForTimeout(200);
    });
    runs.push(await page.evaluate((cpuMs) => ({ cpuMs, ms: window.proofPaintedAt - window.clickAt, longTasks: window.longTasks.filter((d) => d > 0) }), cpuMs));
  }
  return `${longTaskWords(runs)}; click → proof painted median ${median(runs.map((r) => r.ms)).toFixed(0)} ms, max ${Math.max(...runs.map((r) => r.ms)).toFixed(0)} ms (${runs.length} runs)`;
}

/**
 * The long tasks of a stretch of the page's work (issue 20's defect 10): `act()` starts it,
 * `until()` (run in the page) says it is over, `ms` caps it. Frames are counted on animation
 * frames from the start to the end, with the longest gap between two; long tasks come from
 * OBSERVE_LONG_TASKS's observer. The browser's trace of the stretch gives every task of the
 * page's main thread, however short: `cpu`, the longest one's processor time, which the other
 * work on a busy machine does not stretch (`wall`, its length, is what a person waits).
 * @returns {Promise<{ms: number, frames: number, gap: number, longTasks: number[], over: boolean, wall: number, cpu: number}>}
 */
async function stretch(page, act, until, ms) {
  await page.evaluate(() => {
    window.longTasks.length = 0;
    window.stretchFrames = 0;
    window.stretchGap = 0;
    window.stretchBegin = performance.now();
    let last = window.stretchBegin;
    const count = (now) => {
      window.stretchFrames += 1;
      window.stretchGap = Math.max(window.stretchGap, now - last);
      last = now;
      window.stretchFrame = requestAnimationFrame(count);
    };
    window.stretchFrame = requestAnimationFrame(count);
  });
  // Playwright's own script in the page, made on its first use (tens of milliseconds), before the trace.
  await page.waitForFunction(() => true);
  await page.locator('body').isVisible();
  const trace = await tracing(page);
  await act();
  const over = await page
    .waitForFunction(until, null, { timeout: ms, polling: 50 })
    .then(() => true)
    .catch(() => false);
  const run = await page.evaluate((over) => {
    cancelAnimationFrame(window.stretchFrame);
    return { ms: performance.now() - window.stretchBegin, frames: window.stretchFrames, gap: window.stretchGap, longTasks: window.longTasks.filter((d) => d > 0), over };
  }, over);
  const tasks = await trace.end();
  return { ...run, wall: Math.max(0, ...tasks.map((t) => t.wall)), cpu: Math.max(0, ...tasks.map((t) => t.cpu)) };
}

/**
 * Starts the browser's trace of `page`'s tasks; `end()` stops it and resolves to the tasks of
 * its main thread (the renderer's thread that ran the most), each `{wall, cpu}` in milliseconds.
 */
async function tracing(page) {
  /** A task of a thread's loop in the trace (category `toplevel`). */
  const TASK = 'ThreadControllerImpl::RunTask';
  const cdp = await page.context().newCDPSession(page);
  const events = [];
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...value.filter((e) => e.name === TASK || e.name === 'thread_name')));
  await cdp.send('Tracing.start', { traceConfig: { includedCategories: ['toplevel', 'devtools.timeline'] }, transferMode: 'ReportEvents' });
  return {
    async end() {
      const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
      await cdp.send('Tracing.end');
      await complete;
      await cdp.detach();
      const threads = new Map();
      for (const e of events) {
        if (e.name !== TASK || e.dur === undefined) continue;
        const key = `${e.pid}:${e.tid}`;
        if (!threads.has(key)) threads.set(key, []);
        threads.get(key).push({ wall: e.dur / 1000, cpu: (e.tdur ?? e.dur) / 1000 });
      }
      const renderers = new Set(events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
      const busy = (tasks) => tasks.reduce((sum, t) => sum + t.cpu, 0);
      return [...threads].filter(([key]) => renderers.has(key)).reduce((best, [, tasks]) => (busy(tasks) > busy(best) ? tasks : best), []);
    },
  };
}

/** "8.1 ms of CPU (median of the runs' longest; max 12.0), 31 ms long (median; max 96)" of stretch runs. */
const cpuWords = (runs) =>
  `${median(runs.map((r) => r.cpu)).toFixed(1)} ms of CPU (median of the runs' longest; max ${Math.max(...runs.map((r) => r.cpu)).toFixed(1)}), ` +
  `${median(runs.map((r) => r.wall)).toFixed(0)} ms long (median; max ${Math.max(...runs.map((r) => r.wall)).toFixed(0)})`;

/** "3 over 50 ms, longest 62 ms" of long-task durations (the observer reports those over 50 ms only). */
const observedWords = (tasks) => (tasks.length > 0 ? `${tasks.length} over 50 ms, longest ${Math.max(...tasks).toFixed(0)} ms` : 'none over 50 ms');

/**
 * Animate (issue 20's defect 10: the button that animates the analysis) on the board of `url`,
 * at the slider's top notch (from the click to the analysis solved) and at its middle notch (the first
 * `middleMs`: it would take hours): the frame rate and the long tasks meanwhile, `times` runs each.
 */
async function animateBench(page, url, label, { times = 3, middleMs = 5000, topMs = 300_000 } = {}) {
  for (const notch of ['top', 'middle']) {
    const runs = [];
    for (let i = 0; i < times; i++) {
      await page.goto(url);
      await page.waitForFunction(() => document.querySelector('[data-testid=verdict]').textContent !== 'Loading the solver…');
      await page.waitForTimeout(500);
      await page.evaluate((notch) => {
        const slider = document.querySelector('[data-testid=speed]');
        slider.value = String(notch === 'top' ? Number(slider.max) : Math.floor(Number(slider.max) / 2));
        slider.dispatchEvent(new Event('input', { bubbles: true }));
      }, notch);
      // A board not solved yet, or solved live (small boards): either way the button animates.
      const phase = await page.locator('[data-testid=controls]').getAttribute('data-phase');
      const animates = /animate/i.test(await page.locator('[data-testid=play]').textContent());
      if (!animates || !['editing', 'ready', 'solved'].includes(phase)) throw new Error(`Animate on ${label}: the page is ${phase}, not ready to animate`);
      // The analysis over (the verdict can come earlier: the start may be decided long before
      // the rest): solved, and the button no longer offers to animate it (it replays).
      const done = () =>
        document.querySelector('[data-testid=controls]').dataset.phase === 'solved' && !/animate/i.test(document.querySelector('[data-testid=play]').textContent);
      runs.push(await stretch(page, () => page.locator('[data-testid=play]').click(), done, notch === 'top' ? topMs : middleMs));
    }
    const speed = await page.locator('[data-testid=speed-value]').textContent();
    const tasks = runs.flatMap((r) => r.longTasks);
    console.log(
      `${`${label}, Animate at the ${notch} notch`.padEnd(46)} (${speed}) ${runs.every((r) => r.over) ? 'click → solved' : 'the first'} ` +
        `${(median(runs.map((r) => r.ms)) / 1000).toFixed(1)} s, ${median(runs.map((r) => (1000 * r.frames) / r.ms)).toFixed(1)} fps (medians of ${runs.length}); ` +
        `longest frame gap ${Math.max(...runs.map((r) => r.gap)).toFixed(0)} ms; longest task ${cpuWords(runs)}; long tasks: ${observedWords(tasks)}; per run ${runs.map((r) => (r.longTasks.length ? Math.max(...r.longTasks).toFixed(0) : '–')).join(' / ')} ms`,
    );
  }
}

/**
 * Play against perfect play on the solved board of `url`: the person's side takes `moves`
 * moves (a different row of the move table each time), each measured from the click to the
 * page's reply (the person to move again, or the game over): its longest frame gap and long
 * tasks, in `times` games.
 */
async function playBench(page, url, label, { moves = 6, times = 3 } = {}) {
  const runs = [];
  for (let game = 0; game < times; game++) {
    await page.goto(`${url}&solve=1`);
    await page.waitForSelector('[data-testid=verdict][data-result]', { timeout: 300_000 });
    await page.locator('[data-testid=tool-play]').click();
    await page.selectOption('[data-testid=play-as]', '0');
    await page.waitForFunction(() => document.querySelector('[data-testid=play-status]').dataset.state === 'yours');
    await page.waitForTimeout(500);
    for (let move = 0; move < moves; move++) {
      const rows = page.locator('[data-testid=move-row]');
      const count = await rows.count();
      if (count === 0) break;
      await page.evaluate(() => (window.playedFrom = document.querySelector('[data-testid=play-status]').dataset.position));
      const replied = () => {
        const status = document.querySelector('[data-testid=play-status]').dataset;
        return status.state === 'over' || (status.state === 'yours' && status.position !== window.playedFrom);
      };
      runs.push(await stretch(page, () => rows.nth((game + move) % count).click(), replied, 60_000));
      if ((await page.locator('[data-testid=play-status]').getAttribute('data-state')) === 'over') break;
    }
  }
  const tasks = runs.flatMap((r) => r.longTasks);
  console.log(
    `${`${label}, Play against perfect play`.padEnd(46)} ${runs.length} moves in ${times} games: click → reply median ${median(runs.map((r) => r.ms)).toFixed(0)} ms, ` +
      `max ${Math.max(...runs.map((r) => r.ms)).toFixed(0)} ms; longest frame gap per move median ${median(runs.map((r) => r.gap)).toFixed(0)} ms, max ${Math.max(...runs.map((r) => r.gap)).toFixed(0)} ms; ` +
      `longest task per move ${cpuWords(runs)}; long tasks: ${observedWords(tasks)}`,
  );
}

/**
 * Page load (issue 20's defect 10): the default page in a browser started for it, `times`
 * browsers, from navigation to `settleMs` later (the warm-up and the memory committed ahead
 * run in the background after the solver is ready): when the solver was ready (the verdict's
 * loading text replaced, the board can be solved), the longest task and the long tasks.
 */
async function loadBench(times, { settleMs = 5000 } = {}) {
  const runs = [];
  for (let i = 0; i < times; i++) {
    const own = await launch({ unchanging: false });
    try {
      await own.context.addInitScript(OBSERVE_LONG_TASKS);
      await own.context.addInitScript(() => {
        new MutationObserver(() => {
          const words = document.querySelector('[data-testid=verdict]')?.textContent ?? '';
          if (words !== '' && words !== 'Loading the solver…') window.readyAt ??= performance.now();
        }).observe(document, { subtree: true, childList: true, characterData: true });
      });
      const ownPage = await openPage(own.context);
      // Nothing of Playwright's runs in the page meanwhile (its script would be a task of its own).
      const trace = await tracing(ownPage);
      await ownPage.goto(`${own.url}index.html`);
      await ownPage.waitForTimeout(settleMs);
      const tasks = await trace.end();
      const run = await ownPage.evaluate(() => ({ readyAt: window.readyAt, longTasks: window.longTasks.filter((d) => d > 0) }));
      if (run.readyAt === undefined) throw new Error(`the solver was not ready ${settleMs} ms after the page loaded`);
      runs.push({ ...run, wall: Math.max(...tasks.map((t) => t.wall)), cpu: Math.max(...tasks.map((t) => t.cpu)) });
      if (ownPage.problems.length > 0) throw new Error(`console errors during the benchmark: ${ownPage.problems.join('; ')}`);
    } finally {
      await own.close();
    }
  }
  const tasks = runs.flatMap((r) => r.longTasks);
  console.log(
    `${'page load, the default page, fresh browser'.padEnd(46)} solver ready ${median(runs.map((r) => r.readyAt)).toFixed(0)} ms after navigation (median of ${runs.length}); ` +
      `to ${settleMs / 1000} s: longest task ${cpuWords(runs)}; long tasks: ${observedWords(tasks)}; per load ` +
      `${runs.map((r) => (r.longTasks.length ? r.longTasks.map((d) => d.toFixed(0)).join('+') : '–')).join(' / ')} ms`,
  );
}

const scratch = await mkdtemp(join(tmpdir(), 'retrolab-bench-'));
const browser = await launch({ unchanging: false });
try {
  await browser.context.addInitScript(OBSERVE_LONG_TASKS);
  const page = await openPage(browser.context);
  const [rows10, rows16] = [await firstBoard('river-tie-10x10.in'), await firstBoard('river-tie-16x16.in')];
  const rows24 = ['24 24', ...openBoard(24)];
  // The same boards for the native benchmark: a contest input of one board each.
  const [file10, file16, file24] = ['10x10', '16x16', '24x24'].map((n) => join(scratch, `river-first-${n}.in`));
  await writeFile(file10, `0 1\n${rows10.join('\n')}\n`);
  await writeFile(file16, `0 1\n${rows16.join('\n')}\n`);
  await writeFile(file24, `0 1\n${rows24.join('\n')}\n`);
  const link = (rows) => `${browser.url}index.html?game=river&board=${encodeURIComponent(rows.slice(1).join('/'))}`;
  const global = { native: { order: 'global' } };
  const big = { native: { runs: 3 } };

  if (wanted('solve')) {
    report('10×10 tie, &solve=1 (fresh browser)', await paired(page, RUNS, { url: `${link(rows10)}&solve=1` }, file10, { fresh: true }), { fresh: true });
    report('10×10 tie, Solve instantly button', await paired(page, 5, { url: link(rows10), click: true }, file10));
    report('10×10 tie, button, one queue', await paired(page, 5, { url: `${link(rows10)}&bench-order=global`, click: true }, file10, global));
    report('10×10 tie, Solve instantly again (same page)', await paired(page, 5, { url: link(rows10), again: true }, file10));
    report('16×16 tie, &solve=1 (fresh browser)', await paired(page, 3, { url: `${link(rows16)}&solve=1` }, file16, { fresh: true }), { fresh: true });
    report('16×16 tie, Solve instantly button', await paired(page, 3, { url: link(rows16), click: true }, file16));
    report('16×16 tie, button, one queue', await paired(page, 3, { url: `${link(rows16)}&bench-order=global`, click: true }, file16, global));
    report('24×24 open, Solve instantly button', await paired(page, 3, { url: link(rows24), click: true, settleMs: 3000 }, file24, big));
    report('24×24 open, button, one queue', await paired(page, 1, { url: `${link(rows24)}&bench-order=global`, click: true, settleMs: 3000 }, file24, { native: { order: 'global', runs: 3 } }));
    await firstSolve(3);

    console.log(`16×16 tie, animated at top speed               ${await animate(page, link(rows16), 2000)}`);
    console.log(`10×10 tie, timeline rewinds                    ${await rewinds(page, `${link(rows10)}&solve=1`, rows10.slice(1), 21)}`);
    console.log(`16×16 tie, timeline rewinds                    ${await rewinds(page, `${link(rows16)}&solve=1`, rows16.slice(1), 11)}`);
    await batch(page, new URL('../benches/data/river-tie-10x10.in', import.meta.url).pathname, 5);
    // 16 MiB of chase queries (sizes 2 to 8), and of tests/cases/river/sample1.in's boards.
    const chaseUnit = Array.from({ length: 7 * 8 }, (_, i) => `${2 + (i % 7)} 1 1 ${2 + (i % 7)} ${1 + (i % (2 + (i % 7)))}\n`).join('');
    const [chase16, river16] = [join(scratch, 'chase-16mib.in'), join(scratch, 'river-16mib.in')];
    await writeFile(chase16, repeated(chaseUnit, 56, 16 << 20));
    const sample = (await readFile(new URL('../tests/cases/river/sample1.in', import.meta.url), 'utf8')).split('\n');
    const boards = `${sample.slice(1).join('\n').trimEnd()}\n`;
    await writeFile(river16, repeated(boards, Number(sample[0].split(/\s+/)[1]), 16 << 20, (t) => `0 ${t}\n`));
    await bigBatch(page, 'chase', chase16, 'chase, 16 MiB (1.7 M queries)');
    await bigBatch(page, 'river', river16, 'river, 16 MiB (sample1.in repeated)');
    for (const line of await explainBench(page, link(rows16))) console.log(line);
  }
  // Issue 20's defect 10: GIF making, a video, Explain's first opening (the default board is river's sample 5).
  const sample5 = `${browser.url}index.html?game=river`;
  if (wanted('gif')) {
    const gif = { button: 'export-gif', done: 'export-gif-file' };
    console.log(`GIF, the default board (sample 5)              ${await exportBench(page, `${sample5}&solve=1`, 3, gif)}`);
    console.log(`GIF, 16×16 tie                                 ${await exportBench(page, `${link(rows16)}&solve=1`, 3, gif)}`);
  }
  if (wanted('video')) {
    const video = { button: 'export-video', done: 'export-video-file', rate: '8' };
    console.log(`video at 8 moves/s, the default board          ${await exportBench(page, `${sample5}&solve=1`, 3, video)}`);
  }
  if (wanted('explain')) {
    console.log(`Explain's first opening, the default board     ${await explainFirst(page, sample5, 5)}`);
    console.log(`Explain's first opening, 16×16 tie             ${await explainFirst(page, link(rows16), 5)}`);
  }
  if (wanted('animate')) {
    await animateBench(page, `${browser.url}index.html?game=river&board=${encodeURIComponent(riverBoards(await readFile(new URL('../tests/cases/river/sample1.in', import.meta.url), 'utf8'))[4].join('/'))}`, '9×9 default');
    await animateBench(page, link(rows16), '16×16 tie');
    await animateBench(page, link(rows24), '24×24 open', { times: 1 });
  }
  if (wanted('play')) {
    await playBench(page, link(rows16), '16×16 tie');
    await playBench(page, link(rows24), '24×24 open', { times: 1 });
  }
  if (wanted('load')) await loadBench(5);
  if (wanted('composed')) {
    const fox = await readFile(new URL('../rules/fox-and-hounds.toml', import.meta.url), 'utf8');
    await composedBench(page, 'fox and hounds, standard start', fox, 3);
    const knight = fox.replace('moves = ["diagonal"]\ncapture', 'moves = ["diagonal", "knight"]\ncapture');
    if (knight === fox) throw new Error("the fox's moves are not where the benchmark adds a knight's move");
    await composedBench(page, "fox and hounds, the fox with a knight's move too", knight, 3);
  }

  if (page.problems.length > 0) throw new Error(`console errors during the benchmark: ${page.problems.join('; ')}`);
} finally {
  await browser.close();
  await rm(scratch, { recursive: true, force: true });
}
