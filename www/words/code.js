// The algorithms the engine runs, as the code panel shows them: one listing per algorithm —
// one queue (src/retro, Order::Global), tier by tier (Order::Tiers), the layered solver of
// scored games (src/scored.rs) — in two languages, pseudo-code and C++ in the contest style of
// the problems' write-ups (g[] the value, f[] the moves to the end, deg[] the counter), line for
// line: the same line ids in the same order. A line with an id is one the engine reports an
// event for (machine/lesson.js maps each event to its id); the others (`id: null`) are the
// structure around them and are never lit. Within a distance d the engine takes the lost
// positions before the won ones (two queues a distance, src/retro/fifo.rs), and so do these.

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
  ['skip', depth, 'if p is decided already: skip it'],
  ['win', depth, 'if c is lost for its mover: p wins in d + 1; queue p'],
  ['count', depth, 'else: counter[p] −= 1        (one more move of p refuted)'],
  ['lose', depth + 1, 'if counter[p] = 0: p loses in d + 1; queue p'],
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

/** @type {Record<Algorithm, Record<CodeLanguage, CodeLine[]>>} */
export const LISTINGS = {
  queue: {
    pseudo: lines([
      ['scan', 0, 'for each position p:'],
      [null, 1, 'if the game is over in p: its value, 0 moves left; queue p (unless a tie)'],
      [null, 1, 'else: counter[p] = number of moves of p'],
      [null, 0, 'for d = 0, 1, 2, … (moves left to the end):'],
      ['take', 1, 'c = the next queued position d moves from the end (losses first)'],
      ['parent', 2, 'for each parent p of c (one move before it):'],
      ...UPDATE_PSEUDO(3),
      ['ties', 0, 'every position still undecided: a tie'],
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
      [null, 0, 'for each tier t, the one nearest the end of the game first:'],
      ['scan', 1, 'for each position p of t: over → its value, queued; else counter[p] = its moves,'],
      [null, 2, 'and each move into a solved tier brings that child’s value, to arrive at d = its moves left'],
      [null, 1, 'for d = 0, 1, 2, …:'],
      ['arrive', 2, 'each value arriving at d: c = that child, p = the position of t moving there'],
      ['take', 2, 'c = the next queued position of t, d moves from the end (losses first)'],
      ['parent', 3, 'for each parent p of c in t (an arriving value: its one p):'],
      ...UPDATE_PSEUDO(4),
      ['ties', 1, 'every position of t still undecided: a tie'],
    ]),
    cpp: lines([
      [null, 0, 'for (int t = 0; t < T; t++) {'],
      ['scan', 1, 'scan(t);  // over: g, f = 0, queued; else deg[p] = moves(p);'],
      [null, 2, '// a move p → c into a solved tier: a[f[c]][g[c]].push_back({c, p})'],
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
      ['scan', 0, 'sort the positions into layers by stones on the board'],
      [null, 0, 'for L = the full board down to the empty one:'],
      ['take', 1, 'for each position p with L stones:'],
      [null, 2, 'best = none'],
      ['move', 2, 'for each move of p (a stone, child c): s = its points + score[c]; best = the mover’s better of best and s'],
      ['scored', 2, 'score[p] = best   (0 when the board is full)'],
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
};
