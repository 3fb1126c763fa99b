// The Explain tool: why a position of the solved game has its value, as a proof a person can
// browse (the engine's src/explain, through Proof, ProofWalk, Lab.tieLine and Lab.replies).
// This module is the tool and its tree; its words are words.js, the reply map replymap.js,
// a tie's cycle and ways out tie.js.
//
// A won position shows its best move, to a position lost for the other side; a lost one
// every move, each to a position won for the other side, with the winner's reply; a tie
// every move (those keeping the tie, then the ways out); a tableau staircase every
// placement, best first, with the score it leads to and the opponent's best reply. Each
// node is a small board with the move into it, who moves, the value and the moves left; a
// position reached along a second line says so ("reached again") instead of repeating
// itself. Above the tree: the proof's size (walked a slice at a time, never built whole),
// for a win or a loss the winner's replies as a map, for a tie its cycle, its ways out and
// its region.
//
// Opened by `[data-testid=explain]` (the board's position once solved: as drawn, or the
// replay's), `[data-testid=explain-example]` (the histogram's example), Shift-click or
// right-click on a heatmap cell, a link with `&explain=1` (the start, once solved), or
// another tool (`explain(tools, position)`). Pointing at a node shows its position on the
// main board (controller.preview); "When decided?" over the tree says when the analysis
// decided the focused node (controller.provenance, in the inspector). Keys in the tree: ↑ ↓
// walk, → expand or enter, ← collapse or leave, Enter expand/collapse, Home/End, Esc closes.
//
// Hooks: `[data-testid=proof]` (`data-positions`: distinct positions built so far;
// `data-open-ms`: how long showing it took;
// `data-check`: the Check tool's result), each `[data-testid=proof-node]` (`data-value`
// win/lose/tie for the side to move there, `data-remoteness`, `data-to-move`
// first/second, `data-board` in the link's board format, tableau also `data-score`).

import { Proof, ProofWalk } from '../../pkg/retrolab.js';
import { makeTheme } from '../../board/pixels.js';
import { announce } from '../../panels/inspector.js';
import { linkParams } from '../../keep/url.js';
import { scheduler } from '../../engine/engine.js';
import { NO_POSITION } from '../../engine/records.js';
import { lastCheck, onCheck, resultText } from '../checked.js';
import { createReplyMap } from './replymap.js';
import { showTie } from './tie.js';
import { createProofTree } from './tree.js';
import { sizeWords, titleOf } from './words.js';

/** Milliseconds per slice of walking a proof's size (in its own task; the page stays responsive). */
const WALK_SLICE_MS = 8;

/** What was asked for before the panel could show it: `{position, move}`. */
let pending = null;
/** The mounted tool, once its panel exists. */
let mounted = null;

/** Opens the Explain tool on `position` of the solved game (`move`: the move into it, if any). */
export function explain(tools, position, move = null) {
  pending = { position, move };
  if (tools.open('explain')) mounted?.take();
}

