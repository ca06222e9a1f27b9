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
//
// Relay path (Settings: Play with people; by default): each remote seat has a room of its own on
// the relays (trystero's Nostr strategy, static/vendor/trystero/, imported only then), its name
// and password drawn here and carried in the link's fragment with the relays and STUN servers
// to use; both pages join it, trystero exchanges the connection setup through the relays
// (encrypted with the room's password) and the game's messages go peer to peer. The link carries
// the hand path's offer too: whichever connects first carries the seat.
import { connectEngine, routeGame, EngineRefusal } from "./engine.js";
import { t } from "./i18n.js";
import { emit, onView, view as currentView } from "./store.js";
import { readText, writeText, remove, ownKey } from "./storage.js";
import { announce } from "./announce.js";
import { esc, refusalText, variantName, shownName } from "./names.js";
import { mmss } from "./clock.js";
import { focusTheDeal, playedElsewhere, resume } from "./table.js";
import { keepRecord } from "./history.js";
import { meeting, RELAY_RE, STUN_RE } from "./settings.js";

const RTC = { iceServers: [] };  // the hand path: host candidates only, nothing to any other host
const NAME_KEY = ownKey("settebello.people.name");
// the host's table with people (people.py PeopleHost.save, and each seat's room), kept beside the
// match's save (persist.js) so that a reload of the host's page plays on with the same people
const HOST_KEY = ownKey("settebello.people.host");
const LINK_VERSION = 1;
const APP_ID = "settebello/people/1";  // trystero's: the rooms of this game on a relay
const MAX_ADDRESSES = 8;
const SECRET_RE = /^[\w-]{24}$/;  // a room's name or password: secret()'s 18 random bytes, base64url

// trystero announces a page in a room 4 times in its first 2 s, then once a minute only: a guest's
// page that met no host's page this long after joining the seat's room joins it again (then
// after twice as long, up to a minute), announcing itself again at once (people.js meetHost)
/** Which offer an SDP answers or is: its ICE user name (`a=ice-ufrag`), a new one for each
 *  invitation. A reply code carries its offer's, so that the host's page tells a reply to an old
 *  invitation (a guest's page reloaded on the hand path answers the link it was opened with)
 *  from one to the seat's invitation now, and never applies it: that broke the seat's connection. */
const ufrag = (sdp) => /^a=ice-ufrag:(\S{1,256})\r?$/m.exec(sdp)?.[1] ?? null;
const MEET_AGAIN_MS = 8_000;
const HELLO_AGAIN_MS = 3_000;  // the hand path's hello said again while the host's page has not answered
const MEET_AGAIN_MAX_MS = 60_000;
// how long after joining a room with no relay's socket open a page says the relays are not reached
// (a device with no internet: the reply code carries the seat; the review of 2026-11-30)
const NO_RELAYS_MS = 12_000;
// how long a New game waits for the last table's rooms to be left (trystero says goodbye to each
// peer in them first) before it joins its own anyway
const LEAVE_MAX_MS = 3_000;

let trysteroModule = null;
/** trystero's Nostr strategy, loaded the first time a room is joined (never otherwise). */
const trystero = () => (trysteroModule ??= import("../vendor/trystero/nostr/index.mjs").then((m) => { mark("relay-library"); return m; }));

/** A step of the guest's join on the page's own timeline (performance marks "people:…", read by
 *  benchmarks/people_join.py): where a friend's first seconds go. */
const mark = (step) => performance.mark(`people:${step}`);

const b64url = (bytes) => btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
const secret = () => b64url(crypto.getRandomValues(new Uint8Array(18)));

/** The QR code of `text` (a link, a reply code) as an SVG image named `label`: lean-qr, loaded the
 *  first time; two CSS pixels a module at least, on white with the quiet zone a scanner needs. */
async function qrCode(text, label, testid) {
  const [{ generate }, { toSvg }] = await Promise.all([
    import("../vendor/lean-qr/index.mjs"), import("../vendor/lean-qr/extras/svg.mjs")]);
  const svg = toSvg(generate(text), document, { on: "#000", off: "#fff", pad: 4, scale: 2 });
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", label);
  svg.classList.add("people__qr");
  svg.dataset.testid = testid;
  qrStyle();
  return svg;
}

function qrStyle() {
  if (document.getElementById("people-qr-style")) return;
  const style = document.createElement("style");
  style.id = "people-qr-style";
  style.textContent = `.people__qr { display: block; max-width: 100%; height: auto; margin: .3rem 0; background: #fff; }`;
  document.head.append(style);
}

/** A room for a seat, as its link carries it: name, password, relays (absent: the library's
 *  public ones) and STUN servers; null when the Settings say the devices meet by hand only. */
function newMeeting() {
  const { relays, iceServers } = meeting();
  if (relays && !relays.length) return null;
  const m = { r: secret(), p: secret(), i: iceServers.map((s) => s.urls) };
  if (relays) m.u = relays;
  return m;
}

const addressList = (v, re) => Array.isArray(v) && v.length <= MAX_ADDRESSES && v.every((a) => typeof a === "string" && a.length <= 200 && re.test(a));
/** Whether a link's room is one this page can join (a damaged or hostile link is not joined). */
function validMeeting(m) {
  return !!m && typeof m === "object" && SECRET_RE.test(m.r) && SECRET_RE.test(m.p) && addressList(m.i, STUN_RE)
    && (m.u === undefined || (addressList(m.u, RELAY_RE) && m.u.length > 0));
}

/** Join a seat's room on the relays: `onText(text, link)` for each message of a peer, whose
 *  `link` sends back to that peer; `onJoin(link)` and `onLeave(peerId)` as peers come and go. */
async function joinMeeting(m, { onJoin, onLeave, onText }) {
  const { joinRoom } = await trystero();
  await leaving;  // the last table's rooms left first (stopHosting)
  const config = { appId: APP_ID, password: m.p, rtcConfig: { iceServers: m.i.map((urls) => ({ urls })) } };
  if (m.u) config.relayConfig = { urls: m.u };
  const room = joinRoom(config, m.r);
  const action = room.makeAction("msg");
  const links = new Map();
  const link = (peerId) => {
    if (!links.has(peerId)) {
      links.set(peerId, { peerId, readyState: "open",
        send: (text) => action.send(text, { target: peerId }).catch((err) => console.warn(`Settebello: ${err.message}`)) });
    }
    return links.get(peerId);
  };
  room.onPeerJoin = (peerId) => onJoin?.(link(peerId));
  room.onPeerLeave = (peerId) => { const l = links.get(peerId); if (l) l.readyState = "closed"; links.delete(peerId); onLeave?.(peerId); };
  action.onMessage = (data, { peerId }) => { if (typeof data === "string") onText(data, link(peerId)); };
  return room;
}

