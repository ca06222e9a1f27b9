// The table's shared state and seams, for table.js's modules (gameloop.js, draw.js, tableinput.js):
// what the table shows and what the person is choosing (`T`), the card elements and the queue their
// moves run from, the pacing, the engine's requests, and the status line.
import { game as ask } from "./engine.js";
import { announce } from "./announce.js";
import { t, cardName } from "./i18n.js";
import { CardStage, Queue, setFast } from "./animate.js";
import { refusalText, showNames } from "./names.js";
import { address } from "./tablestart.js";

/** The table's state, one object its modules share (an ES module's `let` cannot be set from another). */
export const T = {
  fast: address().get("fast") === "1",  // no pauses (the tests): nothing judged ahead either
  engine: null,
  shown: null,      // what the table shows: the current view, or a play's position while it is shown
  chosen: null,     // the hand card whose capture the player is choosing
  picked: [],       // table cards clicked while choosing among several captures
  hinted: null,     // the play the hint suggested
  asked: null,      // the play the coach asks about (coachAllows), marked while it asks
  verdict: "",      // how a claim was answered (SB61-SB64), kept in the status line until the next play
  lastPlay: null,   // the words of another's play, the last made (a function): before "Your turn"
  pendingPick: null, // a card pressed while the table finished drawing, the turn already the person's
  sending: false,   // a play of the person's on its way to the engine (the view shown is the one before it)
  busy: false,      // a play is being shown or a computer is thinking
  hintLevel: null,  // the level hints come from (the dialog's choice, else describe's default)
  seatsKey: "",     // which seat layout is built (rebuilt when it changes)
  // Which game the table's work belongs to. Every flow that waits (an engine call, an animation, a
  // pause) notes the generation it started in and, once it resumes, goes on only if no New game was
  // asked meanwhile: a computer's play, a Next hand, an undo answered for the game before never
  // reaches the table, never calls the engine again, and never clears `busy` for the new game.
  generation: 0,
  asking: null,     // the engine's answer to the last New game asked, until the table has it
  // whether the person declares with this play (SB14): true or false once chosen, or the Settings'
  // "declare by itself"; null while they have not said
  declaring: null,
  isReady: false,   // a game is on the table and the page said so (markReady)
};
setFast(T.fast);

/** Whether the flow started in generation g still belongs to the game on the table. */
export const live = (g) => g === T.generation;

/** Pacing of the computer's plays, ms (none in fast mode; short with reduced motion). */
export const PACE = { think: 420, show: 520, after: 260, sheet: 700, verdict: 1100 };

export const $ = (id) => document.getElementById(id);
/** One element per card (animate.js), and the queue the table's renders and moves run from. */
export const stage = new CardStage({ label: cardName });
export const queue = new Queue();

/** A Session request (engine.js), its view's default names ("You") said in the page's language
 *  (names.js showNames): the table, the sheets and the screen reader all read them from there. */
export async function game(op, arg) {
  const r = await ask(op, arg);
  showNames(r);
  showNames(r?.view);
  return r;
}

/** The status line: text, or a function giving it (said again in the new language after a switch:
 *  issue 45); `before`, the words of another's last play written ahead of it (a function: "Your
 *  turn" comes after what Bruno did; table.css leaves them out on a phone, short of room). */
let statusText = () => "", statusBefore = null;
export function status(text, before = null) {
  statusText = typeof text === "function" ? text : () => text;
  statusBefore = before;
  writeStatus();
}
function writeStatus() {
  const last = statusBefore?.() || "";
  $("status-last").textContent = last ? `${last} ` : "";
  $("status-last").title = last;  // (cut with "…" on a narrow line: table.css)
  $("status-now").textContent = statusText();
}
/** The status line said again (in the page's new language). */
export function sayStatusAgain() { writeStatus(); }
/** What the status line says now (a resting hand card pressed: said again, tableinput.js). */
export const statusNow = () => statusText();

/** A refused or failed request: in the status line and said. */
export function failed(err, { speak = true } = {}) {
  const text = () => t("error.generic", { message: refusalText(err) });  // a refusal in the page's words
  status(text);
  if (speak) announce(text);
}

/** Open the rules page of a game (rules.js, loaded on its first opening: the first hand needs none of it). */
export function rulesPage(which) {
  import("./rules.js").then(({ openRules }) => openRules($("rules-dialog"), which)).catch((err) => failed(err));
}
