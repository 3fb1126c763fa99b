// The algorithms the engine runs, as the code panel shows them: one listing per algorithm —
// one queue (src/retro, Order::Global), tier by tier (Order::Tiers), the layered solver of
// scored games (src/scored.rs) — in two languages, pseudo-code and C++ in the contest style of
// the problems' write-ups (g[] the value, f[] the moves to the end, deg[] the counter), line for
// line: the same line ids in the same order. A line with an id is one the engine reports an
// event for (machine/lesson.js maps each event to its id); the others (`id: null`) are the
// structure around them and are never lit. Within a distance d the engine takes the lost
// positions before the won ones (two queues a distance, src/retro/fifo.rs), and so do these.

import { t } from './i18n.js';

/**
 * @typedef {{id: string | null, text: string, depth: number}} CodeLine
 * @typedef {'pseudo' | 'cpp'} CodeLanguage
 * @typedef {'queue' | 'tiers' | 'layers'} Algorithm
 */

/** @type {CodeLanguage[]} */
export const CODE_LANGUAGES = ['pseudo', 'cpp'];

/**
 * Lines as [id, depth, text]: the listings below are written compactly and expanded once.
 * @param {[string | null, number, string][]} rows
 * @returns {CodeLine[]}
 */
const lines = (rows) => rows.map(([id, depth, text]) => ({ id, depth, text }));

/**
 * The lines of the update every parent gets (one queue and tiers alike).
 * @param {number} depth
 * @returns {[string | null, number, string][]}
 */
const UPDATE_PSEUDO = (depth) => [
  ['skip', depth, t('code.skip')],
  ['win', depth, t('code.win')],
  ['count', depth, t('code.count')],
  ['lose', depth + 1, t('code.lose')],
];

/**
 * The same update in C++.
 * @param {number} depth
 * @returns {[string | null, number, string][]}
 */
const UPDATE_CPP = (depth) => [
  ['skip', depth, 'if (g[v] != UNKNOWN) continue;'],
  ['win', depth, 'if (w == LOSE) { g[v] = WIN; f[v] = d + 1; q[d + 1][WIN].push_back(v); }'],
  ['count', depth, 'else if (--deg[v] > 0) continue;'],
  ['lose', depth, 'else { g[v] = LOSE; f[v] = d + 1; q[d + 1][LOSE].push_back(v); }'],
];

/**
 * The listings in the page's language (the pseudo-code's words and the C++'s comments), made
 * when asked for: the language is set after the modules load.
 * @returns {Record<Algorithm, Record<CodeLanguage, CodeLine[]>>}
 */
export const listings = () => ({
  queue: {
    pseudo: lines([
      ['scan', 0, t('code.scan')],
      [null, 1, t('code.scan-over')],
      [null, 1, t('code.scan-counter')],
      [null, 0, t('code.loop')],
      ['take', 1, t('code.take')],
      ['parent', 2, t('code.parent')],
      ...UPDATE_PSEUDO(3),
      ['ties', 0, t('code.ties')],
    ]),
    cpp: lines([
      ['scan', 0, 'for (int p = 0; p < N; p++)'],
      [null, 1, 'if (over(p)) { g[p] = value(p); f[p] = 0; if (g[p] != TIE) q[0][g[p]].push_back(p); }'],
      [null, 1, 'else { g[p] = UNKNOWN; deg[p] = moves(p); }'],
      [null, 0, 'for (int d = 0; d < D; d++)'],
      ['take', 1, 'for (int w : {LOSE, WIN}) for (int u : q[d][w])'],
      ['parent', 2, 'for (int v : parents(u)) {'],
      ...UPDATE_CPP(3),
      ['ties', 0, 'for (int p = 0; p < N; p++) if (g[p] == UNKNOWN) g[p] = TIE;'],
    ]),
  },
  tiers: {
    pseudo: lines([
      [null, 0, t('code.tiers')],
      ['scan', 1, t('code.tiers-scan')],
      [null, 2, t('code.tiers-arrivals')],
      [null, 1, t('code.tiers-loop')],
      ['arrive', 2, t('code.arrive')],
      ['take', 2, t('code.tiers-take')],
      ['parent', 3, t('code.tiers-parent')],
      ...UPDATE_PSEUDO(4),
      ['ties', 1, t('code.tiers-ties')],
    ]),
    cpp: lines([
      [null, 0, 'for (int t = 0; t < T; t++) {'],
      ['scan', 1, t('code.cpp-scan')],
      [null, 2, t('code.cpp-arrivals')],
      [null, 1, 'for (int d = 0; d < D; d++) {'],
      ['arrive', 2, 'for (int w : {LOSE, WIN}) for (auto [u, v] : a[d][w]) update(u, v, w, d);'],
      ['take', 2, 'for (int w : {LOSE, WIN}) for (int u : q[d][w])'],
      ['parent', 3, 'for (int v : parents_in(t, u)) {  // update(u, v, w, d):'],
      ...UPDATE_CPP(4),
      ['ties', 1, 'for (int p : tier[t]) if (g[p] == UNKNOWN) g[p] = TIE;'],
    ]),
  },
  layers: {
    pseudo: lines([
      ['scan', 0, t('code.layers-scan')],
      [null, 0, t('code.layers-loop')],
      ['take', 1, t('code.layers-take')],
      [null, 2, t('code.layers-best')],
      ['move', 2, t('code.layers-move')],
      ['scored', 2, t('code.layers-scored')],
    ]),
    cpp: lines([
      ['scan', 0, 'for (int p = 0; p < N; p++) layer[stones(p)].push_back(p);'],
      [null, 0, 'for (int L = FULL; L >= 0; L--)'],
      ['take', 1, 'for (int p : layer[L]) {'],
      [null, 2, 'int best = L == FULL ? 0 : first(p) ? -INF : INF;'],
      ['move', 2, 'for (auto [c, gain] : moves(p)) best = first(p) ? max(best, gain + s[c]) : min(best, gain + s[c]);'],
      ['scored', 2, 's[p] = best; }'],
    ]),
  },
});
