// Browser tests of the page's Content-Security-Policy (issue 22): index.html declares it in a
// <meta http-equiv>, the server sends the same as a header, it is in force (an inline script and
// eval are refused, and reported), and every tool of the page works under it without a single
// violation: each game's page, the analysis watched and solved, replay, explain, Check, batch,
// the exports (text, PNG, GIF, video, each a download) and their fonts, play, drills, the rules
// dialog (fetched), the guide, the sound and the way back to the saved board.

import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe, test } from 'node:test';
import { openPage } from './browser.mjs';
import { CASES, pageSession, riverLink } from './helpers.mjs';

const session = pageSession();
const tid = (id) => `[data-testid=${id}]`;
const $ = (id) => session.page.locator(tid(id));

/** The policy index.html declares. */
async function declared() {
  const html = await readFile(new URL('../index.html', import.meta.url), 'utf8');
  const meta = /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(html);
  assert.ok(meta, 'index.html declares a policy');
  return meta[1];
}

/**
 * A page of its own whose `securitypolicyviolation` events (the browser's reports of what the
 * policy refused) are kept in `window.violations` from the start of every document.
 */
async function watchedPage() {
  const page = await openPage(session.browser.context);
  await page.addInitScript(() => {
    window.violations = [];
    document.addEventListener('securitypolicyviolation', (e) => window.violations.push(`${e.effectiveDirective} ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}`), true);
  });
  session.page = page;
  return page;
}

const violations = () => session.page.evaluate(() => window.violations);

/** Clicks a tool's tab unless it is open. */
async function openTool(id) {
  if ((await $(`tool-${id}`).getAttribute('aria-selected')) !== 'true') await $(`tool-${id}`).click();
}

/** Clicks `id` and resolves to the bytes of the file it downloads. */
async function downloaded(id) {
  const [file] = await Promise.all([session.page.waitForEvent('download'), $(id).click()]);
  return readFile(await file.path());
}

