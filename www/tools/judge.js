// A contest judge's comparison of a program's output with the exact answers, line by line:
// trailing white space on a line (spaces, tabs, a carriage return) and one final line break
// are ignored, as judges ignore them; nothing else is (inner spaces, case, blank lines all
// count). No DOM: the batch view's comparison (compare.js) shows what this returns.

/** Lines of a comparison listed at most; every line is still counted. */
export const LISTED = 500;

/**
 * How one line of the output fares: `differs` (another answer), `missing` (the output stops
 * before this problem's line), `extra` (a line past the last problem's).
 * @typedef {{kind: 'differs' | 'missing' | 'extra', line: number, theirs: string | null, expected: string | null}} Difference
 */

/**
 * The comparison: `differ` lines differ (wrong, missing or extra); `first` is the first of
 * them, 1-based (0: none); `pending` lines wait for an answer not given yet, `unjudged` ones
 * stand for a problem that is a fault of the input (no answer to compare with); `same`
 * match. `differences` lists the first LISTED differing lines.
 * @typedef {object} Judgement
 * @property {number} differ
 * @property {number} wrong
 * @property {number} missing
 * @property {number} extra
 * @property {number} first
 * @property {number} same
 * @property {number} pending
 * @property {number} unjudged
 * @property {Difference[]} differences
 */

/**
 * The lines of `text` as a judge reads them: split at line breaks, a final line break ending
 * the last line rather than starting another, each line without its trailing white space.
 * @param {string} text
 * @returns {string[]}
 */
export function judgedLines(text) {
  if (text === '') return [];
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines.map((line) => line.replace(/[ \t\r\f\v]+$/, ''));
}

/**
 * Compares `theirs` (a program's output) with `expected`, the answer of each problem read so
 * far in input order: a string (the answer line), null (the problem is a fault of the input:
 * no answer) or undefined (not answered yet). `complete`: every problem of the input is in
 * `expected`; until then a line past the last problem read may yet have one, and is pending.
 * @param {string} theirs
 * @param {readonly (string | null | undefined)[]} expected
 * @param {boolean} complete
 * @returns {Judgement}
 */
export function judge(theirs, expected, complete) {
  const lines = judgedLines(theirs);
  const result = { differ: 0, wrong: 0, missing: 0, extra: 0, first: 0, same: 0, pending: 0, unjudged: 0, differences: /** @type {Difference[]} */ ([]) };
  /** @param {Difference} difference */
  const differs = (difference) => {
    result.differ += 1;
    result[difference.kind === 'differs' ? 'wrong' : difference.kind] += 1;
    if (result.first === 0) result.first = difference.line;
    if (result.differences.length < LISTED) result.differences.push(difference);
  };
  const end = Math.max(lines.length, expected.length);
  for (let i = 0; i < end; i++) {
    const line = i + 1;
    const answer = expected[i];
    if (i >= expected.length) {
      if (complete) differs({ kind: 'extra', line, theirs: lines[i], expected: null });
      else result.pending += 1;
    } else if (answer === null) result.unjudged += 1;
    else if (i >= lines.length) differs({ kind: 'missing', line, theirs: null, expected: answer ?? null });
    else if (answer === undefined) result.pending += 1;
    else if (answer.replace(/[ \t\r\f\v]+$/, '') === lines[i]) result.same += 1;
    else differs({ kind: 'differs', line, theirs: lines[i], expected: answer });
  }
  return result;
}
