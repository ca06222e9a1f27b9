// Play with people on other devices (issue 41, docs/PEOPLE.md): the WebRTC data channel of the
// hand path and the two dialogs around it. Loaded only when a person chooses a seat "on another
// device" (table.js startGame) or opens an invitation (#join=…): no other page loads it.
//
// The page only carries messages: the host's Python (py/settebello/people.py, bridge.py's
// `people`) plays the match, checks every message a guest sends and says what to send to whom;
// the guest's Python checks what the host sends and its deal. The guest's table is the same
// table.js: its Session requests go to the host through engine.js's routeGame.
//
// Hand path: the host makes one RTCPeerConnection per remote seat with no STUN or TURN server,
// waits for its candidates and puts the whole offer in the invitation link's fragment (never
// sent to any server); the guest's page answers the same way with a reply code the host pastes.
import { connectEngine, routeGame, EngineRefusal } from "./engine.js";
import { t } from "./i18n.js";
import { onView, view as currentView } from "./store.js";
import { readText, writeText, ownKey } from "./storage.js";
import { announce } from "./announce.js";
import { esc, refusalText } from "./names.js";
import { playedElsewhere, resume } from "./table.js";

const RTC = { iceServers: [] };  // the hand path: host candidates only, nothing to any other host
const NAME_KEY = ownKey("settebello.people.name");
const LINK_VERSION = 1;

/** A request to bridge.py's `people` (py/settebello/people.py PeopleCalls). */
async function people(op, arg) {
  const engine = await connectEngine();
  return engine.call("people", { op, arg });
}

const toCode = (obj) => btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(obj))))
  .replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
function fromCode(text) {
  const s = String(text).trim().replace(/-/g, "+").replace(/_/g, "/");
  const bytes = Uint8Array.from(atob(s), (c) => c.charCodeAt(0));
  return JSON.parse(new TextDecoder().decode(bytes));
}

/** Resolves once the connection has gathered every candidate (the offer or answer is then whole). */
function gathered(pc) {
  return new Promise((resolve) => {
    if (pc.iceGatheringState === "complete") return resolve();
    pc.addEventListener("icegatheringstatechange", () => { if (pc.iceGatheringState === "complete") resolve(); });
  });
}

/** Messages run one after another, in the order they came. */
let chain = Promise.resolve();
function serial(fn) {
  chain = chain.then(fn).catch((err) => console.warn(`Settebello: ${err.message}`));
  return chain;
}

function dialog() {
  let d = document.getElementById("people-dialog");
  if (!d) {
    d = document.createElement("dialog");
    d.id = "people-dialog";
    d.className = "dialog people";
    d.setAttribute("aria-labelledby", "people-title");
    document.body.append(d);
  }
  return d;
}

/** Copy and (where the system has one) Share buttons for a text field. */
function copyShare(field, testid) {
  const row = document.createElement("div");
  row.className = "dialog__actions people__actions";
  const copy = document.createElement("button");
  copy.type = "button"; copy.className = "btn"; copy.textContent = t("people.copy"); copy.dataset.testid = `${testid}-copy`;
  copy.addEventListener("click", async () => {
    field.select();
    try { await navigator.clipboard.writeText(field.value); copy.textContent = t("people.copied"); }
    catch { document.execCommand?.("copy"); }
  });
  row.append(copy);
  if (navigator.share) {
    const share = document.createElement("button");
    share.type = "button"; share.className = "btn"; share.textContent = t("people.share");
    share.addEventListener("click", () => navigator.share(field.tagName === "INPUT" ? { url: field.value } : { text: field.value }).catch(() => {}));
    row.append(share);
  }
  return row;
}

// ------------------------------------------------------------------ the table's phrases

const STYLE = `.people-phrases { position: fixed; left: 12px; top: 96px; z-index: 5; display: flex; flex-direction: column;
  align-items: flex-start; gap: 4px; max-width: min(260px, calc(100vw - 24px)); }
.people-phrases .btn { min-height: 44px; min-width: 44px; }
.people-phrases__list { display: flex; flex-direction: column; gap: 4px; }
.people-phrases__list[hidden] { display: none; }
.people-phrases__said { margin: 0; color: #fff; text-shadow: 0 1px 2px #000; max-width: 180px; }
@media (max-width: 700px) { .people-phrases { left: 4px; top: 88px; } .people-phrases__said { max-width: 80px; font-size: 0.8rem; } }`;

