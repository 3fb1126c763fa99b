// What the analysis just did, as the position inset and its caption show it: the position
// taken from the queue and what that did to each parent (river, chase), the position scored
// and its moves (tableau), the scan, the marking of ties; and example positions picked from
// the histogram. Models are plain objects built from the engine's events (src/wasm/).

import { EventKind, Phase, ScoredEventKind } from '../pkg/retrolab.js';
import { t } from '../words/i18n.js';
import { minus } from './lesson.js';

/**
 * @typedef {import('../pkg/retrolab.js').Lab} Lab
 * @typedef {import('../engine/engine.js').Events} Events
 * @typedef {import('../engine/engine.js').Outcome} Outcome
 * @typedef {import('../engine/engine.js').Move} Move
 */

/**
 * A parent of a position taken from the queue, and what that did to it.
 * @typedef {object} Parent
 * @property {'won' | 'lost' | 'dropped'} kind  decided won or lost, or its counter dropped
 * @property {number} position
 * @property {number} detail      the parent's remoteness, or its counter now
 * @property {number | null} from  the cell the move from the parent leaves, or null
 * @property {number | null} to    the cell it moves to, or null
 */

/**
 * What a unit of the analysis did (frontierOf).
 * @typedef {{kind: 'sorted', layers: number | undefined, decided: number}
 *   | {kind: 'scan', wins: number, losses: number, ties: number | undefined, decided: number, queued: number}
 *   | {kind: 'ties', ties: number | undefined, decided: number, tierEnded: boolean}
 *   | {kind: 'pop', position: number, pieces: number[], toMove: number, value: 'win' | 'lose' | 'tie', remoteness: number,
 *      parents: Parent[], won: number, lost: number, dropped: number, decided: number}
 *   | {kind: 'score', position: number, stones: number[], toMove: number, score: number,
 *      children: {cell: number, score: number, best: boolean}[], decided: number}} Frontier
 */

/**
 * An example position of a histogram bar (exampleOf).
 * @typedef {object} Example
 * @property {'example'} kind
 * @property {number} bucket       remoteness, or tableau's stones
 * @property {number} value        a RecordState
 * @property {number} position
 * @property {number[]} pieces
 * @property {number} toMove
 * @property {Outcome | undefined} outcome
 * @property {Move[]} moves        its moves, best first, with their outcomes for the mover (why it has its value)
 * @property {boolean} scored
 */

/** @typedef {(toMove: number) => string} Side */

/**
 * The model of a slice `report` (runner.js) of the analysis of `lab`, or null when it shows
 * nothing new: `{kind: 'scan' | 'ties' | 'pop' | 'score', …, decided}` where `decided` is the
 * number of positions the shown work decided.
 * @param {Lab} lab
 * @param {boolean} scored
 * @param {import('./runner.js').Report} report
 * @returns {Frontier | null}
 */
export function frontierOf(lab, scored, report) {
  const { progress, events, ended } = report;
  if (ended === Phase.Scan && !events) {
    if (scored) return { kind: 'sorted', layers: progress.layers, decided: 0 };
    const layers = lab.layers();
    return { kind: 'scan', wins: layers[0], losses: layers[1], ties: progress.ties, decided: progress.decided, queued: progress.queued ?? 0 };
  }
  if (ended === Phase.MarkTies) {
    // Tier by tier, each tier ends with its ties; `ties` counts those of every tier so far.
    const tierEnded = !progress.done && (progress.tiers ?? 0) > 1;
    return { kind: 'ties', ties: progress.ties, decided: progress.ties ?? 0, tierEnded };
  }
  if (!events || events.length < 3) return null;
  return scored ? scoredOf(lab, events) : poppedOf(lab, events);
}

/**
 * A queue pop: the position, and each undecided parent won, lost, or its counter dropped.
 * @param {Lab} lab
 * @param {Events} events
 * @returns {Frontier}
 */
function poppedOf(lab, events) {
  const position = events[1];
  const pieces = [...lab.pieces(position)];
  /** @type {Parent[]} */
  const parents = [];
  for (let i = 3; i < events.length; i += 3) {
    if (events[i] === EventKind.Popped || events[i] === EventKind.Arrived) break;
    // Each parent is looked at (its record before), then changed unless decided already.
    if (events[i] === EventKind.Looked) continue;
    const parent = events[i + 1];
    const before = [...lab.pieces(parent)];
    parents.push({
      kind: events[i] === EventKind.Won ? 'won' : events[i] === EventKind.Lost ? 'lost' : 'dropped',
      position: parent,
      detail: events[i + 2],
      from: minus(before, pieces)[0] ?? null,
      to: minus(pieces, before)[0] ?? null,
    });
  }
  /** @param {Parent['kind']} kind */
  const tally = (kind) => parents.filter((p) => p.kind === kind).length;
  const won = tally('won');
  const lost = tally('lost');
  return {
    kind: 'pop',
    position,
    pieces,
    toMove: lab.toMove(position),
    value: lab.outcome(position)?.value ?? 'lose',
    remoteness: events[2],
    parents,
    won,
    lost,
    dropped: tally('dropped'),
    decided: won + lost,
  };
}

/**
 * A scored position (tableau): its stones, and each move's cell and resulting score.
 * @param {Lab} lab
 * @param {Events} events
 * @returns {Frontier | null}
 */
