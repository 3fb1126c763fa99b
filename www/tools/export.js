// Exports of the board on show: its contest text (the engine writes it: `Start.contestText`,
// which `retrolab <game>` reads as it is), a PNG of the board as drawn — heatmap, pieces — with
// the verdict in a caption band, at a whole-number scale (frames.js), a video of the replay of
// the optimal line (optionally after the analysis animation), recorded from a canvas with
// MediaRecorder as WebM while the main board plays it, and the replay as an animated GIF, a
// frame per move (gifenc, vendored, in a worker: gif.js; the page's pixel art has few colours,
// so its palette is exact, and a GIF plays inline in slides and READMEs where a WebM does not).

import { describePosition } from '../machine/replay.js';
import { errorText } from '../words/text.js';
import { copyText, download, h } from './dom.js';
import { createGif } from './gif.js';
import { bandColours, compose, scaleFor } from './frames.js';
import { t } from '../words/i18n.js';

/** Widest picture the PNG's automatic scale makes, the video's and the GIF's. */
const PNG_WIDTH = 1024;
const VIDEO_WIDTH = 640;
const GIF_WIDTH = 480;
/** Frames per second of the recorded stream; how long the last position is held, in ms. */
const VIDEO_FPS = 30;
const HOLD_MS = 1200;

/** The caption of the board in `state`: game, size, and the verdict or the replay's position. */
export function captionOf(state) {
  const { phase, editor, analysis, replay } = state;
  const { game, board } = editor;
  let words = t('export.not-solved');
  if (phase === 'replaying' && replay.here) {
    words = t('export.caption-move', { headline: describePosition(game, replay.line, replay.here).headline, number: replay.line.index, count: replay.line.moves.length });
  } else if ((phase === 'solved' || phase === 'replaying') && analysis.outcome) {
    words = game.verdict(analysis.outcome, { line: analysis.optimalLine ?? [], board }).headline;
  } else if (analysis.progress?.total > 0) {
    words = t('export.caption-solving', { decided: String(analysis.progress.decided), total: String(analysis.progress.total) });
  }
  return `${game.title} ${board.rows}×${board.cols} · ${words}`;
}

/** Whether this browser can record a canvas as video. */
const canRecord = () => typeof MediaRecorder === 'function' && typeof HTMLCanvasElement.prototype.captureStream === 'function';

/** The WebM type the browser records, or '' for its default. */
function videoType() {
  for (const type of ['video/webm;codecs=vp9', 'video/webm;codecs=vp8', 'video/webm']) if (MediaRecorder.isTypeSupported(type)) return type;
  return '';
}

