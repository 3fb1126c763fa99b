// The screens of the canvas tests (canvas.test.mjs, canvas-press.test.mjs): a browser per
// viewport and devicePixelRatio, launched when first asked for, and one page at a time on it,
// checked and closed after each test (closeChecked). `page` is the open page.

import { after, afterEach } from 'node:test';
import { launch, openPage } from './browser.mjs';
import { closeChecked } from './helpers.mjs';

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

/** Browsers by screen (viewport and devicePixelRatio), launched when first asked for. */
const browsers = new Map();
export let page = null;

async function browserFor(viewport, deviceScaleFactor) {
  const key = `${viewport.width}x${viewport.height}@${deviceScaleFactor}`;
  if (!browsers.has(key)) browsers.set(key, await launch({ viewport, deviceScaleFactor }));
  return browsers.get(key);
}

after(async () => {
  for (const browser of browsers.values()) await browser.close();
});
afterEach(async () => {
  const closing = page;
  page = null;
  await closeChecked(closing);
});

/** Opens the page on a screen at a query string and waits until the solver is loaded (and the board drawn). */
export async function open(query, { viewport = DESKTOP, dpr = 1 } = {}) {
  const browser = await browserFor(viewport, dpr);
  if (page && page.context() !== browser.context) await closeChecked(page).then(() => (page = null));
  page ??= await openPage(browser.context);
  await page.goto(`${browser.url}index.html${query}`);
  await page.waitForFunction(() => document.querySelector('[data-testid=verdict]').textContent !== 'Loading the solver…');
  if (/solve=1/.test(query)) await page.waitForSelector('[data-testid=verdict][data-result]', { timeout: 30_000 });
  await settle();
  return page;
}

/** Scrolls the page so that the board's frame starts at the viewport's top (clear of a phone's sticky controls below). */
export async function boardAtTop() {
  await $('board-frame').evaluate((frame) => scrollBy(0, frame.getBoundingClientRect().top - 8));
  await settle();
}

/** Waits two animation frames: whatever the page laid out or drew is on screen. */
export const settle = () => page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));

export const $ = (id) => page.locator(`[data-testid=${id}]`);

/** A k × k river board: the red pieces top left, the black one bottom left. */
export function riverSquare(k) {
  const rows = Array.from({ length: k }, () => '.'.repeat(k));
  rows[0] = `OO${'.'.repeat(k - 2)}`;
  rows[k - 1] = `X${'.'.repeat(k - 1)}`;
  return rows;
}

/** A tableau link of `rows` × `cols` weights. */
export function tableauLink(rows, cols) {
  const table = (f) => Array.from({ length: rows }, (_, r) => Array.from({ length: cols }, (_, c) => f(r, c)).join(',')).join(';');
  return `?game=tableau&a=${table((r, c) => (r * 7 + c * 3) % 10)}&b=${table((r, c) => (r * 3 + c * 5) % 10)}`;
}

export const chaseLink = (n) => `?game=chase&n=${n}&white=1,1&black=${n},${n}`;
