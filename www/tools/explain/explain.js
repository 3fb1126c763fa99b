// The Explain tool: why a position of the solved game has its value, for a person asking
// "why does Red win?" (the engine's src/explain and queries, through Lab.optimalLine,
// Lab.moves, ProofWalk, Lab.tieLine and Lab.replies). This module is the tool; its first
// screen, the line of best play with the fact that decides each step, is line.js; its words
// words.js, the reply map replymap.js, a tie's cycle and ways out tie.js.
//
// First the title and the line of best play from the position, one row per move, each with
// the one fact that decides it (a win moves to a position lost for the other side; at a loss
// every move loses and the one shown holds out longest; a tie keeps the tie; a placement
// scores the most). Depth on demand, one level at a time: a row opens to every move of its
// position with what it brings and the answer to it, and an alternative is explained in turn
// (its own line here, with Back to the line before). Under the line: the whole proof's size
// (walked a slice at a time, never built whole), for a win or a loss the winner's replies as
// a map, for a tie its cycle, its ways out and its region.
//
// Opened by `[data-testid=explain]` ("Explain this position": the board's position once
// solved, as drawn or the replay's), the tab itself (the same position, unless the proof on
// show already starts from it), `[data-testid=explain-example]` (the histogram's example), Shift-click or
// right-click on a heatmap cell, a link with `&explain=1` (the start, once solved), or another
// tool (`explain(tools, position)`). Pointing at a row shows its move on the main board
// (controller.preview); "When decided?" says when the analysis decided the focused row's
// position (controller.provenance, in the inspector).
//
// Hooks: `[data-testid=proof]` the line (`data-positions`: distinct positions it shows;
// `data-moves`: the line's moves; `data-open-ms`: how long showing it took; `data-check`: the
// Check tool's result); each row `[data-testid=proof-node]` (the position before its move:
// `data-value` win/lose/tie for the side to move there, `data-remoteness`, `data-to-move`
// first/second, `data-board` in the link's board format, tableau also `data-score`; the move:
// `data-step` from 1, `data-move` its name, `data-colour` who wins by it; the last row, where
// the line ends, has no `data-move`); each alternative of an open row `[data-testid=proof-alt]`
// (`data-move`, `data-value` W/L/T for its mover, `data-remoteness` the moves left after it,
// `data-colour`, `data-child`, `data-line` true for the line's own move);
// `[data-testid=proof-back]` goes back to the line explained before.

import { ProofWalk } from '../../pkg/retrolab.js';
import { makeTheme } from '../../board/pixels.js';
import { announce } from '../../panels/inspector.js';
import { linkParams } from '../../keep/url.js';
import { scheduler } from '../../engine/engine.js';
import { NO_POSITION } from '../../engine/records.js';
import { lastCheck, onCheck, resultText } from '../checked.js';
import { createReplyMap } from './replymap.js';
import { showTie } from './tie.js';
import { createLine } from './line.js';
import { moveWords, sizeWords, summaryOf, titleOf } from './words.js';
import { t } from '../../words/i18n.js';
import { errorText } from '../../words/text.js';
import { sayWithin } from '../../panels/pagewords.js';

/** Milliseconds per slice of walking a proof's size (in its own task; the page stays responsive). */
const WALK_SLICE_MS = 8;

/** What was asked for before the panel could show it: `{position, move}`. */
let pending = null;

/** Opens the Explain tool on `position` of the solved game (`move`: the move into it, if any). */
export function explain(tools, position, move = null) {
  pending = { position, move };
  // Opening the tool (or asking it again while open) takes what is pending.
  tools.open('explain');
}

