// The move table: every legal move of the position on show, the way chess tablebases list
// them — each named by piece and squares (movenames.js), with its value for the side that
// moves and the moves left after it (RULES §4), best first; tableau's placements with the
// points they score and the final difference (first − second) best play reaches after them.
// The position on show is the solved board's start, or the replay's position.
//
// Pointing at a row (hover, or keyboard focus) shows its move on the board, as Explain's
// nodes do (controller.preview: the position after it, the move drawn into it). Clicking a
// row, or Enter on it, plays the move (controller.replayMove): from the solved board it
// starts a replay with that move; in a replay it tries it, as a click on the board does. The
// rows are one tab stop: ↑ ↓ move along them, Home / End, Enter or Space plays. In a blind
// replay (play against perfect play, drills) the values are hidden and the rows are in the
// board's order, so the table gives no answer away.
//
// Hooks: `[data-testid=move-table-box]` (`data-position`: the position listed); each row
// `[data-testid=move-row]` with `data-move` (its name), `data-value` (`W`, `L` or `T` for the
// side that moves; tableau: by the final difference seen from the mover, `W` ahead, `L`
// behind, `T` level) and `data-remoteness` (the moves left after it, both sides counted; a
// tie's is empty: it has none); tableau rows also `data-score` (the final difference first −
// second). A blind row's value, remoteness and score are empty.

import { moveBadge, moveName, movesLeft, outcomeWords, valueLetter, winnerClass } from '../words/movenames.js';
import { previewKey } from '../machine/readouts.js';
import { scoredSoFar } from '../machine/replay.js';
import { t } from '../words/i18n.js';

/**
 * @typedef {import('../engine/engine.js').Move} Move
 * @typedef {import('../machine/state.js').State} State
 * @typedef {import('../games/define.js').Game} Game
 */

/**
 * What the table lists: the position, who moves, its moves (`Lab.moves`, best first), the
 * stones on the board (tableau: for the moves left), the points scored before it (tableau)
 * and whether the values are hidden.
 * @typedef {{position: number, toMove: number, moves: Move[], stones: number, soFar: number, blind: boolean}} Listing
 */

/**
 * The position the page shows once solved, and its moves; null before.
 * @param {State} state
 * @returns {Listing | null}
 */
function listingOf(state) {
  const { phase, replay, analysis } = state;
  if (phase === 'replaying' && replay.here && replay.line) {
    const { here, line, blind } = replay;
    return { position: here.position, toMove: here.toMove, moves: here.moves, stones: here.pieces.length, soFar: scoredSoFar(line), blind };
  }
  if (phase === 'solved' && analysis.moves && analysis.start !== null) {
    return { position: analysis.start, toMove: 0, moves: analysis.moves, stones: 0, soFar: 0, blind: false };
  }
  return null;
}

/**
 * Binds the move table under `root` (a document) to `controller`; returns `render(state)`.
 * @param {Document} root
 * @param {import('../machine/api.js').Controller} controller
 */
