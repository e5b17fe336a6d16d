// The game's sounds, made here with Web Audio (oscillators and noise shaped by envelopes): no
// sound file is shipped. `createSound(document, {})` is a part of the page like the others: each
// painted view is compared with the one before, and what changed on the board is heard —
//
//   roll  the dice thrown (the opening's too)      off  a checker borne off
//   move  a checker set down                       end  the game's end
//   hit   a checker sent to the bar
//
// Silent until the person's first touch, click or key on the page (browsers' autoplay rule:
// no AudioContext is made before it), when the preference `sound` is off, for a view of the
// past (the record's replay, the review, the editor), and when a whole new board comes (a game
// opened, a link loaded: many checkers change at once). <nard-board> embeds have no sound.
// Each sound played is announced as a "nard-sound" event on window (its name in `detail`).

/** @typedef {import("./view-model.js").View} View */
/** @typedef {"roll" | "move" | "hit" | "off" | "end"} SoundName */

const MOST_CHECKERS_MOVED = 4; // a step moves one or two (a hit); more is a new board
const VOLUME = 0.5;
// A running AudioContext keeps the device's audio output awake (a phone's battery): it is
// suspended once this long has passed after the last sound, and resumed by the next one.
const IDLE_MS = 1500;

/**
 * @param {Document} doc where the person's first gesture is listened for
 * @returns {import("./dom.js").Part}
 */
export function createSound(doc) {
  /** @type {AudioContext | null} */
  let context = null;
  let unlocked = false;
  /** @type {View | null} */
  let before = null;
  /** @type {number | undefined} */
  let idleTimer;
  // Running again, and suspended IDLE_MS from now unless woken again meanwhile. A touch wakes it
  // too (some browsers resume audio only during a gesture), so a touch that makes no sound
  // must not leave it running either.
  /** @param {AudioContext} ctx */
  const wake = (ctx) => {
    if (ctx.state === "suspended") ctx.resume().catch(() => {});
    clearTimeout(idleTimer);
    idleTimer = window.setTimeout(() => ctx.suspend().catch(() => {}), IDLE_MS);
  };
  const unlock = () => {
    unlocked = true;
    if (context) wake(context);
  };
  const GESTURES = ["pointerdown", "keydown"]; // seen before any part may stop them (capture)
  for (const type of GESTURES) doc.addEventListener(type, unlock, true);

  /** @returns {AudioContext | null} */
  const audio = () => {
    if (context || !unlocked) return context;
    const Maker = window.AudioContext || /** @type {any} */ (window).webkitAudioContext;
    if (!Maker) return null;
    try {
      context = new Maker();
    } catch (_) {
      return null; // no sound here: the game goes on without it
    }
    return context;
  };

  /** @param {SoundName} name */
  const play = (name) => {
    const ctx = audio();
    if (!ctx) return;
    wake(ctx);
    SOUNDS[name](ctx, ctx.currentTime + 0.01);
    window.dispatchEvent(new CustomEvent("nard-sound", { detail: name }));
  };

  return {
    paint(view) {
      const last = before;
      before = view;
      if (!last || !view.prefs || view.prefs.sound === false) return;
      for (const name of heard(view, last)) play(name);
    },
    destroy() {
      clearTimeout(idleTimer);
      for (const type of GESTURES) doc.removeEventListener(type, unlock, true);
      if (context) context.close().catch(() => {});
      context = null;
    },
  };
}

/**
 * What is heard going from `before` to `view`: the roll first, then the checker's sound (a hit
 * or a bear-off over a plain set-down), then the game's end.
 * @param {View} view
 * @param {View | null} before
 * @returns {SoundName[]}
 */
export function heard(view, before) {
  if (!before || past(view) || past(before) || view.variant !== before.variant) return [];
  /** @type {Map<string, string>} */
  const was = new Map((before.checkers || []).map((c) => [c.id, c.at]));
  const moved = (view.checkers || []).filter((c) => was.has(c.id) && was.get(c.id) !== c.at);
  if (moved.length > MOST_CHECKERS_MOVED) return []; // a whole new board
  /** @type {SoundName[]} */
  const sounds = [];
  const thrown = (/** @type {View} */ v) =>
    v.dice && v.dice.length ? `${v.turn}:${v.dice_text}` : v.opening_dice ? `o:${v.opening_dice.w}:${v.opening_dice.b}` : "";
  const throwNow = thrown(view);
  if (throwNow && throwNow !== thrown(before)) sounds.push("roll");
  if (moved.length) {
    if (moved.some((c) => c.at.startsWith("bar-"))) sounds.push("hit");
    else if (moved.some((c) => c.at.startsWith("off-") && !(was.get(c.id) || "").startsWith("off-"))) sounds.push("off");
    else sounds.push("move");
  }
  if (view.result && !before.result) sounds.push("end");
  return sounds;
}

