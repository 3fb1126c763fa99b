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

/**
 * Starts the server and a browser with a fresh profile. Resolves to `{url, context, close()}`;
 * `context` is a persistent context (the fresh user-data-dir) shared by the pages it opens.
 */
export async function launch({ colorScheme = 'light', viewport = { width: 1200, height: 860 } } = {}) {
  const server = await startServer();
  const profile = await mkdtemp(join(tmpdir(), 'retrolab-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: FLAGS,
    colorScheme,
    hasTouch: true,
    viewport,
  });
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
 * first visit's guide (www/guide.js) is marked as seen, so that it covers nothing a test
 * clicks, unless `guide` is set (the guide's own tests).
 */
export async function openPage(context, { guide = false } = {}) {
  const page = await context.newPage();
  if (!guide) await page.addInitScript(() => localStorage.setItem('retrolab.guide', 'seen'));
  page.problems = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') page.problems.push(`console ${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => page.problems.push(`page error: ${error.message}`));
  return page;
}
