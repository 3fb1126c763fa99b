// An animated GIF made off the page's thread (gifworker.js): frames go in one at a time, each
// answered once encoded, so the page stays responsive however long the replay.

import { t } from '../words/i18n.js';

/** @typedef {{kind: 'framed'} | {kind: 'bytes', bytes: Uint8Array<ArrayBuffer>}} Answer  the worker's answers */

/**
 * A GIF encoder in a worker of its own; `close()` ends the worker.
 * @returns {{frame(rgba: Uint8ClampedArray, width: number, height: number, delay: number): Promise<void>, finish(): Promise<Uint8Array<ArrayBuffer>>, close(): void}}
 */
export function createGif() {
  const worker = new Worker(new URL('./gifworker.js', import.meta.url), { type: 'module' });
  /** @type {{resolve: (answer: Answer) => void, reject: (error: Error) => void} | null} */
  let waiting = null;
  worker.onmessage = ({ data }) => {
    const answered = waiting;
    waiting = null;
    answered?.resolve(data);
  };
  worker.onerror = (event) => {
    event.preventDefault();
    const answered = waiting;
    waiting = null;
    answered?.reject(new Error(t('gif.failed', { error: event.message })));
  };
  /**
   * Sends `message` (transferring `transfer`) and resolves to the worker's answer.
   * @param {object} message
   * @param {Transferable[]} [transfer]
   * @returns {Promise<Answer>}
   */
  const ask = (message, transfer = []) =>
    new Promise((resolve, reject) => {
      waiting = { resolve, reject };
      worker.postMessage(message, transfer);
    });
  return {
    async frame(rgba, width, height, delay) {
      await ask({ kind: 'frame', rgba, width, height, delay }, [rgba.buffer]);
    },
    async finish() {
      const answer = await ask({ kind: 'finish' });
      if (answer.kind !== 'bytes') throw new Error(t('gif.empty'));
      return answer.bytes;
    },
    close: () => worker.terminate(),
  };
}