/** A view of the past or of a set-up, not of the game going on: nothing is heard. */
function past(/** @type {View} */ view) {
  return Boolean(view.replay || (view.review && view.review.shown != null) || view.phase === "edit" || view.screen !== "board");
}

// -- the sounds ------------------------------------------------------------------------------

/**
 * A burst of white noise through a band-pass filter, its gain falling away: a die on wood.
 * @param {AudioContext} ctx
 * @param {number} at
 * @param {number} length seconds
 * @param {number} pitch the filter's centre, Hz
 * @param {number} level
 */
function knock(ctx, at, length, pitch, level) {
  const frames = Math.max(1, Math.floor(ctx.sampleRate * length));
  const buffer = ctx.createBuffer(1, frames, ctx.sampleRate);
  const data = buffer.getChannelData(0);
  let seed = 12345; // a fixed noise: the same knock every time, no Math.random
  for (let i = 0; i < frames; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    data[i] = (seed / 0x3fffffff - 1) * (1 - i / frames);
  }
  const source = ctx.createBufferSource();
  source.buffer = buffer;
  const filter = ctx.createBiquadFilter();
  filter.type = "bandpass";
  filter.frequency.value = pitch;
  filter.Q.value = 1.2;
  const gain = envelope(ctx, at, length, level);
  source.connect(filter).connect(gain).connect(ctx.destination);
  source.start(at);
  source.stop(at + length + 0.02);
}

/**
 * A tone that starts at `from` Hz and glides to `to`, with a quick attack and a falling tail.
 * @param {AudioContext} ctx
 * @param {number} at
 * @param {number} length
 * @param {number} from
 * @param {number} to
 * @param {OscillatorType} type
 * @param {number} level
 */
function tone(ctx, at, length, from, to, type, level) {
  const osc = ctx.createOscillator();
  osc.type = type;
  osc.frequency.setValueAtTime(from, at);
  osc.frequency.exponentialRampToValueAtTime(to, at + length);
  const gain = envelope(ctx, at, length, level);
  osc.connect(gain).connect(ctx.destination);
  osc.start(at);
  osc.stop(at + length + 0.02);
}

/** A gain node that rises in 5 ms and falls away over `length`. */
function envelope(/** @type {AudioContext} */ ctx, /** @type {number} */ at, /** @type {number} */ length, /** @type {number} */ level) {
  const gain = ctx.createGain();
  gain.gain.setValueAtTime(0.0001, at);
  gain.gain.exponentialRampToValueAtTime(level * VOLUME, at + 0.005);
  gain.gain.exponentialRampToValueAtTime(0.0001, at + length);
  return gain;
}

/** @type {Record<SoundName, (ctx: AudioContext, at: number) => void>} */
const SOUNDS = {
  // the dice rattle: knocks of falling pitch over 300 ms
  roll: (ctx, at) => {
    [0, 0.06, 0.13, 0.19, 0.27].forEach((dt, i) => {
      knock(ctx, at + dt, 0.05, 2400 - i * 250, 0.6 - i * 0.08);
    });
  },
  // a checker set down: a low wooden tock
  move: (ctx, at) => {
    knock(ctx, at, 0.05, 900, 0.5);
    tone(ctx, at, 0.09, 220, 140, "sine", 0.5);
  },
  // a hit: the checker set down hard, and the one knocked off
  hit: (ctx, at) => {
    knock(ctx, at, 0.05, 1400, 0.7);
    tone(ctx, at, 0.12, 330, 160, "triangle", 0.5);
    knock(ctx, at + 0.08, 0.06, 700, 0.5);
  },
  // borne off: a soft rising note
  off: (ctx, at) => {
    tone(ctx, at, 0.16, 520, 880, "sine", 0.35);
  },
  // the game's end: three rising notes
  end: (ctx, at) => {
    [523.25, 659.25, 783.99].forEach((hz, i) => {
      tone(ctx, at + i * 0.13, i === 2 ? 0.45 : 0.16, hz, hz, "triangle", 0.35);
    });
  },
};
