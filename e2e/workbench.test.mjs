// Browser tests of the workbench (issue 13): the batch view, exports, play against perfect
// play and drills. Answers are checked against the CLI (./target/release/retrolab, built by
// ./build.sh) or the contest vectors' .ans files, never against the page itself.

import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { readFile, readdir, writeFile } from 'node:fs/promises';
import { describe, test } from 'node:test';
import { openPage } from './browser.mjs';
import { CASES, OUT, cellCentre, pageSession, solveInPage } from './helpers.mjs';
import { gradeMove } from '../www/tools/grade.js';

const CLI = new URL('../target/release/retrolab', import.meta.url).pathname;

const session = pageSession();
/** Opens the page on a query string and waits until the solver is loaded. */
const open = (query = '') => session.open(query);

/** `retrolab game` on `input`: `{stdout, stderr, status}`. */
function cli(game, input) {
  const run = spawnSync(CLI, [game], { input, encoding: 'utf8' });
  return { stdout: run.stdout, stderr: run.stderr, status: run.status };
}

const tid = (id) => `[data-testid=${id}]`;

/** Opens tool `id`'s tab (unless it is open). */
async function openTool(id) {
  const tab = session.page.locator(tid(`tool-${id}`));
  if ((await tab.getAttribute('aria-selected')) !== 'true') await tab.click();
}

/** Solves `text` in the batch view and waits for the end; resolves to the rows' `data-result`s. */
async function batchOf(text) {
  await openTool('batch');
  await session.page.fill(tid('batch-input'), text);
  await session.page.click(tid('batch-run'));
  await session.page.waitForSelector(`${tid('batch-status')}[data-state=done]`, { timeout: 60_000 });
  return batchResults();
}

/** The `data-result`s of every row of the batch table, page after page. */
async function batchResults() {
  const pageOf = () => session.page.locator(tid('batch-row')).evaluateAll((rows) => rows.map((r) => r.dataset.result));
  const results = await pageOf();
  const later = session.page.locator(tid('batch-later'));
  while (await later.isVisible() && await later.isEnabled()) {
    await later.click();
    results.push(...(await pageOf()));
  }
  return results;
}

/** The file the batch view's download button saves. */
async function downloadAnswers() {
  const [saved] = await Promise.all([session.page.waitForEvent('download'), session.page.click(tid('batch-download'))]);
  return readFile(await saved.path(), 'utf8');
}

