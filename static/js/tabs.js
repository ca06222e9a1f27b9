// Tabs that know each other: every tab of the game keeps its match in a slot of its own, so two
// tabs (or a tab and the installed app) never write over each other's match.
//
//   const slot = await claimSlot(ids);   // ids: this deployment's saved slots, newest first
//
// A slot is an id; its match is saved under persist.js's key for that id. A tab holds its slot
// with a Web Lock (navigator.locks, "settebello:<scope>:<id>") for as long as it is open, and
// remembers it in sessionStorage, which a reload keeps and another tab does not share. So:
// - a reload takes its own slot back (waiting a moment for the page it replaces to let go);
// - a new tab takes the newest saved slot no open tab holds (the match the player left), or,
//   when every saved match is open in another tab, a new slot: it plays its own match;
// - a duplicated tab (which copies sessionStorage) finds its slot held, and takes another.
// Without Web Locks (an old browser) a tab keeps the slot of its sessionStorage, else the newest.
// A slot whose tab was closed with its match under way is free (isFree): Records takes its match in.
import { SCOPE } from "./storage.js";

const SESSION_KEY = `settebello.slot:${SCOPE}`;
const RELOAD_WAIT_MS = 3000; // a reloaded page's own lock is released as the old page goes

let mine = null;

function sessionId() {
  try { return sessionStorage.getItem(SESSION_KEY); } catch { return null; }
}

function remember(id) {
  try { sessionStorage.setItem(SESSION_KEY, id); } catch { /* storage blocked: a slot per load */ }
}

/** A new slot id: time and chance, readable in a key ("lz9k2a-4f7q"). */
export function newSlotId() {
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
}

/** Hold id's lock until the page goes; resolves true once held, false if another tab holds it. */
function hold(id, waitMs = 0) {
  if (!navigator.locks) return Promise.resolve(true);
  return new Promise((resolve) => {
    try {
      const options = waitMs ? { signal: AbortSignal.timeout(waitMs) } : { ifAvailable: true };
      navigator.locks.request(`settebello:${SCOPE}:${id}`, options, (lock) => {
        if (!lock) { resolve(false); return null; }
        resolve(true);
        return new Promise(() => {}); // held for the page's life
      }).catch(() => resolve(false)); // timed out: another open tab has it
    } catch {
      resolve(true); // no locks here (an opaque origin): nobody to collide with that we can see
    }
  });
}

// A reload asks for its own slot at once, as its modules load, not once the engine has booted: the
// slot is free only for the moment between the two pages, so another tab's Records does not take
// its match as a closed tab's (persist.js strayMatches; the review of 2026-12-02).
const reloaded = sessionId();
const ownHeld = reloaded ? hold(reloaded, RELOAD_WAIT_MS) : null;

/** This tab's slot: its own after a reload, else a saved one no tab holds, else a new one. */
export async function claimSlot(saved = []) {
  if (mine) return mine;
  const own = sessionId();
  if (own && await (own === reloaded ? ownHeld : hold(own, RELOAD_WAIT_MS))) {
    mine = own;
    return mine;
  }
  for (const id of saved) {
    if (id !== own && await hold(id)) {
      mine = id;
      remember(mine);
      return mine;
    }
  }
  mine = newSlotId();
  await hold(mine);
  remember(mine);
  return mine;
}

/** Whether no open tab holds slot id (its tab was closed): false where Web Locks cannot tell. */
export async function isFree(id) {
  if (!navigator.locks) return false;
  try {
    return await navigator.locks.request(`settebello:${SCOPE}:${id}`, { ifAvailable: true }, (lock) => lock !== null);
  } catch {
    return false;
  }
}

/** The slot claimed by claimSlot (null before). */
export function slot() { return mine; }
