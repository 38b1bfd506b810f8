// Finding one's way from a document page: the previous and next document
// in the index's order, keyboard shortcuts (listed in a dialog that `?`
// opens), the QR code of this page for a phone (serve --lan), and the
// title and file a printed page carries in its margins.
import { isThisMachine } from './connection.js';
import { addressWithSettings } from './settings.js';

const $ = (id) => document.getElementById(id);

/** The index, asked for once: the order of documents rarely changes while one reads. */
async function fetchIndex() {
  const res = await fetch('/api/documents', { cache: 'no-store' });
  if (!res.ok) throw new Error('HTTP ' + res.status);
  return res.json();
}

function labelOf(d) {
  return (d.title || d.path) + ' · ' + d.path + (d.item === null || d.item === undefined ? '' : ' #' + d.item);
}

/** Points a previous/next link at document `d`, or hides it. */
function linkTo(link, d, word) {
  link.hidden = !d;
  if (!d) return;
  link.href = '/doc/' + encodeURIComponent(d.id) + location.search;
  link.title = word + ': ' + labelOf(d);
  link.setAttribute('aria-label', link.title);
}

/** Whether a key press belongs to a field, a menu or a shortcut of the browser. */
export function isForSomethingElse(event) {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return true;
  const target = event.target;
  return target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'SELECT', 'TEXTAREA'].includes(target.tagName));
}

/** Chooses the option of `select` `step` places on, as if the author had. */
function stepSelect(select, step) {
  const index = Math.min(select.options.length - 1, Math.max(0, select.selectedIndex + step));
  if (index === select.selectedIndex) return;
  select.selectedIndex = index;
  select.dispatchEvent(new Event('change'));
}

function setSelect(select, value) {
  select.value = value;
  select.dispatchEvent(new Event('change'));
}

/**
 * Wires the page's way-finding to the document `doc` (its `id`). Returns
 * `update()`, to call when the document's title or path may have changed.
 */
export function setUpNavigation(doc) {
  const previous = $('previous-doc');
  const next = $('next-doc');
  const shortcuts = $('shortcuts');
  const phoneButton = $('phone-code-button');
  const phoneDialog = $('phone-code');
  const phoneImage = $('phone-code-image');

  // The code holds the LAN key, so the daemon gives it only to this
  // machine and only with --lan: the button shows once a code has loaded.
  const codeFor = () => '/_galley/qr.svg?u=' + encodeURIComponent(addressWithSettings());
  phoneImage.addEventListener('load', () => { phoneButton.hidden = false; });
  phoneImage.addEventListener('error', () => { phoneButton.hidden = true; });

  fetchIndex().then((index) => {
    const list = Array.isArray(index.documents) ? index.documents : [];
    const at = list.findIndex((d) => d.id === doc.id);
    if (at >= 0) {
      linkTo(previous, list[at - 1], 'Previous');
      linkTo(next, list[at + 1], 'Next');
    }
    if (index.lan === true && isThisMachine()) phoneImage.src = codeFor();
  }).catch(() => { /* no neighbours: the links stay hidden */ });

  phoneButton.addEventListener('click', () => {
    phoneImage.src = codeFor(); // the settings now, not those of the page's start
    phoneDialog.showModal();
  });
  $('shortcuts-button').addEventListener('click', () => shortcuts.showModal());

  const actions = {
    n: () => { if (!next.hidden) next.click(); },
    p: () => { if (!previous.hidden) previous.click(); },
    i: () => { location.href = '/'; },
    a: () => {
      const dark = document.documentElement.dataset.appearance === 'dark'
        || (document.documentElement.dataset.appearance !== 'light' && matchMedia('(prefers-color-scheme: dark)').matches);
      setSelect($('appearance'), dark ? 'light' : 'dark');
    },
    '+': () => stepSelect($('text-size'), 1),
    '=': () => stepSelect($('text-size'), 1),
    '-': () => stepSelect($('text-size'), -1),
    s: () => $('side-by-side').click(),
    o: () => $('outline').click(),
    f: () => $('follow').click(),
    '?': () => { if (shortcuts.open) shortcuts.close(); else shortcuts.showModal(); },
  };
  document.addEventListener('keydown', (event) => {
    if (isForSomethingElse(event)) return;
    if ((shortcuts.open || phoneDialog.open) && event.key !== '?') return; // a dialog takes Esc itself
    const action = actions[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  });

  return function update() {
    const title = doc.title || '';
    const path = (doc.path || '') + (doc.item === null || doc.item === undefined ? '' : ' · item ' + doc.item);
    // CSS strings for the page margins (galley.css, @page).
    const root = document.documentElement;
    root.style.setProperty('--print-title', JSON.stringify(title));
    root.style.setProperty('--print-path', JSON.stringify(path));
  };
}
