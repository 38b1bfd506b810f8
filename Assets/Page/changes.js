// The changes view (/changes?since=REV): the content folder as it is now
// against a git revision, with added, removed and changed blocks marked, as
// `galley diff REV` shows it. The daemon makes the marked page
// (/api/changes); this page waits on the document list's long-poll, as the
// index does, and fetches it again whenever the daemon published a change,
// keeping the reading position. The revision lives in the address.
import { galley, followDocumentList } from './connection.js';

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
      holder.replaceChildren(...Array.from(page.body.childNodes, (node) => document.importNode(node, true)));
      problem.hidden = true;
      window.scrollTo(window.scrollX, top);
    }
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