/** The table's phrases (Python's list: no free text) behind one button at the felt's corner,
 *  and the line where what was said shows; `say(id)` sends one. */
async function phrasesBar(say) {
  document.getElementById("people-phrases")?.remove();
  if (!document.getElementById("people-style")) {
    const style = document.createElement("style");
    style.id = "people-style"; style.textContent = STYLE;
    document.head.append(style);
  }
  const { phrases } = await people("phrases");
  const bar = document.createElement("div");
  bar.id = "people-phrases"; bar.className = "people-phrases";
  bar.insertAdjacentHTML("beforeend", `<button type="button" class="btn people-phrases__open" aria-expanded="false"
    aria-controls="people-phrase-list" aria-label="${esc(t("people.phrases"))}" data-testid="people-say">${esc(t("people.say"))}</button>
    <div id="people-phrase-list" class="people-phrases__list" role="group" aria-label="${esc(t("people.phrases"))}" hidden></div>
    <p class="people-phrases__said" data-testid="people-said"></p>`);
  const open = bar.querySelector(".people-phrases__open"), list = bar.querySelector(".people-phrases__list");
  const show = (on) => { list.hidden = !on; open.setAttribute("aria-expanded", String(on)); };
  open.addEventListener("click", () => { show(list.hidden); if (!list.hidden) list.querySelector("button")?.focus(); });
  bar.addEventListener("keydown", (e) => { if (e.key === "Escape" && !list.hidden) { show(false); open.focus(); e.stopPropagation(); } });
  for (const id of phrases) {
    const b = document.createElement("button");
    b.type = "button"; b.className = "btn"; b.dataset.phrase = id; b.textContent = t(`people.phrase.${id}`);
    b.addEventListener("click", () => { show(false); open.focus(); say(id); });
    list.append(b);
  }
  document.body.append(bar);  // outside the felt, which is inert while the score sheet shows
}

/** Show and say a phrase said at `seat`. */
function said({ seat, phrase }) {
  const line = () => t("people.said", { name: currentView()?.players?.[seat] ?? "", phrase: t(`people.phrase.${phrase}`) });
  const el = document.querySelector("[data-testid=people-said]");
  if (el) el.textContent = line();
  announce(line);
}

// ------------------------------------------------------------------ the host

const seats = new Map();  // remote seat -> {pc, channel}
let hosting = false;
let hostStarted = false;  // the match has dealt
let tableId = 0;          // which table with people the host's page has open (a New game makes another)

function sendAll(list) {
  for (const [seat, text] of list || []) {
    const channel = seats.get(seat)?.channel;
    if (channel?.readyState === "open") channel.send(text);
  }
}

/** The host's Next hand is the next deal both sides drew; a new game ends the table with people. */
function hostRoute(op, arg, direct) {
  if (op === "next_hand") return people("next_hand").then((r) => { sendAll(r.send); return r.view; });
  if (op === "record") return people("record");  // with each deal's commitments and reveals
  if (op === "new_game" || op === "restore") stopHosting();
  return direct(op, arg);
}

function stopHosting() {
  tableId += 1;
  document.getElementById("people-phrases")?.remove();
  for (const { pc } of seats.values()) pc.close();
  seats.clear();
  hosting = false;
  routeGame(null);
}

function setState(seat, key, params = {}) {
  const el = dialog().querySelector(`[data-people-state="${seat}"]`);
  if (el) el.textContent = t(key, params);
}

/** A guest's message: the host's Python checks it and says what to send and what changed here. */
function hostReceive(seat, text) {
  return serial(async () => {
    const out = await people("receive", { seat, text });
    sendAll(out.send);
    if (out.host?.joined !== undefined) setState(seat, "people.state.joined");
    if (out.host?.phrase) said(out.host.phrase);
    if (out.host?.started) {
      hostStarted = true;
      dialog().close();
      await phrasesBar((id) => serial(async () => { const r = await people("say", { phrase: id }); sendAll(r.send); said(r.phrase); }));
      await resume(out.host.started);
    } else if (out.host?.view) {
      await playedElsewhere(out.host.view, out.host.event);
    }
  });
}

