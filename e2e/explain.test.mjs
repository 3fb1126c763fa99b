// Browser tests of the explanations (issue 12 §1–3, tableau; issue 11 defect 5): the proof
// view, its keyboard and the board preview, the Check, a tie's cycle and its replay loop.
// Values are checked against the CLI (./target/release/retrolab, which ./build.sh test
// builds first) or a naive solver written here, never against the page itself. In Debian's
// headless Chromium; every test fails on any console error. Screenshots go to e2e/out/.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { before, describe, test } from 'node:test';
import { openPage } from './browser.mjs';
import { OUT, cellCentre, pageSession, riverLink, riverSamples } from './helpers.mjs';

const CLI = new URL('../target/release/retrolab', import.meta.url).pathname;

const session = pageSession();
let samples;

before(async () => {
  samples = await riverSamples();
});

/** Opens the page on a query string, solved, and waits for the verdict. */
async function openSolved(query, viewport) {
  session.page ??= await openPage(session.browser.context);
  const { page } = session;
  if (viewport) await page.setViewportSize(viewport);
  await page.goto(`${session.browser.url}index.html${query}&solve=1`);
  await page.waitForSelector('[data-testid=verdict][data-result]', { timeout: 30_000 });
  return page;
}

const $ = (id) => session.page.locator(`[data-testid=${id}]`);
const nodes = () => session.page.locator('[data-testid=proof-node]');
const alts = (row) => row.locator('[data-testid=proof-alt]');
const datasets = (locator) => locator.evaluateAll((els) => els.map((e) => ({ ...e.dataset, expanded: e.getAttribute('aria-expanded') })));
const waitSized = () => session.page.waitForSelector('[data-testid=proof-size][data-done=true]', { timeout: 30_000 });

/** Opens the line's closed rows, first to last (a click each), until `n` are open or none is left. */
async function openRows(n) {
  for (let open = 0; open < n; open++) {
    const closed = session.page.locator('[data-testid=proof-node][aria-expanded=false] > .proof-row').first();
    if ((await closed.count()) === 0) return;
    await closed.click();
  }
}

/** The background colour of the value badge in `locator`'s elements, in order. */
const badgeColours = (locator) => locator.evaluateAll((els) => els.map((e) => getComputedStyle(e.querySelector('.badge')).backgroundColor));

/** The engine's optimal line from the start of `text`'s river board, in a Lab of its own: `[{from, to, toMove}]`. */
const engineLine = (text) =>
  session.page.evaluate(async (board) => {
    const { Lab, Start } = await import('/www/pkg/retrolab.js');
    const lab = new Lab(new Start('river', board));
    while (!lab.runFor(50, Infinity).done);
    const line = lab.optimalLine(lab.start()).map((m, i, all) => ({ from: m.from, to: m.to, toMove: lab.toMove(i === 0 ? lab.start() : all[i - 1].child) }));
    lab.free();
    return line;
  }, text);

/** A river move's name as RULES.md writes cells: "Red (5,3)→(4,3)". */
const riverMove = (cols, { from, to, toMove }) => {
  const cell = (c) => `(${Math.floor(c / cols) + 1},${(c % cols) + 1})`;
  return `${toMove === 0 ? 'Red' : 'Black'} ${cell(from)}→${cell(to)}`;
};

/** The CLI's answer lines for `game`'s `input`. */
const cli = (game, input) => execFileSync(CLI, [game], { input, encoding: 'utf8' }).trim().split('\n');

// ---- river and chase: values from the CLI, one ply of rules here for the second player ----

/** An outcome for the side to move: `{value, remoteness}`. */
const o = (value, remoteness) => ({ value, remoteness });

/** Rules the CLI does not take as input (RULES §1, §2): positions already over, for the side to move. */
const RULES = {
  river: {
    /** Rows of a data-board; the black piece's cell and the red ones. */
    read(text) {
      const rows = text.split('/');
      const cells = [...rows.join('')];
      const cols = rows[0].length;
      return { rows, cols, black: cells.indexOf('X'), reds: cells.flatMap((c, i) => (c === 'O' ? [i] : [])), cells };
    },
    /** Red to move: over by rule 1 (black in row 1) or 2 (black on a red piece: one O left in the text). */
    overForFirst: (b) => (b.black < b.cols || b.reds.length < 2 ? o('lose', 0) : null),
    overForSecond: (b) => (b.reds.length < 2 ? o('lose', 0) : null),
    /** Black's moves: up, left, right, onto any cell but an obstacle. */
    secondMoves(b) {
      const [r, c] = [Math.floor(b.black / b.cols), b.black % b.cols];
      return [[r - 1, c], [r, c - 1], [r, c + 1]]
        .filter(([rr, cc]) => rr >= 0 && cc >= 0 && cc < b.cols && b.cells[rr * b.cols + cc] !== '#')
        .map(([rr, cc]) => {
          const cells = [...b.cells];
          cells[b.black] = '.';
          cells[rr * b.cols + cc] = 'X';
          return b.rows.map((row, i) => cells.slice(i * b.cols, (i + 1) * b.cols).join('')).join('/');
        });
    },
    /** The CLI input of red-to-move boards, and its answers as outcomes for red. */
    input: (boards) => `0 ${boards.length}\n${boards.map((t) => { const rows = t.split('/'); return `${rows.length} ${rows[0].length}\n${rows.join('\n')}`; }).join('\n')}\n`,
    answer: (line) => (line === 'Tie' ? o('tie', 0) : o(line.startsWith('Red') ? 'win' : 'lose', Number(line.split(' ')[1]))),
  },
  chase: {
    read(text) {
      const [n, r1, c1, r2, c2] = text.split(' ').map(Number);
      return { n, white: [r1, c1], black: [r2, c2] };
    },
    overForFirst: (b) => (b.white[0] === b.black[0] && b.white[1] === b.black[1] ? o('lose', 0) : null),
    overForSecond: (b) => (b.white[0] === b.black[0] && b.white[1] === b.black[1] ? o('lose', 0) : null),
    /** Black's moves: one or two cells up, down, left or right, on the board. */
    secondMoves(b) {
      const out = [];
      for (const [dr, dc] of [[-1, 0], [1, 0], [0, -1], [0, 1]]) {
        for (const k of [1, 2]) {
          const [r, c] = [b.black[0] + dr * k, b.black[1] + dc * k];
          if (r >= 1 && c >= 1 && r <= b.n && c <= b.n) out.push(`${b.n} ${b.white.join(' ')} ${r} ${c}`);
        }
      }
      return out;
    },
    input: (boards) => `${boards.join('\n')}\n`,
    answer: (line) => o(line.startsWith('WHITE') ? 'win' : 'lose', Number(line.split(' ')[1])),
  },
};