/** After NO_RELAYS_MS, `then()` when none of the relays could be reached (trystero's sockets:
 *  none open), so that a page without internet says to use the reply code instead of waiting on. */
function whenNoRelays(then) {
  setTimeout(async () => {
    const { getRelaySockets } = await trystero();
    const sockets = Object.values(getRelaySockets?.() ?? {});
    if (!sockets.some((ws) => ws?.readyState === WebSocket.OPEN)) then();
  }, NO_RELAYS_MS);
}

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
    peopleStyle();
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

const STYLE = `.people-phrases { position: fixed; left: 12px; top: calc(var(--people-top, 88px) + 8px); z-index: 5; display: flex; flex-direction: column;
  align-items: flex-start; gap: 4px; max-width: min(260px, calc(100vw - 24px)); }
.people-phrases .btn { min-height: 44px; min-width: 44px; }
.people-phrases__list { display: flex; flex-direction: column; gap: 4px; }
.people-phrases__list[hidden] { display: none; }
/* the phrases, while open: a menu over the table, opaque, its buttons two by two on a phone */
.people-phrases__list { padding: 6px; border-radius: 14px; background: #0d3322; box-shadow: 0 8px 24px rgba(0, 0, 0, .55); }
.people-phrases__list .btn { background: #f3ead2; color: #14402a; border-color: #f3ead2; }
/* what was said, who is reconnecting: on a dark ground, over whatever it meets, broken between words only */
.people-phrases__said { margin: 0; color: #fff; max-width: 260px; padding: .15rem .5rem; border-radius: 8px;
  background: rgba(0, 0, 0, .62); overflow-wrap: normal; word-break: normal; hyphens: manual; }
.people-phrases__said:empty { display: none; }
/* the invitations shown beside the table (a seat that left, the host's page reloaded): under the
   bar, above the table's cards and badges, scrolled within when taller than the window */
#people-dialog:not(:modal)[open] { position: fixed; z-index: 45; inset: calc(var(--people-top, 5rem) + 6px) .6rem auto auto; margin: 0;
  width: min(calc(100vw - 1.2rem), 26rem); max-height: calc(100vh - var(--people-top, 5rem) - 12px); overflow: auto; }
/* its Hide always in sight, at the foot of the panel however far its invitations scroll */
#people-dialog:not(:modal) > .dialog__actions { position: sticky; bottom: -1rem; margin: .4rem -1.1rem -1rem; padding: .5rem 1.1rem .8rem;
  background: inherit; box-shadow: 0 -6px 12px -8px rgba(0, 0, 0, .35); }
/* a wide window gives the table the room the panel takes, so the person's seat and its words stay
   in sight beside it (a review at 1366 x 800: "Your turn: play a ca" cut under the panel) */
@media (min-width: 1100px) {
  body:has(#people-dialog:not(:modal)[open]) .felt { padding-right: calc(min(calc(100vw - 1.2rem), 26rem) + 1.2rem); }
}
/* beside the table, only the invitations of the seats away: the others play on, their links spent */
#people-dialog:not(:modal) .people__seat:not([data-away]) { display: none; }
.people__table { margin: .2rem 0 .6rem; padding-left: 1.2rem; }
.people__mine { font-weight: 700; }
.people__team { white-space: nowrap; }
@media (max-width: 700px) {
  /* under the Say button and clear of the seat above the table: the felt's empty corner */
  .people-phrases { left: 4px; top: calc(var(--people-top, 84px) + 4px); }
  .people-phrases__open[aria-expanded="false"] { margin-bottom: 30px; }
  .people-phrases__said { max-width: 40vw; font-size: .75rem; line-height: 1.2; }
  .people-phrases__list { display: grid; grid-template-columns: 1fr 1fr; width: calc(100vw - 8px); }
}`;

/** The people's own styles, added once (this module is loaded only at a table with people). */
function peopleStyle() {
  if (document.getElementById("people-style")) return;
  const style = document.createElement("style");
  style.id = "people-style"; style.textContent = STYLE;
  document.head.append(style);
  // --people-top: where the page's bar ends (its height changes with the scores' line and the width)
  const bar = document.querySelector(".bar");
  const measure = () => document.documentElement.style.setProperty("--people-top", `${Math.ceil(bar.getBoundingClientRect().bottom)}px`);
  if (bar) { measure(); if (typeof ResizeObserver === "function") new ResizeObserver(measure).observe(bar); }
}

/** The invitations beside the table (not modal: the table goes on), just under the page's bar. */
function showBeside(d) {
  peopleStyle();
  besideActions(d);
  d.show();
  d.scrollTop = 0;
  invitesButton();
}

/** During the match the panel's one button hides it (the table plays on, the seat still waits),
 *  and the focus goes to "Invite again" beside the phrases, which shows it again. */
function besideActions(d) {
  if (!hostStarted) return;
  for (const f of d.querySelectorAll(":scope > .dialog__actions")) f.remove();
  d.insertAdjacentHTML("beforeend", `<div class="dialog__actions"><button type="button" class="btn" data-testid="people-hide">${esc(t("people.hide"))}</button></div>`);
  d.lastElementChild.querySelector("button").addEventListener("click", () => {
    d.close();
    invitesButton();
    document.querySelector("[data-testid=people-invites]:not([hidden])")?.focus();
  });
  if (!d.dataset.hides) {
    d.dataset.hides = "1";
    d.addEventListener("close", invitesButton);
  }
}

/** The table's phrases (Python's list: no free text) behind one button at the felt's corner,
 *  and the line where what was said shows; `say(id)` sends one. */
async function phrasesBar(say) {
  document.getElementById("people-phrases")?.remove();
  peopleStyle();
  const { phrases } = await people("phrases");
  const bar = document.createElement("div");
  bar.id = "people-phrases"; bar.className = "people-phrases";
  bar.insertAdjacentHTML("beforeend", `<button type="button" class="btn people-phrases__open" aria-expanded="false"
    aria-controls="people-phrase-list" aria-label="${esc(t("people.phrases"))}" data-testid="people-say">${esc(t("people.say"))}</button>
    <div id="people-phrase-list" class="people-phrases__list" role="group" aria-label="${esc(t("people.phrases"))}" hidden></div>
    <button type="button" class="btn people-phrases__invites" data-testid="people-invites" hidden>${esc(t("people.showInvites"))}</button>
    <p class="people-phrases__said" data-testid="people-said"></p>
    <p class="people-phrases__said" role="status" data-testid="people-presence"></p>`);
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
  bar.querySelector(".people-phrases__invites").addEventListener("click", () => { showBeside(dialog()); dialog().querySelector("input, textarea, button")?.focus(); });
  document.body.append(bar);  // outside the felt, which is inert while the score sheet shows
  invitesButton();
}

