// The connection to the daemon: JSON over HTTP long-polling, backoff while
// it is away, the indicator in the toolbar, and hidden tabs that stop
// polling and catch up when shown again.

import { THIS_MACHINE_HOST_NAMES } from './thisMachine.js';

/** Test and debugging hooks (see Tests/Browser). */
export const galley = (window.galley = { version: null, boot: null, patches: 0, resyncs: 0, state: 'connecting' });

/**
 * Whether the page is open on the daemon's own machine (loopback), the only
 * one given the QR codes that hold the LAN key.
 */
export function isThisMachine() {
  return THIS_MACHINE_HOST_NAMES.includes(location.hostname);
}

/** How long the daemon may hold a poll, in seconds. */
export const HOLD_SECONDS = 25;
const MIN_BACKOFF = 200;
const MAX_BACKOFF = 5000;
const OFFLINE_AFTER_MS = 15000;

/** Exponential backoff 200 ms → 5 s, reset on success. */
export class Backoff {
  constructor() { this.delay = 0; this.failingSince = null; }
  next() {
    if (this.failingSince === null) this.failingSince = Date.now();
    this.delay = this.delay ? Math.min(this.delay * 2, MAX_BACKOFF) : MIN_BACKOFF;
    return this.delay;
  }
  failingFor() { return this.failingSince === null ? 0 : Date.now() - this.failingSince; }
  reset() { this.delay = 0; this.failingSince = null; }
}

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

let visibleWaiters = [];
let currentPoll = null; // AbortController of the request in flight

export function whenVisible() {
  if (document.visibilityState !== 'hidden') return Promise.resolve();
  return new Promise((resolve) => visibleWaiters.push(resolve));
}

document.addEventListener('visibilitychange', () => {
  if (document.visibilityState === 'hidden') {
    setConnection('paused');
    if (currentPoll) currentPoll.abort('hidden');
  } else {
    const waiters = visibleWaiters;
    visibleWaiters = [];
    waiters.forEach((resolve) => resolve());
  }
});

// Back online: ask again at once rather than after the backoff.
window.addEventListener('online', () => { if (currentPoll) currentPoll.abort('online'); });
// Back from a phone's lock screen or the back-forward cache: the held poll
// may be long dead, so ask again (and resynchronise) at once.
window.addEventListener('pageshow', (event) => { if (event.persisted && currentPoll) currentPoll.abort('woke'); });

/** GET a JSON body; resolves {status, ok, body}; throws on network errors. */
export async function getJSON(url, holdSeconds) {
  const ctrl = new AbortController();
  currentPoll = ctrl;
  // A held request is answered within holdSeconds; if nothing comes back
  // well after that, the connection is dead even if the socket is not.
  const timer = setTimeout(() => ctrl.abort('timeout'), ((holdSeconds || 0) + 15) * 1000);
  try {
    const res = await fetch(url, { cache: 'no-store', signal: ctrl.signal, headers: { Accept: 'application/json' } });
    let body = null;
    try { body = await res.json(); } catch (_) { body = null; }
    return { status: res.status, ok: res.ok, body };
  } finally {
    clearTimeout(timer);
    if (currentPoll === ctrl) currentPoll = null;
  }
}

/** True for a poll this page aborted because its tab was hidden. */
export function isHiddenAbort(err) {
  return document.visibilityState === 'hidden' && !!err && (err.name === 'AbortError' || err === 'hidden');
}

const CONNECTION_TEXT = {
  connecting: 'connecting…',
  live: 'live',
  reconnecting: 'reconnecting…',
  offline: 'offline — retrying',
  paused: 'paused (tab hidden)',
};

export function setConnection(state) {
  galley.state = state;
  const el = document.getElementById('connection');
  if (!el) return;
  if (el.dataset.state === state) return;
  el.dataset.state = state;
  const text = el.querySelector('.conn-text');
  if (text) text.textContent = CONNECTION_TEXT[state] || state;
  el.title = 'Connection to the galley daemon: ' + (CONNECTION_TEXT[state] || state);
}

function failureState(backoff) {
  return (navigator.onLine === false || backoff.failingFor() > OFFLINE_AFTER_MS) ? 'offline' : 'reconnecting';
}

/** Notes the daemon's boot id; true when it differs from the one seen before. */
export function noteBoot(boot) {
  if (boot === undefined || boot === null) return false;
  const changed = galley.boot !== null && galley.boot !== boot;
  galley.boot = boot;
  return changed;
}

/** Waits out a failed poll: the indicator says so, the backoff says how long. */
export async function backOff(backoff) {
  const delay = backoff.next();
  setConnection(failureState(backoff));
  await sleep(delay);
}

/**
 * Holds a poll on the document list for as long as the page is open:
 * `each(answer)` sees every answer, and `changed(answer)` (awaited) those
 * whose version moved, the first, and any after the daemon restarted or
 * the connection was lost. The index and the changes view follow the
 * folder this way.
 */
export async function followDocumentList(changed, each = () => {}) {
  const backoff = new Backoff();
  let fresh = true;
  for (;;) {
    await whenVisible();
    try {
      let url = '/api/documents';
      if (!fresh && galley.version !== null) url += '?since=' + encodeURIComponent(galley.version);
      const r = await getJSON(url, HOLD_SECONDS);
      if (!r.ok || !r.body) throw new Error('HTTP ' + r.status);
      const rebooted = noteBoot(r.body.boot);
      each(r.body);
      if (fresh || rebooted || r.body.version !== galley.version) await changed(r.body);
      fresh = false;
      backoff.reset();
      setConnection('live');
    } catch (err) {
      if (isHiddenAbort(err)) continue;
      fresh = true;
      await backOff(backoff);
    }
  }
}