describe('Content-Security-Policy', () => {
  test('index.html declares a tight policy, and the server sends it as a header (with frame-ancestors)', async () => {
    const policy = await declared();
    for (const directive of ["default-src 'self'", "script-src 'self' 'wasm-unsafe-eval'", "object-src 'none'", "base-uri 'none'"]) {
      assert.ok(policy.split('; ').includes(directive), directive);
    }
    const response = await fetch(`${session.browser.url}index.html`);
    assert.equal(response.headers.get('content-security-policy'), `${policy}; frame-ancestors 'none'`);
    assert.equal((await fetch(`${session.browser.url}?game=chase`)).headers.get('content-security-policy'), `${policy}; frame-ancestors 'none'`);
  });

  test('the policy is in force: an inline script, an inline handler, a style attribute and eval are refused, and reported', async () => {
    await watchedPage();
    await session.open('?game=river');
    const ran = await session.page.evaluate(async () => {
      const script = document.createElement('script');
      script.textContent = 'window.inlineRan = true';
      document.head.append(script);
      const box = document.createElement('div');
      box.innerHTML = '<p style="color: rgb(1, 2, 3)" onclick="window.handlerRan = true">x</p>';
      document.body.append(box);
      box.firstChild.click();
      const colour = getComputedStyle(box.firstChild).color;
      box.remove();
      // A timer's string is eval's (called from here, eval itself is let through: DevTools).
      setTimeout('window.evalRan = true');
      await new Promise((done) => setTimeout(done, 100));
      return { inline: window.inlineRan === true, handler: window.handlerRan === true, styled: colour === 'rgb(1, 2, 3)', evaluated: window.evalRan === true };
    });
    assert.deepEqual(ran, { inline: false, handler: false, styled: false, evaluated: false });
    await session.page.waitForFunction(() => window.violations.length >= 4);
    const seen = await violations();
    for (const directive of ['script-src-elem inline', 'script-src-attr inline', 'style-src-attr inline', 'script-src eval']) {
      assert.ok(seen.some((v) => v.startsWith(directive)), `${directive}: ${seen.join('; ')}`);
    }
    // The browser says so on the console too: expected here, and here only.
    session.page.problems = session.page.problems.filter((p) => !/Content Security Policy/.test(p));
  });

  test('every tool works under it, without a violation', async () => {
    await watchedPage();
    const sample = await readFile(new URL('river/sample1.in', CASES), 'utf8');
    // Each game's page (its help is markup the page writes), then the analysis watched: a
    // step, Play at full speed to the verdict, a bar of the histogram; then replay, explain.
    for (const game of ['chase', 'tableau']) {
      await session.open(`?game=${game}`);
      assert.equal(await $('game').inputValue(), game);
    }
    await session.open(riverLink(['#.#', 'O.O', '.X.']));
    await $('step').click();
    await session.page.evaluate(() => {
      const slider = document.querySelector('[data-testid=speed]');
      slider.value = slider.max;
      slider.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await $('play').click();
    await session.page.waitForSelector(`${tid('verdict')}[data-result="Black 2"]`);
    const bars = await $('histogram').boundingBox();
    await session.page.mouse.click(bars.x + 24, bars.y + 30);
    await $('replay-start').click();
    await $('replay-next').click();
    await $('explain').click();
    await $('proof-node').first().waitFor();
    // Check.
    await openTool('check');
    await $('check').click();
    await session.page.waitForSelector(`${tid('check-result')}[data-result=ok]`);
    // Batch, and its download.
    await openTool('batch');
    await $('batch-input').fill(sample);
    await $('batch-run').click();
    await session.page.waitForSelector(`${tid('batch-status')}[data-state=done]`);
    assert.equal((await downloaded('batch-download')).toString(), await readFile(new URL('river/sample1.ans', CASES), 'utf8'));
    // Exports: the text, a PNG, a GIF and a video, each downloaded through a blob: URL.
    await session.page.locator(`${tid('batch-row')}[data-index="1"]`).click();
    await session.page.waitForSelector(`${tid('verdict')}[data-result="Black 2"]`);
    await openTool('export');
    assert.match((await downloaded('export-text-download')).toString(), /\n3 3\n#\.#\nO\.O\n\.X\.\n$/);
    assert.deepEqual([...(await downloaded('export-png')).subarray(1, 4)], [0x50, 0x4e, 0x47], 'a PNG');
    await $('export-gif').click();
    await $('export-gif-file').waitFor({ timeout: 30_000 });
    assert.equal((await downloaded('export-gif-file')).subarray(0, 3).toString(), 'GIF');
    assert.equal(await session.page.evaluate(() => typeof MediaRecorder), 'function', 'this browser records video');
    await session.page.selectOption(tid('export-rate'), '8');
    await $('export-video').click();
    await $('export-video-file').waitFor({ timeout: 30_000 });
    assert.deepEqual([...(await downloaded('export-video-file')).subarray(0, 4)], [0x1a, 0x45, 0xdf, 0xa3], 'a WebM');
    // A recording is of its game: with another game on show it is no longer offered.
    await $('game').selectOption('chase');
    await $('export-video-file').waitFor({ state: 'detached' });
    await $('game').selectOption('river');
    // Fonts: the page's are the system's (no @font-face, nothing to fetch), and the canvases'
    // text (the exports', the histogram's) needs none loaded.
    const fonts = await session.page.evaluate(async () => {
      await document.fonts.ready;
      return { faces: document.fonts.size, status: document.fonts.status, ready: document.fonts.check('bold 12px ui-monospace, "DejaVu Sans Mono", monospace') };
    });
    assert.deepEqual(fonts, { faces: 0, status: 'loaded', ready: true });
    // Play and drills.
    await openTool('play');
    await session.page.selectOption(tid('play-as'), '1');
    await session.page.waitForSelector(`${tid('play-status')}[data-state=yours]`);
    await session.open(`${riverLink(['.....', '.....', '..O..', '#..#.', 'O#.X.'])}&solve=1`);
    await session.page.waitForSelector(`${tid('verdict')}[data-result]`, { timeout: 30_000 });
    await openTool('drill');
    await $('drill').click();
    await session.page.waitForSelector(`${tid('drill-position')}:not([hidden])`);
    // The rules dialog (fetched, rendered, closed by its form) and the guide.
    await $('rules-open').click();
    await session.page.waitForFunction(() => /Legal moves/.test(document.querySelector('[data-testid=rules-body]').textContent));
    await $('rules-close').click();
    assert.equal(await $('rules-dialog').isVisible(), false);
    await $('guide-open').click();
    while ((await $('guide-next').textContent()) !== 'Done') await $('guide-next').click();
    await $('guide-next').click();
    assert.equal(await $('guide').isVisible(), false);
    // The sound (made in the page) and the way back to the saved board.
    await $('sound').click();
    await $('sound').click();
    await session.open('?game=chase');
    await $('saved-back').click();
    await session.loaded();
    assert.equal(await $('rows').inputValue(), '5');
    assert.deepEqual(await violations(), []);
  });
});
