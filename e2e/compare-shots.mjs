// Compares two folders of screenshots (e2e/out/ before and after a change) pixel by pixel:
//   node compare-shots.mjs BEFORE_DIR [AFTER_DIR=out]
// Prints, for each PNG of BEFORE_DIR, whether the sizes match, how many pixels differ and the
// box they lie in; exits with 1 when any file is missing or differs.

import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { PNG } from 'pngjs';

const [before, after = new URL('./out/', import.meta.url).pathname] = process.argv.slice(2);
if (!before) {
  console.error('usage: node compare-shots.mjs BEFORE_DIR [AFTER_DIR]');
  process.exit(2);
}

/** `{same, text}` for one pair of images. */
function compare(a, b) {
  if (a.width !== b.width || a.height !== b.height) return { same: false, text: `size ${a.width}×${a.height} → ${b.width}×${b.height}` };
  let differ = 0;
  const box = { left: Infinity, top: Infinity, right: -1, bottom: -1 };
  for (let y = 0; y < a.height; y++) {
    for (let x = 0; x < a.width; x++) {
      const i = 4 * (y * a.width + x);
      if (a.data.readUInt32BE(i) === b.data.readUInt32BE(i)) continue;
      differ++;
      box.left = Math.min(box.left, x);
      box.top = Math.min(box.top, y);
      box.right = Math.max(box.right, x);
      box.bottom = Math.max(box.bottom, y);
    }
  }
  if (differ === 0) return { same: true, text: `identical (${a.width}×${a.height})` };
  return { same: false, text: `${differ} pixels differ, in x ${box.left}–${box.right}, y ${box.top}–${box.bottom}` };
}

let failed = false;
for (const name of readdirSync(before).filter((f) => f.endsWith('.png')).sort()) {
  let text;
  try {
    const result = compare(PNG.sync.read(readFileSync(join(before, name))), PNG.sync.read(readFileSync(join(after, name))));
    text = result.text;
    failed ||= !result.same;
  } catch (error) {
    text = `cannot compare: ${error.message}`;
    failed = true;
  }
  console.log(`${name}: ${text}`);
}
process.exit(failed ? 1 : 0);
