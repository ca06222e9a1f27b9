// The table's sounds (issue 24): the project's own, synthesised with Web Audio when they are played
// (no audio file): a card laid, a capture, the deal, a scopa's chime, a hand's end and a match's end.
//
//   sound("play")                    table.js, one line where each happens; silent when off
//   setSound({on, volume})           settings.js (the player's choice, remembered there)
//   soundState()                     {on, volume, audio: "none" | the AudioContext's state}
//
// Off by default in an embed (?embed=1, as embed.js reads it): the page around the game must not
// start making noise; on otherwise. The AudioContext is made on the player's first gesture (a
// pointer or a key: browsers' autoplay policy), never before; a browser without Web Audio, or one
// that refuses it, is simply silent. <html data-sound="on|off"> says whether the player hears the
// table; with ?test in the address window.settebello.sound (read only) also keeps a log of every
// sound the table asked for and whether it was played.

const params = new URLSearchParams(location.search);
/** Embedded in another site's page (embed.js's EMBEDDED: the same parameter). */
const EMBEDDED = params.get("embed") === "1";
/** Whether sound is on before the player chooses: off in an embed, on otherwise. */
export const SOUND_BY_DEFAULT = !EMBEDDED;
export const DEFAULT_VOLUME = 0.7;

const state = { on: SOUND_BY_DEFAULT, volume: DEFAULT_VOLUME };
let ctx = null;       // the AudioContext, made on a gesture
let master = null;    // its gain node: the volume
let noise = null;     // one second of white noise, the cards' raw material
const log = [];       // ?test only: [{name, at, played}]
const TEST = params.has("test");

function reflect() {
  document.documentElement.dataset.sound = state.on && state.volume > 0 ? "on" : "off";
}

/** Sound on or off and its volume (0..1); a change of volume applies to what is playing. */
export function setSound({ on = state.on, volume = state.volume } = {}) {
  state.on = !!on;
  state.volume = Math.min(1, Math.max(0, Number.isFinite(volume) ? volume : DEFAULT_VOLUME));
  if (master) master.gain.setValueAtTime(state.volume, ctx.currentTime);
  reflect();
  if (state.on) unlock();
}

/** What the page's sound is now: on, the volume, and the audio context's state ("none" before one). */
export function soundState() {
  return { on: state.on, volume: state.volume, audio: ctx ? ctx.state : "none" };
}

/** The AudioContext, made once (null where the browser has no Web Audio or refuses it). */
function context() {
  if (ctx) return ctx;
  const Audio = window.AudioContext || window.webkitAudioContext;
  if (!Audio) return null;
  try {
    ctx = new Audio();
    master = ctx.createGain();
    master.gain.value = state.volume;
    master.connect(ctx.destination);
  } catch { ctx = null; master = null; }
  return ctx;
}

/** On a gesture, with sound on: make the context (or wake it). Never before a gesture, so a page
 *  that is only looked at (an embed, a first visit) starts no audio at all. */
function unlock() {
  if (!state.on) return;
  if (navigator.userActivation && !navigator.userActivation.isActive && !ctx) return;
  const c = context();
  if (c && c.state === "suspended") c.resume().catch(() => {});
}
for (const type of ["pointerdown", "keydown"]) document.addEventListener(type, unlock, { capture: true, passive: true });

/** Play the table's sound `name` (deal, play, capture, scopa, hand, match) if sound is on. */
export function sound(name) {
  const entry = { name, at: Math.round(performance.now()), played: false };
  if (state.on && state.volume > 0 && ctx && ctx.state !== "closed" && SOUNDS[name]) {
    try {
      if (ctx.state === "suspended") ctx.resume().catch(() => {});
      SOUNDS[name](ctx, master, ctx.currentTime + 0.01);
      entry.played = true;
    } catch { /* audio refused: the game goes on silently */ }
  }
  if (TEST) log.push(entry);
}

// ---------------------------------------------------------------- the sounds

function noiseOf(c) {
  if (noise && noise.sampleRate === c.sampleRate) return noise;
  const buffer = c.createBuffer(1, c.sampleRate, c.sampleRate);
  const data = buffer.getChannelData(0);
  for (let i = 0; i < data.length; i++) data[i] = Math.random() * 2 - 1;
  if (c === ctx) noise = buffer;
  return buffer;
}

/** A gain that rises in `attack` s to `peak` and dies away exponentially by t + dur. */
function envelope(c, t, peak, dur, attack = 0.004) {
  const g = c.createGain();
  g.gain.setValueAtTime(0.0001, t);
  g.gain.exponentialRampToValueAtTime(peak, t + attack);
  g.gain.exponentialRampToValueAtTime(0.0001, t + dur);
  return g;
}