/** Outcomes for the first player to move on each data-board, from the rules and the CLI. */
function firstToMove(game, boards) {
  const rules = RULES[game];
  const over = boards.map((t) => rules.overForFirst(rules.read(t)));
  const asked = boards.filter((_, i) => !over[i]);
  const answers = asked.length > 0 ? cli(game, rules.input(asked)).map(rules.answer) : [];
  return over.map((known) => known ?? answers.shift());
}

/** The outcome for the second player to move: over, or the best of its moves' outcomes (one ply here). */
function secondToMove(game, board) {
  const rules = RULES[game];
  const b = rules.read(board);
  const over = rules.overForSecond(b);
  if (over) return over;
  const children = firstToMove(game, rules.secondMoves(b));
  if (children.length === 0) return o('lose', 0);
  const lost = children.filter((c) => c.value === 'lose').map((c) => c.remoteness);
  if (lost.length > 0) return o('win', Math.min(...lost) + 1);
  if (children.some((c) => c.value === 'tie')) return o('tie', 0);
  return o('lose', Math.max(...children.map((c) => c.remoteness)) + 1);
}

/** Checks every shown proof node's value and remoteness against the CLI; returns how many. */
async function checkNodesAgainstCli(game) {
  const shown = await datasets(nodes());
  const firsts = shown.filter((d) => d.toMove === 'first');
  const expected = firstToMove(game, firsts.map((d) => d.board));
  firsts.forEach((d, i) => assert.deepEqual(o(d.value, Number(d.remoteness)), expected[i], `${game} ${d.board}, first to move`));
  for (const d of shown.filter((d) => d.toMove === 'second')) {
    assert.deepEqual(o(d.value, Number(d.remoteness)), secondToMove(game, d.board), `${game} ${d.board}, second to move`);
  }
  return shown.length;
}

/**
 * Checks every shown alternative against the CLI: its value for its mover is the opposite of
 * the position it leads to for the other side, as long; returns how many.
 */
async function checkAltsAgainstCli(game) {
  const shown = await session.page.locator('[data-testid=proof-alt]').evaluateAll((els) =>
    els.map((e) => ({ ...e.dataset, mover: e.parentElement.closest('[data-testid=proof-node]').dataset.toMove })),
  );
  const flip = { W: 'lose', L: 'win', T: 'tie' };
  const expected = (a) => o(flip[a.value], a.value === 'T' ? 0 : Number(a.remoteness));
  const byFirst = shown.filter((a) => a.mover === 'second');
  const truth = firstToMove(game, byFirst.map((a) => a.board));
  byFirst.forEach((a, i) => assert.deepEqual(truth[i], expected(a), `${game} ${a.board}, first to move after ${a.move}`));
  for (const a of shown.filter((a) => a.mover === 'first')) assert.deepEqual(secondToMove(game, a.board), expected(a), `${game} ${a.board}, second to move after ${a.move}`);
  return shown.length;
}

