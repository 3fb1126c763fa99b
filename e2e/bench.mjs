// The page benchmark (`./build.sh bench`, not a test): the solver time the page reports
// (`data-solve-ms`) against the native time per board — on a fresh page, and for a second
// solve on the same page — the longest main-thread task, and the animation's frame rate at
// top speed (16×16: a 10×10 analysis is over within a frame or two at that speed).
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

async function measure(page, { url, click, again }) {
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

/**
 * Opens `url`, takes the scan with one Step, then plays at the slider's top speed for `ms`
 * (or until solved) and measures the animation frames and the long tasks meanwhile.
 */
async function animate(page, url, ms) {
  await page.goto(url);
  await page.waitForFunction(() => document.querySelector('[data-testid=verdict]').textContent !== 'Loading the solver…');
  await page.evaluate(() => (window.longTasks.length = 0));
  await page.locator('[data-testid=step]').click();
  await page.waitForFunction(() => {
    const c = document.querySelector('[data-testid=controls]');
    return c.dataset.phase === 'paused' && c.dataset.working === '';
  });
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

  const again = [];
  for (let i = 0; i < 5; i++) again.push(await measure(page, { url: link(board10), again: true }));
  report('10×10 tie, Solve instantly again (same page)', again, native10);

  const big = [];
  for (let i = 0; i < 3; i++) big.push(await measure(page, { url: `${link(board16)}&solve=1` }));
  report('16×16 tie, &solve=1 (full speed)', big, native16);

  const bigButton = [await measure(page, { url: link(board16), click: true })];
  report('16×16 tie, Solve instantly button', bigButton, native16);
  console.log(`  (16×16 with Solve instantly: ${bigButton[0].wallMs} ms from click to verdict)`);

  console.log(`16×16 tie, animated at top speed               ${await animate(page, link(board16), 2000)}`);

  if (page.problems.length > 0) throw new Error(`console errors during the benchmark: ${page.problems.join('; ')}`);
} finally {
  await browser.close();
}