/** The host's way back to the invitations it hid (Hide): shown while a seat is away and they are not. */
function invitesButton() {
  const b = document.querySelector("[data-testid=people-invites]");
  if (!b) return;
  const d = document.getElementById("people-dialog");
  b.hidden = !(hosting && hostStarted && [...away].some((w) => w !== "host") && !d?.open);
}

const away = new Set();  // the seats (or "host") reconnecting, as this page was told
let hostAwayKey = "people.join.hostLeft";  // what "host" in `away` says: reconnecting (relays), or gone (by hand)
/** Show who is reconnecting (a seat that dropped, the host's device), beside the phrases. */
function presence(who, gone) {
  if (gone) away.add(who); else away.delete(who);
  document.querySelector(`#people-dialog .people__seat[data-seat="${who}"]`)?.toggleAttribute("data-away", gone);
  const names = [...away].map((w) => (w === "host" ? t(hostAwayKey) : t("people.away", { name: currentView()?.players?.[w] ?? "" })));
  const el = document.querySelector("[data-testid=people-presence]");
  if (el) el.textContent = names.join(" ");
  invitesButton();
}

/** Show and say a phrase said at `seat`. */
function said({ seat, phrase }) {
  // what this page's own person said is theirs ("You: Good game"), as the table says "You played"
  const line = () => t("people.said", { name: seat === currentView()?.seat ? t("access.you") : currentView()?.players?.[seat] ?? "",
    phrase: t(`people.phrase.${phrase}`) });
  const el = document.querySelector("[data-testid=people-said]");
  if (el) el.textContent = line();
  announce(line);
}

// ------------------------------------------------------------------ the host

const seats = new Map();  // remote seat -> {pc, channel, active}: active, the link its person talks through
const meetings = new Map();  // remote seat -> {m, room}: its room on the relays, kept for the match
let hosting = false;
let hostStarted = false;  // the match has dealt
let tableId = 0;          // which table with people the host's page has open (a New game makes another)
let leaving = Promise.resolve();  // the rooms of the host's last table, until trystero has left them
let tableShown = null;    // the table each invitation shows its friend (invitation.py table_summary)

function sendAll(list) {
  for (const [seat, text] of list || []) {
    const s = seats.get(seat);
    const link = s?.active?.readyState === "open" ? s.active : s?.channel;
    if (link?.readyState === "open") link.send(text);
  }
}

/** The host's Next hand is the next deal both sides drew; a new game ends the table with people. */
function hostRoute(op, arg, direct) {
  if (op === "next_hand") return hostNextHand();
  if (op === "record") return people("record");  // with each deal's commitments and reveals
  if (op === "tick") return people("tick");  // a dropped seat's grace time not charged (people.py)
  if (op === "new_game" || op === "restore") stopHosting();
  return direct(op, arg);
}

let heard = 0;          // the guests' messages the host's Python has taken (hostReceive)
let dealWait = null;    // the host's Next hand, waiting for the guests' parts of the deal: {resolve, reject}

/** The host's Next hand: the next deal once every device has drawn its part of it; until then the
 *  score sheet says it waits, and the deal is made as soon as a guest's message comes (hostReceive). */
async function hostNextHand() {
  for (;;) {
    const before = heard;
    try {
      const r = await people("next_hand");
      sheetNote(null);
      sendAll(r.send); keepTable();
      return r.view;
    } catch (err) {
      if (err?.reason !== "people.waiting" || !hosting) { sheetNote(null); throw err; }
      sheetNote("people.waitingDeal");
      if (heard === before) await new Promise((resolve, reject) => { dealWait = { resolve, reject: () => reject(err) }; });
    }
  }
}

/** A line on the score sheet above its buttons (`key`'s words, said), or none (null). */
function sheetNote(key) {
  const card = document.querySelector("#sheet .sheet__card");
  let note = card?.querySelector("[data-testid=people-sheet-note]");
  if (!key) { note?.remove(); return; }
  if (!card) return;
  if (!note) {
    note = document.createElement("p");
    note.className = "sheet__note"; note.setAttribute("role", "status"); note.dataset.testid = "people-sheet-note";
    card.querySelector(".sheet__actions")?.before(note);
  }
  note.textContent = t(key);
}

/** Keep the table with people beside the match's save (after what changed it). */
function keepTable() {
  if (!hosting) return;
  const table = tableId;
  serial(async () => {
    const r = await people("save");
    if (table !== tableId || r.error) return;
    const rooms = Object.fromEntries([...meetings].map(([seat, { m }]) => [seat, m]));
    writeText(HOST_KEY, JSON.stringify({ saved: r.saved, rooms }), { report: false });
  });
}

function stopHosting() {
  if (hosting) tell("ended");
  tableId += 1;
  remove(HOST_KEY);
  document.getElementById("people-phrases")?.remove();
  for (const { pc } of seats.values()) pc.close();
  seats.clear();
  // (null: kept, not joined again yet). The next table's rooms are joined once these are left:
  // trystero keeps its pool of ready offers while any room is joined, and an offer of that pool
  // older than 57 s (remade by trystero with an ICE restart) never connected to the guest's page:
  // a host's page that made tables one after another, each joined before the last was left, met
  // no guest it had to call first (the lower peer id calls) once its pool was a minute old
  const left = [...meetings.values()].map(({ room }) => room?.then((r) => r.leave()));
  if (dealWait) { const w = dealWait; dealWait = null; w.reject(); }  // no next deal at this table
  leaving = Promise.race([Promise.all(left), new Promise((resolve) => { setTimeout(resolve, LEAVE_MAX_MS); })]).catch(() => {});
  meetings.clear();
  hosting = false;
  routeGame(null);
}

function setState(seat, key, params = {}) {
  const el = dialog().querySelector(`[data-people-state="${seat}"]`);
  if (el) el.textContent = t(key, params);
}

