// The page benchmark (`./build.sh bench`, not a test): the solver time the page reports
// (`data-solve-ms`) against the native time per board, and the longest main-thread task.
//   node bench.mjs [NATIVE_10x10_MS [NATIVE_16x16_MS]]
// Boards: the first board of benches/data/river-tie-10x10.in (and of …-16x16.in), all ties
// (the whole state space is analysed). Long tasks (over 50 ms) come from the browser's
// PerformanceObserver; the longest solver slice is the page's own `data-max-slice-ms`.

import { readFile } from 'node:fs/promises';
import { launch, openPage } from './browser.mjs';

const RUNS = 11;
const [native10, native16] = process.argv.slice(2).map(Number);

/** The first board of a river contest input, as its URL parameter. */
async function firstBoard(name) {
  const lines = (await readFile(new URL(`../benches/data/${name}`, import.meta.url), 'utf8')).split('\n');
  const [n] = lines[1].trim().split(/\s+/).map(Number);
  return lines.slice(2, 2 + n).map((l) => l.trim()).join('/');
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * Records long tasks from the very start of every page. Sound is off: the browser's first
 * audio context can take tens of milliseconds to open the audio device, which is not the solver.
 */
const OBSERVE_LONG_TASKS = () => {
  localStorage.setItem('retrolab.sound', 'off');
  window.longTasks = [];
  new PerformanceObserver((list) => window.longTasks.push(...list.getEntries().map((e) => e.duration))).observe({ type: 'longtask', buffered: true });
};

async function measure(page, { url, click }) {
  await page.goto(url);
  await page.waitForFunction(() => document.querySelector('[data-testid=verdict]').textContent !== 'Loading the solver…');
  if (click) {
    // Let the page settle (wasm tier-up) before the person presses Solve instantly.
    await page.waitForTimeout(500);
    await page.evaluate(() => (window.longTasks.length = 0));
    await page.locator('[data-testid=solve-now]').click();
  }
  const begin = Date.now();
  await page.waitForSelector('[data-testid=verdict][data-result]', { timeout: 120_000 });
  const wall = Date.now() - begin;
  return page.evaluate((wallMs) => {
    const v = document.querySelector('[data-testid=verdict]');
    return {
      result: v.dataset.result,
      solveMs: Number(v.dataset.solveMs),
      maxSliceMs: Number(v.dataset.maxSliceMs),
      longTasks: window.longTasks.filter((d) => d > 0),
      wallMs,
    };
  }, wall);
}

function report(label, runs, native) {
  const solve = median(runs.map((r) => r.solveMs));
  const ratio = native ? ` = ${(solve / native).toFixed(2)}× native (${native.toFixed(2)} ms/board)` : '';
  const longest = Math.max(0, ...runs.flatMap((r) => r.longTasks));
  const slice = Math.max(...runs.map((r) => r.maxSliceMs));
  console.log(
    `${label.padEnd(46)} ${runs[0].result.padEnd(6)} page ${solve.toFixed(1).padStart(7)} ms (median of ${runs.length}, min ${Math.min(...runs.map((r) => r.solveMs)).toFixed(1)})${ratio}; ` +
      `longest solver slice ${slice.toFixed(1)} ms; long tasks > 50 ms: ${longest > 0 ? `${runs.flatMap((r) => r.longTasks).length}, longest ${longest.toFixed(0)} ms` : 'none'}`,
  );
}

const browser = await launch();
try {
  await browser.context.addInitScript(OBSERVE_LONG_TASKS);
  const page = await openPage(browser.context);
  const board10 = await firstBoard('river-tie-10x10.in');
  const board16 = await firstBoard('river-tie-16x16.in');
  const link = (board) => `${browser.url}index.html?game=river&board=${encodeURIComponent(board)}`;

  const cold = [];
  for (let i = 0; i < RUNS; i++) cold.push(await measure(page, { url: `${link(board10)}&solve=1` }));
  report('10×10 tie, &solve=1 (full speed, fresh load)', cold, native10);

  const button = [];
  for (let i = 0; i < 3; i++) button.push(await measure(page, { url: link(board10), click: true }));
  report('10×10 tie, Solve instantly button', button, native10);

  const big = [];
  for (let i = 0; i < 3; i++) big.push(await measure(page, { url: `${link(board16)}&solve=1` }));
  report('16×16 tie, &solve=1 (full speed)', big, native16);

  const bigButton = [await measure(page, { url: link(board16), click: true })];
  report('16×16 tie, Solve instantly button', bigButton, native16);
  console.log(`  (16×16 with Solve instantly: ${bigButton[0].wallMs} ms from click to verdict)`);

  if (page.problems.length > 0) throw new Error(`console errors during the benchmark: ${page.problems.join('; ')}`);
} finally {
  await browser.close();
}