describe('the proof view', () => {
  test('the first screen is the line of best play: the engine’s moves, the CLI’s values, a fact per move, coloured by the winner', async () => {
    // Fails on the page before the line view: its first screen was the proof's root with its
    // thumbnails, with no row per move (no data-move), and its rows were coloured by the mover.
    await openSolved(`${riverLink(samples[4])}&explain=1`);
    await nodes().first().waitFor();
    const rows = await datasets(nodes());
    assert.deepEqual([rows[0].value, rows[0].remoteness, rows[0].toMove, rows[0].board], ['win', '75', 'first', samples[4].join('/')]);
    const moves = rows.filter((r) => r.move !== undefined);
    const [, distance] = /^Red (\d+)$/.exec(await $('verdict').getAttribute('data-result'));
    assert.equal(moves.length, Number(distance), 'one row per move of the verdict’s distance');
    assert.equal(rows.length, moves.length + 1, 'and the position it ends in');
    const cols = samples[4][0].length;
    assert.deepEqual(moves.map((r) => r.move), (await engineLine(samples[4].join('\n'))).map((m) => riverMove(cols, m)), 'the engine’s optimal line');
    // Every row's position as the CLI says (Black to move: one ply of rules over the CLI).
    assert.equal(await checkNodesAgainstCli('river'), rows.length);
    rows.forEach((r, i) => assert.equal(Number(r.remoteness), 75 - i, `row ${i + 1} is a move closer to the end`));
    // The move table lists the start's moves best first: the line's first move is its first row.
    assert.equal(await $('move-row').first().getAttribute('data-move'), moves[0].move);

    // Each row's fact says what decides it, consistent with the values around it.
    const facts = await nodes().locator(':scope > .proof-row .proof-fact').allTextContents();
    for (const [i, r] of moves.entries()) {
      const next = rows[i + 1];
      if (r.value === 'win') {
        const [, k] = /^moves to a position lost for Black in (\d+) moves?$|^ends the game/.exec(facts[i]) ?? [];
        assert.ok(k !== undefined || next.remoteness === '0', `row ${i + 1}: ${facts[i]}`);
        assert.deepEqual([next.value, next.toMove], ['lose', 'second'], `row ${i + 1} names a position lost for Black`);
        if (k !== undefined) assert.equal(k, next.remoteness, `row ${i + 1}: lost in ${next.remoteness}`);
      } else {
        const fact = /^(?:its only move loses|both moves lose|all (\d+) moves lose): (?:(?:this one lasts longest|none lasts longer), )?Red wins (?:in (\d+) more moves?|at once)$/.exec(facts[i]);
        assert.ok(fact, `row ${i + 1}: ${facts[i]}`);
        assert.equal(Number(fact[2] ?? 0), Number(next.remoteness), `row ${i + 1}: the longest lasts as long as the line`);
      }
    }
    assert.match(await nodes().last().textContent(), /Black to move has lost: the game is over/);

    // Opening a row shows every move there, best first: the start's are the move table's.
    const first = nodes().first();
    await first.locator(':scope > .proof-row').click();
    assert.equal(await first.getAttribute('aria-expanded'), 'true');
    const table = await $('move-row').evaluateAll((els) => els.map((e) => [e.dataset.move, e.dataset.value, e.dataset.remoteness]));
    const startAlts = await datasets(alts(first));
    assert.deepEqual(startAlts.map((a) => [a.move, a.value, a.remoteness]), table, 'the start’s alternatives are the move table’s rows');
    assert.deepEqual(startAlts.map((a) => a.line), table.map((_, i) => String(i === 0)), 'the first is the line’s move');
    // A losing row opens to every move Black has, each a win for Red as the CLI says, the longest the line's.
    const losing = nodes().nth(3);
    assert.equal(await losing.getAttribute('data-value'), 'lose');
    await losing.locator(':scope > .proof-row').click();
    const replies = await datasets(alts(losing));
    assert.ok(replies.length >= 2, 'Black has a choice there');
    assert.deepEqual(firstToMove('river', replies.map((a) => a.board)), replies.map((a) => o('win', Number(a.remoteness))), 'every reply loses for Black, as the CLI says');
    assert.ok(replies.every((a) => a.value === 'L'));
    assert.equal(Math.max(...replies.map((a) => Number(a.remoteness))), Number(rows[4].remoteness));
    assert.equal(Number(await $('proof').getAttribute('data-positions')), new Set([...rows, ...startAlts, ...replies].map((d) => d.position ?? d.child)).size, 'distinct positions shown');

    // Colours: a row is coloured by who wins by its move, as the replay's moves are — Red's
    // colour on every row, Black's moves too (the mover's colour would alternate).
    const colours = await badgeColours(nodes().filter({ has: session.page.locator(':scope[data-move]') }));
    const redWins = await badgeColours($('move-row').first());
    assert.equal(new Set(colours).size, 1, `one colour: ${[...new Set(colours)].join(', ')}`);
    assert.equal(colours[0], redWins[0], 'the move table’s colour of a Red win');
    assert.deepEqual(await badgeColours(alts(losing)), replies.map(() => redWins[0]), 'Black’s losing replies in Red’s colour');
    await $('replay-start').click();
    assert.deepEqual(await badgeColours($('replay-move')), colours, 'the replay colours the same line alike');

    // The whole proof's size, counted after the line: its longest line is the CLI's answer.
    await waitSized();
    const [, total, , longest] = /^This proof has ([\d,]+) positions and ([\d,]+) moves; the loser’s longest line in it is (\d+) moves\.$/.exec(await $('proof-size').textContent());
    assert.equal(`Red ${longest}`, cli('river', RULES.river.input([samples[4].join('/')]))[0], 'the longest line is the CLI’s answer');
    assert.ok(Number(total.replace(/,/g, '')) > rows.length, 'the whole proof is larger than the line');
  });

  test('Black wins sample 2: every row in Black’s colour, the moves the engine’s', async () => {
    await openSolved(`${riverLink(samples[1])}&explain=1`);
    await nodes().first().waitFor();
    assert.equal(await $('verdict').getAttribute('data-result'), 'Black 2');
    const rows = await datasets(nodes());
    const moves = rows.filter((r) => r.move !== undefined);
    assert.deepEqual(moves.map((r) => r.move), (await engineLine(samples[1].join('\n'))).map((m) => riverMove(samples[1][0].length, m)));
    assert.equal(moves.length, 2);
    assert.equal(await checkNodesAgainstCli('river'), rows.length);
    const colours = await badgeColours(nodes().filter({ has: session.page.locator(':scope[data-move]') }));
    const blackWins = await badgeColours($('move-row').first());
    assert.deepEqual(colours, moves.map(() => blackWins[0]), 'Red’s losing move and Black’s winning one both in Black’s colour');
    // The winner's replies as a map: Black moves there, and a cell Black wins is Black's colour.
    await session.page.waitForSelector('.proof-map:not([hidden])');
    const tiles = await session.page.evaluate(async (board) => {
      const { Lab, Start } = await import('/www/pkg/retrolab.js');
      const lab = new Lab(new Start('river', board));
      while (!lab.runFor(50, Infinity).done);
      const slowest = lab.moves(lab.start())[0];
      const cells = lab.replies(slowest.child, [...lab.pieces(slowest.child)].indexOf(slowest.to));
      const toMove = lab.toMove(slowest.child);
      lab.free();
      const canvas = document.querySelector('[data-testid=proof-map]');
      const cols = board.split('\n')[0].length;
      const art = canvas.width / cols;
      const { data } = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
      return cells.flatMap((c, cell) => {
        if (!c || c.outcome.value === 'tie') return [];
        // The tile's colour: its bottom left corner, which neither the letter nor the number reaches.
        const [x, y] = [(cell % cols) * art + 1, Math.floor(cell / cols) * art + art - 2];
        const at = 4 * (y * canvas.width + x);
        return [{ toMove, value: c.outcome.value, rgb: `rgb(${data[at]}, ${data[at + 1]}, ${data[at + 2]})` }];
      });
    }, samples[1].join('\n'));
    assert.ok(tiles.length >= 2 && tiles.every((t) => t.toMove === 1));
    const redWins = await session.page.evaluate(() => {
      const probe = Object.assign(document.createElement('span'), { className: 'badge first' });
      document.body.append(probe);
      const colour = getComputedStyle(probe).backgroundColor;
      probe.remove();
      return colour;
    });
    for (const t of tiles) assert.equal(t.rgb, t.value === 'win' ? blackWins[0] : redWins, `a cell ${t.value === 'win' ? 'Black' : 'Red'} wins`);
    assert.ok(tiles.some((t) => t.value === 'win'), 'some cell Black wins');
  });

  test('the Explain tab itself explains the position on the board: no dead instruction', async () => {
    // Fails on the page before: the tab said "Press Explain by the board …", a button that is
    // not by the board, and showed no proof until one was asked for elsewhere.
    await openSolved(riverLink(samples[4]));
    await $('tool-explain').click();
    await nodes().first().waitFor();
    assert.equal(await nodes().first().getAttribute('data-board'), samples[4].join('/'), 'the board’s position');
    assert.doesNotMatch(await $('tool-panel-explain').textContent(), /by the board/);
    // In a replay, the tab opened afresh explains the replay's position.
    await $('tool-explain').click();
    await $('replay-start').click();
    await $('replay-next').click();
    await $('tool-explain').click();
    await session.page.waitForFunction(() => document.querySelector('[data-testid=proof-node]')?.dataset.remoteness === '74');
    assert.equal(await nodes().first().getAttribute('data-to-move'), 'second');
  });

  test('the tree is painted in a frame of its own before the figures over it are drawn (issue 20, defect 10)', async () => {
    // In one task with the tree, a 16×16 tie's reply map and cycle made the first opening a long task.
    await openSolved(riverLink(samples[3]));
    await session.page.evaluate(() => {
      let frames = 0;
      const count = () => {
        frames++;
        requestAnimationFrame(count);
      };
      const seen = new MutationObserver(() => {
        const tree = document.querySelector('[data-testid=proof-node]');
        const figures = [...document.querySelectorAll('.proof-map, [data-testid=proof-tie]')].filter((f) => !f.hidden).length;
        if (tree && window.treeFrame === undefined) {
          window.treeFrame = frames;
          requestAnimationFrame(count);
        }
        if (tree && figures === 2) {
          window.framesBefore = frames - window.treeFrame;
          seen.disconnect();
        }
      });
      seen.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['hidden'] });
    });
    await $('explain').click();
    await session.page.waitForFunction(() => window.framesBefore !== undefined);
    assert.ok(await session.page.evaluate(() => window.framesBefore) >= 1, 'an animation frame between the tree shown and its map and cycle');
  });

  test('an alternative is explained one level at a time, with the way back; a tie’s line says where it comes back', async () => {
    await openSolved(`${riverLink(samples[4])}&explain=1`);
    await nodes().first().waitFor();
    const losing = nodes().nth(3);
    await losing.locator(':scope > .proof-row').click();
    const other = alts(losing).filter({ has: session.page.locator(':scope[data-line=false]') }).first();
    const [picked] = await datasets(other);
    assert.equal(await session.page.locator('[data-testid=proof-node] [data-testid=proof-node]').count(), 0, 'nothing nested under a row');
    await other.click();
    await session.page.waitForFunction((child) => document.querySelector('[data-testid=proof-node]')?.dataset.position === child, picked.child);
    const root = (await datasets(nodes()))[0];
    assert.deepEqual([root.value, root.remoteness, root.toMove, root.board], ['win', picked.remoteness, 'first', picked.board], 'its own line, from where it leads');
    assert.equal(await $('proof-after').textContent(), `After ${picked.move}:`);
    await $('proof-back').click();
    await session.page.waitForFunction(() => document.querySelector('[data-testid=proof-node]')?.dataset.remoteness === '75');
    assert.equal(await $('proof-back').isHidden(), true, 'back at the first line');

    // A tie: the line stops where a position comes back, and that row leads to its first place.
    await openSolved(`${riverLink(samples[3])}&explain=1`);
    await nodes().first().waitFor();
    const rows = await datasets(nodes());
    const end = rows.at(-1);
    assert.equal(end.again, 'true');
    const back = Number(end.back);
    assert.equal(rows[back - 1].position, end.position, 'the position it comes back to');
    assert.ok(rows.slice(0, -1).every((r) => r.value === 'tie' && r.move));
    assert.equal(rows.length - back, Number(await $('tie-cycle').getAttribute('data-length')), 'the cycle the verdict names');
    assert.match(await nodes().last().textContent(), new RegExp(`back to ${back === 1 ? 'the start' : `the position after move ${back - 1}`}: best play goes round the cycle again`));
    await nodes().last().locator(':scope > .proof-row').click();
    assert.equal(await session.page.evaluate(() => document.activeElement.dataset.step), String(back));
  });

  test('chase: nodes as the CLI says; keys walk, expand and close; pointing previews on the board', async () => {
    await openSolved('?game=chase&n=4&white=3,2&black=3,4&explain=1');
    await nodes().first().waitFor();
    const board = () => session.page.evaluate(() => document.querySelector('[data-testid=board]').toDataURL());
    await session.page.locator('body').click({ position: { x: 2, y: 2 } });
    await session.page.waitForFunction(() => !document.querySelector('[data-testid=board]').classList.contains('previewing'));
    // The heatmap's cells flash for a moment once decided: wait until the board stands still.
    let plain = await board();
    for (let again = null; again !== plain; ) {
      await session.page.waitForTimeout(250);
      [again, plain] = [plain, await board()];
    }
    // Keys: → opens a row, again goes into its alternatives; ← goes back to the row, again closes it;
    // ↓ ↑ walk; Enter opens and closes a row, and explains an alternative (Back returns).
    const top = nodes().first();
    await top.focus();
    assert.equal(await top.getAttribute('aria-expanded'), 'false', 'the line comes closed: one row per move');
    await session.page.keyboard.press('ArrowRight');
    assert.equal(await top.getAttribute('aria-expanded'), 'true');
    await session.page.keyboard.press('ArrowRight');
    const focusedAlt = () => session.page.evaluate(() => ({ ...document.activeElement.dataset }));
    assert.equal((await focusedAlt()).child, (await datasets(alts(top)))[0].child, '→ again: the first alternative');
    await session.page.keyboard.press('ArrowDown');
    const second = (await datasets(alts(top)))[1];
    assert.equal((await focusedAlt()).move, second?.move ?? (await datasets(nodes().nth(1)))[0].move);
    await session.page.keyboard.press('ArrowLeft');
    assert.equal(await session.page.evaluate(() => document.activeElement.dataset.step), '1', '← goes back to the row');
    await session.page.keyboard.press('ArrowLeft');
    assert.equal(await top.getAttribute('aria-expanded'), 'false', '← closes it');
    await session.page.keyboard.press('ArrowDown');
    assert.equal(await session.page.evaluate(() => document.activeElement.dataset.step), '2');
    await session.page.keyboard.press('Enter');
    assert.equal(await nodes().nth(1).getAttribute('aria-expanded'), 'true');
    await session.page.keyboard.press('Enter');
    assert.equal(await nodes().nth(1).getAttribute('aria-expanded'), 'false');
    await session.page.keyboard.press('ArrowUp');
    await session.page.keyboard.press('ArrowRight');
    await session.page.keyboard.press('ArrowRight');
    const notLine = (await datasets(alts(top))).findIndex((a) => a.line === 'false');
    if (notLine >= 0) {
      for (let i = 0; i < notLine; i++) await session.page.keyboard.press('ArrowDown');
      const picked = await focusedAlt();
      await session.page.keyboard.press('Enter');
      await session.page.waitForFunction((child) => document.querySelector('[data-testid=proof-node]')?.dataset.position === child, picked.child);
      await $('proof-back').click();
      await session.page.waitForFunction((start) => document.querySelector('[data-testid=proof-node]')?.dataset.board === start, '4 3 2 3 4');
    }
    await openRows(30);
    assert.ok((await checkNodesAgainstCli('chase')) + (await checkAltsAgainstCli('chase')) >= 20);
    // The focused node's position is on the main board, framed; another node draws another.
    await nodes().nth(1).focus();
    await session.page.waitForFunction(() => document.querySelector('[data-testid=board]').classList.contains('previewing'));
    const first = await board();
    await nodes().nth(2).focus();
    await session.page.waitForFunction((before) => document.querySelector('[data-testid=board]').toDataURL() !== before, first);
    assert.notEqual(await board(), plain);
    await session.page.keyboard.press('Escape');
    assert.equal(await $('tool-panel-explain').isHidden(), true, 'Esc closes the proof');
    await session.page.waitForFunction(() => !document.querySelector('[data-testid=board]').classList.contains('previewing'));
    await session.page.waitForFunction((before) => document.querySelector('[data-testid=board]').toDataURL() === before, plain);
  });

  test('Shift-click on a heatmap cell, the histogram’s example and a replay position explain those positions', async () => {
    await openSolved(riverLink(samples[4]));
    const at = await cellCentre(session.page, 5, 2);
    await session.page.keyboard.down('Shift');
    await session.page.mouse.click(at.x, at.y);
    await session.page.keyboard.up('Shift');
    await nodes().first().waitFor();
    const moved = samples[4].map((row) => row.replace('X', '.'));
    moved[5] = `${moved[5].slice(0, 2)}X${moved[5].slice(3)}`;
    assert.equal(await nodes().first().getAttribute('data-board'), moved.join('/'), 'black moved to (6,3), red to move');
    assert.equal(await nodes().first().getAttribute('data-to-move'), 'first');
    assert.equal(await $('verdict').getAttribute('data-result'), 'Red 75', 'the board itself is unchanged');

    await $('histogram').scrollIntoViewIfNeeded(); // the open proof may have scrolled it away
    const box = await $('histogram').boundingBox();
    await session.page.mouse.click(box.x + 24, box.y + 30);
    await $('explain-example').click();
    const example = await $('frontier-title').textContent();
    assert.match(example, /^Example: (Red|Black) to move wins in \d+/);
    const [, who, r] = /^Example: (Red|Black) to move wins in (\d+)/.exec(example);
    const root = (await datasets(nodes()))[0];
    assert.deepEqual([root.value, root.remoteness, root.toMove], ['win', r, who === 'Red' ? 'first' : 'second']);

    await $('replay-start').click();
    for (let i = 0; i < 3; i++) await $('replay-next').click();
    await $('explain').click();
    await session.page.waitForFunction(() => document.querySelector('[data-testid=proof-node]')?.dataset.remoteness === '72');
    assert.deepEqual((await datasets(nodes()))[0].toMove, 'second', 'after three moves black is to move');
  });

  test('a new analysis drops the old proof and check, even with their tabs closed', async () => {
    await openSolved(`${riverLink(samples[4])}&explain=1`);
    await nodes().first().waitFor();
    await $('tool-check').click();
    await $('check').click();
    await session.page.waitForSelector('[data-testid=check-result][data-result=ok]');
    await $('tool-check').click();
    assert.equal(await $('tool-panel-check').isHidden(), true, 'no tool open');
    // Another board, solved (at once: sample 5 is solved in milliseconds, so live solving is
    // on): the old analysis is freed.
    await session.page.locator('[data-testid=preset]').selectOption({ label: 'Sample 2' });
    await session.page.waitForSelector('[data-testid=verdict][data-result="Black 2"]');
    await $('explain').click();
    await session.page.waitForFunction(() => document.querySelector('[data-testid=proof-node]')?.dataset.board === '#.#/O.O/.X.');
    assert.equal(await $('proof').getAttribute('data-check'), null, 'the new table is not checked yet');
    await $('tool-check').click();
    assert.equal(await $('check-result').getAttribute('data-result'), null);
    assert.match(await $('check').textContent(), /^Check all [\d,]+ positions$/);
  });

  test('tableau: every placement with the score it leads to, as a naive minimax says', async () => {
    const a = [[1, 2, 3, 4], [5, 6, 7, 8], [9, 8, 7, 6]];
    const b = [[0, 1, 0, 1], [1, 0, 1, 0], [2, 2, 2, 2]];
    const table = (t) => t.map((row) => row.join(',')).join(';');
    await openSolved(`?game=tableau&a=${table(a)}&b=${table(b)}&explain=1`);
    await nodes().first().waitFor();
    await openRows(12);
    // The score of a staircase (row lengths) with best play from there: first − second.
    const memo = new Map();
    const score = (lengths) => {
      const key = lengths.join(',');
      if (memo.has(key)) return memo.get(key);
      const stones = lengths.reduce((s, n) => s + n, 0);
      const first = stones % 2 === 0;
      let best = null;
      lengths.forEach((len, r) => {
        if (len === 4 || (r > 0 && lengths[r - 1] <= len)) return;
        const next = lengths.map((n, i) => (i === r ? n + 1 : n));
        const s = (first ? a[r][len] : -b[r][len]) + score(next);
        best = best === null ? s : first ? Math.max(best, s) : Math.min(best, s);
      });
      memo.set(key, best ?? 0);
      return best ?? 0;
    };
    const shown = await datasets(nodes());
    assert.equal(shown.length, 13, 'twelve placements, then the full board');
    assert.equal(shown[0].score, cli('tableau', `3 4\n${a.map((r) => r.join(' ')).join('\n')}\n${b.map((r) => r.join(' ')).join('\n')}\n`)[0]);
    for (const d of shown) {
      const lengths = d.board.split(',').map(Number);
      const stones = lengths.reduce((s, n) => s + n, 0);
      assert.equal(Number(d.score), score(lengths), d.board);
      assert.equal(Number(d.remoteness), 12 - stones);
      assert.equal(d.toMove, stones % 2 === 0 ? 'first' : 'second');
    }
    // Every placement of every step: the final difference it leads to, the line's the best.
    let placements = 0;
    for (const [i, row] of (await nodes().all()).slice(0, 12).entries()) {
      const d = shown[i];
      const before = d.board.split(',').map(Number);
      const soFar = Number(d.final) - Number(d.score);
      const first = d.toMove === 'first';
      const finals = [];
      for (const alt of await datasets(alts(row))) {
        const after = alt.board.split(',').map(Number);
        const r = after.findIndex((n, k) => n !== before[k]);
        const gain = first ? a[r][before[r]] : -b[r][before[r]];
        assert.equal(Number(alt.score), soFar + gain + score(after), `${d.board} → ${alt.board}`);
        finals.push([Number(alt.score), alt.line]);
        placements++;
      }
      const best = first ? Math.max(...finals.map(([f]) => f)) : Math.min(...finals.map(([f]) => f));
      assert.equal(finals.find(([, line]) => line === 'true')[0], best, `step ${i + 1}: the line’s placement is a best one`);
    }
    assert.ok(shown.length + placements >= 30, `${shown.length} positions and ${placements} placements checked`);
  });
});

