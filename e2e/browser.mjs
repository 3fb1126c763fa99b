// Debian's Chromium, headless, driven by playwright-core (which never downloads a browser),
// and the page served from the repository by ./server.mjs.

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { startServer } from './server.mjs';

export const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';

const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Viewports (CSS pixels) that `openPage` gives the pages of a context with a real device scale factor. */
const viewports = new WeakMap();

/**
 * Starts the server and a browser with a fresh profile. Resolves to `{url, context, close()}`;
 * `context` is a persistent context (the fresh user-data-dir) shared by the pages it opens.
 * `deviceScaleFactor` makes the browser's screen that dense, as a real one is (Chromium's
 * --force-device-scale-factor: the page is laid out in device pixels), not Playwright's
 * emulation of it, which lays pages out in CSS pixels and places them differently on screen.
 * `unchanging`: the page's files are not rebuilt while the browser runs, so it may keep its
 * scripts and wasm without revalidating each (the tests); the benchmark's page loads ask the
 * server each time, as a page served with `no-cache` makes a browser do.
 */
export async function launch({ colorScheme = 'light', viewport = { width: 1200, height: 860 }, deviceScaleFactor, unchanging = true } = {}) {
  const server = await startServer({ unchanging });
  const profile = await mkdtemp(join(tmpdir(), 'retrolab-chromium-'));
  const dense = deviceScaleFactor !== undefined;
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: dense ? [...FLAGS, `--force-device-scale-factor=${deviceScaleFactor}`] : FLAGS,
    colorScheme,
    hasTouch: true,
    viewport: dense ? null : viewport,
  });
  if (dense) viewports.set(context, viewport);
  return {
    url: server.url,
    context,
    async close() {
      await context.close();
      await server.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}

/**
 * Opens a page that records console errors and uncaught exceptions into `page.problems`. The
 * first visit's guide (www/panels/guide.js) is marked as seen, so that it covers nothing a test
 * clicks, unless `guide` is set (the guide's own tests). In a context with a real device
 * scale factor, `page.cdp` is the DevTools session that holds its viewport's size (the scale
 * factor left alone).
 */
export async function openPage(context, { guide = false } = {}) {
  const page = await context.newPage();
  if (!guide) await page.addInitScript(() => localStorage.setItem('retrolab.guide', 'seen'));
  const viewport = viewports.get(context);
  if (viewport) {
    page.cdp = await context.newCDPSession(page);
    await page.cdp.send('Emulation.setDeviceMetricsOverride', { ...viewport, deviceScaleFactor: 0, mobile: false });
  }
  page.problems = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') page.problems.push(`console ${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => page.problems.push(`page error: ${error.message}`));
  return page;
}
