import { readFile } from 'node:fs/promises';
import { launch, openPage } from './browser.mjs';
const browser = await launch();
const page = await openPage(browser.context);
await page.addInitScript(() => {
  localStorage.setItem('retrolab.sound', 'off');
  window.longTasks = [];
  new PerformanceObserver((list) => window.longTasks.push(...list.getEntries().map((e) => [e.startTime, e.duration]))).observe({ type: 'longtask', buffered: true });
  addEventListener('click', () => (window.clickAt = performance.now()), true);
  new MutationObserver(() => {
    if (document.querySelector('[data-testid=verdict][data-result]')) window.verdictAt ??= performance.now();
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-result'] });
});
let fox = await readFile(new URL('../rules/fox-and-hounds.toml', import.meta.url), 'utf8');
if (process.argv[2] === 'knight') fox = fox.replace('moves = ["diagonal"]\ncapture', 'moves = ["diagonal", "knight"]\ncapture');
const rows = fox.match(/board = """\n([^"]*)"""/)[1].trim().split('\n');
await page.goto(`${browser.url}index.html?game=custom&rules=${encodeURIComponent(fox)}&board=${encodeURIComponent(rows.join('/'))}`);
await page.waitForFunction(() => document.querySelector('[data-testid=verdict]').textContent !== 'Loading the solver…');
await page.waitForTimeout(1000);
await page.evaluate(() => { window.longTasks.length = 0; });
await page.locator('[data-testid=solve-now]').click();
await page.waitForSelector('[data-testid=verdict][data-result]');
const t0 = Date.now();
await page.waitForSelector('[data-testid=progress-text][data-span=whole]', { timeout: 600_000 });
console.log('background ms', Date.now() - t0);
console.log(await page.evaluate(() => JSON.stringify({ verdict: window.verdictAt - window.clickAt, long: window.longTasks.map(([s, d]) => [Math.round(s - window.clickAt), Math.round(d)]) })));
console.log(page.problems);
await browser.close();