describe('Check', () => {
  for (const [name, query] of [
    ['river sample 5', () => riverLink(samples[4])],
    ['chase 8×8', () => '?game=chase&n=8&white=2,2&black=7,6'],
    ['tableau sample', () => '?game=tableau&a=2,7,3;9,1,2&b=3,7,2;2,3,1'],
  ]) {
    test(`${name}: every position consistent, shown by the Check and by the proof`, async () => {
      await openSolved(`${query()}&explain=1`);
      await nodes().first().waitFor();
      await $('tool-check').click();
      await $('check').click();
      await session.page.waitForSelector('[data-testid=check-result][data-result]', { timeout: 30_000 });
      assert.equal(await $('check-result').getAttribute('data-result'), 'ok');
      const total = await $('total').getAttribute('data-value');
      assert.match(await $('check-result').textContent(), new RegExp(`^Checked: all ${Number(total).toLocaleString('en-US')} positions consistent`));
      await $('tool-explain').click();
      assert.equal(await $('proof').getAttribute('data-check'), 'ok');
    });
  }

  test('a record corrupted in wasm memory is found, in the CLI’s words', async () => {
    await openSolved(riverLink(samples[1]));
    const found = await session.page.evaluate(async () => {
      const { Lab, Start } = await import('/www/pkg/retrolab.js');
      const { checkTable } = await import('/www/tools/check.js');
      const lab = new Lab(new Start('river', '#.#\nO.O\n.X.'));
      while (!lab.runFor(50, Infinity).done);
      const start = lab.start();
      const before = lab.outcome(start);
      const intact = await checkTable(lab).done;
      // The record view is wasm memory: claim a win in 2 for red's loss in 2.
      lab.records()[start] = (1 << 14) | 2;
      const after = await checkTable(lab).done;
      lab.free();
      return { before, intact, after };
    });
    assert.deepEqual(found.before, { value: 'lose', remoteness: 2 });
    assert.equal(found.intact.ok, true);
    assert.equal(found.after.ok, false);
    assert.equal(
      found.after.failure.text,
      'position red (2, 1) and (2, 3), black (3, 2), red to move claims Win in 2 but its best move leads to red (2, 1) and (2, 2), black (3, 2), black to move, which claims Win in 1, so it is Lose in 2',
    );
  });
});