/** @type {import('../host.js').Tool} */
export default {
  id: 'explain',
  title: 'tools.explain',
  hint: 'tools.explain-hint',
  // Its panel (the line, the reply map) is most of the work of its first opening.
  mountWhenIdle: true,

  /** "Explain this position", "Explain the example", heatmap cells, `&explain=1`. */
  attach({ controller, view, tools }) {
    const bar = /** @type {HTMLElement} */ (document.querySelector('[data-testid=explain-bar]'));
    const button = /** @type {HTMLButtonElement} */ (bar.querySelector('[data-testid=explain]'));
    const example = /** @type {HTMLButtonElement} */ (document.querySelector('[data-testid=explain-example]'));
    let wanted = linkParams(location.search + location.hash).get('explain') === '1';
    button.addEventListener('click', () => {
      const position = controller.shownPosition();
      if (position !== undefined) explain(tools, position);
    });
    example.addEventListener('click', () => {
      const shown = controller.state.analysis.example;
      if (shown) explain(tools, shown.position);
    });
    controller.subscribe((state) => {
      const lab = controller.solvedLab();
      bar.hidden = !lab;
      example.hidden = !lab || !state.analysis.example;
      if (lab && wanted) {
        wanted = false;
        explain(tools, controller.shownPosition());
      }
    });
    // Shift-click or right-click (long press) on a heatmap cell explains that cell's position.
    const heatCell = (event) => {
      const { state } = controller;
      const lab = controller.solvedLab();
      if (!lab || state.phase !== 'solved' || !state.analysis.heat) return null;
      const cell = view.cellAt(event.clientX, event.clientY);
      if (cell === null) return null;
      const position = lab.slice(controller.shownPosition(), state.editor.varying)[cell];
      return position === NO_POSITION ? null : position;
    };
    const wrap = document.querySelector('[data-testid=board]').parentElement;
    const onCell = (event) => {
      const position = heatCell(event);
      if (position === null) return;
      event.preventDefault();
      event.stopPropagation();
      explain(tools, position);
    };
    wrap.addEventListener('pointerdown', (event) => event.shiftKey && onCell(event), true);
    wrap.addEventListener('contextmenu', onCell, true);
  },

  mount(panel, { controller, tools }) {
    panel.innerHTML = `
      <div class="explain">
        <p class="tool-intro" data-testid="explain-intro"></p>
        <section class="proof-head" hidden>
          <button type="button" class="proof-back" data-testid="proof-back" data-i18n="explain.back" hidden></button>
          <h3 data-testid="proof-title"></h3>
          <p class="proof-after" data-testid="proof-after" hidden></p>
          <p class="proof-summary" data-testid="proof-summary"></p>
          <p class="proof-focus"><span data-testid="proof-focus"></span>
            <button type="button" class="proof-when" data-testid="proof-when" data-i18n-title="explain.when-title" data-i18n="html.replay-when"></button></p>
        </section>
        <ol class="proof" role="tree" data-i18n-aria-label="explain.proof-label" data-testid="proof"></ol>
        <section class="proof-more" hidden>
          <p class="keys" data-i18n="explain.keys"></p>
          <p class="proof-size" data-testid="proof-size"></p>
          <div class="proof-figures">
            <figure class="proof-map" hidden>
              <canvas data-testid="proof-map"></canvas>
              <figcaption></figcaption>
            </figure>
            <div class="proof-tie" data-testid="proof-tie" hidden></div>
          </div>
        </section>
      </div>`;
    sayWithin(panel);
    /** @param {string} id */
    const $ = (id) => /** @type {HTMLElement} */ (panel.querySelector(`[data-testid="${id}"]`));
    const intro = $('explain-intro');
    const head = /** @type {HTMLElement} */ (panel.querySelector('.proof-head'));
    const more = /** @type {HTMLElement} */ (panel.querySelector('.proof-more'));
    const list = $('proof');
    const back = /** @type {HTMLButtonElement} */ ($('proof-back'));
    const mapCanvas = /** @type {HTMLCanvasElement} */ ($('proof-map'));
    const tieBox = $('proof-tie');
    let theme = makeTheme(mapCanvas);
    let lab = null;
    /** The position explained, and the move into it; null when none is. */
    let root = null;
    /** The positions explained before it, for Back: `{position, move}`. */
    let earlier = [];
    /** The pieces and side to move of the position explained, to find it in another analysis of the board. */
    let shownAt = null;
    let walk = null;
    let walking = null;
    /** True while a proof is being replaced (its preview dropped), so that render() waits. */
    let showing = false;

    const { state } = controller;
    const game = () => state.editor.game;
    const line = createLine(list, $('proof-focus'), controller, {
      onClose() {
        controller.preview(null);
        tools.close();
        /** @type {HTMLElement | null} */ (document.querySelector('[data-testid=explain]'))?.focus();
      },
      onExplain: goInto,
    });
    const { backToFocus } = line;
    const replyMap = createReplyMap(/** @type {HTMLElement} */ (panel.querySelector('.proof-map')), controller, {
      theme: () => theme,
      onLeave: backToFocus,
      onPick: (position) => goInto(position, null),
    });

    matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () => {
      theme = makeTheme(mapCanvas);
      replyMap.draw();
    });

    /** Explains `position` (reached by `move`), with the way back to the line shown now. */
    function goInto(position, move) {
      if (root) earlier.push(root);
      show(position, move);
    }

    /** Drops the proof (a new analysis, or another position to explain). */
    function reset() {
      walking?.close();
      walking = null;
      walk?.free();
      walk = null;
      root = null;
      shownAt = null;
      replyMap.drop();
      line.reset();
      delete $('proof-size').dataset.done;
      head.hidden = more.hidden = tieBox.hidden = true;
      controller.preview(null);
    }

    /**
     * Shows why `position` has its value; `move` led to it. The line comes first, in a frame of
     * its own; the figures under it (a tie's cycle and ways out, the reply map) and the count of
     * the proof's size each in a task of its own after that frame: in one task, a big board's
     * first opening would make a long task.
     */
    function show(position, move) {
      showing = true;
      reset();
      lab = controller.solvedLab();
      showing = false;
      if (!lab || position === undefined) return;
      const begin = performance.now();
      root = { position, move };
      shownAt = { pieces: Uint16Array.from(lab.pieces(position)), toMove: lab.toMove(position), move };
      const node = { position, toMove: lab.toMove(position), outcome: lab.outcome(position) };
      const first = line.show(lab, position);
      head.hidden = more.hidden = false;
      intro.textContent = '';
      $('proof-title').textContent = titleOf(game(), node);
      const after = $('proof-after');
      after.hidden = !move;
      after.textContent = move ? t('explain.after', { move: moveWords(game(), state.editor.board.cols, move, 1 - node.toMove) }) : '';
      $('proof-summary').textContent = summaryOf(game(), node);
      back.hidden = earlier.length === 0;
      $('proof-size').textContent = t('explain.counting-start');
      list.dataset.openMs = (performance.now() - begin).toFixed(1);
      first.focus({ preventScroll: true });
      announce(panel, head, { board: true });
      const shown = root;
      const tie = () => ({ lab, root: node, game: game(), board: state.editor.board, theme, preview: controller.preview, onLeave: backToFocus, onExplain: goInto });
      const later = [() => showTie(tieBox, tie()), () => replyMap.show(lab, node), () => startWalk(position, node)];
      const next = () => {
        if (root !== shown) return;
        later.shift()();
        if (later.length > 0) setTimeout(next);
      };
      requestAnimationFrame(() => setTimeout(next));
    }

    back.addEventListener('click', () => {
      const previous = earlier.pop();
      if (previous) show(previous.position, previous.move);
    });

    $('proof-when').addEventListener('click', () => {
      const position = line.focused();
      if (position !== null) controller.provenance(position);
    });

    // ---- the proof's size ------------------------------------------------------------------

    /**
     * Counts the proof's size a slice at a time. A walk the engine cannot afford (its sets
     * refused for memory) says why in the size's place; the line above it stays.
     */
    function startWalk(position, node) {
      const size = $('proof-size');
      const failed = (/** @type {unknown} */ error) => {
        walk?.free();
        walk = null;
        size.textContent = t('explain.counting-failed', { error: errorText(error) });
        size.dataset.done = 'failed';
      };
      try {
        walk = new ProofWalk(lab, position);
      } catch (error) {
        failed(error);
        return;
      }
      walking = scheduler(true);
      const step = () => {
        let p;
        try {
          p = walk.runFor(lab, WALK_SLICE_MS);
        } catch (error) {
          failed(error);
          return;
        }
        size.textContent = sizeWords(game(), node, p);
        size.dataset.done = String(p.done);
        if (p.done) replyMap.frame(walk);
        else walking.schedule(step);
      };
      walking.schedule(step);
    }

    // ---- the Check's result ----------------------------------------------------------------

    function showCheck() {
      const result = lastCheck(lab);
      if (result) list.dataset.check = resultText(result);
      else delete list.dataset.check;
    }
    onCheck(showCheck);

    /**
     * The board's position, when the proof on show did not start from it (the tab opened again
     * after a replay moved on); null when it did, or before an analysis.
     */
    const fromBoard = () => {
      const position = controller.shownPosition();
      const from = earlier[0] ?? root;
      return controller.solvedLab() && position !== undefined && from && from.position !== position ? { position, move: null } : null;
    };

    /** Shows what `explain()` asked for, else the board's position if the proof is not of it. */
    function take() {
      const asked = pending ?? fromBoard();
      if (!asked) return;
      const { position, move } = asked;
      pending = null;
      earlier = [];
      show(position, move);
      showCheck();
    }

    // A new analysis (or none) drops the proof at once, even while the tool is closed: the
    // proof and its walk belong to the Lab they were made from, which is then freed.
    const follow = () => {
      const solved = controller.solvedLab();
      if (solved === lab) return;
      // One analysis straight after another (no board in between) is the whole table taking
      // the place of what the start reaches: the position explained goes on in it (the
      // positions explained before it, for Back, do not).
      const carried = shownAt;
      const again = lab && solved && carried ? solved.position(carried.pieces, carried.toMove) : undefined;
      // Nothing to drop before the first analysis it sees (mounted in idle time, it must not
      // clear a preview another view has put on the board meanwhile).
      if (lab) reset();
      lab = solved;
      showCheck();
      if (again !== undefined && carried) {
        earlier = [];
        show(again, carried.move);
      }
    };
    controller.subscribe(follow);

    return {
      opened: take,
      closed() {
        controller.preview(null);
      },
      render() {
        follow();
        // Open with nothing to show: the position on the board is what the tab explains.
        if (lab && !root && !showing) {
          earlier = [];
          show(controller.shownPosition(), null);
        }
        if (!lab) {
          intro.textContent =
            t('explain.solve-first');
        }
      },
    };
  },
};