function scoredOf(lab, events) {
  const end = events.length - 3;
  if (events[end] !== ScoredEventKind.Scored) return null;
  const position = events[end + 1];
  const score = events[end + 2];
  const stones = [...lab.pieces(position)];
  const children = [];
  for (let i = 0; i < end; i += 3) {
    if (events[i] !== ScoredEventKind.Move) continue;
    const cell = minus([...lab.pieces(events[i + 1])], stones)[0];
    children.push({ cell, score: events[i + 2], best: events[i + 2] === score });
  }
  return { kind: 'score', position, stones, toMove: lab.toMove(position), score, children, decided: 1 };
}

/**
 * An example position of a histogram bar: `bucket` (remoteness, or tableau's stones) and
 * `value` (a RecordState: Win, Lose or Tie), the first decided one after `after` (wrapping round), or null.
 * @param {Lab} lab
 * @param {boolean} scored
 * @param {number} bucket
 * @param {number} value
 * @returns {Example | null}
 */
export function exampleOf(lab, scored, bucket, value, after = -1) {
  const position = lab.example(bucket, value, after + 1) ?? (after >= 0 ? lab.example(bucket, value, 0) : undefined);
  if (position === undefined) return null;
  return {
    kind: 'example',
    bucket,
    value,
    position,
    pieces: [...lab.pieces(position)],
    toMove: lab.toMove(position),
    outcome: lab.outcome(position),
    /** Its moves, best first, with their outcomes for the mover (why it has its value). */
    moves: scored ? [] : lab.moves(position),
    scored,
  };
}

/**
 * `{title, lines}`: the words under the inset for a model.
 * @param {import('../games/define.js').Game} game
 * @param {Frontier | Example} model
 * @returns {{title: string, lines: string[]}}
 */
export function describe(game, model) {
  const [first, second] = game.sides;
  /** @type {Side} */
  const side = (toMove) => (toMove === 0 ? first : second);
  switch (model.kind) {
    case 'scan': {
      const ends = model.ties ? t('frontier.scan-ends-ties', { wins: model.wins, losses: model.losses, ties: model.ties }) : t('frontier.scan-ends', { wins: model.wins, losses: model.losses });
      return {
        title: t('frontier.scan', { count: model.decided }),
        lines: [
          ends,
          // Tier by tier, a tier's finished positions may have no parent in it: nothing queued.
          model.queued > 0 ? t('frontier.scan-seeds') : t('frontier.scan-no-parent'),
        ],
      };
    }
    case 'sorted':
      return { title: t('frontier.sorted'), lines: [t('frontier.sorted-layers', { count: model.layers })] };
    case 'ties':
      if (model.tierEnded) {
        const tier = game.tierName[0].toUpperCase() + game.tierName.slice(1);
        return { title: t('frontier.tier-done', { tier }), lines: [t('frontier.tier-ties', { ties: model.ties ?? 0 })] };
      }
      return {
        title: model.ties ? t('frontier.ties-left', { count: model.ties }) : t('frontier.all-decided'),
        lines: [model.ties ? t('frontier.ties-why') : t('frontier.no-ties')],
      };
    case 'pop':
      return describePop(model, side);
    case 'score': {
      const words = { side: side(model.toMove), stones: model.stones.length, score: String(model.score), count: model.children.length };
      return {
        title: t('frontier.scored', words),
        lines: [model.toMove === 0 ? t('frontier.scored-highest', words) : t('frontier.scored-lowest', words)],
      };
    }
    case 'example':
      return describeExample(model, side);
    default:
      return { title: '', lines: [] };
  }
}

/**
 * @param {Extract<Frontier, {kind: 'pop'}>} model
 * @param {Side} side
 */
function describePop(model, side) {
  const mover = side(model.toMove);
  const parentMover = side(1 - model.toMove);
  const title = t(model.value === 'win' ? 'frontier.pop-wins' : 'frontier.pop-loses', { mover, remoteness: model.remoteness });
  const lines = [];
  if (model.parents.length === 0) {
    lines.push(t('frontier.pop-nothing'));
  } else if (model.value === 'lose') {
    lines.push(t('frontier.pop-won', { parentMover, remoteness: model.remoteness + 1, count: model.won }));
  } else {
    const dropped = model.parents.filter((p) => p.kind === 'dropped').map((p) => p.detail);
    const counters = dropped.length ? t('frontier.pop-dropped', { count: dropped.length, now: dropped.join(', ') }) : '';
    lines.push(t('frontier.pop-counts', { parentMover, counters }));
    if (model.lost) lines.push(t('frontier.pop-lost', { count: model.lost, remoteness: model.remoteness + 1 }));
  }
  return { title, lines };
}

/**
 * @param {Example} model
 * @param {Side} side
 */
function describeExample(model, side) {
  if (model.scored) {
    return {
      title: t('frontier.example-scored', { stones: model.pieces.length, side: side(model.toMove) }),
      lines: [t('frontier.example-score', { score: String(model.outcome?.score) })],
    };
  }
  const { value, remoteness = 0 } = model.outcome ?? {};
  const mover = side(model.toMove);
  const other = side(1 - model.toMove);
  const title =
    value === 'tie'
      ? t('frontier.example-ties', { mover })
      : t(value === 'win' ? 'frontier.example-wins' : 'frontier.example-loses', { mover, remoteness });
  const why =
    model.moves.length === 0
      ? t('frontier.example-over')
      : value === 'win'
        ? t('frontier.example-why-win', { other, remoteness: remoteness - 1 })
        : value === 'lose'
          ? t('frontier.example-why-lose', { other, remoteness: remoteness - 1 })
          : t('frontier.example-why-tie');
  return { title, lines: [t('frontier.example-marks', { why, mover }), t('frontier.example-again')] };
}