describe('ties', () => {
  test('sample 4: the cycle repeats a position (walked with the engine), the replay goes round it', async () => {
    await openSolved(riverLink(samples[3]));
    assert.equal(await $('verdict').getAttribute('data-result'), 'Tie');
    const cycle = session.page.locator('[data-testid=tie-cycle]');
    await cycle.waitFor();
    const length = Number(await cycle.getAttribute('data-length'));
    const from = Number(await cycle.getAttribute('data-from'));
    assert.match(await $('explanation').textContent(), new RegExp(`goes round a cycle of ${length} moves forever`));
    const positions = (await cycle.getAttribute('data-cycle')).split(',').map(Number);
    assert.equal(positions.length, length);
    // Walk it with a fresh engine on the same board: each position's moves reach the next,
    // the last one's the first; every one is a tie.
    const walked = await session.page.evaluate(async ({ cycle, text }) => {
      const { Lab, Start } = await import('/www/pkg/retrolab.js');
      const lab = new Lab(new Start('river', text));
      while (!lab.runFor(50, Infinity).done);
      const steps = cycle.map((p, i) => lab.moves(p).some((m) => m.child === cycle[(i + 1) % cycle.length]));
      const values = cycle.map((p) => lab.outcome(p).value);
      const pieces = cycle.map((p) => [...lab.pieces(p)]);
      const toMove = cycle.map((p) => lab.toMove(p));
      lab.free();
      return { steps, values, pieces, toMove };
    }, { cycle: positions, text: samples[3].join('\n') });
    assert.deepEqual(walked.steps, positions.map(() => true));
    assert.deepEqual(walked.values, positions.map(() => 'tie'));
    assert.equal(new Set(positions).size, length, 'the cycle’s positions are distinct');
    // The CLI says Tie for the red-to-move positions of the cycle.
    const boards = walked.pieces
      .filter((_, i) => walked.toMove[i] === 0)
      .map(([r1, r2, x]) => {
        const cells = [...samples[3].join('')].map((c) => (c === 'O' || c === 'X' ? '.' : c));
        [cells[r1], cells[r2], cells[x]] = ['O', 'O', 'X'];
        return samples[3].map((row, i) => cells.slice(i * row.length, (i + 1) * row.length).join('')).join('/');
      });
    assert.ok(boards.length > 0);
    assert.deepEqual(firstToMove('river', boards), boards.map(() => o('tie', 0)));

    // The replay: at the end of the line it does not end; Next goes round the cycle again.
    await $('replay-start').click();
    const moves = await $('replay-move').count();
    assert.equal(moves, from + length);
    for (let i = 0; i < moves; i++) await $('replay-next').click();
    const back = from === 0 ? 'the start' : `the position after move ${from}`;
    assert.match(await $('replay-status').textContent(), new RegExp(`^Move ${moves} of ${moves} · (Red|Black) to move · back to ${back}: round the cycle again`));
    assert.equal(await $('replay-next').isDisabled(), false, 'a loop has no end');
    await $('replay-next').click();
    assert.match(await $('replay-status').textContent(), new RegExp(`^Move ${from + 1} of ${moves}`));
    assert.equal(await cycle.isVisible(), true);
  });

  test('a tie’s proof: the tie region, the cycle and each side’s ways out with what they cost', async () => {
    await openSolved(`${riverLink(samples[3])}&explain=1`);
    await waitSized();
    assert.match(await $('proof-size').textContent(), /^The tie region reachable from here .* has (\d+) positions and (\d+) moves\.$/);
    const tie = await $('proof-tie').textContent();
    const length = await $('tie-cycle').getAttribute('data-length');
    assert.match(tie, new RegExp(`Best play runs into a cycle of ${length} moves`));
    const ways = session.page.locator('[data-testid=ways-out] .proof-way');
    assert.ok((await ways.count()) >= 1);
    const words = await ways.first().textContent();
    const [, k] = /but then (?:Red|Black) wins in (\d+) moves?$/.exec(words);
    await ways.first().click();
    await session.page.waitForFunction(() => document.querySelector('[data-testid=proof-node]')?.dataset.value === 'win');
    const root = (await datasets(nodes()))[0];
    assert.equal(root.remoteness, k, 'the way out leads to a win that long for the other side');
    const truth = root.toMove === 'first' ? firstToMove('river', [root.board])[0] : secondToMove('river', root.board);
    assert.deepEqual(truth, o('win', Number(k)), 'as the CLI says');
  });
});