/** @type {import('./host.js').Tool} */
export default {
  id: 'export',
  title: 'tools.export',
  hint: 'tools.export-hint',
  mount(panel, { controller }) {
    const board = document.querySelector('[data-testid=board]');

    // Contest text.
    const text = h('textarea', { testid: 'export-text', rows: 5, readOnly: true, spellcheck: false, ariaLabel: t('export.text-label') });
    const copy = h('button', { type: 'button', testid: 'export-copy', textContent: t('export.copy') });
    const saveText = h('button', { type: 'button', testid: 'export-text-download', textContent: t('export.download-in') });
    const textNote = h('p', { class: 'tool-note', testid: 'export-text-note' });

    // PNG.
    const scales = h('select', { testid: 'export-scale', ariaLabel: t('export.scale-label') }, h('option', { value: 'auto', textContent: t('export.auto') }));
    for (let k = 1; k <= 16; k++) scales.append(h('option', { value: String(k), textContent: `×${k}` }));
    const png = h('button', { type: 'button', testid: 'export-png', textContent: t('export.png') });

    // Video.
    const withAnalysis = h('input', { type: 'checkbox', testid: 'export-with-analysis' });
    const rate = h('select', { testid: 'export-rate', ariaLabel: t('export.rate-label') }, ...[1, 2, 4, 8].map((r) => h('option', { value: String(r), textContent: t('export.rate', { rate: r }), selected: r === 4 })));
    const video = h('button', { type: 'button', testid: 'export-video', textContent: t('export.video') });
    const stop = h('button', { type: 'button', testid: 'export-video-stop', textContent: t('export.stop'), hidden: true });
    const gif = h('button', { type: 'button', testid: 'export-gif', textContent: t('export.gif') });
    const progress = h('progress', { testid: 'export-video-progress', hidden: true, max: 1, value: 0 });
    const videoNote = h('p', { class: 'tool-note', testid: 'export-video-note' });
    const preview = h('canvas', { class: 'export-preview', testid: 'export-preview', hidden: true, width: 16, height: 16, ariaHidden: 'true' });
    if (!canRecord()) {
      video.disabled = true;
      video.textContent = t('export.no-recorder');
    }

    panel.append(
      h('p', { class: 'tool-hint' }, t('export.hint')),
      h('div', { class: 'workbench-row' }, h('label', {}, t('html.contest-text'), text)),
      h('div', { class: 'tool-bar' }, copy, saveText),
      textNote,
      h('div', { class: 'tool-bar' }, h('label', { class: 'inline' }, t('export.scale'), scales), png),
      h('div', { class: 'tool-bar' }, h('label', { class: 'inline' }, t('export.moves'), rate), h('label', { class: 'inline' }, withAnalysis, t('export.with-analysis')), video, stop, gif),
      progress,
      videoNote,
      preview,
    );

    let latest = controller.state;
    let shownFor = null;
    /** The game the recording offered (a download) was made of, or null. */
    let offeredFor = null;
    let recording = null;

    copy.addEventListener('click', async () => {
      textNote.textContent = (await copyText(text.value)) ? t('export.copied') : t('export.no-clipboard');
    });
    saveText.addEventListener('click', () => download(`${latest.editor.game.id}.in`, new Blob([text.value], { type: 'text/plain' })));

    png.addEventListener('click', () => {
      const scale = scales.value === 'auto' ? scaleFor(board, PNG_WIDTH) : Number(scales.value);
      const picture = document.createElement('canvas');
      compose(picture, board, scale, captionOf(latest));
      picture.toBlob((blob) => download(`retrolab-${latest.editor.game.id}.png`, blob), 'image/png');
    });

    video.addEventListener('click', () => startRecording());
    gif.addEventListener('click', () => saveGif());
    stop.addEventListener('click', () => recording?.finish());

    /** Records the replay (after the analysis, when asked) on the main board. */
    function startRecording() {
      const scale = scaleFor(board, VIDEO_WIDTH);
      const chunks = [];
      const stream = preview.captureStream(VIDEO_FPS);
      const type = videoType();
      const recorder = new MediaRecorder(stream, type ? { mimeType: type } : {});
      recorder.ondataavailable = (event) => event.data.size > 0 && chunks.push(event.data);
      recorder.onstop = () => {
        const blob = new Blob(chunks, { type: recorder.mimeType || 'video/webm' });
        stream.getTracks().forEach((track) => track.stop());
        offer(blob, 'webm', 'export-video-file');
      };
      // Stages: the analysis (when asked) or solving, the rewind to move 0, the replay, then the
      // last position held a moment.
      let stage = withAnalysis.checked ? 'analysis' : 'solve';
      let nextMove = 0;
      let holdUntil = 0;
      const moveMs = 1000 / Number(rate.value);
      const colours = bandColours();
      const { phase } = latest;
      if (stage === 'analysis') controller.press(phase === 'editing' ? 'play' : 'restart');
      else if (phase !== 'solved' && phase !== 'replaying') controller.press('solveNow');
      compose(preview, board, scale, captionOf(latest), colours);
      preview.hidden = false;
      recorder.start(500);
      recording = {
        finish() {
          if (recorder.state !== 'inactive') recorder.stop();
          recording = null;
          video.disabled = false;
          stop.hidden = true;
          progress.hidden = true;
        },
      };
      video.disabled = true;
      stop.hidden = false;
      progress.hidden = false;
      videoNote.textContent = t('export.recording');
      delete videoNote.dataset.bytes;

      const frame = (now) => {
        if (!recording) return;
        const state = latest;
        if (stage === 'analysis') {
          if (state.phase === 'ready' || state.phase === 'paused') controller.press('play');
          const p = state.analysis.progress;
          progress.value = p?.total > 0 ? p.decided / p.total : 0;
          if (state.phase === 'solved') stage = 'rewind';
        } else if (stage === 'solve') {
          if (state.phase === 'solved' || state.phase === 'replaying') stage = 'rewind';
        } else if (stage === 'rewind') {
          // Every recording starts from move 0, also when a replay (or the last recording) left
          // the board at another move.
          controller.press('replayStart');
          stage = 'replay';
        } else if (stage === 'replay') {
          if (state.phase !== 'replaying') return recording.finish(); // the board was edited
          else if (now >= nextMove) {
            const line = state.replay.line;
            progress.value = line.moves.length > 0 ? line.index / line.moves.length : 1;
            if (!controller.enabled('replayNext')) {
              stage = 'hold';
              holdUntil = now + HOLD_MS;
            } else {
              controller.press('replayNext');
              nextMove = now + moveMs;
            }
          }
        } else if (now >= holdUntil) {
          compose(preview, board, scale, captionOf(state), colours);
          return recording.finish();
        }
        compose(preview, board, scale, captionOf(state), colours);
        requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    }

    /**
     * Resolves after `n` animation frames (the main board draws on animation frames).
     * @type {(n: number) => Promise<void>}
     */
    const frames = (n) => new Promise((resolve) => (n <= 0 ? resolve() : requestAnimationFrame(() => frames(n - 1).then(resolve))));

    /** Resolves in a task of its own (after what is queued, a frame's rendering included). */
    const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

    /**
     * The replay as an animated GIF: the board solved if need be, then a frame per move
     * (encoded in a worker). Each position costs the page three tasks, none of them long: the
     * move shown (the controller's views), the animation frame that paints the board, then the
     * picture read from the board — apart from the frame, where it would add to the page's
     * rendering.
     */
    async function saveGif() {
      gif.disabled = video.disabled = true;
      progress.hidden = false;
      progress.value = 0;
      videoNote.textContent = t('export.making-gif');
      const encoder = createGif();
      try {
        // The click's task ends here: the replay's views are built in the next one.
        await nextTask();
        if (latest.phase !== 'solved' && latest.phase !== 'replaying') controller.press('solveNow');
        while (latest.phase !== 'solved' && latest.phase !== 'replaying') {
          if (latest.phase === 'editing' && !latest.intent) throw new Error(latest.editor.error ?? t('export.board-changed'));
          await frames(1);
        }
        if (latest.phase === 'solved') controller.press('replayStart');
        const scale = scaleFor(board, GIF_WIDTH);
        const colours = bandColours();
        const picture = document.createElement('canvas');
        const g = /** @type {CanvasRenderingContext2D} */ (picture.getContext('2d', { willReadFrequently: true }));
        const moves = latest.replay.line.moves.length;
        const delay = Math.round(1000 / Number(rate.value));
        for (let i = 0; i <= moves; i++) {
          controller.replayTo(i);
          await frames(2);
          await nextTask();
          compose(picture, board, scale, captionOf(latest), colours);
          const { data, width, height } = g.getImageData(0, 0, picture.width, picture.height);
          await encoder.frame(data, width, height, i === moves ? HOLD_MS : delay);
          progress.value = (i + 1) / (moves + 1);
        }
        const blob = new Blob([await encoder.finish()], { type: 'image/gif' });
        offer(blob, 'gif', 'export-gif-file');
      } catch (error) {
        videoNote.textContent = t('export.no-gif', { error: errorText(error) });
      } finally {
        encoder.close();
        gif.disabled = false;
        video.disabled = !canRecord();
        progress.hidden = true;
      }
    }

    /** Offers a recording (`blob`, saved as `.ext`) for download, on a button `testid`. */
    function offer(blob, ext, testid) {
      const kb = Math.max(1, Math.round(blob.size / 1024));
      const name = `retrolab-${latest.editor.game.id}.${ext}`;
      const link = h('button', { type: 'button', testid, textContent: t('export.download', { name, kb: String(kb) }) });
      link.dataset.bytes = String(blob.size);
      link.dataset.type = blob.type;
      link.addEventListener('click', () => download(name, blob));
      videoNote.replaceChildren(t('export.recorded'), link);
      videoNote.dataset.bytes = String(blob.size);
      offeredFor = latest.editor.game;
    }

    /** A recording offered for one game is taken away once another game is on show. */
    function forgetOffer(/** @type {import('../machine/state.js').State} */ state) {
      if (offeredFor === null || offeredFor === state.editor.game) return;
      offeredFor = null;
      videoNote.replaceChildren();
      delete videoNote.dataset.bytes;
    }

    /** The contest text of the board as drawn (the editor's reading of it), or why there is none. */
    function showText(state) {
      const { game, board: drawn, text: contest, error } = state.editor;
      if (shownFor === drawn) return;
      shownFor = drawn;
      text.value = contest ?? '';
      // A composed game's command line also takes its rules file (the composer downloads it).
      const rules = game.rulesText ? ' --rules RULES.toml' : '';
      textNote.textContent = contest === null ? t('export.no-text', { error }) : t('export.command', { command: `retrolab ${game.id}${rules} < ${game.id}.in` });
      copy.disabled = saveText.disabled = contest === null;
    }

    return {
      render(state) {
        latest = state;
        forgetOffer(state);
        showText(state);
      },
      closed() {
        recording?.finish();
      },
    };
  },
};