export function createMoveTable(root, controller) {
  const box = /** @type {HTMLElement} */ (root.querySelector('[data-testid="move-table-box"]'));
  const title = root.createElement('h2');
  title.className = 'move-table-title';
  const help = root.createElement('p');
  help.className = 'move-table-help';
  const table = root.createElement('table');
  const head = table.createTHead().insertRow();
  const body = table.createTBody();
  body.dataset.testid = 'move-rows';
  const none = root.createElement('p');
  none.className = 'move-table-none';
  box.append(title, help, table, none);
  box.hidden = true;

  /** What is listed, and the rows' moves in their order. */
  let shown = /** @type {{listing: Listing, game: Game, cols: number} | null} */ (null);
  /** @type {Move[]} */
  let rowMoves = [];
  /** The key of the preview this table put on the board, while it is there. */
  let previewing = /** @type {string | null} */ (null);
  /** A row being focused by the table itself (after a rebuild): its focus shows nothing. */
  let quiet = false;

  const rows = () => /** @type {HTMLTableRowElement[]} */ ([...body.rows]);
  /** @param {EventTarget | null} target */
  const rowOf = (target) => /** @type {HTMLTableRowElement | null} */ (/** @type {Element} */ (target)?.closest?.('[data-testid=move-row]') ?? null);

  /** @param {HTMLTableRowElement} row */
  function show(row) {
    const move = rowMoves[row.sectionRowIndex];
    previewing = previewKey(move.child, move);
    controller.preview(move.child, move);
  }

  function unshow() {
    if (previewing === null) return;
    previewing = null;
    controller.preview(null);
  }

  /**
   * Whether `row` has the keyboard's focus: a row a click focused shows nothing once the
   * pointer has gone (`:focus-visible` tells the two apart).
   * @param {HTMLTableRowElement | null} row
   */
  const keyboardFocused = (row) => Boolean(row && body.contains(row) && row.matches(':focus-visible'));

  /** Back to what the keyboard's focus points at, or nothing, when the pointer leaves. */
  function backToFocus() {
    const focused = rowOf(root.activeElement);
    if (focused && keyboardFocused(focused)) show(focused);
    else unshow();
  }

  /** @param {HTMLTableRowElement} row */
  function play(row) {
    const move = rowMoves[row.sectionRowIndex];
    unshow();
    controller.replayMove(move);
  }

  /**
   * Makes `row` the table's one tab stop, and focuses it when `focus` is set.
   * @param {HTMLTableRowElement | undefined} row
   */
  function rove(row, focus = false) {
    if (!row) return;
    for (const other of rows()) other.tabIndex = other === row ? 0 : -1;
    if (focus) row.focus();
  }

  // The pointer shows a row only when it moves: the page's layout often changes under a
  // resting pointer (a panel closes, a replay starts), and the row that then lands under it
  // was not pointed at (the browser may still send it a mouseover, or a move on the spot).
  let pointer = '';
  body.addEventListener('mousemove', (event) => {
    const at = `${event.clientX},${event.clientY}`;
    if (at === pointer) return;
    pointer = at;
    const row = rowOf(event.target);
    if (row) show(row);
  });
  body.addEventListener('mouseleave', backToFocus);
  body.addEventListener('focusin', (event) => {
    const row = rowOf(event.target);
    if (row && !quiet && keyboardFocused(row)) show(row);
  });
  body.addEventListener('focusout', (event) => {
    if (!body.contains(/** @type {Node | null} */ (event.relatedTarget))) backToFocus();
  });
  body.addEventListener('click', (event) => {
    const row = rowOf(event.target);
    if (row) play(row);
  });
  body.addEventListener('keydown', (event) => {
    const row = rowOf(event.target);
    if (!row || event.ctrlKey || event.metaKey || event.altKey) return;
    const list = rows();
    const at = row.sectionRowIndex;
    const to = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: list.length - 1 }[event.key];
    if (event.key === 'Enter' || event.key === ' ') play(row);
    else if (to !== undefined) rove(list[Math.max(0, Math.min(list.length - 1, to))], true);
    else return;
    event.preventDefault();
    event.stopPropagation();
  });

  /** @param {State} state */
  function render(state) {
    const listing = listingOf(state);
    box.hidden = !listing;
    if (state.preview?.key !== previewing) previewing = null; // another view's preview replaced this one's
    if (!listing) {
      shown = null;
      return;
    }
    const { game, board } = state.editor;
    const same =
      shown && shown.game === game && shown.cols === board.cols && shown.listing.position === listing.position &&
      shown.listing.moves === listing.moves && shown.listing.blind === listing.blind && shown.listing.soFar === listing.soFar;
    if (same) return;
    shown = { listing, game, cols: board.cols };
    // The rows are about to go: what they showed on the board goes too.
    if (previewing !== null) queueMicrotask(unshow);
    const refocus = body.contains(root.activeElement);
    fill(game, board.cols, board.rows * board.cols, listing);
    box.dataset.position = String(listing.position);
    // The focus stays in the table (on its first row) without showing that row's move.
    quiet = true;
    rove(rows()[0], refocus);
    quiet = false;
  }

  /**
   * Lists `listing`'s moves for `game` on a board of `cols` columns and `cells` cells.
   * @param {Game} game
   * @param {number} cols
   * @param {number} cells
   * @param {Listing} listing
   */
  function fill(game, cols, cells, listing) {
    const scored = game.kind === 'scored';
    const mover = game.sides[listing.toMove];
    const other = game.sides[1 - listing.toMove];
    const { blind } = listing;
    rowMoves = blind ? [...listing.moves].sort((a, b) => a.from - b.from || a.to - b.to) : listing.moves;
    title.textContent = t('movetable.title', { mover });
    const left = cells - listing.stones - 1;
    help.textContent = blind
      ? t('movetable.blind')
      : scored
        ? t('movetable.scored', { mover, count: left })
        : t('movetable.help', { mover });
    head.replaceChildren(
      ...(scored ? [t('movetable.move'), t('movetable.points'), t('movetable.ends-at'), ''] : [t('movetable.move'), t('movetable.value'), t('movetable.after')]).map((words) =>
        Object.assign(root.createElement('th'), { scope: 'col', textContent: words }),
      ),
    );
    head.lastElementChild?.classList.add('move-table-words');
    body.replaceChildren(
      ...rowMoves.map((move) => {
        const row = body.ownerDocument.createElement('tr');
        row.dataset.testid = 'move-row';
        const name = moveName(game, cols, move, listing.toMove);
        row.dataset.move = name;
        const cell = (/** @type {string} */ text, cls = '') => Object.assign(row.insertCell(), { textContent: text, className: cls });
        cell(name, 'move-table-name');
        if (scored) {
          const points = Math.abs(move.gain ?? 0);
          const final = blind || !move.outcome || move.outcome.score === undefined ? null : listing.soFar + move.outcome.score;
          const forMover = final === null ? 0 : listing.toMove === 0 ? final : -final;
          row.dataset.value = final === null ? '' : forMover > 0 ? 'W' : forMover < 0 ? 'L' : 'T';
          row.dataset.remoteness = blind ? '' : String(left);
          row.dataset.score = final === null ? '' : String(final);
          cell(`+${points}`, 'num');
          badge(row.insertCell(), final === null ? '?' : String(final), final === null ? '' : final > 0 ? 'first' : final < 0 ? 'second' : 'tie');
          cell(final === null ? '' : final === 0 ? t('movetable.level') : t('movetable.ahead', { side: final > 0 ? game.sides[0] : game.sides[1], score: String(Math.abs(final)) }), 'move-table-words');
          row.setAttribute('aria-label', final === null ? `${name}, +${points}` : t('movetable.ends-label', { name, points: String(points), final: String(final) }));
        } else {
          const o = blind ? null : move.outcome;
          row.dataset.value = o ? valueLetter(o) : '';
          row.dataset.remoteness = String(movesLeft(o) ?? '');
          badge(row.insertCell(), o ? moveBadge(o) : '?', winnerClass(o, listing.toMove));
          const words = o ? outcomeWords(o, mover, other) : '';
          cell(words, 'move-table-words');
          row.setAttribute('aria-label', o ? `${name}: ${words}` : name);
        }
        row.title = t('movetable.row-title');
        return row;
      }),
    );
    table.hidden = rowMoves.length === 0;
    none.hidden = rowMoves.length > 0;
    none.textContent = t('movetable.none');
  }

  /**
   * Puts a value badge (the replay panel's colours) in `cell`.
   * @param {HTMLTableCellElement} cell
   * @param {string} text
   * @param {string} cls  first / second (who wins, or who is ahead), tie, or '' (hidden)
   */
  function badge(cell, text, cls) {
    cell.className = 'move-table-value';
    cell.append(Object.assign(root.createElement('span'), { className: `badge ${cls}`, textContent: text }));
  }

  return render;
}