describe('screenshots', () => {
  test('phone: the line is rows of words, no thumbnails, nothing wider than the screen; a tap opens a row', async () => {
    // Fails on the page before the line view: its proof was a column of board thumbnails.
    await openSolved(`${riverLink(samples[4])}&explain=1`, { width: 390, height: 844 });
    await nodes().first().waitFor();
    assert.equal(await $('proof').locator('canvas').count(), 0, 'no thumbnails in the line');
    const [scrolled, wide] = await session.page.evaluate(() => [document.documentElement.scrollWidth, innerWidth]);
    assert.ok(scrolled <= wide, `the page is ${scrolled} px wide in ${wide}`);
    const heights = await nodes().evaluateAll((els) => els.slice(0, 12).map((e) => e.getBoundingClientRect().height));
    assert.ok(heights.every((h) => h > 0 && h <= 64), `rows ${heights.join(', ')} px high`);
    const row = nodes().nth(1);
    await row.locator(':scope > .proof-row').scrollIntoViewIfNeeded();
    await row.locator(':scope > .proof-row').click();
    assert.equal(await row.getAttribute('aria-expanded'), 'true');
    const box = await alts(row).first().boundingBox();
    assert.ok(box.x >= 0 && box.x + box.width <= wide, 'its alternatives fit the screen');
    await session.page.setViewportSize({ width: 1280, height: 800 });
  });

  for (const [name, viewport] of [['desktop', { width: 1280, height: 800 }], ['phone', { width: 390, height: 844 }]]) {
    test(`${name}: a proof view and a tie replay with its loop, light and dark`, async () => {
      await openSolved(`${riverLink(samples[4])}&explain=1`, viewport);
      await nodes().first().waitFor();
      await openRows(2);
      await waitSized();
      await nodes().nth(3).focus();
      const shoot = async (file) => {
        await session.page.locator('[data-testid=tools]').scrollIntoViewIfNeeded();
        await session.page.screenshot({ path: new URL(`${file}.png`, OUT).pathname, fullPage: true });
        await session.page.emulateMedia({ colorScheme: 'dark' });
        await session.page.waitForTimeout(250);
        await session.page.screenshot({ path: new URL(`${file}-dark.png`, OUT).pathname, fullPage: true });
        await session.page.emulateMedia({ colorScheme: 'light' });
        await session.page.waitForTimeout(100);
      };
      await shoot(`explain-proof-${name}`);
      await openSolved(riverLink(samples[3]), viewport);
      await $('replay-start').click();
      const moves = await $('replay-move').count();
      for (let i = 0; i < moves; i++) await $('replay-next').click();
      // On a phone the cycle comes with the verdict in the folded sheet: one tap shows it.
      if ((await $('sheet-toggle').isVisible()) && (await $('sheet-toggle').getAttribute('aria-expanded')) === 'false') await $('sheet-toggle').click();
      await $('tie-cycle').scrollIntoViewIfNeeded();
      await shoot(`tie-replay-loop-${name}`);
    });
  }
});