/** A seat's invitation: its connection, its link (the offer in the fragment) and the field for
 *  its reply code, as a list item. A seat whose channel closes (its page reloaded or closed) gets
 *  a new invitation in its place: its person opens it again and plays on at the same play. */
async function invitation(inv, { again = false } = {}) {
  const table = tableId;
  const pc = new RTCPeerConnection(RTC);
  const channel = pc.createDataChannel("settebello", { ordered: true });
  seats.set(inv.seat, { pc, channel });
  channel.addEventListener("message", (e) => hostReceive(inv.seat, e.data));
  channel.addEventListener("open", () => setState(inv.seat, "people.state.connected"));
  channel.addEventListener("close", () => { if (hosting && seats.get(inv.seat)?.channel === channel) reinvite(inv); });
  pc.addEventListener("connectionstatechange", () => {
    // a page gone without closing its connection (a crash, a lost network): ICE gives up on it
    if (pc.connectionState === "failed" && hosting && seats.get(inv.seat)?.pc === pc) {
      if (channel.readyState === "open" || hostStarted) reinvite(inv); else setState(inv.seat, "people.state.failed");
    }
  });
  await pc.setLocalDescription(await pc.createOffer());
  await gathered(pc);
  if (table !== tableId) { pc.close(); return null; }  // a New game meanwhile: this table is gone
  const code = toCode({ v: LINK_VERSION, s: inv.seat, k: inv.token, n: inv.name, o: pc.localDescription.sdp });
  const link = `${location.href.split("#")[0]}#join=${code}`;
  const li = document.createElement("li");
  li.className = "people__seat";
  li.dataset.seat = inv.seat;
  const n = inv.seat + 1;
  li.insertAdjacentHTML("beforeend", `<h3>${esc(t("people.seat", { n, name: inv.name }))}</h3>
    <label class="ng-field">${esc(t("people.link"))}<input readonly data-testid="people-link-${inv.seat}"></label>`);
  const field = li.querySelector("input");
  field.value = link;
  li.append(copyShare(field, `people-link-${inv.seat}`));
  li.insertAdjacentHTML("beforeend", `<label class="ng-field">${esc(t("people.reply"))}<textarea rows="2" data-testid="people-reply-${inv.seat}"></textarea></label>
    <div class="dialog__actions"><button type="button" class="btn btn--primary" data-testid="people-connect-${inv.seat}">${esc(t("people.connect"))}</button></div>
    <p class="people__state" role="status" data-people-state="${inv.seat}">${esc(t(again ? "people.state.left" : "people.state.waiting", { name: inv.name }))}</p>`);
  li.querySelector("button.btn--primary").addEventListener("click", async () => {
    let reply;
    try { reply = fromCode(li.querySelector("textarea").value); } catch { reply = null; }
    if (!reply || reply.v !== LINK_VERSION || reply.s !== inv.seat || typeof reply.a !== "string") {
      setState(inv.seat, "people.badReply");
      return;
    }
    setState(inv.seat, "people.state.connecting");
    try { await pc.setRemoteDescription({ type: "answer", sdp: reply.a }); }
    catch { setState(inv.seat, "people.badReply"); }
  });
  return li;
}

/** A seat's person left (a reload, a closed page, a lost connection): a new invitation for that
 *  seat, in the dialog shown beside the table (not modal: the table goes on until their turn). */
async function reinvite(inv) {
  seats.get(inv.seat)?.pc.close();
  const d = dialog();
  const li = await invitation({ ...inv, name: currentName(inv.seat) ?? inv.name }, { again: true });
  if (!li) return;
  const old = d.querySelector(`.people__seat[data-seat="${inv.seat}"]`);
  if (old) old.replaceWith(li); else d.querySelector(".people__seats")?.append(li);
  if (!d.open) d.show();
  announce(() => t("people.state.left", { name: currentName(inv.seat) ?? inv.name }));
}

const currentName = (seat) => currentView()?.players?.[seat] ?? null;

