// Runs every e2e/*.test.mjs with node's test runner (`npm test`, called by ./build.sh test),
// LANES files side by side, the longest files first: a long file started last would run
// alone at the end while the other lanes sit idle.

import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';

/**
 * Files side by side. Three, with the Rust tests beside them, took longer on a quiet machine
 * than two alone (docs/PERFORMANCE.md, "The tests").
 */
const LANES = Number(process.env.E2E_LANES ?? 2);

/** The files that take longest (1 – 3 minutes each on the 2-core machine), started first. */
const LONGEST = ['canvas.test.mjs', 'canvas-press.test.mjs', 'scale.test.mjs', 'flow.test.mjs', 'saved.test.mjs'];

const files = readdirSync(new URL('.', import.meta.url)).filter((f) => f.endsWith('.test.mjs')).sort();
const order = [...LONGEST.filter((f) => files.includes(f)), ...files.filter((f) => !LONGEST.includes(f))];
const run = spawn(process.execPath, ['--test', `--test-concurrency=${LANES}`, ...process.argv.slice(2), ...order], {
  cwd: new URL('.', import.meta.url),
  stdio: 'inherit',
});
run.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