/** A guest's message: the host's Python checks it and says what to send and what changed here. */
function hostReceive(seat, text, link) {
  const s = seats.get(seat);
  if (s && link) s.active = link;  // the seat's person talks through this link (the last one heard)
  return serial(async () => {
    const out = await people("receive", { seat, text });
    sendAll(out.send);
    heard += 1;
    if (dealWait) { const w = dealWait; dealWait = null; w.resolve(); }  // the Next hand asks again
    if (out.send?.length) keepTable();
    if (out.host?.joined !== undefined) {
      setState(seat, "people.state.joined");
      presence(seat, false);
      if (hostStarted && !away.size && dialog().open) {  // everyone is back: the invitations go
        dialog().close();
        focusTheDeal();
      }
    }
    if (out.host?.phrase) said(out.host.phrase);
    if (out.host?.started) {
      hostStarted = true;
      tell("playing");
      dialog().close();
      await phrasesBar((id) => serial(async () => { const r = await people("say", { phrase: id }); sendAll(r.send); said(r.phrase); }));
      await resume(out.host.started, { focus: true });  // the focus the closed invitations gave back to New game: to the table
    } else if (out.host?.view) {
      await playedElsewhere(out.host.view, out.host.event);
    }
  });
}

/** The page an invitation opens: this one, as the game's own page (an embed's frame values for
 *  its parent page - embed, parent, people, start - left out: the friend plays in a page of theirs). */
