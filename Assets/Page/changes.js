// The changes view (/changes?since=REV): the content folder as it is now
// against a git revision, with added, removed and changed blocks marked, as
// `galley diff REV` shows it. The daemon makes the marked page
// (/api/changes); this page waits on the document list's long-poll, as the
// index does, and fetches it again whenever the daemon published a change,
// keeping the reading position and the folds opened. The revision lives in
// the address. The reader steps from change to change with the toolbar's
// buttons or the keys n/j and p/k.
import { galley, followDocumentList } from './connection.js';
import { isForSomethingElse } from './navigation.js';

const $ = (id) => document.getElementById(id);

/** What the view compares with when the address names nothing: the last commit. */
export const DEFAULT_REVISION = 'HEAD';

/** The view's address for `revision`, the revision in it as its setting. */
export function changesAddress(revision) {
  return '/changes?since=' + encodeURIComponent(revision.trim() || DEFAULT_REVISION);
}

/** Keeps `link` opening the changes view since the revision typed in `input`. */
export function linkChanges(input, link) {
  const follow = () => { link.href = changesAddress(input.value); };
  input.addEventListener('input', follow);
  input.addEventListener('keydown', (e) => { if (e.key === 'Enter') { follow(); location.assign(link.href); } });
  follow();
}

export function changesPage() {
  const input = $('since');
  const holder = $('changes');
  const problem = $('changes-problem');
  const style = document.head.appendChild(document.createElement('style'));
  const root = document.documentElement;
  const updateStepping = stepThroughChanges(holder);
  let revision = new URLSearchParams(location.search).get('since') || DEFAULT_REVISION;
  input.value = revision;
  // One fetch at a time, in the order asked: a page never replaces a newer one.
  let shown = Promise.resolve();

  async function show() {
    const asked = revision;
    const res = await fetch('/api/changes?since=' + encodeURIComponent(asked), { cache: 'no-store' });
    const text = await res.text();
    if (asked !== revision) return;
    root.dataset.changesStatus = String(res.status);
    if (!res.ok) {
      problem.textContent = text.trim() || 'HTTP ' + res.status;
      problem.hidden = false;
      holder.replaceChildren();
    } else {
      const page = new DOMParser().parseFromString(text, 'text/html');
      const top = window.scrollY;
      style.textContent = Array.from(page.querySelectorAll('style'), (el) => el.textContent).join('\n');
      const opened = new Set(Array.from(holder.querySelectorAll('details.review-fold[open]'), (el) => el.dataset.fold));
      for (const fold of page.querySelectorAll('details.review-fold')) fold.open = opened.has(fold.dataset.fold);
      holder.replaceChildren(...Array.from(page.body.childNodes, (node) => document.importNode(node, true)));
      problem.hidden = true;
      window.scrollTo(window.scrollX, top);
    }
    updateStepping();
    galley.changesShown = (galley.changesShown || 0) + 1;
    root.dataset.changesShown = String(galley.changesShown);
  }

  function refresh() {
    // After a failed fetch too: the next one is not held back by it.
    shown = shown.catch(() => {}).then(show);
    return shown;
  }

  // A commit changes what a branch names without a save the daemon would
  // publish: made in a terminal, it is seen when the author comes back here.
  window.addEventListener('focus', () => { refresh().catch(() => {}); });

  input.addEventListener('change', () => {
    revision = input.value.trim() || DEFAULT_REVISION;
    history.replaceState(history.state, '', changesAddress(revision));
    refresh().catch(() => {});
  });

  followDocumentList(async (answer) => {
    galley.version = answer.version;
    await refresh();
    root.dataset.galleyVersion = String(answer.version);
  });
}

/**
 * The toolbar's previous and next change, and their keys, over the marked
 * blocks in `holder` (a changed block's old version goes with its new one).
 * Returns `update()`, to call when the view was shown again: the change
 * stepped to stays current when it is still there.
 */
function stepThroughChanges(holder) {
  const previous = $('previous-change');
  const next = $('next-change');
  const position = $('change-position');
  const changes = () => Array.from(holder.querySelectorAll('[data-review]:not([data-review="before"])'));
  let current = null;

  /** The change `by` steps from the current one; with none current, the first below (or above) the window's top. */
  function target(list, by) {
    const at = list.indexOf(current);
    if (at >= 0) return list[at + by];
    const tops = list.map((el) => el.getBoundingClientRect().top);
    if (by > 0) return list.find((_, i) => tops[i] > 1) || list[list.length - 1];
    return list.findLast((_, i) => tops[i] < -1) || list[0];
  }

  function show(list) {
    const at = list.indexOf(current);
    position.textContent = list.length === 0 ? 'no changes'
      : (at >= 0 ? (at + 1) + ' of ' + list.length : list.length) + (list.length === 1 ? ' change' : ' changes');
    previous.disabled = list.length === 0 || at === 0;
    next.disabled = list.length === 0 || at === list.length - 1;
    holder.dataset.currentChange = String(at);
  }

  function step(by) {
    const list = changes();
    const to = target(list, by);
    if (!to) return;
    if (current) delete current.dataset.reviewCurrent;
    current = to;
    current.dataset.reviewCurrent = '';
    current.scrollIntoView({ block: 'center' });
    show(list);
  }

  previous.addEventListener('click', () => step(-1));
  next.addEventListener('click', () => step(1));
  const keys = { n: 1, j: 1, p: -1, k: -1 };
  document.addEventListener('keydown', (event) => {
    if (isForSomethingElse(event) || !Object.hasOwn(keys, event.key)) return;
    event.preventDefault();
    step(keys[event.key]);
  });

  return function update() {
    const list = changes();
    // The view was made again: the same block, by its id, is the current change.
    const id = current && current.id;
    current = (id && list.find((el) => el.id === id)) || null;
    if (current) current.dataset.reviewCurrent = '';
    show(list);
  };
}
