// Helpers shared by the browser tests: contest inputs as links, cell coordinates on the
// board, and the check every test's page passes before it closes.

import assert from 'node:assert/strict';
import { mkdir, readFile } from 'node:fs/promises';
import { after, afterEach, before } from 'node:test';
import { launch, openPage } from './browser.mjs';

export const CASES = new URL('../tests/cases/', import.meta.url);
export const OUT = new URL('./out/', import.meta.url);

/** The boards of a river contest input, as arrays of rows. */
export function riverBoards(text) {
  const lines = text.split('\n');
  const boards = [];
  let i = 1;
  while (i < lines.length && lines[i].trim() !== '') {
    const [n] = lines[i].trim().split(/\s+/).map(Number);
    boards.push(lines.slice(i + 1, i + 1 + n).map((l) => l.trim()));
    i += n + 1;
  }
  return boards;
}

/** The query string of a river board. */
export const riverLink = (rows) => `?game=river&board=${encodeURIComponent(rows.join('/'))}`;

/** The river contest samples (tests/cases/river/sample1.in), as arrays of rows. */
export async function riverSamples() {
  return riverBoards(await readFile(new URL('river/sample1.in', CASES), 'utf8'));
}

/** Client coordinates of the centre of a cell of the board canvas (board size from the inputs). */
export async function cellCentre(page, row, col) {
  const canvas = page.locator('[data-testid=board]');
  const box = await canvas.boundingBox();
  const rows = Number(await page.locator('[data-testid=rows]').inputValue());
  const cols = Number(await page.locator('[data-testid=cols]').inputValue());
  // The canvas has a 4 px CSS border around the drawn board.
  const inner = { x: box.x + 4, y: box.y + 4, w: box.width - 8, h: box.height - 8 };
  return { x: inner.x + ((col + 0.5) * inner.w) / cols, y: inner.y + ((row + 0.5) * inner.h) / rows };
}

/**
 * Closes a test's page (if any) after checking that nothing went wrong on it: no error
 * reached the page's message line, and no console error or page error was seen.
 */
export async function closeChecked(page) {
  if (!page) return;
  const message = await page.locator('[data-testid=message]').textContent();
  const problems = page.problems;
  await page.close();
  assert.doesNotMatch(message, /Something went wrong/, 'no error reached the page’s message');
  assert.deepEqual(problems, [], 'no console errors or page errors');
}

/**
 * The browser of a test file and a page per test: launched before the file's tests, closed
 * after them; each test's page is checked and closed after the test (closeChecked). Returns
 * `{browser, page, open(query)}`: `open` opens the page on a query string (once per test) and
 * waits until the solver is loaded; `page` is the current test's page.
 */
export function pageSession() {
  const session = {
    browser: null,
    page: null,
    async open(query) {
      session.page ??= await openPage(session.browser.context);
      await session.page.goto(`${session.browser.url}index.html${query}`);
      await session.page.waitForFunction(() => document.querySelector('[data-testid=verdict]').textContent !== 'Loading the solver…');
      return session.page;
    },
  };
  before(async () => {
    session.browser = await launch();
    await mkdir(OUT, { recursive: true });
  });
  after(async () => session.browser?.close());
  afterEach(async () => {
    const closing = session.page;
    session.page = null;
    await closeChecked(closing);
  });
  return session;
}