/** New game with seats of people on other devices: one invitation per seat, then the match. */
export async function hostTable(config) {
  if (hosting) stopHosting();
  hostStarted = false;
  const opened = await people("open", { config });
  hosting = true;
  routeGame(hostRoute);
  const d = dialog();
  d.replaceChildren();
  d.insertAdjacentHTML("beforeend", `<h2 id="people-title">${esc(t("people.title"))}</h2>
    <p>${esc(t("people.intro"))}</p><ol class="people__seats"></ol>`);
  const list = d.querySelector(".people__seats");
  tableId += 1;
  for (const inv of opened.invites) {
    const li = await invitation(inv);
    if (!li) return;
    list.append(li);
  }
  d.insertAdjacentHTML("beforeend", `<form method="dialog" class="dialog__actions"><button class="btn" value="cancel">${esc(t("people.cancel"))}</button></form>`);
  d.addEventListener("cancel", () => { if (!hostStarted) stopHosting(); });
  // before the match: Cancel ends the table with people; during it, only closes the dialog
  d.querySelector("form").addEventListener("submit", () => { if (!hostStarted) stopHosting(); });
  if (d.open) d.close();  // shown beside the table for a seat that left (reinvite)
  d.showModal();
}

// every change of the host's table (its own plays, the computers', a new hand) goes to the seats
onView((v, op) => {
  if (!hosting || op === "remote") return;
  serial(async () => sendAll((await people("updates")).send));
});

// ------------------------------------------------------------------ the guest

let channel = null;
let keptKey = null;         // this seat's deals kept across a reload (storage.js)
let lastView = null;
let started = false;
let pendingPlay = null;     // {n, resolve, reject}: this seat's play, until the host answers it
const computerPlays = [];   // a computer's play the table has not asked for yet ({event, view})
let computerWaiter = null;  // the table's computer_step, waiting for the host's next computer play
let dealWaiter = null;      // the table's Next hand, waiting for the host's next deal

function refused(reason, message) { return new EngineRefusal("game", message, reason, {}); }

/** The guest's Session requests: a play goes to the host; a computer's play and the next deal
 *  are the host's, and come by themselves; the rest is not this device's to do. */
function guestRoute(op, arg, direct) {
  if (op === "variants" || op === "rulebook") return direct(op, arg);
  if (op === "view") return Promise.resolve(lastView);
  if (op === "play") {
    return people("guest_play", { play: arg }).then(({ text, n }) => new Promise((resolve, reject) => {
      pendingPlay = { n, resolve, reject };
      channel.send(text);
    }));
  }
  if (op === "computer_step") {
    if (computerPlays.length) return Promise.resolve(computerPlays.shift());
    return new Promise((resolve) => { computerWaiter = resolve; });
  }
  if (op === "next_hand") {
    if (lastView?.phase === "play") return Promise.resolve(lastView);
    return new Promise((resolve) => { dealWaiter = resolve; });
  }
  return Promise.reject(refused("people.guest", t("people.notHere")));
}

function guestReceive(text) {
  return serial(async () => {
    let r;
    try { r = await people("guest_receive", { text }); }
    catch (err) { console.warn(`Settebello: the host's message was refused (${refusalText(err)})`); return; }
    for (const m of r.send) channel.send(m);
    if (r.kept && keptKey) writeText(keptKey, JSON.stringify(r.kept), { report: false });
    const status = document.querySelector("[data-people-state='guest']");
    if (r.type === "welcome" && status) status.textContent = t("people.join.waitingOthers");
    if (r.type === "refused" && pendingPlay && pendingPlay.n === r.ack) {
      pendingPlay.reject(refused(r.refused.reason, r.refused.error)); pendingPlay = null;
    }
    if (r.type === "phrase") said(r.phrase);
    if (r.type === "reveals") {
      const v = r.verified;
      const words = () => (v.verified ? t("people.dealVerified") : t("people.dealNotVerified", { why: v.why }));
      document.documentElement.dataset.dealVerified = String(v.verified);
      announce(words);
    }
    if (r.type !== "state") return;
    lastView = r.view;
    const played = { event: r.event, view: r.view };
    if (pendingPlay && pendingPlay.n === r.ack) { pendingPlay.resolve(played); pendingPlay = null; return; }
    if (!started) {
      started = true;
      dialog().close();
      await phrasesBar(async (id) => {
        const { text } = await people("guest_say", { phrase: id });
        channel.send(text);
        said({ seat: lastView.seat, phrase: id });
      });
      await resume(r.view);
      return;
    }
    const seat = r.event?.seat;
    if (r.event && seat !== undefined && r.view.seats?.[seat]?.human === false) {
      // a computer's play: the table's computer_step takes it (now, or when it asks)
      if (computerWaiter) { const w = computerWaiter; computerWaiter = null; w(played); } else computerPlays.push(played);
      return;
    }
    if (!r.event && r.view.phase === "play" && dealWaiter) { const w = dealWaiter; dealWaiter = null; w(r.view); return; }
    playedElsewhere(r.view, r.event);  // not awaited: the table takes it once it is idle
  });
}