describe('batch view', () => {
  test('its hint gives the chosen game’s contest format, as `retrolab --help` writes it', async () => {
    const help = execFileSync(CLI, ['--help'], { encoding: 'utf8' });
    const games = help.slice(help.indexOf('GAMES:'), help.indexOf('OPTIONS:'));
    /** The help's paragraph of `game`, its lines joined (the page wraps it itself). */
    const paragraph = (game) => {
      const lines = games.split('\n');
      const first = lines.findIndex((line) => line.startsWith(`    ${game} `));
      const rest = lines.slice(first + 1);
      const end = rest.findIndex((line) => !line.startsWith('             ') || /^\s*Presets:/.test(line));
      return [lines[first].slice(4 + game.length), ...rest.slice(0, end)].map((l) => l.trim()).join(' ').replace(/`/g, '');
    };
    for (const game of ['river', 'chase', 'tableau']) {
      await open(`?game=${game}`);
      await openTool('batch');
      const shown = (await session.page.locator(tid('batch-format')).textContent()).replace(/\s+/g, ' ').trim();
      assert.equal(shown, paragraph(game), game);
    }
  });

  test('the downloaded answers of every contest vector are the CLI’s bytes', async () => {
    for (const game of ['river', 'chase', 'tableau']) {
      await open(`?game=${game}&input=`);
      const files = (await readdir(new URL(`${game}/`, CASES))).filter((f) => f.endsWith('.in')).sort();
      assert.ok(files.length > 0, game);
      for (const name of files) {
        const input = await readFile(new URL(`${game}/${name}`, CASES), 'utf8');
        const results = await batchOf(input);
        const expected = await readFile(new URL(`${game}/${name.replace(/\.in$/, '.ans')}`, CASES), 'utf8');
        assert.equal(results.join('\n') + '\n', expected, `${game}/${name}: the table`);
        assert.equal(await downloadAnswers(), expected, `${game}/${name}: the download`);
      }
    }
  });

  test('a bad board in the middle is reported with the CLI’s message and the rest still solve', async () => {
    const sample = await readFile(new URL('river/sample1.in', CASES), 'utf8');
    const bad = sample.replace('.#X\n', '.#Z\n');
    const { stderr, status } = cli('river', bad);
    assert.equal(status, 2);
    assert.match(stderr, /^retrolab river: line 13: board 3: /);
    await open('?game=river&input=');
    const results = await batchOf(bad);
    const answers = (await readFile(new URL('river/sample1.ans', CASES), 'utf8')).trim().split('\n');
    assert.deepEqual(results, [answers[0], answers[1], stderr.replace(/^retrolab river: /, '').trim(), answers[3], answers[4]]);
    assert.equal(await session.page.locator(tid('batch-download')).isDisabled(), true, 'the CLI prints no answers for it');
    // A chase line in the middle, and text after the last river board.
    const queries = ['2 1 1 2 2', '4 1 1 1', '3 1 1 3 3'].join('\n');
    await session.page.selectOption(tid('game'), 'chase');
    const chase = await batchOf(queries);
    assert.deepEqual(chase, [cli('chase', '2 1 1 2 2').stdout.trim(), cli('chase', queries).stderr.replace(/^retrolab chase: /, '').trim(), cli('chase', '3 1 1 3 3').stdout.trim()]);
  });

  test('a batch link opens the batch view and solves its input; a row opens its board, solved', async () => {
    const sample = await readFile(new URL('river/sample1.in', CASES), 'utf8');
    await open('?game=river&board=%23.%23/O.O/.X.');
    await open(`?game=river&input=${encodeURIComponent(sample)}`);
    await session.page.waitForSelector(`${tid('batch-status')}[data-state=done]`);
    assert.equal(await session.page.locator(tid('tool-batch')).getAttribute('aria-selected'), 'true');
    // No complaint about a missing board; the saved board is offered (issue 22).
    assert.match(await session.page.locator(tid('message')).textContent(), /^This link opens a contest input in the batch view, .* Your saved board is kept\. Back to your saved board$/);
    const results = await batchResults();
    assert.equal(results.join('\n') + '\n', cli('river', sample).stdout);
    await session.page.locator(`${tid('batch-row')}[data-index="1"]`).click();
    await session.page.waitForSelector(`${tid('verdict')}[data-result]`);
    assert.equal(await session.page.locator(tid('verdict')).getAttribute('data-result'), results[1]);
    assert.equal(await session.page.locator(tid('rows')).inputValue(), '3');
    await session.page.screenshot({ path: new URL('workbench-batch.png', OUT).pathname, fullPage: true });
  });
});

/** Decodes a PNG (bytes) with pngjs: `{width, height, data}` (RGBA). */
async function decodePng(bytes) {
  const { PNG } = await import('pngjs');
  return PNG.sync.read(Buffer.from(bytes));
}

/** The main board's bitmap, decoded. */
async function boardBitmap() {
  const url = await session.page.locator(tid('board')).evaluate((canvas) => canvas.toDataURL('image/png'));
  return decodePng(Buffer.from(url.split(',')[1], 'base64'));
}

const solvedVerdict = async () => {
  await session.page.waitForSelector(`${tid('verdict')}[data-result]`, { timeout: 20_000 });
  return session.page.locator(tid('verdict')).getAttribute('data-result');
};

/** The frames of a GIF and its size: `{width, height, frames}` (walks its blocks; throws if malformed). */
function gifFrames(bytes) {
  assert.equal(String.fromCharCode(...bytes.subarray(0, 6)), 'GIF89a');
  const width = bytes[6] | (bytes[7] << 8);
  const height = bytes[8] | (bytes[9] << 8);
  const table = (flags) => (flags & 0x80 ? 3 << ((flags & 7) + 1) : 0);
  let at = 13 + table(bytes[10]);
  const subBlocks = () => {
    while (bytes[at] !== 0) at += bytes[at] + 1;
    at += 1;
  };
  let frames = 0;
  for (;;) {
    const block = bytes[at];
    if (block === 0x3b) return { width, height, frames };
    if (block === 0x21) {
      at += 2;
      subBlocks();
    } else if (block === 0x2c) {
      frames += 1;
      at += 10 + table(bytes[at + 9]) + 1; // descriptor, local colour table, LZW code size
      subBlocks();
    } else {
      throw new Error(`not a GIF block: ${block} at ${at}`);
    }
  }
}

describe('exports', () => {
  test('the contest text of the board is what the CLI reads, and answers as the page does', async () => {
    for (const query of [
      '?game=river&board=...######/.#......./.#######./.#.#...../.#O#.####/.#.#...../.#######./.#X....../.O.......&solve=1',
      '?game=chase&n=7&white=2,3&black=6,6&solve=1',
      '?game=tableau&a=2,7,3;9,1,2&b=3,7,2;2,3,1&solve=1',
    ]) {
      await open(query);
      const answer = await solvedVerdict();
      await openTool('export');
      const text = await session.page.locator(tid('export-text')).inputValue();
      const game = new URL(`http://x/${query}`).searchParams.get('game');
      const run = cli(game, text);
      assert.equal(run.stderr, '', `${game}: the CLI accepts ${JSON.stringify(text)}`);
      assert.equal(run.stdout, `${answer}\n`, `${game}: the CLI's answer is the page's`);
      const [saved] = await Promise.all([session.page.waitForEvent('download'), session.page.click(tid('export-text-download'))]);
      assert.equal(await readFile(await saved.path(), 'utf8'), text, `${game}: the download is the text`);
    }
  });

  test('the PNG is the board’s bitmap at a whole-number scale, pixel for pixel, with a caption band', async () => {
    await open('?game=river&board=%23.%23/O.O/.X.&solve=1');
    await solvedVerdict();
    await session.page.waitForTimeout(700); // cells just decided flash for 600 ms
    await openTool('export');
    for (const scale of ['auto', '3']) {
      await session.page.selectOption(tid('export-scale'), scale);
      const [saved] = await Promise.all([session.page.waitForEvent('download'), session.page.click(tid('export-png'))]);
      const png = await decodePng(await readFile(await saved.path()));
      const board = await boardBitmap();
      const k = png.width / board.width;
      assert.ok(Number.isInteger(k) && k >= 1, `width ${png.width} is a whole multiple of ${board.width}`);
      if (scale !== 'auto') assert.equal(k, Number(scale));
      assert.ok(Number.isInteger(png.height / k) && png.height > board.height * k, `height ${png.height}: the board and a band, ×${k}`);
      let differing = 0;
      for (let y = 0; y < board.height * k; y++) {
        for (let x = 0; x < png.width; x++) {
          const p = 4 * (y * png.width + x);
          const b = 4 * (Math.floor(y / k) * board.width + Math.floor(x / k));
          for (let c = 0; c < 4; c++) if (png.data[p + c] !== board.data[b + c]) differing++;
        }
      }
      assert.equal(differing, 0, `×${k}: every pixel of the board region is its art pixel`);
      if (scale === 'auto') await writeFile(new URL('workbench-export.png', OUT), await readFile(await saved.path()));
    }
  });

  test('the replay as an animated GIF: a frame per position, at a whole-number scale of the board', async () => {
    await open('?game=river&board=%23.%23/O.O/.X.&solve=1');
    await solvedVerdict();
    await openTool('export');
    await session.page.click(tid('export-gif'));
    const file = session.page.locator(tid('export-gif-file'));
    await file.waitFor({ timeout: 30_000 });
    const [saved] = await Promise.all([session.page.waitForEvent('download'), file.click()]);
    const bytes = await readFile(await saved.path());
    assert.equal(bytes.length, Number(await file.getAttribute('data-bytes')));
    const { width, frames } = gifFrames(bytes);
    assert.equal(frames, 3, 'the start and the two moves of Black 2');
    const board = await boardBitmap();
    assert.equal(width % board.width, 0, `${width} is a whole multiple of ${board.width}`);
  });

  test('a GIF reads the page\'s styles once, not once a frame (issue 20, defect 10)', async () => {
    // Each read brings the page's styles up to date: once a frame, it lengthened the page's tasks.
    await open('?game=river&board=%23.%23/O.O/.X.&solve=1');
    await solvedVerdict();
    await openTool('export');
    await session.page.evaluate(() => {
      const read = window.getComputedStyle;
      window.pictureStyleReads = 0;
      window.getComputedStyle = (...args) => {
        if (new Error().stack.includes('/tools/')) window.pictureStyleReads++;
        return read.apply(window, args);
      };
    });
    await session.page.click(tid('export-gif'));
    await session.page.locator(tid('export-gif-file')).waitFor({ timeout: 30_000 });
    assert.equal(await session.page.evaluate(() => window.pictureStyleReads), 1, 'one read for the three frames of Black 2');
  });

  test('a video of the replay is recorded where the browser can, and the button says so where not', async () => {
    await open('?game=river&board=%23.%23/O.O/.X.&solve=1');
    await solvedVerdict();
    await openTool('export');
    const supported = await session.page.evaluate(() => typeof MediaRecorder === 'function');
    if (!supported) {
      assert.equal(await session.page.locator(tid('export-video')).isDisabled(), true);
      assert.match(await session.page.locator(tid('export-video')).textContent(), /no MediaRecorder/);
      return;
    }
    await session.page.selectOption(tid('export-rate'), '8');
    await session.page.click(tid('export-video'));
    const file = session.page.locator(tid('export-video-file'));
    await file.waitFor({ timeout: 30_000 });
    const bytes = Number(await file.getAttribute('data-bytes'));
    assert.ok(bytes > 1000, `a WebM of ${bytes} bytes`);
    assert.match(await file.getAttribute('data-type'), /^video\/webm/);
    const [saved] = await Promise.all([session.page.waitForEvent('download'), file.click()]);
    const video = await readFile(await saved.path());
    assert.equal(video.length, bytes);
    assert.deepEqual([...video.subarray(0, 4)], [0x1a, 0x45, 0xdf, 0xa3], 'an EBML (WebM) header');

    // With the analysis first: the analysis is run again, animated, then replayed.
    await session.page.check(tid('export-with-analysis'));
    // Every phase the controls pass through: a 3×3 board's animated run can be over between two
    // polls of a loaded machine, so the run is observed, not polled for.
    await session.page.evaluate(() => {
      const controls = document.querySelector('[data-testid=controls]');
      const phases = (window.seenPhases = new Set());
      new MutationObserver(() => phases.add(controls.dataset.phase)).observe(controls, { attributes: true, attributeFilter: ['data-phase'] });
    });
    await session.page.click(tid('export-video'));
    await session.page.locator(`${tid('export-video-file')}`).waitFor({ state: 'detached' });
    await file.waitFor({ timeout: 60_000 });
    assert.ok(await session.page.evaluate(() => window.seenPhases.has('running')), 'the analysis ran again, animated');
    assert.ok(Number(await file.getAttribute('data-bytes')) > bytes, 'a longer video than the replay alone');
    assert.equal(await session.page.locator(tid('verdict')).getAttribute('data-result'), 'Black 2');
  });

  test('defect 2: a second recording starts from move 0 again, not from where the first ended', async () => {
    await open('?game=river&board=%23.%23/O.O/.X.&solve=1');
    await solvedVerdict();
    await openTool('export');
    if (!(await session.page.evaluate(() => typeof MediaRecorder === 'function'))) return;
    await session.page.selectOption(tid('export-rate'), '8');
    const file = session.page.locator(tid('export-video-file'));
    for (const take of ['first', 'second']) {
      // Every replay position the board shows while this recording runs (the video is drawn from the board).
      await session.page.evaluate(() => {
        const status = document.querySelector('[data-testid=replay-status]');
        const seen = (window.seenMoves = new Set());
        new MutationObserver((records) => {
          for (const r of records) for (const node of r.addedNodes) seen.add(node.textContent.match(/^Move (\d+) of/)?.[1]);
        }).observe(status, { childList: true });
      });
      await session.page.click(tid('export-video'));
      await session.page.locator(tid('export-video-stop')).waitFor({ state: 'hidden', timeout: 30_000 });
      await file.waitFor({ timeout: 30_000 });
      const seen = await session.page.evaluate(() => [...window.seenMoves].filter(Boolean).sort());
      assert.deepEqual(seen, ['0', '1', '2'], `the ${take} recording shows the start and both moves`);
    }
  });
});

/** Solves `text` of `game` in a Lab of the test's own (`window.testLab`). */
const testLab = (game, text) => solveInPage(session.page, game, text);

const labMoves = (position) => session.page.evaluate((p) => window.testLab.moves(p), position);

/** Taps a cell of the board (0-based row and column). */
async function tap(cell, cols) {
  await session.page.locator(tid('board')).scrollIntoViewIfNeeded();
  const at = await cellCentre(session.page, Math.floor(cell / cols), cell % cols);
  await session.page.mouse.click(at.x, at.y);
}

const SAMPLE5 = ['...######', '.#.......', '.#######.', '.#.#.....', '.#O#.####', '.#.#.....', '.#######.', '.#X......', '.O.......'];

/** Waits until it is the person's turn again (or the game is over) at a position other than `not`. */
const yours = (not) =>
  session.page.waitForFunction((not) => {
    const s = document.querySelector('[data-testid=play-status]');
    return s.dataset.position !== not && (s.dataset.state === 'yours' || s.dataset.state === 'over');
  }, not);
const status = () => session.page.locator(tid('play-status'));
const here = async () => Number(await status().getAttribute('data-position'));

/** Plays `move` (from `Lab.moves`) on the board: the piece, then where it goes; waits for the page's answer. */
async function playMove(move, cols) {
  const position = await here();
  await tap(move.from, cols);
  await tap(move.to, cols);
  await yours(String(position));
}

describe('play against perfect play', () => {
  /** Checks that every move the page made (`data-replies`) is a best move of its position. */
  async function checkReplies() {
    const replies = (await status().getAttribute('data-replies')).split(' ').filter(Boolean).map((r) => r.split(':').map(Number));
    for (const [from, child] of replies) {
      const moves = await labMoves(from);
      const reply = moves.find((m) => m.child === child);
      assert.ok(reply, `${child} is a move of ${from}`);
      assert.deepEqual(reply.outcome, moves[0].outcome, `the page's move from ${from} is a best move`);
    }
    return replies.length;
  }

  test('the page answers with best moves only and grades best moves as best', async () => {
    await open(`?game=river&board=${encodeURIComponent(SAMPLE5.join('/'))}&solve=1`);
    assert.equal(await solvedVerdict(), 'Red 75');
    await testLab('river', SAMPLE5.join('\n'));
    await openTool('play');
    await session.page.selectOption(tid('play-as'), '0');
    await yours(undefined);
    for (let i = 1; i <= 8; i++) {
      const [best] = await labMoves(await here());
      await playMove(best, 9);
      assert.equal(await session.page.locator(tid('grade')).getAttribute('data-grade'), 'best', `move ${i}`);
    }
    assert.equal(await checkReplies(), 8);
    assert.equal(await session.page.locator(tid('play-score')).getAttribute('data-best'), '8');
  });

  test('the page answers in a task of its own, after the person’s move (one long task made two)', async () => {
    await open(`?game=river&board=${encodeURIComponent(SAMPLE5.join('/'))}&solve=1`);
    await solvedVerdict();
    await testLab('river', SAMPLE5.join('\n'));
    await openTool('play');
    await session.page.selectOption(tid('play-as'), '0');
    await yours(undefined);
    const before = await here();
    // A move-table row clicked, then the microtasks it queued run: the page has not answered yet.
    const after = await session.page.evaluate(async () => {
      document.querySelector('[data-testid=move-row]').click();
      await new Promise((resolve) => queueMicrotask(resolve));
      return { ...document.querySelector('[data-testid=play-status]').dataset };
    });
    assert.equal(after.state, 'mine', 'the page’s move waits for a task of its own');
    assert.notEqual(after.position, String(before), 'the person’s move is on show');
    await yours(after.position);
    assert.equal(await checkReplies(), 1);
  });

  test('a bad move is graded as throwing the win, with the best move shown; Undo takes it back', async () => {
    const rows = ['#.#', 'O.O', '.X.'];
    await open(`?game=river&board=${encodeURIComponent(rows.join('/'))}&solve=1`);
    await solvedVerdict();
    await testLab('river', rows.join('\n'));
    await openTool('play');
    await session.page.selectOption(tid('play-as'), '1');
    await yours(undefined); // Red (the page) has moved
    assert.equal(await checkReplies(), 1);
    const before = await here();
    const moves = await labMoves(before);
    assert.equal(moves[0].outcome.value, 'win', 'Black can win here');
    const losing = moves.find((m) => m.outcome.value === 'lose');
    await playMove(losing, 3);
    const grade = session.page.locator(tid('grade'));
    assert.equal(await grade.getAttribute('data-grade'), 'throws');
    assert.match(await grade.textContent(), /throws the win: now Red wins in 1 more move\. Best was Black \(\d,\d\)→\(\d,\d\) \(Black wins with this move\)\./);
    assert.equal(await status().getAttribute('data-state'), 'over');
    await session.page.screenshot({ path: new URL('workbench-play.png', OUT).pathname, fullPage: true });
    await session.page.click(tid('play-undo'));
    await session.page.waitForFunction((p) => document.querySelector('[data-testid=play-status]').dataset.position === String(p), before);
    assert.equal(await status().getAttribute('data-state'), 'yours');
    assert.equal(await grade.isHidden(), true, 'no move of the person’s left to grade');
  });
});

describe('drills', () => {
  const drillPosition = () => session.page.locator(tid('drill-position'));
  /** Waits for a drill position other than `not`; resolves to its `{position, answers, remoteness}`. */
  async function nextDrill(not) {
    await session.page.waitForFunction((not) => {
      const p = document.querySelector('[data-testid=drill-position]');
      return !p.hidden && p.dataset.position !== not;
    }, not);
    const read = (name) => drillPosition().getAttribute(`data-${name}`).then(Number);
    return { position: await read('position'), answers: await read('answer-count'), remoteness: await read('remoteness') };
  }

  test('every drill position has exactly one right move; answers are judged and the streak is remembered', async () => {
    await open(`?game=river&board=${encodeURIComponent(SAMPLE5.join('/'))}&solve=1`);
    await solvedVerdict();
    await testLab('river', SAMPLE5.join('\n'));
    await session.page.evaluate(() => localStorage.removeItem('retrolab.drills'));
    await openTool('drill');
    const levels = { easy: [1, 4], medium: [5, 12], hard: [13, Infinity] };
    let last;
    let streak = 0;
    for (const [level, [min, max]] of Object.entries(levels)) {
      await session.page.selectOption(tid('drill-level'), level);
      for (let i = 0; i < 3; i++) {
        // The first drill: Start, or (later) the change of difficulty starts the next one.
        if (i === 0 && level === 'easy') await session.page.click(tid('drill'));
        else if (i > 0) await session.page.click(tid('drill-next'));
        const drill = await nextDrill(String(last));
        last = drill.position;
        assert.equal(drill.answers, 1);
        assert.ok(drill.remoteness >= min && drill.remoteness <= max, `${level}: ${drill.remoteness}`);
        const moves = await labMoves(drill.position);
        const winning = moves.filter((m) => m.outcome.value === 'win');
        assert.equal(winning.length, 1, `position ${drill.position}: exactly one winning move`);
        assert.ok(moves.length >= 2, 'and something else to choose');
        assert.equal(moves[0].outcome.remoteness, drill.remoteness);
        // Right on even drills, wrong on odd ones.
        const answer = i % 2 === 0 ? winning[0] : moves.find((m) => m.outcome.value !== 'win');
        await tap(answer.from, 9);
        await tap(answer.to, 9);
        const result = session.page.locator(tid('drill-result'));
        await result.waitFor();
        assert.equal(await result.getAttribute('data-correct'), String(i % 2 === 0));
        streak = i % 2 === 0 ? streak + 1 : 0;
        assert.equal(await session.page.locator(tid('drill-streak')).getAttribute('data-streak'), String(streak));
        // The drill starts its search at a random position, so either side may be the one to move.
        if (level === 'medium' && i === 1) {
          assert.match(await result.textContent(), /Not that one\. .* The answer was (Red|Black) \(\d,\d\)→\(\d,\d\): \1 wins in \d+ more moves\./);
          await session.page.screenshot({ path: new URL('workbench-drill.png', OUT).pathname, fullPage: true });
        }
      }
    }
    await session.page.click(tid('drill-next'));
    await nextDrill(String(last));
    const pos = await session.page.locator(tid('drill-position')).getAttribute('data-position');
    const [right] = (await labMoves(Number(pos))).filter((m) => m.outcome.value === 'win');
    await tap(right.from, 9);
    await tap(right.to, 9);
    await session.page.locator(tid('drill-result')).waitFor();
    await open(`?game=river&board=${encodeURIComponent(SAMPLE5.join('/'))}`);
    await openTool('drill');
    assert.equal(await session.page.locator(tid('drill-streak')).getAttribute('data-streak'), String(streak + 1), 'the streak survives a reload');
  });

  test('longest defences and tableau’s only best moves are drills too', async () => {
    await open(`?game=river&board=${encodeURIComponent(SAMPLE5.join('/'))}&solve=1`);
    await solvedVerdict();
    await testLab('river', SAMPLE5.join('\n'));
    await openTool('drill');
    await session.page.selectOption(tid('drill-task'), 'longest-defence');
    await session.page.selectOption(tid('drill-level'), 'medium');
    await session.page.click(tid('drill'));
    const defence = await nextDrill(undefined);
    const moves = await labMoves(defence.position);
    assert.equal(moves[0].outcome.value, 'lose');
    assert.equal(moves.filter((m) => m.outcome.remoteness === moves[0].outcome.remoteness).length, 1, 'one longest defence');
    await tap(moves[0].from, 9);
    await tap(moves[0].to, 9);
    await session.page.locator(tid('drill-result')).waitFor();
    assert.equal(await session.page.locator(tid('drill-result')).getAttribute('data-correct'), 'true');
    // The explanation of the drill's position, in the Explain tool.
    await session.page.click(tid('drill-explain'));
    assert.equal(await session.page.locator(tid('tool-explain')).getAttribute('aria-selected'), 'true');
    await open('?game=tableau&a=5,1,9;2,8,3;7,4,6&b=3,9,1;8,2,7;4,6,5&solve=1');
    await solvedVerdict();
    await testLab('tableau', '3 3\n5 1 9\n2 8 3\n7 4 6\n3 9 1\n8 2 7\n4 6 5');
    await openTool('drill');
    await session.page.selectOption(tid('drill-level'), 'easy');
    await session.page.click(tid('drill'));
    const best = await nextDrill(undefined);
    const scored = await labMoves(best.position);
    assert.equal(scored.filter((m) => m.outcome.score === scored[0].outcome.score).length, 1, 'one best move');
  });
});

describe('grades (www/tools/grade.js, no browser)', () => {
  const win = (r) => ({ value: 'win', remoteness: r });
  const lose = (r) => ({ value: 'lose', remoteness: r });
  const tie = { value: 'tie', remoteness: 0 };
  const sides = ['Red', 'Black'];
  /** The grade of the move with outcome `chosen` among moves with `outcomes` (best first), Red to move. */
  const grade = (outcomes, chosen) => {
    const moves = outcomes.map((outcome, i) => ({ from: 0, to: i + 1, child: i, outcome }));
    return gradeMove({ moves, chosen: moves[chosen], toMove: 0, sides, scored: false });
  };

  test('each way a move falls short of the best has its grade and words', () => {
    const options = [win(3), win(7), tie, lose(10)];
    assert.deepEqual([0, 1, 2, 3].map((i) => grade(options, i).grade), ['best', 'slower', 'tie-from-win', 'throws']);
    assert.equal(grade(options, 1).words, 'keeps the win but slower: now Red wins in 6 more moves; with the best move, Red wins in 2 more moves');
    assert.equal(grade(options, 3).words, 'throws the win: now Black wins in 9 more moves');
    assert.equal(grade([tie, lose(4)], 1).words, 'turns the tie into a loss: now Black wins in 3 more moves');
    assert.equal(grade([lose(12), lose(8)], 1).grade, 'faster-loss');
    assert.equal(grade([lose(12), lose(12)], 1).grade, 'best', 'an equally long defence is best');
    assert.equal(grade([tie, tie], 1).grade, 'best');
  });

  test('scored moves are graded by the points they cost the mover', () => {
    const moves = [{ to: 1, outcome: { score: 5 } }, { to: 2, outcome: { score: 2 } }];
    const first = gradeMove({ moves, chosen: moves[1], toMove: 0, sides: ['First', 'Second'], scored: true, soFar: 1 });
    assert.deepEqual([first.grade, first.cost], ['worse', 3]);
    assert.equal(first.words, 'costs 3 points: first − second now ends at 3 instead of 6');
    // The second player minimises: its best is the lowest score.
    const low = [{ to: 1, outcome: { score: -4 } }, { to: 2, outcome: { score: -3 } }];
    assert.equal(gradeMove({ moves: low, chosen: low[1], toMove: 1, sides: ['First', 'Second'], scored: true }).cost, 1);
  });
});

describe('screenshots', () => {
  test('batch view, play mode with a grade and a drill: desktop and phone, light and dark', async () => {
    const sample = await readFile(new URL('river/sample1.in', CASES), 'utf8');
    for (const [device, viewport] of [['desktop', { width: 1280, height: 800 }], ['phone', { width: 390, height: 844 }]]) {
      for (const scheme of ['light', 'dark']) {
        session.page ??= await openPage(session.browser.context);
        await session.page.setViewportSize(viewport);
        await session.page.emulateMedia({ colorScheme: scheme });
        // The phone's controls stick to the bottom of the screen: its shots show the screen
        // with the tools at the top, as a person scrolled there sees them.
        const shot = async (name) => {
          const path = new URL(`workbench-${name}-${device}-${scheme}.png`, OUT).pathname;
          if (device === 'desktop') return session.page.screenshot({ path, fullPage: true });
          await session.page.locator(tid('tools')).evaluate((tools) => tools.scrollIntoView({ block: 'start' }));
          return session.page.screenshot({ path });
        };

        await open(`?game=river&input=${encodeURIComponent(sample)}`);
        await session.page.waitForSelector(`${tid('batch-status')}[data-state=done]`);
        await shot('batch');

        const rows = ['#.#', 'O.O', '.X.'];
        await open(`?game=river&board=${encodeURIComponent(rows.join('/'))}&solve=1`);
        await solvedVerdict();
        await testLab('river', rows.join('\n'));
        await openTool('play');
        await session.page.selectOption(tid('play-as'), '1');
        await yours(undefined);
        const losing = (await labMoves(await here())).find((m) => m.outcome.value === 'lose');
        await playMove(losing, 3);
        await shot('play');

        await open(`?game=river&board=${encodeURIComponent(SAMPLE5.join('/'))}&solve=1`);
        await solvedVerdict();
        await openTool('drill');
        await session.page.selectOption(tid('drill-level'), 'medium');
        await session.page.click(tid('drill'));
        await session.page.waitForFunction(() => !document.querySelector('[data-testid=drill-position]').hidden);
        await shot('drill');
      }
    }
    await session.page.setViewportSize({ width: 1200, height: 860 });
    await session.page.emulateMedia({ colorScheme: 'light' });
  });
});