/** @type {import('../host.js').Tool} */
export default {
  id: 'explain',
  title: 'Explain',
  hint: 'Why the shown position has its value: the strategy proof, move by move',
  // Its panel (canvases, the tree, the reply map) is most of the work of its first opening.
  mountWhenIdle: true,

  /** The Explain buttons by the board, heatmap cells, `&explain=1`. */
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
          <h3 data-testid="proof-title"></h3>
          <p class="proof-size" data-testid="proof-size"></p>
          <div class="proof-figures">
            <figure class="proof-map" hidden>
              <canvas data-testid="proof-map"></canvas>
              <figcaption></figcaption>
            </figure>
            <div class="proof-tie" data-testid="proof-tie" hidden></div>
          </div>
          <p class="keys"><kbd>↑</kbd><kbd>↓</kbd> walk · <kbd>→</kbd> expand · <kbd>←</kbd> collapse · <kbd>Enter</kbd> expand/collapse ·
            <kbd>Esc</kbd> close · point at a node to see it on the board</p>
          <p class="proof-focus"><span data-testid="proof-focus"></span>
            <button type="button" class="proof-when" data-testid="proof-when" title="The step of the analysis that decided the focused node">When decided?</button></p>
        </section>
        <ul class="proof" role="tree" aria-label="Proof" data-testid="proof"></ul>
      </div>`;
    /** @param {string} id */
    const $ = (id) => /** @type {HTMLElement} */ (panel.querySelector(`[data-testid="${id}"]`));
    const intro = $('explain-intro');
    const head = /** @type {HTMLElement} */ (panel.querySelector('.proof-head'));
    const tree = $('proof');
    const mapCanvas = /** @type {HTMLCanvasElement} */ ($('proof-map'));
    const tieBox = $('proof-tie');
    const focusWords = $('proof-focus');
    let theme = makeTheme(mapCanvas);
    let lab = null;
    /** The pieces and side to move of the position whose proof is on show, to find it in another analysis of the board. */
    let shownAt = null;
    let proof = null;
    let walk = null;
    let walking = null;

    const { state } = controller;
    const game = () => state.editor.game;
    const proofTree = createProofTree(tree, focusWords, controller, {
      theme: () => theme,
      onClose() {
        controller.preview(null);
        tools.close();
        /** @type {HTMLElement | null} */ (document.querySelector('[data-testid=explain]'))?.focus();
      },
    });
    const { backToFocus } = proofTree;
    const replyMap = createReplyMap(/** @type {HTMLElement} */ (panel.querySelector('.proof-map')), controller, {
      theme: () => theme,
      onLeave: backToFocus,
      onPick: (position) => show(position, null),
    });

    matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () => {
      theme = makeTheme(mapCanvas);
      proofTree.repaint();
      replyMap.draw();
    });

    /** Drops the proof (a new analysis, or another position to explain). */
    function reset() {
      walking?.close();
      walking = null;
      walk?.free();
      walk = null;
      proof?.free();
      proof = null;
      shownAt = null;
      replyMap.drop();
      proofTree.reset();
      delete $('proof-size').dataset.done;
      head.hidden = tieBox.hidden = true;
      controller.preview(null);
    }

    /**
     * Shows the proof of `position`; `move` led to it. The tree comes first, in a frame of its
     * own; the figures above it (a tie's cycle and ways out, the reply map) and the count of the
     * proof's size each in a task of its own after that frame: in one task, a big board's first
     * opening would make a long task.
     */
    function show(position, move) {
      reset();
      lab = controller.solvedLab();
      if (!lab) return;
      const begin = performance.now();
      proof = new Proof(lab, position);
      shownAt = { pieces: Uint16Array.from(lab.pieces(position)), toMove: lab.toMove(position) };
      const root = proofTree.show(lab, proof, move);
      head.hidden = false;
      intro.textContent = '';
      $('proof-title').textContent = titleOf(game(), proof.node(0));
      $('proof-size').textContent = 'Counting the whole proof…';
      tree.dataset.openMs = (performance.now() - begin).toFixed(1);
      root.focus({ preventScroll: true });
      announce(panel, tree, { board: true });
      const shown = proof;
      const node = proof.node(0);
      const tie = () => ({ lab, root: node, game: game(), board: state.editor.board, theme, preview: controller.preview, onLeave: backToFocus, onExplain: show });
      const later = [() => showTie(tieBox, tie()), () => replyMap.show(lab, proof), () => startWalk(position)];
      const next = () => {
        if (proof !== shown) return;
        later.shift()();
        if (later.length > 0) setTimeout(next);
      };
      requestAnimationFrame(() => setTimeout(next));
    }

    $('proof-when').addEventListener('click', () => {
      const position = proofTree.focused();
      if (position !== null) controller.provenance(position);
    });

    // ---- the proof's size ------------------------------------------------------------------

    function startWalk(position) {
      walk = new ProofWalk(lab, position);
      walking = scheduler(true);
      const root = proof.node(0);
      const step = () => {
        const p = walk.runFor(lab, WALK_SLICE_MS);
        $('proof-size').textContent = sizeWords(game(), root, p);
        $('proof-size').dataset.done = String(p.done);
        if (p.done) replyMap.frame(walk);
        else walking.schedule(step);
      };
      walking.schedule(step);
    }

    // ---- the Check's result ----------------------------------------------------------------

    function showCheck() {
      const result = lastCheck(lab);
      if (result) tree.dataset.check = resultText(result);
      else delete tree.dataset.check;
    }
    onCheck(showCheck);

    mounted = {
      /** Shows what `explain()` asked for, if anything. */
      take() {
        if (!pending) return;
        const { position, move } = pending;
        pending = null;
        show(position, move);
        showCheck();
      },
    };

    // A new analysis (or none) drops the proof at once, even while the tool is closed: the
    // proof and its walk belong to the Lab they were made from, which is then freed.
    const follow = () => {
      const solved = controller.solvedLab();
      if (solved === lab) return;
      // One analysis straight after another (no board in between) is the whole table taking
      // the place of what the start reaches: the proof on show goes on in it.
      const again = lab && solved && shownAt ? solved.position(shownAt.pieces, shownAt.toMove) : undefined;
      // Nothing to drop before the first analysis it sees (mounted in idle time, it must not
      // clear a preview another view has put on the board meanwhile).
      if (lab) reset();
      lab = solved;
      showCheck();
      if (again !== undefined) show(again, null);
    };
    controller.subscribe(follow);

    return {
      opened() {
        mounted.take();
      },
      closed() {
        controller.preview(null);
      },
      render() {
        follow();
        intro.textContent = !lab
          ? 'Solve the board, then press Explain (or Shift-click / right-click a heatmap cell) to see why a position has its value.'
          : proof
            ? ''
            : 'Press Explain by the board for the position it shows, Shift-click or right-click a heatmap cell, or pick a histogram example.';
      },
    };
  },
};
