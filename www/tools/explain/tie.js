// What the Explain tool shows above a tie's proof: the cycle best play runs into (its positions
// as small boards, in order) and each side's ways out of it — the moves that leave the tie, and
// lose. Pointing at a position shows it on the main board; a way out explains where it leads.

import { comesBack } from '../../board/cycle.js';
import { drawPosition } from '../../board/thumbs.js';
import { moveWords } from './words.js';
import { t } from '../../words/i18n.js';

/** Ways out listed per side before "and N more". */
const WAYS_OUT_SHOWN = 8;

/**
 * Fills `box` with the cycle and the ways out of the tie at `root` (a proof node of `lab`);
 * hides it when `root` is no tie of a game with pieces. `preview(position, move)` shows a
 * position on the main board, `onLeave()` runs when the pointer leaves one, `onExplain(position,
 * move)` explains a way out's position.
 * @param {HTMLElement} box
 * @param {object} tie
 * @param {any} tie.lab
 * @param {any} tie.root
 * @param {import('../../games/define.js').Game} tie.game
 * @param {import('../../games/define.js').Board} tie.board
 * @param {any} tie.theme
 * @param {(position: number | null, move?: any) => void} tie.preview
 * @param {() => void} tie.onLeave
 * @param {(position: number, move: any) => void} tie.onExplain
 */
export function showTie(box, { lab, root, game, board, theme, preview, onLeave, onExplain }) {
  box.hidden = true;
  box.replaceChildren();
  const line = game.kind === 'scored' ? undefined : lab.tieLine(root.position);
  if (!line) return;
  box.hidden = false;
  const side = (/** @type {number} */ toMove) => game.sides[toMove];
  const length = line.moves.length - line.cycleStart;
  const p = document.createElement('p');
  p.textContent = t('tie.cycle', { count: length, back: comesBack(line.cycleStart, line.moves.length) });
  box.append(p);
  const cycle = document.createElement('ol');
  cycle.className = 'proof-cycle';
  line.moves.slice(line.cycleStart).forEach((move, i) => {
    const li = document.createElement('li');
    const canvas = document.createElement('canvas');
    drawPosition(canvas, theme, game, board, { pieces: [...lab.pieces(move.child)], move }, 56);
    li.append(canvas);
    li.title = t('tie.move', { number: line.cycleStart + i + 1, name: moveWords(game, board.cols, move, lab.toMove(line.positions[line.cycleStart + i])) });
    li.addEventListener('mouseenter', () => preview(move.child, move));
    li.addEventListener('mouseleave', onLeave);
    cycle.append(li);
  });
  box.append(cycle);
  for (const player of [0, 1]) {
    const ways = line.waysOut.filter((w) => lab.toMove(line.positions[w.at]) === player);
    const list = document.createElement('ul');
    list.className = 'proof-ways';
    list.dataset.testid = 'ways-out';
    list.dataset.side = player === 0 ? 'first' : 'second';
    const heading = document.createElement('li');
    heading.className = 'proof-ways-head';
    heading.textContent = ways.length === 0 ? t('tie.no-way-out', { side: side(player) }) : t('tie.ways-out', { side: side(player), count: ways.length });
    list.append(heading);
    for (const way of ways.slice(0, WAYS_OUT_SHOWN)) {
      const o = way.move.outcome;
      const li = document.createElement('li');
      const go = Object.assign(document.createElement('button'), { type: 'button', className: 'proof-way' });
      go.textContent = t('tie.way', { number: way.at + 1, name: moveWords(game, board.cols, way.move, player), other: side(1 - player), count: o.remoteness - 1 });
      go.title = t('tie.explain-that');
      go.addEventListener('mouseenter', () => preview(way.move.child, way.move));
      go.addEventListener('mouseleave', onLeave);
      go.addEventListener('click', () => onExplain(way.move.child, way.move));
      li.append(go);
      list.append(li);
    }
    if (ways.length > WAYS_OUT_SHOWN) list.append(Object.assign(document.createElement('li'), { textContent: `and ${ways.length - WAYS_OUT_SHOWN} more` }));
    box.append(list);
  }
}
