// Helpers shared by the browser tests: contest inputs as links, cell coordinates on the
// board, and the check every test's page passes before it closes.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, afterEach, before } from 'node:test';
import { launch, openPage } from './browser.mjs';

export const CASES = new URL('../tests/cases/', import.meta.url);
export const OUT = new URL('./out/', import.meta.url);

/**
 * The engine loaded in node from its bytes (www/pkg, built by ./build.sh) and the page's games
 * as games/index.js completes them with it, for tests of the page's modules outside a browser:
 * `{engine, river, chase, tableau}`.
 */
export async function nodeGames() {
  const { loadEngine } = await import('../www/engine/engine.js');
  const { gamesFor } = await import('../www/games/index.js');
  const engine = await loadEngine(await readFile(new URL('../www/pkg/retrolab_bg.wasm', import.meta.url)));
  const { games } = await gamesFor(engine);
  return { engine, ...Object.fromEntries(games.map((game) => [game.id, game])) };
}

/** What `retrolab custom --rules <rules text>` answers for one board (rows): the CLI's line. */
export function customAnswer(rulesText, rows) {
  const file = join(mkdtempSync(join(tmpdir(), 'rules-')), 'rules.toml');
  writeFileSync(file, rulesText);
  const input = `0 1\n${rows.length} ${rows[0].length}\n${rows.join('\n')}\n`;
  return execFileSync(new URL('../target/release/retrolab', import.meta.url).pathname, ['custom', '--rules', file], { input, encoding: 'utf8' }).trim();
}

/** Sets the composer's form field `id` on `page` and lets it change the rules. */
export async function setComposerField(page, id, value) {
  const field = page.locator(`[data-testid=${id}]`);
  const type = await field.evaluate((el) => (el.tagName === 'SELECT' ? 'select' : el.type));
  if (type === 'select') await field.selectOption(value);
  else if (type === 'checkbox') await field.setChecked(value);
  else await field.fill(String(value));
  await field.dispatchEvent('change');
}

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

/**
 * The drawn board: the board canvas's content box in client coordinates (inside any border),
 * read once it stands still — a smooth scroll (the verdict's line brought into view) moves it
 * for a few frames, and a pointer aimed mid-scroll lands on another cell.
 */
export const boardBox = (page) =>
  page.locator('[data-testid=board]').evaluate(async (canvas) => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    const read = () => {
      const r = canvas.getBoundingClientRect();
      const s = getComputedStyle(canvas);
      const [left, right, top, bottom] = [s.borderLeftWidth, s.borderRightWidth, s.borderTopWidth, s.borderBottomWidth].map(parseFloat);
      return { x: r.left + left, y: r.top + top, w: r.width - left - right, h: r.height - top - bottom };
    };
    let box = read();
    for (let still = 0, frames = 0; still < 3 && frames < 120; frames++) {
      await frame();
      const next = read();
      still = next.x === box.x && next.y === box.y && next.w === box.w && next.h === box.h ? still + 1 : 0;
      box = next;
    }
    return box;
  });

/** Client coordinates of the centre of a cell of the board canvas (board size from the inputs). */
export async function cellCentre(page, row, col) {
  const inner = await boardBox(page);
  const rows = Number(await page.locator('[data-testid=rows]').inputValue());
  const cols = Number(await page.locator('[data-testid=cols]').inputValue());
  return { x: inner.x + ((col + 0.5) * inner.w) / cols, y: inner.y + ((row + 0.5) * inner.h) / rows };
}

/**
 * Solves `text` of `game` on `page` in a Lab of the test's own, `window.testLab` (the engine's
 * own table, to check the page against; the one before is freed).
 */
export async function solveInPage(page, game, text) {
  await page.evaluate(
    async ([game, text]) => {
      const engine = await import('./www/pkg/retrolab.js');
      window.testLab?.free();
      window.testLab = new engine.Lab(new engine.Start(game, text));
      while (!window.testLab.runFor(50, Infinity).done);
    },
    [game, text],
  );
}

/**
 * Waits until no whole table is being analysed in the background: a board the page answers
 * from its start first (machine/controller.js) has its whole table once its line under the
 * progress (`table-progress`) is gone.
 */
export const wholeTable = (page, timeout = 600_000) => page.waitForSelector('[data-testid=table-progress]', { state: 'hidden', timeout });

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
 * The browser of a test file and a page per test: launched before the file's tests (launch's
 * `options.launch`), closed after them; each test's page is checked and closed after the test
 * (closeChecked). Returns `{browser, page, open(query, pageOptions), loaded(), firstVisit(viewport)}`. `open` opens the
 * page on a query string and waits until the solver is loaded; a test's first `open` makes the
 * page (openPage's `pageOptions`: the guide), later ones reuse it. `loaded` waits for the solver
 * again, after a reload. `page` is the current test's page; a test may set it to a page of its own
 * (openPage on `browser.context`, to route requests or size it before the first query), which is
 * checked and closed like any other.
 */
export function pageSession(options = {}) {
  const session = {
    browser: null,
    page: null,
    async open(query, pageOptions) {
      session.page ??= await openPage(session.browser.context, pageOptions);
      await session.page.goto(`${session.browser.url}index.html${query}`);
      await session.loaded();
      return session.page;
    },
    loaded: () => session.page.waitForFunction(() => document.querySelector('[data-testid=verdict]').textContent !== 'Loading the solver…'),
    /**
     * A new person's first visit to the page itself at `viewport` (nothing remembered; not by
     * a shared link, which opens without the guide), on a page of its own: waits for the guide.
     */
    async firstVisit(viewport) {
      session.page = await openPage(session.browser.context, { guide: true });
      await session.page.setViewportSize(viewport);
      await session.page.goto(`${session.browser.url}index.html`);
      await session.page.evaluate(() => localStorage.clear());
      await session.page.reload();
      await session.loaded();
      await session.page.locator('[data-testid=guide]').waitFor({ state: 'visible' });
      return session.page;
    },
  };
  before(async () => {
    session.browser = await launch(options.launch);
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
