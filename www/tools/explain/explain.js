// The Explain tool (issue 12 §1, §3 and tableau): why a position of the solved game has its
// value, as a proof a person can browse (the engine's src/explain, through Proof, ProofWalk,
// Lab.tieLine and Lab.replies).
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
// The map is drawn at 24 CSS pixels a cell or more, up to 32 while its caption fits beside it.
//
// Hooks: `[data-testid=proof]` (`data-positions`: distinct positions built so far;
// `data-open-ms`: how long showing it took;
// `data-check`: the Check tool's result), each `[data-testid=proof-node]` (`data-value`
// win/lose/tie for the side to move there, `data-remoteness`, `data-to-move`
// first/second, `data-board` in the link's board format, tableau also `data-score`).

import { Proof, ProofWalk } from '../../pkg/retrolab.js';
import { firstPieceOf, pieceSides } from '../../games/grid.js';
import { comesBack } from '../../board/cycle.js';
import { scheduler } from '../../engine/engine.js';
import { zoomLevels } from '../../board/frame.js';
import { announce } from '../../panels/inspector.js';
import { cellName, moveName } from '../../words/movenames.js';
import { glyphSets, makeTheme } from '../../board/pixels.js';
import { NO_POSITION } from '../../engine/records.js';
import { count, plural } from '../../words/text.js';
import { drawMap, drawPosition } from '../../board/thumbs.js';
import { linkParams } from '../../keep/url.js';
import { lastCheck, onCheck, resultText } from '../checked.js';

/** Milliseconds per slice of walking a proof's size (in its own task; the page stays responsive). */
const WALK_SLICE_MS = 8;
/** The map's cells, in CSS pixels: at least (legible letters, numbers and arrows), at most. */
const MAP_CELL_MIN = 24;
const MAP_CELL_MAX = 32;
/** CSS pixels the map leaves beside it for its caption, when the panel is wide enough: the proof view stays short. */
const MAP_CAPTION_ROOM = 180;
/** Ways out listed per side before "and N more". */
const WAYS_OUT_SHOWN = 8;

