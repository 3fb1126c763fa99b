// Play against perfect play: the person takes a side, the page plays the other with best play
// from the solved table (the first of `Lab.moves`: the winner hurries, the loser delays, a tie
// keeps the tie), and after each of the person's moves grades it against the best (grade.js).
// It is the replay of the board, blind (the moves' values hidden, no line ahead: the
// controller's `replayFrom`), so the person moves by tapping the board as in any replay, and
// Back or Undo takes their last move back. Closing the tab ends the game.

import { describePosition, scoredSoFar } from '../machine/replay.js';
import { h } from './dom.js';
import { moveName, outcomeWords } from '../words/movenames.js';
import { gradeMove } from './grade.js';
import { t } from '../words/i18n.js';

/** The grades' short names (grade.js), for the tally of the person's moves. */
const GRADES = {
  worse: 'grade.name-worse',
  slower: 'grade.name-slower',
  'tie-from-win': 'grade.name-tie-from-win',
  throws: 'grade.name-throws',
  'loss-from-tie': 'grade.name-loss-from-tie',
  'faster-loss': 'grade.name-faster-loss',
};

/** @type {import('./host.js').Tool} */
export default {
  id: 'play',
  title: 'tools.play',
  hint: 'tools.play-hint',
  mount(panel, { controller }) {
    const side = h('select', { testid: 'play-as', ariaLabel: t('play.as') });
    const fresh = h('button', { type: 'button', testid: 'play-new', textContent: t('play.new') });
    const undo = h('button', { type: 'button', testid: 'play-undo', textContent: t('play.undo') });
    const status = h('p', { testid: 'play-status', class: 'tool-note', role: 'status' });
    const grade = h('div', { testid: 'grade', class: 'grade', hidden: true, ariaLive: 'polite' });
    const score = h('p', { testid: 'play-score', class: 'score' });
    panel.append(
      h('p', { class: 'tool-hint' }, t('play.hint')),
      h('div', { class: 'tool-bar' }, h('label', { class: 'inline' }, t('play.as-label'), side), fresh, undo),
      status,
      grade,
      score,
    );

    /** The person's side (0 first, 1 second), or null when play mode is off. */
    let mine = null;
    /** Waiting for the board to be solved before the game starts. */
    let waiting = false;
    /** Whether a game is on (the blind replay this tool started). */
    let on = false;
    /** Grades of the person's moves, by the index of the position they were played from. */
    let grades = [];
    /** The replay as of the last look: `{line, here}`. */
    let seen = null;
    /** The line a move of the page's was last asked for (once per position). */
    let asked = null;
    /** The page's moves so far, `position:child` (for the browser tests: each is a best move). */
    let replies = [];
    let shownGame = null;
    let latest = controller.state;

    side.addEventListener('change', () => {
      mine = side.value === 'off' ? null : Number(side.value);
      if (mine === null) stop();
      else start();
    });
    fresh.addEventListener('click', () => start());
    undo.addEventListener('click', () => {
      const { line } = latest.replay;
      let i = line.index - 1;
      while (i >= 0 && line.toMove[i] !== mine) i--;
      if (i >= 0) controller.replayTo(i);
    });

    function start() {
      grades = [];
      replies = [];
      seen = null;
      asked = null;
      const { phase, editor } = latest;
      if (phase === 'solved' || phase === 'replaying') {
        waiting = false;
        on = true;
        controller.replayFrom(null, true);
      } else if (editor.error) {
        status.textContent = t('play.fix-board');
      } else {
        waiting = true;
        controller.press('solveNow');
      }
      show(latest);
    }

    function stop() {
      mine = null;
      side.value = 'off';
      waiting = false;
      if (on && latest.replay.blind) controller.setBlind(false);
      on = false;
      show(latest);
    }

    /** Follows the game: grades the person's moves, answers them, takes back. */
    function follow(state) {
      const { line, here } = state.replay;
      let back = false;
      if (seen && line !== seen.line) {
        const from = seen.line.index;
        if (line.index === from + 1 && line.positions[from] === seen.here.position) {
          const move = line.moves[from];
          if (seen.here.toMove === mine) {
            const { game } = state.editor;
            grades[from] = {
              ...gradeMove({ moves: seen.here.moves, chosen: move, toMove: mine, sides: game.sides, scored: game.kind === 'scored', soFar: scoredSoFar(line, from) }),
              move,
            };
          } else if (asked === seen.line) {
            replies.push(`${seen.here.position}:${move.child}`);
          } else {
            // The person moved the page's piece: take it back; the page moves instead.
            queueMicrotask(() => controller.replayTo(from));
            back = true;
          }
        } else if (line.index < from) {
          grades = grades.slice(0, line.index);
          // Back onto the page's turn: one more, so that the person is to move again.
          if (here.toMove !== mine && line.index > 0) {
            queueMicrotask(() => controller.replayTo(line.index - 1));
            back = true;
          }
        }
      }
      seen = { line, here };
      if (!back && here.moves.length > 0 && here.toMove !== mine && asked !== line) {
        asked = line;
        const best = here.moves[0];
        // In a task of its own, after the person's move is drawn: each move redraws the page
        // (board, move table, replay), and the two in one task made one long task.
        setTimeout(() => {
          if (on && latest.replay.line === line) controller.replayMove(best);
        });
      }
    }

    function show(state) {
      const { game, board } = state.editor;
      const { line, here } = state.replay;
      const playing = on && state.phase === 'replaying' && state.replay.blind && here;
      undo.disabled = !playing || !grades.some((g, i) => g && i < line.index);
      fresh.disabled = mine === null;
      if (playing) status.dataset.position = String(here.position);
      status.dataset.replies = replies.join(' ');
      status.dataset.state = mine === null ? 'off' : waiting ? 'waiting' : playing ? (here.moves.length === 0 ? 'over' : here.toMove === mine ? 'yours' : 'mine') : 'left';
      if (mine === null) status.textContent = t('play.choose');
      else if (waiting) status.textContent = t('play.solving');
      else if (!playing) status.textContent = t('play.left');
      else if (here.moves.length === 0) status.textContent = t('play.over', { headline: describePosition(game, line, here).headline });
      else if (here.toMove === mine) status.textContent = t('play.your-move', { side: game.sides[mine] });
      else status.textContent = t('play.moving', { side: game.sides[here.toMove] });

      const played = playing ? grades.filter((g, i) => g && i < line.index) : [];
      const last = played.at(-1);
      grade.hidden = !last;
      if (last) {
        grade.dataset.grade = last.grade;
        grade.dataset.cost = String(last.cost ?? 0);
        const scored = game.kind === 'scored';
        const sides = game.sides;
        const [mover, other] = mine === 0 ? sides : [sides[1], sides[0]];
        const bestWords = scored ? t('play.ends-at', { score: String(scoredSoFar(line, grades.lastIndexOf(last)) + last.best.outcome.score) }) : outcomeWords(last.best.outcome, mover, other);
        grade.replaceChildren(
          h('b', { textContent: t('play.graded', { move: moveName(game, board.cols, last.move, mine), words: last.words }) }),
          last.grade === 'best' ? '' : t('play.best-was', { move: moveName(game, board.cols, last.best, mine), words: bestWords }),
        );
      }
      if (played.length === 0) {
        score.textContent = '';
        return;
      }
      const counts = new Map();
      for (const g of played) counts.set(g.grade, (counts.get(g.grade) ?? 0) + 1);
      const others = [...counts].filter(([g]) => g !== 'best').map(([g, n]) => `${t(GRADES[g])} ${n}`);
      const best = counts.get('best') ?? 0;
      score.textContent = t('play.score', { best, count: played.length, others: others.map((o) => ` · ${o}`).join('') });
      score.dataset.best = String(best);
      score.dataset.moves = String(played.length);
    }

    return {
      render(state) {
        latest = state;
        const { game } = state.editor;
        if (game !== shownGame) {
          shownGame = game;
          side.replaceChildren(h('option', { value: 'off', textContent: t('play.off') }), ...game.sides.map((name, i) => h('option', { value: String(i), textContent: name })));
          if (mine !== null) stop();
        }
        if (waiting && state.phase === 'solved') queueMicrotask(start);
        else if (on && state.phase === 'replaying' && state.replay.blind) follow(state);
        else if (on && !waiting) on = false;
        show(state);
      },
      closed: () => stop(),
    };
  },
};
