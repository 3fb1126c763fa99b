// Drills: "find the only winning move". Positions of the solved table where exactly one move
// is right — the only move that keeps the win, the one longest defence of a lost position, or
// tableau's only best move — found by the engine (`Lab.drill`, a bounded number of positions
// per call, run here in short slices from a random place, so a table of millions never
// freezes the page), are shown one after another on the board as a blind replay (the
// controller's `replayFrom`). The person answers on the board; the page says right or wrong
// and why, and reveals every move's value. Difficulty is the distance to the end with best
// play; the streak of right answers is remembered (keep/storage.js).

import { scheduler } from '../engine/engine.js';
import { KEYS, store, stored } from '../keep/storage.js';
import { h } from './dom.js';
import { moveName, outcomeWords } from '../words/movenames.js';
import { gradeMove } from './grade.js';
import { t } from '../words/i18n.js';

/** The drills of each kind of game: `[task, label]` (tasks as `Lab.drill` names them; labels as catalog keys). */
const TASKS = {
  pieces: [
    ['only-win', 'drill.only-win'],
    ['longest-defence', 'drill.longest-defence'],
  ],
  scored: [['only-best', 'drill.only-best']],
};

/**
 * Difficulties (labels as catalog keys): moves to the end with best play (scored games: moves left), inclusive.
 * @type {[string, string, number, number][]}
 */
const LEVELS = [
  ['easy', 'drill.easy', 1, 4],
  ['medium', 'drill.medium', 5, 12],
  ['hard', 'drill.hard', 13, 0xffffffff],
];

/** Positions the engine looks at per call, and milliseconds of searching per slice. */
const BUDGET = 4096;
const SLICE_MS = 8;

/** Drills shown lately, which the next search passes over when it can. */
const RECENT = 8;

/** The streak remembered from earlier visits: `{streak, best}`. */
function savedStreak() {
  try {
    const { streak, best } = JSON.parse(stored(KEYS.drills) ?? '{}');
    return { streak: Number.isInteger(streak) ? streak : 0, best: Number.isInteger(best) ? best : 0 };
  } catch {
    return { streak: 0, best: 0 };
  }
}

/** Remembers the streak (where storage is off, it lasts for this visit only). */
const saveStreak = (value) => store(KEYS.drills, JSON.stringify(value));

/** Whether `move` (of `moves`, from `Lab.moves`) answers `task`. */
function isRight(task, move, moves) {
  if (task === 'only-win') return move.outcome?.value === 'win';
  const best = moves[0].outcome;
  return JSON.stringify(move.outcome) === JSON.stringify(best);
}