/** An invitation opened (#join=…): ask the name, answer the offer, show the reply code, then play
 *  this seat of the host's match. */
export async function joinTable() {
  const d = dialog();
  let invite = null;
  try { invite = fromCode(location.hash.slice("#join=".length)); } catch { invite = null; }
  d.replaceChildren();
  if (!invite || invite.v !== LINK_VERSION || !Number.isInteger(invite.s) || typeof invite.o !== "string") {
    d.insertAdjacentHTML("beforeend", `<h2 id="people-title">${esc(t("people.join.title"))}</h2><p role="alert">${esc(t("people.join.badLink"))}</p>`);
    d.showModal();
    return;
  }
  routeGame(guestRoute);
  d.insertAdjacentHTML("beforeend", `<h2 id="people-title">${esc(t("people.join.title"))}</h2>
    <p>${esc(t("people.join.intro", { n: invite.s + 1 }))}</p>
    <form class="people__join"><label class="ng-field">${esc(t("people.join.name"))}
      <input name="name" maxlength="24" autocomplete="nickname" data-testid="people-name"></label>
      <div class="dialog__actions"><button class="btn btn--primary" data-testid="people-join">${esc(t("people.join.button"))}</button></div></form>`);
  const form = d.querySelector("form");
  form.elements.name.value = readText(NAME_KEY) || "";
  d.addEventListener("cancel", (e) => e.preventDefault());  // this page is only the seat: nothing behind it to go back to
  d.showModal();
  await new Promise((resolve) => form.addEventListener("submit", (e) => { e.preventDefault(); resolve(); }, { once: true }));
  const name = form.elements.name.value.trim().slice(0, 24);
  if (name) writeText(NAME_KEY, name, { report: false });
  form.querySelector("button").disabled = true;
  keptKey = ownKey(`settebello.people.kept.${invite.k}`);
  let kept = null;
  try { kept = JSON.parse(readText(keptKey) || "null"); } catch { kept = null; }
  let joined;
  try { joined = await people("join", { seat: invite.s, token: invite.k, name: name || null, kept }); }
  catch { joined = await people("join", { seat: invite.s, token: invite.k, name: name || null }); }  // damaged: without it
  const { hello } = joined;
  const pc = new RTCPeerConnection(RTC);
  pc.addEventListener("datachannel", (e) => {
    channel = e.channel;
    channel.addEventListener("open", () => channel.send(hello));
    channel.addEventListener("message", (m) => guestReceive(m.data));
  });
  await pc.setRemoteDescription({ type: "offer", sdp: invite.o });
  await pc.setLocalDescription(await pc.createAnswer());
  await gathered(pc);
  const code = toCode({ v: LINK_VERSION, s: invite.s, a: pc.localDescription.sdp });
  form.remove();
  d.insertAdjacentHTML("beforeend", `<label class="ng-field">${esc(t("people.join.reply"))}
    <textarea readonly rows="3" data-testid="people-answer"></textarea></label>`);
  const field = d.querySelector("textarea");
  field.value = code;
  d.append(copyShare(field, "people-answer"));
  d.insertAdjacentHTML("beforeend", `<p class="people__state" role="status" data-people-state="guest">${esc(t("people.join.waitingHost"))}</p>`);
  field.focus();
}