/** A burst of band-passed noise: a card's tap on the felt (short) or its swish (longer, swept). */
function burst(c, out, t, { freq = 2600, to = null, q = 0.8, dur = 0.05, peak = 0.4 } = {}) {
  const src = c.createBufferSource();
  src.buffer = noiseOf(c);
  const f = c.createBiquadFilter();
  f.type = "bandpass"; f.Q.value = q;
  f.frequency.setValueAtTime(freq, t);
  if (to) f.frequency.exponentialRampToValueAtTime(to, t + dur);
  const soft = c.createBiquadFilter();  // white noise is hissy above a card's own sound
  soft.type = "lowpass"; soft.frequency.value = 6000;
  src.connect(f).connect(soft).connect(envelope(c, t, peak, dur)).connect(out);
  src.start(t, Math.random() * 0.8);
  src.stop(t + dur + 0.02);
}

/** A tone: a soft thump (low, falling) or one partial of a chime. */
function tone(c, out, t, { freq, to = null, dur = 0.3, peak = 0.2, type = "sine", attack = 0.006 } = {}) {
  const o = c.createOscillator();
  o.type = type;
  o.frequency.setValueAtTime(freq, t);
  if (to) o.frequency.exponentialRampToValueAtTime(to, t + dur);
  o.connect(envelope(c, t, peak, dur, attack)).connect(out);
  o.start(t);
  o.stop(t + dur + 0.02);
}

/** A small bell: the note and a quiet inharmonic partial above it. */
function bell(c, out, t, freq, { dur = 0.8, peak = 0.16 } = {}) {
  tone(c, out, t, { freq, dur, peak, attack: 0.004 });
  tone(c, out, t, { freq: freq * 2.01, dur: dur * 0.5, peak: peak * 0.35, attack: 0.003 });
  tone(c, out, t, { freq: freq * 3.0, dur: dur * 0.25, peak: peak * 0.12, attack: 0.002 });
}

// each: (context, output node, start time)
const SOUNDS = {
  // a card laid on the felt: a papery tap and a soft thump under it
  play: (c, out, t) => {
    burst(c, out, t, { freq: 3200, q: 0.7, dur: 0.05, peak: 0.35 });
    tone(c, out, t, { freq: 170, to: 80, dur: 0.07, peak: 0.28, attack: 0.002 });
  },
  // cards swept together off the table, then squared on the pile
  capture: (c, out, t) => {
    burst(c, out, t, { freq: 1400, to: 4200, q: 0.6, dur: 0.15, peak: 0.24 });
    burst(c, out, t + 0.12, { freq: 2600, q: 0.9, dur: 0.045, peak: 0.34 });
    tone(c, out, t + 0.12, { freq: 150, to: 75, dur: 0.06, peak: 0.22, attack: 0.002 });
  },
  // a few cards flicked off the deck, one after another
  deal: (c, out, t) => {
    for (let i = 0; i < 4; i++) burst(c, out, t + i * 0.07, { freq: 2300 + 250 * i, to: 3600, q: 0.9, dur: 0.05, peak: 0.26 });
  },
  // a scopa: a bright rising chime (E, G sharp, B, high E)
  scopa: (c, out, t) => {
    [659.25, 830.61, 987.77, 1318.51].forEach((f, i) => bell(c, out, t + i * 0.075, f, { dur: 0.75 - i * 0.08, peak: 0.15 }));
  },
  // a hand's end: two soft notes, a fifth falling to rest
  hand: (c, out, t) => {
    bell(c, out, t, 783.99, { dur: 0.55, peak: 0.13 });
    bell(c, out, t + 0.16, 523.25, { dur: 0.8, peak: 0.14 });
  },
  // a match's end: a little fanfare (C, E, G, high C held over the chord)
  match: (c, out, t) => {
    [523.25, 659.25, 783.99].forEach((f, i) => bell(c, out, t + i * 0.12, f, { dur: 0.5, peak: 0.13 }));
    for (const f of [523.25, 659.25, 783.99, 1046.5]) tone(c, out, t + 0.36, { freq: f, dur: 1.1, peak: 0.07, type: "triangle", attack: 0.02 });
    bell(c, out, t + 0.36, 1046.5, { dur: 1.2, peak: 0.15 });
  },
};
export const SOUND_NAMES = Object.keys(SOUNDS);

/** One sound rendered offline (no speaker, no gesture needed): its samples, for a test or a look. */
export async function render(name, seconds = 2, rate = 44100) {
  const Offline = window.OfflineAudioContext || window.webkitOfflineAudioContext;
  const c = new Offline(1, Math.round(seconds * rate), rate);
  SOUNDS[name](c, c.destination, 0.01);
  const buffer = await c.startRendering();
  return buffer.getChannelData(0);
}

reflect();
if (TEST) {
  const attach = () => {
    window.settebello.sound = Object.freeze({ get state() { return soundState(); }, get log() { return log.map((e) => ({ ...e })); } });
  };
  if (window.settebello) attach(); else window.addEventListener("settebello:ready", attach, { once: true });
}
