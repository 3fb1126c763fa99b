// Compares two folders of screenshots (e2e/out/ before and after a change) pixel by pixel:
//   node compare-shots.mjs BEFORE_DIR [AFTER_DIR=out] [--diff DIFF_DIR]
// Prints, for each PNG of BEFORE_DIR, whether the sizes match, how many pixels differ and the
// box they lie in; with --diff, writes for each differing pair the after image, faded, with
// the differing pixels in magenta. Exits with 1 when any file is missing or differs.
// Some screenshots differ from run to run on the same code (times in the text, cells still
// flashing, animation frames): compare two runs of the old code first to see where.

import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PNG } from 'pngjs';

const args = process.argv.slice(2);
const diffAt = args.indexOf('--diff');
const diffDir = diffAt >= 0 ? args.splice(diffAt, 2)[1] : null;
const [before, after = new URL('./out/', import.meta.url).pathname] = args;
if (!before || (diffAt >= 0 && !diffDir)) {
  console.error('usage: node compare-shots.mjs BEFORE_DIR [AFTER_DIR] [--diff DIFF_DIR]');
  process.exit(2);
}

/** `{same, text, diff}` for one pair of images; `diff` is the marked image, or null. */
function compare(a, b) {
  if (a.width !== b.width || a.height !== b.height) return { same: false, text: `size ${a.width}×${a.height} → ${b.width}×${b.height}`, diff: null };
  const diff = new PNG({ width: b.width, height: b.height });
  let differ = 0;
  const box = { left: Infinity, top: Infinity, right: -1, bottom: -1 };
  for (let y = 0; y < a.height; y++) {
    for (let x = 0; x < a.width; x++) {
      const i = 4 * (y * a.width + x);
      const same = a.data.readUInt32BE(i) === b.data.readUInt32BE(i);
      for (let c = 0; c < 3; c++) diff.data[i + c] = same ? 255 - (255 - b.data[i + c]) / 4 : [255, 0, 255][c];
      diff.data[i + 3] = 255;
      if (same) continue;
      differ++;
      box.left = Math.min(box.left, x);
      box.top = Math.min(box.top, y);
      box.right = Math.max(box.right, x);
      box.bottom = Math.max(box.bottom, y);
    }
  }
  if (differ === 0) return { same: true, text: `identical (${a.width}×${a.height})`, diff: null };
  return { same: false, text: `${differ} pixels differ, in x ${box.left}–${box.right}, y ${box.top}–${box.bottom}`, diff };
}

let failed = false;
if (diffDir) mkdirSync(diffDir, { recursive: true });
for (const name of readdirSync(before).filter((f) => f.endsWith('.png')).sort()) {
  let text;
  try {
    const result = compare(PNG.sync.read(readFileSync(join(before, name))), PNG.sync.read(readFileSync(join(after, name))));
    text = result.text;
    failed ||= !result.same;
    if (diffDir && result.diff) writeFileSync(join(diffDir, name), PNG.sync.write(result.diff));
  } catch (error) {
    text = `cannot compare: ${error.message}`;
    failed = true;
  }
  console.log(`${name}: ${text}`);
}
process.exit(failed ? 1 : 0);