function joinPage() {
  const url = new URL(location.href);
  url.hash = "";
  for (const k of ["embed", "parent", "people", "start"]) url.searchParams.delete(k);
  return url.href.replace(/#$/, "");
}

/** What the page around an embed is told (embed.js: settebello:people): the table with people's
 *  step and its remote seats, never an invitation link. */
const tell = (state) => emit("people", { state, remote: [...seats.keys()].sort((a, b) => a - b) });

/** A seat's invitation: its connection, its link (the offer in the fragment) and the field for
 *  its reply code, as a list item. A seat whose channel closes (its page reloaded or closed) gets
 *  a new invitation in its place: its person opens it again and plays on at the same play. */
async function invitation(inv, { again = false } = {}) {
  const table = tableId;
  const pc = new RTCPeerConnection(RTC);
  const channel = pc.createDataChannel("settebello", { ordered: true });
  seats.set(inv.seat, { pc, channel, active: null });
  channel.addEventListener("message", (e) => hostReceive(inv.seat, e.data, channel));
  const meet = hostMeeting(inv);
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
  const m = (await meet)?.m;
  if (table !== tableId) { pc.close(); return null; }
  const code = toCode({ v: LINK_VERSION, s: inv.seat, k: inv.token, n: inv.name, o: pc.localDescription.sdp,
    ...(m ? { m } : {}), ...(tableShown ? { t: namedNow(tableShown) } : {}) });
  const link = `${joinPage()}#join=${code}`;
  const li = document.createElement("li");
  li.className = "people__seat";
  li.dataset.seat = inv.seat;
  const n = inv.seat + 1;
  li.insertAdjacentHTML("beforeend", `<h3>${esc(t("people.seat", { n, name: inv.name }))}</h3>
    <label class="ng-field">${esc(t("people.link"))}<input readonly data-testid="people-link-${inv.seat}"></label>`);
  const field = li.querySelector("input");
  field.value = link;
  li.append(copyShare(field, `people-link-${inv.seat}`));
  li.append(await qrCode(link, t("people.qrLink", { n }), `people-qr-${inv.seat}`));
  li.insertAdjacentHTML("beforeend", `<label class="ng-field">${esc(t("people.reply"))}<textarea rows="2" data-testid="people-reply-${inv.seat}"></textarea></label>
    <div class="dialog__actions"><button type="button" class="btn btn--primary" data-testid="people-connect-${inv.seat}">${esc(t("people.connect"))}</button></div>
    <p class="people__state" role="status" data-people-state="${inv.seat}">${esc(t(again ? (m ? "people.state.leftRelay" : "people.state.left") : m ? "people.state.waitingLink" : "people.state.waiting", { name: inv.name }))}</p>`);
  li.querySelector("button.btn--primary").addEventListener("click", async () => {
    const pasted = li.querySelector("textarea").value;
    if (!pasted.trim()) { setState(inv.seat, "people.noReply"); return; }  // nothing pasted yet: say what to do
    let reply;
    try { reply = fromCode(pasted); } catch { reply = null; }
    if (!reply || reply.v !== LINK_VERSION || reply.s !== inv.seat || typeof reply.a !== "string") {
      setState(inv.seat, "people.badReply");
      return;
    }
    if (reply.u !== ufrag(pc.localDescription.sdp)) {  // an older invitation's reply: this one's stays open
      setState(inv.seat, "people.oldReply", { name: inv.name });
      return;
    }
    setState(inv.seat, "people.state.connecting");
    try { await pc.setRemoteDescription({ type: "answer", sdp: reply.a }); }
    catch { setState(inv.seat, "people.badReply"); }
  });
  return li;
}

/** The seat's room on the relays, joined once for the match (a new invitation keeps it): null
 *  when the devices meet by hand only. A peer that leaves while it carries the seat: as a closed
 *  channel, a new invitation (the old link still joins the same room). */
function hostMeeting(inv) {
  const known = meetings.get(inv.seat);
  if (known?.room) return Promise.resolve(known);
  const m = known?.m ?? newMeeting();  // a room kept across the host's reload is joined again
  if (!m) return Promise.resolve(null);
  const table = tableId;
  const room = joinMeeting(m, {
    onJoin: () => { if (table === tableId) setState(inv.seat, "people.state.pageOpen"); },
    onLeave: (peerId) => {
      if (table === tableId && hosting && seats.get(inv.seat)?.active?.peerId === peerId) reinvite(inv);
    },
    onText: (text, link) => { if (table === tableId) hostReceive(inv.seat, text, link); },
  });
  const entry = { m, room };
  meetings.set(inv.seat, entry);
  whenNoRelays(() => {  // still waiting for the page to open: say how to go on by hand
    const el = dialog().querySelector(`[data-people-state="${inv.seat}"]`);
    if (table === tableId && el?.textContent === t("people.state.waitingLink")) setState(inv.seat, "people.state.noRelays");
  });
  return room.then(() => entry, (err) => {
    console.warn(`Settebello: the relays are not reached (${err.message}): the hand path still works`);
    meetings.delete(inv.seat);
    return null;
  });
}

/** The table an invitation shows, with the names its people gave once they joined (a new
 *  invitation during the match: the review of 2026-11-30 saw "Player 2" for Gina). */
function namedNow(tb) {
  const players = hostStarted ? currentView()?.players : null;
  if (!players || !Array.isArray(tb.s)) return tb;
  return { ...tb, s: tb.s.map((x, i) => (Array.isArray(x) && typeof players[i] === "string" ? [players[i], ...x.slice(1)] : x)) };
}

/** A seat's person left (a reload, a closed page, a lost connection): a new invitation for that
 *  seat, in the dialog shown beside the table (not modal: the table goes on until their turn). */
async function reinvite(inv) {
  seats.get(inv.seat)?.pc.close();
  // the others are told it is reconnecting; its clock waits the grace time (people.py DROP_GRACE_MS)
  serial(async () => { const r = await people("drop", { seat: inv.seat }); sendAll(r.send); keepTable(); });
  presence(inv.seat, true);
  const d = dialog();
  const li = await invitation({ ...inv, name: currentName(inv.seat) ?? inv.name }, { again: true });
  if (!li) return;
  li.toggleAttribute("data-away", away.has(inv.seat));
  const old = d.querySelector(`.people__seat[data-seat="${inv.seat}"]`);
  if (old) old.replaceWith(li); else d.querySelector(".people__seats")?.append(li);
  if (!d.open) showBeside(d);
  // through the relays their page finds this one again by itself (a review: told to send a link)
  const key = meetings.has(inv.seat) ? "people.state.leftRelay" : "people.state.left";
  announce(() => t(key, { name: currentName(inv.seat) ?? inv.name }));
}

const currentName = (seat) => currentView()?.players?.[seat] ?? null;
const newMeetingKind = () => (meeting().relays?.length === 0 ? "people.intro" : "people.introRelay");

/** New game with seats of people on other devices: one invitation per seat, then the match. */
export async function hostTable(config) {
  if (hosting && await rematchHosting(config)) return;
  if (hosting) stopHosting();
  hostStarted = false;
  const opened = await people("open", { config });
  tableShown = opened.table ?? null;
  hosting = true;
  routeGame(hostRoute);
  const d = dialog();
  d.replaceChildren();
  d.insertAdjacentHTML("beforeend", `<h2 id="people-title">${esc(t("people.title"))}</h2>
    <p>${esc(t(newMeetingKind()))}</p><ol class="people__seats"></ol>`);
  const list = d.querySelector(".people__seats");
  tableId += 1;
  for (const inv of opened.invites) {
    const li = await invitation(inv);
    if (!li) return;
    list.append(li);
  }
  d.insertAdjacentHTML("beforeend", `<form method="dialog" class="dialog__actions"><button class="btn" value="cancel">${esc(t("people.cancel"))}</button></form>`);
  d.addEventListener("cancel", () => { if (!hostStarted) stopHosting(); });
  tell("inviting");
  // before the match: Cancel ends the table with people; during it, only closes the dialog
  d.querySelector("form").addEventListener("submit", () => { if (!hostStarted) stopHosting(); });
  if (d.open) d.close();  // shown beside the table for a seat that left (reinvite)
  d.showModal();
}

// every change of the host's table (its own plays, the computers', a new hand) goes to the seats
onView((v, op) => {
  if (!hosting || op === "remote") return;
  serial(async () => { const r = await people("updates"); sendAll(r.send); if (r.send?.length) keepTable(); });
});

/** Another match with the same people, over the channels they are on (the finished match's
 *  Rematch, or a New game with the same seats on other devices): false when it cannot be (a match
 *  under way, a seat away, other seats: people.py PeopleHost.rematch), and new invitations go out. */
async function rematchHosting(config) {
  if (!hostStarted || away.size) return false;
  let r;
  try { r = await serial(() => people("rematch", { config })); } catch { return false; }
  if (!r?.send) return false;
  hostStarted = false;  // dealt once every device has drawn its part of the new match's first deal
  sendAll(r.send);
  keepTable();
  announce(() => t("people.rematchWaiting"));
  return true;
}

/** The host's page reloaded with a match with people on other devices (table.js, after the save
 *  restored it): the table with people kept beside it comes back, each seat's room is joined
 *  again (the relay path: its person's page finds it by itself) and each seat gets a new
 *  invitation (the hand path), shown beside the table; every seat is reconnecting until it is back. */
export async function resumeHosting() {
  let kept = null;
  try { kept = JSON.parse(readText(HOST_KEY) || "null"); } catch { kept = null; }
  const resumed = kept && await people("resume", { saved: kept.saved });
  if (!resumed || resumed.error) {
    console.warn(`Settebello: the table with people is not restored (${resumed?.error ?? "nothing kept"})`);
    return;
  }
  hosting = true;
  hostStarted = true;
  tableId += 1;
  tableShown = resumed.table ?? null;
  routeGame(hostRoute);
  for (const [seat, m] of Object.entries(kept.rooms || {})) {
    if (validMeeting(m)) meetings.set(Number(seat), { m, room: null });
  }
  await phrasesBar((id) => serial(async () => { const r = await people("say", { phrase: id }); sendAll(r.send); said(r.phrase); }));
  for (const seat of resumed.away) presence(seat, true);
  const d = dialog();
  d.replaceChildren();
  d.insertAdjacentHTML("beforeend", `<h2 id="people-title">${esc(t("people.title"))}</h2>
    <p>${esc(t(meetings.size ? "people.resumed" : "people.resumedHand"))}</p><ol class="people__seats"></ol>`);
  const list = d.querySelector(".people__seats");
  for (const inv of resumed.invites) {
    const li = await invitation(inv, { again: true });
    if (!li) return;
    li.toggleAttribute("data-away", away.has(inv.seat));
    list.append(li);
  }
  d.insertAdjacentHTML("beforeend", `<form method="dialog" class="dialog__actions"><button class="btn" value="close">${esc(t("action.close"))}</button></form>`);
  // beside the table, which plays on where it was; not when every seat found it again meanwhile
  if (!d.open && away.size) showBeside(d);
  tell("playing");
}

// ------------------------------------------------------------------ the guest

let channel = null;
let keptKey = null;         // this seat's deals kept across a reload (storage.js)
let recordId = null;        // this match's entry in the history (history.js), the same after a reload
let recordDue = false;      // a hand is over: its record joins the history once its last view came
let dealChecked = null;     // the last hand's deal as this page checked it: {deal, verified, why} (people.py)
let sheetWatch = null;

/** On a guest's score sheet, whether its hand's deal was verified (PEOPLE.md: "Deal verified"),
 *  seen as well as said (a review: only a screen reader heard it); drawn again with the sheet. */
function showDealChecked() {
  const card = document.querySelector("#sheet:not([hidden]) .sheet__card");
  if (!card) return;
  let note = card.querySelector("[data-testid=deal-verified]");
  const c = dealChecked, v = currentView();
  if (!c || !v || c.deal !== v.results?.length) { note?.remove(); return; }  // (deals numbered as the hands)
  const text = c.verified ? `✓ ${t("people.dealVerified")}` : t("people.dealNotVerified", { why: c.why });
  if (note?.textContent === text) return;
  if (!note) {
    note = document.createElement("p");
    note.className = "sheet__note sheet__verified"; note.dataset.testid = "deal-verified";
    note.dataset.verified = String(c.verified);
    const actions = card.querySelector(".sheet__actions");
    if (actions) actions.before(note); else card.append(note);
  }
  note.textContent = text;
}
let inviteToken = null;     // this seat's invitation (its key): names its matches' entries in the history
/** The history's entry of this seat's match `n` (1, the first, unnumbered). */
const matchRecordId = (n) => (Number.isInteger(n) && n > 1 ? `people-${inviteToken}-${n}` : `people-${inviteToken}`);
let lastView = null;
let started = false;
let welcomed = false;       // the host's page welcomed this seat: no reply code needed any more
let noRelays = false;       // none of the invitation's relays could be reached (whenNoRelays)
let pendingPlay = null;     // {n, resolve, reject}: this seat's play, until the host answers it
const computerPlays = [];   // a computer's play the table has not asked for yet ({event, view})
let computerWaiter = null;  // the table's computer_step, waiting for the host's next computer play
let dealWaiter = null;      // the table's Next hand, waiting for the host's next deal

function refused(reason, message) { return new EngineRefusal("game", message, reason, {}); }

/** A guest's New game (the page's, a finished match's): the host's device starts this table's
 *  games, and a game of this device's own leaves the table: said, and asked, first. */
function guestNewGame(e) {
  if (!started || !e.target.closest?.("#new, #sheet-new")) return;
  e.preventDefault(); e.stopImmediatePropagation();
  const d = dialog();
  if (d.open) d.close();
  d.replaceChildren();
  d.insertAdjacentHTML("beforeend", `<h2 id="people-title">${esc(t("people.guestNew.title"))}</h2>
    <p>${esc(t("people.guestNew.text"))}</p>
    <form method="dialog" class="dialog__actions"><button class="btn" value="leave" data-testid="people-leave">${esc(t("people.guestNew.leave"))}</button>
      <button class="btn btn--primary" value="stay" data-testid="people-stay">${esc(t("people.guestNew.stay"))}</button></form>`);
  d.returnValue = "";
  const stay = () => d.close("stay");  // Escape: stays (the join's own cancel is refused: joinTable)
  d.addEventListener("cancel", stay);
  d.addEventListener("close", () => {
    d.removeEventListener("cancel", stay);
    if (d.returnValue !== "leave") return;
    const url = new URL(location.href);  // the page afresh, without the invitation: this device's own game
    url.hash = "";
    location.assign(url.href.replace(/#$/, ""));
  }, { once: true });
  d.showModal();
  d.querySelector("[value=stay]").focus();
}

/** The guest's Session requests: a play goes to the host; a computer's play and the next deal
 *  are the host's, and come by themselves; the hint and the coach are this page's own; the rest
 *  is not this device's to do. */
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
  // this seat's own hint and coach, computed by this page's Python from its seat's view (seatview.py)
  if (op === "hint") return people("guest_hint", { level: arg });
  if (op === "coach") return people("guest_coach", { play: arg });
  if (op === "record") return people("guest_record");  // the record this device keeps (its hands over)
  if (op === "next_hand") {
    if (lastView?.phase === "play") return Promise.resolve(lastView);
    return new Promise((resolve) => { dealWaiter = resolve; });
  }
  return Promise.reject(refused("people.guest", t("people.notHere")));
}

function guestReceive(text) {
  if (!performance.getEntriesByName("people:first-message").length) mark("first-message");
  return serial(async () => {
    let r;
    try { r = await people("guest_receive", { text }); }
    catch (err) { console.warn(`Settebello: the host's message was refused (${refusalText(err)})`); return; }
    for (const m of r.send) channel.send(m);
    if (r.kept && keptKey) writeText(keptKey, JSON.stringify(r.kept), { report: false });
    const status = document.querySelector("[data-people-state='guest']");
    if (r.type === "welcome") {
      welcomed = true;
      if (status) status.textContent = t("people.join.waitingOthers");
      dialog().querySelectorAll("[data-people-reply]").forEach((el) => el.remove());
    }
    if (r.type === "refused" && pendingPlay && pendingPlay.n === r.ack) {
      pendingPlay.reject(refused(r.refused.reason, r.refused.error)); pendingPlay = null;
    }
    if (r.type === "phrase") said(r.phrase);
    if (r.type === "presence") presence(r.presence.seat, r.presence.away);
    if (r.type === "rematch") {  // the host's device starts another match with the same people
      started = false; lastView = null; recordDue = false;
      computerPlays.length = 0; computerWaiter = null; dealWaiter = null;
      recordId = matchRecordId(r.match);  // the last match's record stays in the history as it was
      delete document.documentElement.dataset.dealVerified;
      dealChecked = null;
      announce(() => t("people.rematchComing"));
    }
    if (r.type === "welcome") { mark("welcome"); presence("host", false); }
    if (r.type === "reveals") {
      const v = r.verified;
      const words = () => (v.verified ? t("people.dealVerified") : t("people.dealNotVerified", { why: v.why }));
      document.documentElement.dataset.dealVerified = String(v.verified);
      dealChecked = v;
      showDealChecked();
      announce(words);
      recordDue = true;
      await keepHands();
    }
    if (r.type !== "state") return;
    lastView = r.view;
    await keepHands();
    const played = { event: r.event, view: r.view };
    if (pendingPlay && pendingPlay.n === r.ack) { pendingPlay.resolve(played); pendingPlay = null; return; }
    if (!started) {
      started = true;
      mark("first-view");
      dialog().close();
      // the sheet is drawn anew (its hand's end, a language switched): its deal's word with it
      sheetWatch ??= new MutationObserver(showDealChecked);
      sheetWatch.observe(document.getElementById("sheet"), { childList: true, attributes: true, attributeFilter: ["hidden"] });
      await phrasesBar(async (id) => {
        const { text } = await people("guest_say", { phrase: id });
        channel.send(text);
        said({ seat: lastView.seat, phrase: id });
      });
      await resume(r.view, { focus: true });  // the join dialog closed by itself: the focus to the dealt hand, not the page
      mark("dealt");
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

/** The host's device left while the hand path carried this seat (its page closed or reloaded):
 *  said beside the phrases, and in a dialog over the table with what this person can do (no
 *  relay to find it again: the host's page shows a new invitation for this seat once it is back). */
function hostGoneByHand() {
  if (away.has("host")) return;
  hostAwayKey = "people.join.hostGone";
  presence("host", true);
  const d = dialog();
  if (d.open) d.close();
  d.replaceChildren();
  d.insertAdjacentHTML("beforeend", `<h2 id="people-title">${esc(t("people.join.hostGone"))}</h2>
    <p data-testid="people-host-gone">${esc(t("people.join.hostGoneHand"))}</p>
    <form method="dialog" class="dialog__actions"><button class="btn" value="close">${esc(t("action.close"))}</button></form>`);
  d.showModal();  // over the score sheet too: the table cannot go on without the host; Close shows it as it was
  d.querySelector("button").focus();
  announce(() => `${t("people.join.hostGone")}. ${t("people.join.hostGoneHand")}`);
}

/** Once a hand is over and its last view came (in either order): the match's record, its hands
 *  over with their commitments and reveals, joins this device's history (Records). */
async function keepHands() {
  if (!recordDue || !lastView || lastView.phase === "play") return;
  recordDue = false;
  try { keepRecord(recordId, await people("guest_record"), lastView); }
  catch (err) { console.warn(`Settebello: this match's record is not kept (${refusalText(err)})`); }
}

/** The guest's side of the seat's room on the relays `m`, joined as the invitation opens: the
 *  host's page (met there before this page's engine is even ready, often) is sent this seat's
 *  hello once `helloReady` has it; whichever of this and the hand path first carries a message
 *  from the host carries the seat (`closeHand()` then ends the hand path's connection). */
function meetHost(m, helloReady, closeHand) {
  let met = false;  // the host's page met in this room (its later comings and goings: trystero's)
  const handlers = {
    // the host, or the host again after its page reloaded: a new hello (numbered on from the last)
    onJoin: (link) => {
      met = true;
      mark("peer");
      helloReady.then((hello) => {
        if (link.readyState !== "open") return;  // (left meanwhile: its next join says hello)
        if (!channel) link.send(hello);
        else if (channel.peerId) people("guest_hello").then((r) => link.send(r.hello)).catch(() => {});
      });
    },
    onLeave: (peerId) => {
      if (channel?.peerId === peerId) presence("host", true);
    },
    onText: (text, link) => {
      if (channel && !channel.peerId) return;  // the hand path carries the seat
      if (channel !== link) { channel = link; closeHand(); }
      guestReceive(text);
    },
  };
  // no host's page met `wait` ms after joining (its announcements lost by a relay, a handshake
  // that failed): join the room again, so that this page announces itself again at once
  const join = (wait) => joinMeeting(m, handlers).then((room) => setTimeout(() => {
    if (met || (channel && !channel.peerId)) return;  // met, or the hand path carries the seat
    mark("meet-again");
    room.leave().catch(() => {}).then(() => join(Math.min(2 * wait, MEET_AGAIN_MAX_MS)));
  }, wait), (err) => console.warn(`Settebello: the relays are not reached (${err.message}): the reply code still works`));
  join(MEET_AGAIN_MS);
}

const SEAT_KINDS = { h: "people.kind.host", p: "people.kind.here", r: "people.kind.remote", c: "people.kind.computer" };
const whole = (n, hi) => Number.isInteger(n) && n >= 0 && n <= hi;
/** Whether an invitation's table (invitation.py table_summary, version 1) is one this page shows. */
function validTable(tb) {
  return !!tb && typeof tb === "object" && tb.v === 1 && typeof tb.g === "string" && /^[\w-]{1,32}$/.test(tb.g)
    && whole(tb.to, 999) && Array.isArray(tb.s) && tb.s.length >= 2 && tb.s.length <= 8
    && tb.s.every((x) => Array.isArray(x) && typeof x[0] === "string" && x[0].length <= 24 && Object.hasOwn(SEAT_KINDS, x[1]) && whole(x[2], 7))
    && (tb.c === undefined || (Array.isArray(tb.c) && tb.c.length === 2 && tb.c.every((n) => whole(n, 86_400))));
}

/** The table an invitation shows the friend who opens it (seat `mine`): the game and its target,
 *  who invites, who sits where (person, computer, their team), the clock; the seat alone from a
 *  link without it (an older host's page) or with one this page cannot read. */
function tableText(tb, mine) {
  if (!validTable(tb)) return `<p>${esc(t("people.join.intro", { n: mine + 1 }))}</p>`;
  const target = !tb.to ? t("score.single") : t(tb.x ? "score.targetLoses" : "score.target", { target: tb.to });
  const host = tb.s.find((x) => x[1] === "h");
  const game = `${variantName(tb.g)} · ${target}`;
  const intro = host ? t("people.join.invitedBy", { host: shownName(host[0]), game }) : t("people.join.invited", { game });
  const seatsList = tb.s.map(([name, kind, side], i) => {
    const who = i === mine ? t("people.kind.you") : t(SEAT_KINDS[kind]);
    const team = tb.t ? ` · <span class="people__team">${esc(t("seat.teamShort", { n: side + 1 }))}</span>` : "";
    return `<li${i === mine ? ' class="people__mine"' : ""}>${esc(t("people.seat", { n: i + 1, name: shownName(name) }))} (${esc(who)})${team}</li>`;
  }).join("");
  const clock = tb.c ? `<p>${esc(t("people.join.clock", { move: mmss(tb.c[0] * 1000), bank: mmss(tb.c[1] * 1000) }))}</p>` : "";
  return `<p data-testid="people-join-game">${esc(intro)}</p>
    <ul class="people__table" data-testid="people-join-seats">${seatsList}</ul>${clock}`;
}

/** An invitation opened (#join=…), from the page's first moment (table.js, while Python boots):
 *  ask the name and, on the relay path, join the seat's room at once, so that the relay library,
 *  the relays and the connection to the host's page are ready by the time the engine is (a
 *  friend's first seconds go to both together); once `ready` (this page's engine and table)
 *  and the name are there: answer the offer, show the reply code, then play this seat of the
 *  host's match. */
export async function joinTable(ready = Promise.resolve()) {
  const d = dialog();
  let invite = null;
  try { invite = fromCode(location.hash.slice("#join=".length)); } catch { invite = null; }
  d.replaceChildren();
  if (!invite || invite.v !== LINK_VERSION || !Number.isInteger(invite.s) || typeof invite.o !== "string"
      || (invite.m !== undefined && !validMeeting(invite.m))) {
    d.insertAdjacentHTML("beforeend", `<h2 id="people-title">${esc(t("people.join.title"))}</h2><p role="alert">${esc(t("people.join.badLink"))}</p>`);
    d.showModal();
    return;
  }
  routeGame(guestRoute);
  document.addEventListener("click", guestNewGame, true);  // before the table's own New game
  let pc = null;        // the hand path's connection, made once this seat's hello is ready
  let answered = null;  // its answer (the reply code's), made whichever path carries the seat
  let sayHello;         // resolves `helloReady` with this seat's hello (people.py), once joined
  const helloReady = new Promise((resolve) => { sayHello = resolve; });
  const closeHand = () => answered?.catch(() => {}).then(() => pc.close());
  if (invite.m) {
    meetHost(invite.m, helloReady, closeHand);
    whenNoRelays(() => {  // the reply code (shown once the engine is up) is then the way
      noRelays = true;
      const el = d.querySelector("[data-people-state='guest']");
      if (el && !welcomed) el.textContent = t("people.join.noRelays");
    });
  }
  d.insertAdjacentHTML("beforeend", `<h2 id="people-title">${esc(t("people.join.title"))}</h2>
    ${tableText(invite.t, invite.s)}
    <form class="people__join"><label class="ng-field">${esc(t("people.join.name"))}
      <input name="name" maxlength="24" autocomplete="nickname" data-testid="people-name"></label>
      <div class="dialog__actions"><button class="btn btn--primary" data-testid="people-join">${esc(t("people.join.button"))}</button></div></form>`);
  const offerKey = ownKey(`settebello.people.offer.${invite.k}`);  // the hand path's offer this device last answered
  if (readText(ownKey(`settebello.people.kept.${invite.k}`))) {
    // this device was at this table. On the hand path a reloaded page's link is spent (its
    // connection gone with the page), and the host's page shows this seat a new one; that new
    // one (another offer), or the relays' same room, plays on (a review: the new link's page
    // told its player to open a new link)
    const spent = !invite.m && readText(offerKey) === ufrag(invite.o);
    d.querySelector("form").insertAdjacentHTML("beforebegin", spent
      ? `<p data-testid="people-join-again">${esc(t("people.join.again"))}</p>`
      : `<p data-testid="people-join-back">${esc(t("people.join.welcomeBack"))}</p>`);
  }
  const form = d.querySelector("form");
  form.elements.name.value = readText(NAME_KEY) || "";
  d.addEventListener("cancel", (e) => e.preventDefault());  // this page is only the seat: nothing behind it to go back to
  d.showModal();
  mark("form");
  await new Promise((resolve) => form.addEventListener("submit", (e) => { e.preventDefault(); resolve(); }, { once: true }));
  mark("submit");
  const name = form.elements.name.value.trim().slice(0, 24);
  if (name) writeText(NAME_KEY, name, { report: false });
  writeText(offerKey, ufrag(invite.o) ?? "", { report: false });
  form.querySelector("button").disabled = true;
  form.insertAdjacentHTML("beforeend", `<p class="people__state" role="status">${esc(t("app.loading"))}</p>`);
  await ready;  // this page's engine (booting since the page opened)
  keptKey = ownKey(`settebello.people.kept.${invite.k}`);
  inviteToken = invite.k;
  let kept = null;
  try { kept = JSON.parse(readText(keptKey) || "null"); } catch { kept = null; }
  recordId = matchRecordId(kept?.match);
  let joined;
  try { joined = await people("join", { seat: invite.s, token: invite.k, name: name || null, kept }); }
  catch { joined = await people("join", { seat: invite.s, token: invite.k, name: name || null }); }  // damaged: without it
  const { hello } = joined;
  mark("joined");
  pc = new RTCPeerConnection(RTC);
  // the hand path and the relay path race: the first to carry a message from the host carries the seat
  pc.addEventListener("datachannel", (e) => {
    const hand = e.channel;
    let heard = false;  // a message from the host's page on this channel
    const unanswered = () => !heard && channel === hand && hand.readyState === "open";
    const opened = () => {
      if (channel) return;
      channel = hand;
      hand.send(hello);
      // a hello sent as the channel opened at times never reached the host's page (an idle
      // machine, 2 joins in 24: both pages said the channel was open, the host's heard nothing
      // and this one waited for ever): said again, numbered on, until the host answers
      const again = setInterval(() => {
        if (!unanswered()) { clearInterval(again); return; }
        people("guest_hello").then((r) => { if (unanswered()) hand.send(r.hello); }).catch(() => {});
      }, HELLO_AGAIN_MS);
    };
    hand.addEventListener("open", opened);
    // a channel the host's page opened may be open already as it is announced here: its "open"
    // then never comes, and this seat's hello was never sent (a loaded machine: the host's page
    // said Connected, this one waited for ever)
    if (hand.readyState === "open") opened();
    hand.addEventListener("message", (m) => { heard = true; if (channel === hand) guestReceive(m.data); });
    hand.addEventListener("close", () => { if (channel === hand) hostGoneByHand(); });
  });
  pc.addEventListener("connectionstatechange", () => {
    // the host's page gone without closing its connection (a crash, a lost network): ICE gives up
    if (["failed", "closed"].includes(pc.connectionState) && channel && !channel.peerId) hostGoneByHand();
  });
  answered = pc.setRemoteDescription({ type: "offer", sdp: invite.o })
    .then(async () => { await pc.setLocalDescription(await pc.createAnswer()); await gathered(pc); });
  sayHello(hello);  // (the hand path's answer is under way: the relay path closes it only once made)
  await answered;
  const code = toCode({ v: LINK_VERSION, s: invite.s, u: ufrag(invite.o), a: pc.localDescription.sdp });
  form.remove();
  const qr = await qrCode(code, t("people.qrReply"), "people-answer-qr");
  if (!welcomed) {  // (welcomed meanwhile through the relays: no reply code to send)
    d.insertAdjacentHTML("beforeend", `<label class="ng-field" data-people-reply>${esc(t(invite.m ? "people.join.replyFallback" : "people.join.reply"))}
      <textarea readonly rows="3" data-testid="people-answer"></textarea></label>`);
    const field = d.querySelector("textarea");
    field.value = code;
    const row = copyShare(field, "people-answer");
    row.dataset.peopleReply = "";
    qr.dataset.peopleReply = "";
    d.append(row, qr);
  }
  const waiting = welcomed ? "people.join.waitingOthers" : noRelays ? "people.join.noRelays"
    : invite.m ? "people.join.meeting" : "people.join.waitingHost";
  d.insertAdjacentHTML("beforeend", `<p class="people__state" role="status" tabindex="-1" data-people-state="guest">${esc(t(waiting))}</p>`);
  (d.querySelector("textarea") ?? d.querySelector("[data-people-state='guest']")).focus();
  mark("reply-code");
}