/**
 * A tree item of the proof, with the node it shows (`model`) and its board's canvas (`thumb`).
 * @typedef {HTMLLIElement & {model: {node: any, edge: any, soFar: number, pieces: number[], level: number}, thumb: HTMLCanvasElement}} NodeItem
 */

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
  // Its panel (canvases, the tree, the reply map) took most of the first opening's 40 ms.
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
    const mapFigure = /** @type {HTMLElement} */ (panel.querySelector('.proof-map'));
    const mapCanvas = /** @type {HTMLCanvasElement} */ ($('proof-map'));
    const tieBox = $('proof-tie');
    const focusWords = $('proof-focus');
    let theme = makeTheme(mapCanvas);
    let lab = null;
    let proof = null;
    let walk = null;
    let walking = null;
    /** Node id → its first tree item. */
    let items = new Map();
    /** The reply map shown: `{position, cells, piece}`. */
    let map = null;

    const { state } = controller;
    const game = () => state.editor.game;
    const scored = () => game().kind === 'scored';

    matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () => {
      theme = makeTheme(mapCanvas);
      for (const item of tree.querySelectorAll('[role=treeitem]')) paintNode(item);
      drawTheMap();
    });

    /** Drops the proof (a new analysis, or another position to explain). */
    function reset() {
      walking?.close();
      walking = null;
      walk?.free();
      walk = null;
      proof?.free();
      proof = null;
      map = null;
      items = new Map();
      tree.replaceChildren();
      delete tree.dataset.positions;
      delete $('proof-size').dataset.done;
      head.hidden = mapFigure.hidden = tieBox.hidden = true;
      controller.preview(null);
    }

    /**
     * Shows the proof of `position`; `move` led to it. The tree comes first, in a frame of its
     * own; the figures above it (a tie's cycle and ways out, the reply map) and the count of the
     * proof's size each in a task of its own after that frame: in one task, a 16×16 board's
     * first opening took over 50 ms.
     */
    function show(position, move) {
      reset();
      lab = controller.solvedLab();
      if (!lab) return;
      const begin = performance.now();
      proof = new Proof(lab, position);
      const root = nodeItem(proof.node(0), move ? { ...move, first: true } : null, 0, 1);
      tree.append(root);
      setFocus(root);
      expand(root);
      head.hidden = false;
      intro.textContent = '';
      $('proof-title').textContent = titleOf(proof.node(0));
      $('proof-size').textContent = 'Counting the whole proof…';
      tree.dataset.openMs = (performance.now() - begin).toFixed(1);
      root.focus({ preventScroll: true });
      announce(panel, tree, { board: true });
      const shown = proof;
      const node = proof.node(0);
      const later = [() => showTie(node), () => showMap(node), () => startWalk(position)];
      const next = () => {
        if (proof !== shown) return;
        later.shift()();
        if (later.length > 0) setTimeout(next);
      };
      requestAnimationFrame(() => setTimeout(next));
    }

    // ---- the tree -------------------------------------------------------------------------

    /** A tree item for `node` (Proof.node / a child of Proof.expand), reached by `edge`. */
    function nodeItem(node, edge, soFar, level) {
      const item = /** @type {NodeItem} */ (document.createElement('li'));
      item.setAttribute('role', 'treeitem');
      item.setAttribute('aria-level', String(level));
      item.tabIndex = -1;
      item.dataset.testid = 'proof-node';
      item.dataset.node = String(node.node);
      item.dataset.position = String(node.position);
      item.dataset.toMove = node.toMove === 0 ? 'first' : 'second';
      const pieces = [...lab.pieces(node.position)];
      item.dataset.board = game().positionText(state.editor.board, pieces);
      const o = node.outcome;
      if (scored()) {
        const left = state.editor.board.rows * state.editor.board.cols - pieces.length;
        const forMover = node.toMove === 0 ? o.score : -o.score;
        item.dataset.value = forMover > 0 ? 'win' : forMover < 0 ? 'lose' : 'tie';
        item.dataset.remoteness = String(left);
        item.dataset.score = String(o.score);
      } else {
        item.dataset.value = o.value;
        item.dataset.remoteness = String(o.remoteness);
      }
      const again = edge && !edge.first;
      item.dataset.again = String(Boolean(again));
      const leaf = scored() ? item.dataset.remoteness === '0' : o.value !== 'tie' && o.remoteness === 0;
      if (!again && !leaf) item.setAttribute('aria-expanded', 'false');
      item.model = { node, edge, soFar, pieces, level };

      const row = document.createElement('div');
      // Tableau's rows carry the final difference in words instead of a W / L / T badge.
      row.className = `proof-row ${scored() ? 'scored' : item.dataset.value}`;
      const canvas = document.createElement('canvas');
      canvas.setAttribute('aria-hidden', 'true');
      const words = document.createElement('div');
      words.className = 'proof-words';
      words.append(...nodeWords(item.model, leaf).map(([cls, text]) => Object.assign(document.createElement('span'), { className: cls, textContent: text })));
      if (again) {
        const jump = Object.assign(document.createElement('button'), { type: 'button', className: 'proof-jump', textContent: 'reached again — see above' });
        jump.tabIndex = -1;
        jump.addEventListener('click', (event) => {
          event.stopPropagation();
          const first = items.get(node.node);
          if (first) reveal(first);
        });
        words.append(jump);
      }
      row.append(canvas, words);
      item.append(row);
      item.thumb = canvas;
      paintNode(item);
      if (!again) items.set(node.node, item);
      return item;
    }

    /**
     * Widest a node's board is drawn (CSS pixels): a board of up to ten columns at 16 CSS pixels
     * a cell, crisp; on narrow screens, where the tree nests deep, at most 120.
     */
    const thumbWidth = () => (matchMedia('(max-width: 820px)').matches ? 120 : 160);

    function paintNode(item) {
      const { pieces, edge } = item.model;
      drawPosition(item.thumb, theme, game(), state.editor.board, { pieces, move: edge }, thumbWidth());
    }

    /** Expands `item` (its children are asked for once; later it only shows them again). */
    function expand(item) {
      if (item.getAttribute('aria-expanded') !== 'false') return;
      let group = item.querySelector(':scope > [role=group]');
      if (!group) {
        const begin = performance.now();
        const { node, soFar, level } = item.model;
        const children = proof.expand(lab, node.node);
        group = document.createElement('ul');
        group.setAttribute('role', 'group');
        group.append(...children.map((child) => nodeItem(child, child, soFar + (child.gain ?? 0), level + 1)));
        item.append(group);
        tree.dataset.positions = String(proof.positions());
        item.dataset.expandMs = (performance.now() - begin).toFixed(1);
      }
      group.hidden = false;
      item.setAttribute('aria-expanded', 'true');
    }

    function collapse(item) {
      if (item.getAttribute('aria-expanded') !== 'true') return;
      item.querySelector(':scope > [role=group]').hidden = true;
      item.setAttribute('aria-expanded', 'false');
    }

    /** Tree items not inside a collapsed group, in order. */
    const visible = () => [...tree.querySelectorAll('[role=treeitem]')].filter((i) => !i.parentElement.closest('[role=group][hidden]'));

    /** Makes `item` the tree's one tab stop, the node "When decided?" asks about. */
    function setFocus(item) {
      for (const other of tree.querySelectorAll('[role=treeitem][tabindex="0"]')) /** @type {HTMLElement} */ (other).tabIndex = -1;
      item.tabIndex = 0;
      focusWords.textContent = `Focused: ${item.querySelector('.proof-value')?.textContent ?? ''}`;
    }

    $('proof-when').addEventListener('click', () => {
      const focused = /** @type {NodeItem | null} */ (tree.querySelector('[role=treeitem][tabindex="0"]'));
      if (focused) controller.provenance(focused.model.node.position);
    });

    function focusItem(item) {
      if (!item) return;
      setFocus(item);
      item.focus();
      item.scrollIntoView?.({ block: 'nearest' });
    }

    /** Opens every collapsed item above `item` and focuses it (a transposition's first place). */
    function reveal(item) {
      for (let up = item.parentElement.closest('[role=treeitem]'); up; up = up.parentElement.closest('[role=treeitem]')) expand(up);
      focusItem(item);
    }

    /**
     * The tree item an event happened in, or null.
     * @param {Event} event
     * @returns {NodeItem | null}
     */
    const itemOf = (event) => /** @type {Element} */ (event.target).closest('[role=treeitem]');

    tree.addEventListener('keydown', (event) => {
      const item = itemOf(event);
      if (!item || event.ctrlKey || event.metaKey || event.altKey) return;
      const list = visible();
      const at = list.indexOf(item);
      const expanded = item.getAttribute('aria-expanded');
      const parent = item.parentElement.closest('[role=treeitem]');
      switch (event.key) {
        case 'ArrowDown':
          focusItem(list[at + 1]);
          break;
        case 'ArrowUp':
          focusItem(list[at - 1]);
          break;
        case 'ArrowRight':
          if (expanded === 'false') expand(item);
          else if (expanded === 'true') focusItem(item.querySelector(':scope > [role=group] > [role=treeitem]'));
          break;
        case 'ArrowLeft':
          if (expanded === 'true') collapse(item);
          else focusItem(parent);
          break;
        case 'Enter':
        case ' ':
          if (item.dataset.again === 'true') reveal(items.get(item.model.node.node));
          else if (expanded === 'false') expand(item);
          else collapse(item);
          break;
        case 'Home':
          focusItem(list[0]);
          break;
        case 'End':
          focusItem(list.at(-1));
          break;
        case 'Escape':
          controller.preview(null);
          tools.close();
          /** @type {HTMLElement | null} */ (document.querySelector('[data-testid=explain]'))?.focus();
          break;
        default:
          return;
      }
      event.preventDefault();
      event.stopPropagation();
    });

    tree.addEventListener('click', (event) => {
      const item = itemOf(event);
      if (!item || /** @type {Element} */ (event.target).closest('.proof-jump')) return;
      event.stopPropagation();
      focusItem(item);
      if (item.getAttribute('aria-expanded') === 'false') expand(item);
      else collapse(item);
    });

    const previewOf = (item) => controller.preview(item.model.node.position, item.model.edge ?? null);
    tree.addEventListener('focusin', (event) => {
      const item = itemOf(event);
      if (item) previewOf(item);
    });
    tree.addEventListener('mouseover', (event) => {
      const item = itemOf(event);
      if (item) previewOf(item);
    });
    const backToFocus = () => {
      const focused = tree.contains(document.activeElement) ? document.activeElement.closest('[role=treeitem]') : null;
      if (focused) previewOf(focused);
      else controller.preview(null);
    };
    tree.addEventListener('mouseleave', backToFocus);
    tree.addEventListener('focusout', (event) => {
      if (!tree.contains(/** @type {Node | null} */ (event.relatedTarget))) backToFocus();
    });

    // ---- words -----------------------------------------------------------------------------

    const side = (toMove) => game().sides[toMove];
    const at = (cell) => cellName(state.editor.board.cols, cell);
    /** A move of side `toMove` by its one name (movenames.js); a stone with the points it scores. */
    const moveWords = (move, toMove) => {
      const name = moveName(game(), state.editor.board.cols, move, toMove);
      return scored() && move.gain ? `${name} +${Math.abs(move.gain)}` : name;
    };

    /** A valued outcome for the side to move, in words. */
    function valueWords(o) {
      if (o.value === 'tie') return 'tie: neither side can force a win';
      if (o.remoteness === 0) return o.value === 'win' ? 'has won: the game is over' : 'has lost: the game is over';
      return `${o.value === 'win' ? 'wins' : 'loses'} in ${plural(o.remoteness, 'move')}`;
    }

    /** `[class, text]` lines of a node: who moves and what it is worth, the move into it, the best reply from it. */
    function nodeWords({ node, edge, soFar }, leaf) {
      const mover = side(node.toMove);
      const lines = [];
      if (scored()) {
        const final = soFar + node.outcome.score;
        lines.push(['proof-value', leaf ? `Board full: ends at ${final}` : `${mover} to move · best play ends at ${final}`]);
        if (edge) lines.push(['proof-move', `after ${moveWords(edge, 1 - node.toMove)}`]);
        if (edge?.reply && !leaf) lines.push(['proof-reply', `best reply: ${moveWords(edge.reply, node.toMove)}`]);
        return lines;
      }
      lines.push(['proof-value', `${mover} to move · ${valueWords(node.outcome)}`]);
      if (edge) lines.push(['proof-move', `after ${moveWords(edge, 1 - node.toMove)}`]);
      const reply = edge?.reply;
      if (reply && !leaf) {
        const what = reply.outcome.value === 'win' ? 'answer' : reply.outcome.value === 'tie' ? 'keeping the tie' : 'longest hold-out';
        lines.push(['proof-reply', `${what}: ${moveWords(reply, node.toMove)}`]);
      }
      return lines;
    }

    function titleOf(node) {
      const mover = side(node.toMove);
      if (scored()) return `${mover} to move: best play ends at ${node.outcome.score} (first − second from here) — the proof`;
      const o = node.outcome;
      if (o.value === 'tie') return `${mover} to move: a tie — why neither side can force a win`;
      return `${mover} to move ${valueWords(o)} — the proof`;
    }

    // ---- the proof's size ------------------------------------------------------------------

    function startWalk(position) {
      walk = new ProofWalk(lab, position);
      walking = scheduler(true);
      const root = proof.node(0);
      const step = () => {
        const p = walk.runFor(lab, WALK_SLICE_MS);
        $('proof-size').textContent = sizeWords(root, p);
        $('proof-size').dataset.done = String(p.done);
        if (p.done) drawTheMap();
        else walking.schedule(step);
      };
      walking.schedule(step);
    }

    function sizeWords(root, p) {
      const size = `${plural(p.positions, 'position', count)} and ${plural(p.moves, 'move', count)}`;
      if (!p.done) return `Counting the whole proof: ${size} so far…`;
      if (scored()) {
        return `The proof — the first player’s strategy that makes at least ${root.outcome.score} and the second’s that holds it to at most that — has ${size}.`;
      }
      if (root.outcome.value === 'tie') return `The tie region reachable from here — the ties best play can reach, both sides keeping the tie — has ${size}.`;
      const line = p.longest === undefined ? '' : `; the loser’s longest line in it is ${plural(p.longest, 'move')}`;
      return `This proof has ${size}${line}.`;
    }

    // ---- the reply map ---------------------------------------------------------------------

    /** Index of a piece of `player` (0 first, 1 second) in `Lab.pieces` order, or -1. */
    const pieceOf = (player) => firstPieceOf(game(), player);

    /**
     * The winner's replies as a map: a win — its own position, the loser's piece anywhere; a
     * loss — after the loser's longest hold-out, the piece it moved anywhere; a tie — the other
     * side's piece anywhere, the tie region framed.
     */
    function showMap(root) {
      mapFigure.hidden = true;
      if (scored()) return;
      let position = root.position;
      let piece = pieceOf(1 - root.toMove);
      if (root.outcome.value === 'lose' && root.outcome.remoteness > 0) {
        const slowest = proof.expand(lab, 0)[0];
        position = slowest.position;
        piece = [...lab.pieces(position)].indexOf(slowest.to);
      }
      if (piece < 0) return;
      map = { position, piece, cells: lab.replies(position, piece), pieces: [...lab.pieces(position)] };
      map.pieces[piece] = null;
      mapFigure.hidden = false;
      drawTheMap();
      mapCaption(null);
    }

    /**
     * The width the map has (CSS pixels), as last laid out: read from a ResizeObserver, so that
     * opening a proof never waits for a layout (0 until the panel was first shown). The map is
     * drawn again on the next frame, not in the observer: resizing the canvas there would change
     * the size observed within the same layout (a "ResizeObserver loop").
     */
    let mapRoom = 0;
    new ResizeObserver(([entry]) => {
      const before = mapLevel().size;
      mapRoom = entry.contentRect.width;
      if (mapLevel().size !== before) requestAnimationFrame(drawTheMap);
    }).observe(/** @type {HTMLElement} */ (mapFigure.parentElement));

    /**
     * The map's glyph set and scale (frame.js): the biggest of at most MAP_CELL_MAX CSS pixels a
     * cell that leaves its caption room beside it, never below MAP_CELL_MIN (a wide board then
     * scrolls in its figure).
     */
    function mapLevel() {
      const { cols } = state.editor.board;
      const levels = zoomLevels(glyphSets(game()), devicePixelRatio).filter((l) => !l.reduced && l.size >= MAP_CELL_MIN - 1e-6);
      const room = Math.min(MAP_CELL_MAX, (mapRoom - MAP_CAPTION_ROOM) / cols);
      return levels.filter((l) => l.size <= room + 1e-6).at(-1) ?? levels[0];
    }

    function drawTheMap() {
      if (!map) return;
      const region = walk && proof?.node(0).outcome.value === 'tie' && $('proof-size').dataset.done === 'true';
      const { cells, pieces } = map;
      const marked = (cell) => region && cells[cell] !== null && walk.covers(cells[cell].position);
      drawMap(mapCanvas, theme, game(), state.editor.board, { cells, pieces, marked }, mapLevel());
    }

    function mapCaption(cell) {
      const caption = mapFigure.querySelector('figcaption');
      const moverIndex = lab.toMove(map.position);
      const mover = side(moverIndex);
      const piece = game().pieces.find((p) => p.side === pieceSides(game())[map.piece])?.label ?? 'piece';
      const c = cell === null ? null : map.cells[cell];
      if (!c) {
        const tie = proof.node(0).outcome.value === 'tie';
        caption.textContent =
          `${mover}’s best move wherever the ${piece} stands (the rest as ${map.position === proof.node(0).position ? 'here' : 'after that move'}, ${mover} to move): ` +
          `each cell’s value for ${mover} (W, L, T, moves left) and an arrow the way the move goes.` +
          (tie ? ' Dashed: positions of the tie region reachable from here.' : ' Point at a cell to see the move.');
        return;
      }
      const best = c.best ? `best move ${moveWords(c.best, moverIndex)}: ` : '';
      caption.textContent = `The ${piece} on ${at(cell)}: ${best}${mover} ${valueWords(c.outcome)}.`;
    }

    /** The map's cell under a pointer event (inside the canvas's border), or null. */
    const mapCell = (event) => {
      const rect = mapCanvas.getBoundingClientRect();
      const { rows, cols } = state.editor.board;
      const col = Math.floor(((event.clientX - rect.left - mapCanvas.clientLeft) / mapCanvas.clientWidth) * cols);
      const row = Math.floor(((event.clientY - rect.top - mapCanvas.clientTop) / mapCanvas.clientHeight) * rows);
      return row >= 0 && col >= 0 && row < rows && col < cols ? row * cols + col : null;
    };
    mapCanvas.addEventListener('mousemove', (event) => {
      if (!map) return;
      const cell = mapCell(event);
      const c = cell === null ? null : map.cells[cell];
      mapCaption(c ? cell : null);
      if (c?.best) controller.preview(c.best.child, c.best);
      else if (c) controller.preview(c.position);
    });
    mapCanvas.addEventListener('mouseleave', () => {
      if (map) mapCaption(null);
      backToFocus();
    });
    mapCanvas.addEventListener('click', (event) => {
      const cell = map && mapCell(event);
      if (cell !== null && map.cells[cell]) show(map.cells[cell].position, null);
    });

    // ---- ties: the cycle and the ways out --------------------------------------------------

    function showTie(root) {
      tieBox.hidden = true;
      tieBox.replaceChildren();
      const line = scored() ? undefined : lab.tieLine(root.position);
      if (!line) return;
      tieBox.hidden = false;
      const length = line.moves.length - line.cycleStart;
      const p = document.createElement('p');
      p.textContent =
        `Best play runs into a cycle of ${plural(length, 'move')}: ${comesBack(line.cycleStart, line.moves.length)}, ` +
        'and both sides can go round it forever. Leaving it loses:';
      tieBox.append(p);
      const cycle = document.createElement('ol');
      cycle.className = 'proof-cycle';
      line.moves.slice(line.cycleStart).forEach((move, i) => {
        const li = document.createElement('li');
        const canvas = document.createElement('canvas');
        drawPosition(canvas, theme, game(), state.editor.board, { pieces: [...lab.pieces(move.child)], move }, 56);
        li.append(canvas);
        li.title = `Move ${line.cycleStart + i + 1}: ${moveWords(move, lab.toMove(line.positions[line.cycleStart + i]))}`;
        li.addEventListener('mouseenter', () => controller.preview(move.child, move));
        li.addEventListener('mouseleave', backToFocus);
        cycle.append(li);
      });
      tieBox.append(cycle);
      for (const player of [0, 1]) {
        const ways = line.waysOut.filter((w) => lab.toMove(line.positions[w.at]) === player);
        const list = document.createElement('ul');
        list.className = 'proof-ways';
        list.dataset.testid = 'ways-out';
        list.dataset.side = player === 0 ? 'first' : 'second';
        const heading = document.createElement('li');
        heading.className = 'proof-ways-head';
        heading.textContent = ways.length === 0 ? `${side(player)} has no way out: every move keeps the tie.` : `${side(player)}’s ways out (${ways.length}):`;
        list.append(heading);
        for (const way of ways.slice(0, WAYS_OUT_SHOWN)) {
          const o = way.move.outcome;
          const li = document.createElement('li');
          const go = Object.assign(document.createElement('button'), { type: 'button', className: 'proof-way' });
          go.textContent = `at move ${way.at + 1}, ${moveWords(way.move, player)} — but then ${side(1 - player)} wins in ${plural(o.remoteness - 1, 'move')}`;
          go.title = 'Explain that position';
          go.addEventListener('mouseenter', () => controller.preview(way.move.child, way.move));
          go.addEventListener('mouseleave', backToFocus);
          go.addEventListener('click', () => show(way.move.child, way.move));
          li.append(go);
          list.append(li);
        }
        if (ways.length > WAYS_OUT_SHOWN) list.append(Object.assign(document.createElement('li'), { textContent: `and ${ways.length - WAYS_OUT_SHOWN} more` }));
        tieBox.append(list);
      }
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
      // Nothing to drop before the first analysis it sees (mounted in idle time, it must not
      // clear a preview another view has put on the board meanwhile).
      if (lab) reset();
      lab = solved;
      showCheck();
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
