// 8-bit sound effects, synthesised with WebAudio oscillators (nothing is downloaded):
//   tick   positions queued (short square-wave click)
//   win    a win found (rising tone)
//   tie    ties found (low hum)
//   blip   a replay move
// Each effect is throttled. Sound is off until the person turns it on (a page that beeps
// uninvited is soon closed); the switch is remembered (keep/storage.js). Browsers only let
// a page start audio after a gesture, so the page is silent until the first pointer or key
// press; the AudioContext is created at the first effect after it (never while muted: the
// first context of a browser can be slow to open the audio device).
// Without WebAudio every effect does nothing.

import { KEYS, store, stored } from '../keep/storage.js';

/** Shortest gap between two plays of an effect, in milliseconds. */
const GAP_MS = { tick: 70, win: 180, tie: 900, blip: 40 };

/** `[type, start Hz, end Hz, seconds, gain]` per effect. */
const VOICES = {
  tick: ['square', 1760, 1760, 0.025, 0.04],
  win: ['square', 523, 1046, 0.16, 0.05],
  tie: ['triangle', 82, 78, 0.7, 0.12],
  blip: ['square', 660, 880, 0.05, 0.045],
};

/** Creates the sound player; `unlockOn` is the element whose first gesture allows audio. */
export function createSound(unlockOn = document) {
  let context = null;
  let unlocked = false;
  let muted = readMuted();
  const lastPlayed = {};
  const listeners = [];

  function unlock() {
    unlockOn.removeEventListener('pointerdown', unlock, true);
    unlockOn.removeEventListener('keydown', unlock, true);
    unlocked = true;
  }
  unlockOn.addEventListener('pointerdown', unlock, true);
  unlockOn.addEventListener('keydown', unlock, true);

  /** The audio context, created on first use after a gesture; null without WebAudio. */
  function audio() {
    if (context === null) {
      try {
        const Context = window.AudioContext ?? /** @type {{webkitAudioContext?: typeof AudioContext}} */ (window).webkitAudioContext;
        context = Context ? new Context() : false;
      } catch {
        context = false;
      }
    }
    return context || null;
  }

  /** Plays effect `name` unless muted, locked or played too recently. */
  function play(name) {
    if (muted || !unlocked) return;
    const now = performance.now();
    if (now - (lastPlayed[name] ?? -Infinity) < GAP_MS[name]) return;
    lastPlayed[name] = now;
    try {
      const context = audio();
      if (!context) return;
      if (context.state === 'suspended') context.resume();
      const [type, from, to, seconds, level] = VOICES[name];
      const t = context.currentTime;
      const osc = context.createOscillator();
      const gain = context.createGain();
      osc.type = type;
      osc.frequency.setValueAtTime(from, t);
      osc.frequency.exponentialRampToValueAtTime(to, t + seconds);
      gain.gain.setValueAtTime(level, t);
      gain.gain.setValueAtTime(level, t + seconds * 0.7);
      gain.gain.linearRampToValueAtTime(0, t + seconds);
      osc.connect(gain).connect(context.destination);
      osc.start(t);
      osc.stop(t + seconds + 0.02);
    } catch {
      // Audio is a nicety: a failing node never breaks the page.
    }
  }

  return {
    tick: () => play('tick'),
    win: () => play('win'),
    tie: () => play('tie'),
    blip: () => play('blip'),
    get muted() {
      return muted;
    },
    /** Mutes or unmutes, remembered for the next visit. */
    setMuted(on) {
      muted = on;
      store(KEYS.sound, on ? 'off' : 'on'); // where storage is off, for this visit only
      for (const listener of listeners) listener(muted);
    },
    /** Calls `listener(muted)` when the switch changes. */
    subscribe(listener) {
      listeners.push(listener);
    },
  };
}

/** Muted unless the person turned sound on at an earlier visit. */
function readMuted() {
  return stored(KEYS.sound) !== 'on';
}

/**
 * A listener of the controller that plays `sound`'s effects for what just happened: positions
 * queued, wins found, ties marked, a replay move.
 * @param {ReturnType<typeof createSound>} sound
 */
export function soundtrack(sound) {
  let frontier = null;
  let replay = null;
  /** @param {import('../machine/state.js').State} state */
  return (state) => {
    const f = state.analysis.frontier;
    if (f && f !== frontier) {
      frontier = f;
      if (f.kind === 'ties' && f.ties > 0) sound.tie();
      else if (f.kind === 'pop' && f.won > 0) sound.win();
      else if (f.decided > 0) sound.tick();
    }
    const { line } = state.replay;
    if (line && replay && line !== replay && line.index !== replay.index) sound.blip();
    replay = line;
  };
}
