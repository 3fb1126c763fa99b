// The GIF's encoder, in a worker: finding each frame's palette and compressing it take long
// enough that on the page's thread they would freeze it while a GIF is made. The page
// (tools/gif.js) sends the frames' pixels one at a time and asks for the bytes at the end.
// Messages in: {kind: 'frame', rgba, width, height, delay} (rgba transferred),
// {kind: 'finish'}; out: {kind: 'framed'} per frame, then {kind: 'bytes', bytes} (transferred).

import { GIFEncoder, applyPalette, quantize } from '../vendor/gifenc.js';

/** The worker's side of its messages (the DOM's typings know only a window's). */
const port = /** @type {{onmessage: ((event: MessageEvent) => void) | null, postMessage(message: unknown, transfer?: Transferable[]): void}} */ (
  /** @type {unknown} */ (globalThis)
);

const encoder = GIFEncoder();

port.onmessage = ({ data }) => {
  if (data.kind === 'frame') {
    const { rgba, width, height, delay } = data;
    const palette = quantize(rgba, 256);
    encoder.writeFrame(applyPalette(rgba, palette), width, height, { palette, delay });
    port.postMessage({ kind: 'framed' });
  } else if (data.kind === 'finish') {
    encoder.finish();
    const bytes = encoder.bytes();
    port.postMessage({ kind: 'bytes', bytes }, [bytes.buffer]);
  }
};