/** @type {import('./host.js').Tool} */
export default {
  id: 'drill',
  title: 'tools.drill',
  hint: 'tools.drill-hint',
  mount(panel, { controller, tools }) {
    const task = h('select', { testid: 'drill-task', ariaLabel: t('drill.task') });
    const level = h('select', { testid: 'drill-level', ariaLabel: t('drill.level') }, ...LEVELS.map(([id, label]) => h('option', { value: id, textContent: t(label) })));
    const go = h('button', { type: 'button', testid: 'drill', class: 'solve', textContent: t('drill.start') });
    const streak = h('span', { testid: 'drill-streak', class: 'score' });
    const position = h('p', { testid: 'drill-position', class: 'tool-note', hidden: true });
    const result = h('div', { testid: 'drill-result', class: 'grade', hidden: true, ariaLive: 'polite' });
    const next = h('button', { type: 'button', testid: 'drill-next', textContent: t('drill.next'), hidden: true });
    const why = h('button', { type: 'button', testid: 'drill-explain', textContent: t('drill.why'), hidden: true });
    const status = h('p', { testid: 'drill-status', class: 'tool-note', role: 'status' });
    panel.append(
      h('p', { class: 'tool-hint' }, t('drill.hint')),
      h('div', { class: 'tool-bar' }, task, level, go, streak),
      status,
      position,
      result,
      h('div', { class: 'tool-bar' }, next, why),
    );

    let record = savedStreak();
    let latest = controller.state;
    let shownGame = null;
    let waiting = false;
    let searching = null;
    let recent = [];
    /** The drill on the board: `{position, answers, remoteness, task, choices?, answered}` (`choices`: its `Lab.moves`). */
    let current = null;

    go.addEventListener('click', () => begin());
    next.addEventListener('click', () => begin());
    why.addEventListener('click', () => tools.open('explain'));
    for (const choice of [task, level]) choice.addEventListener('change', () => (current || searching) && begin());

    function showStreak() {
      streak.textContent = t('drill.streak', { streak: record.streak, best: record.best });
      streak.dataset.streak = String(record.streak);
      streak.dataset.best = String(record.best);
    }
    showStreak();

    /** Starts the next drill: solves the board first if need be, then searches. */
    function begin() {
      stopSearch();
      current = null;
      position.hidden = result.hidden = next.hidden = why.hidden = true;
      const { phase, editor } = latest;
      if (phase === 'solved' || phase === 'replaying') {
        waiting = false;
        search();
      } else if (editor.error) {
        status.textContent = t('play.fix-board');
      } else {
        waiting = true;
        status.textContent = t('play.solving');
        controller.press('solveNow');
      }
    }

    /** Searches the table in slices, from a random position, round to where it began. */
    function search() {
      const lab = controller.solvedLab();
      const [, , min, max] = LEVELS.find(([id]) => id === level.value);
      const total = lab.numPositions();
      const origin = Math.floor(Math.random() * total);
      let from = origin;
      let end = total;
      let looked = 0;
      let passed = null;
      const slices = scheduler(true);
      searching = slices;
      status.textContent = t('drill.looking');
      const slice = () => {
        if (controller.solvedLab() !== lab) return stopSearch(); // the board changed meanwhile
        const deadline = performance.now() + SLICE_MS;
        while (performance.now() < deadline) {
          const found = lab.drill(task.value, min, max, from, Math.min(BUDGET, end - from));
          looked += found.next - from;
          from = found.next;
          if (found.position !== undefined) {
            const drill = { position: found.position, answers: found.answers, remoteness: found.remoteness, task: task.value, answered: false };
            // A position shown lately is passed over, unless the table has nothing else.
            if (!recent.includes(drill.position)) return choose(drill);
            passed ??= drill;
          }
          if (looked >= total) {
            if (passed) return choose(passed);
            stopSearch();
            status.textContent = t('drill.none', { count: total });
            return;
          }
          if (from >= end) [from, end] = [0, origin];
        }
        slices.schedule(slice);
      };
      slices.schedule(slice);
    }

    function choose(drill) {
      stopSearch();
      recent = [...recent.slice(1 - RECENT), drill.position];
      show(drill);
    }

    function stopSearch() {
      searching?.close();
      searching = null;
    }

    /** Puts drill `drill` on the board. */
    function show(drill) {
      current = drill;
      controller.replayFrom(drill.position, true);
      const { game } = latest.editor;
      const mover = game.sides[latest.replay.here.toMove];
      const other = game.sides[1 - latest.replay.here.toMove];
      const words = { mover, other, count: drill.remoteness };
      position.textContent = {
        'only-win': t('drill.task-only-win', words),
        'longest-defence': t('drill.task-longest-defence', words),
        'only-best': t('drill.task-only-best', words),
      }[drill.task];
      position.dataset.position = String(drill.position);
      position.dataset.answerCount = String(drill.answers);
      position.dataset.remoteness = String(drill.remoteness);
      position.hidden = false;
      status.textContent = t('drill.your-move');
    }

    /** Judges the person's answer (the first move of the drill's line). */
    function judge(state) {
      const { line } = state.replay;
      const { game, board } = state.editor;
      const move = line.moves[0];
      const moves = current.choices;
      const right = isRight(current.task, move, moves);
      current.answered = true;
      record = right ? { streak: record.streak + 1, best: Math.max(record.best, record.streak + 1) } : { streak: 0, best: record.best };
      saveStreak(record);
      showStreak();
      const scored = game.kind === 'scored';
      const toMove = line.toMove[0];
      const [mover, other] = toMove === 0 ? game.sides : [game.sides[1], game.sides[0]];
      const answer = moves.find((m) => isRight(current.task, m, moves));
      const worth = (m) => (scored ? t('play.ends-at', { score: String(m.outcome.score) }) : outcomeWords(m.outcome, mover, other));
      const name = (m) => moveName(game, board.cols, m, toMove);
      result.dataset.correct = String(right);
      result.dataset.grade = right ? 'best' : 'wrong';
      result.replaceChildren(
        h('b', { textContent: right ? t('drill.right') : t('drill.wrong') }),
        right
          ? t('drill.only-right', { move: name(move), worth: worth(move) })
          : t('drill.answer-was', { move: name(move), grade: gradeMove({ moves, chosen: move, toMove, sides: game.sides, scored }).words, answer: name(answer), worth: worth(answer) }),
        t('drill.revealed'),
      );
      result.hidden = false;
      next.hidden = false;
      why.hidden = !tools.has('explain');
      status.textContent = right ? t('drill.well-found') : t('drill.reset');
      // Back to the drill's position, every move's value shown.
      queueMicrotask(() => {
        controller.replayTo(0);
        controller.setBlind(false);
      });
    }

    return {
      render(state) {
        latest = state;
        const { game } = state.editor;
        if (game !== shownGame) {
          shownGame = game;
          task.replaceChildren(...TASKS[game.kind].map(([id, label]) => h('option', { value: id, textContent: t(label) })));
          stopSearch();
          current = null;
          position.hidden = result.hidden = next.hidden = why.hidden = true;
        }
        if (waiting && state.phase === 'solved') {
          waiting = false;
          queueMicrotask(search);
        }
        const { line, here } = state.replay;
        if (!current || current.answered || state.phase !== 'replaying' || line?.positions[0] !== current.position) return;
        if (line.index === 0) current.choices ??= here.moves;
        else if (line.index === 1 && current.choices) judge(state);
      },
      closed() {
        stopSearch();
        if (latest.replay.blind) controller.setBlind(false);
      },
    };
  },
};
