// The index page (/): every document in the content folder with its
// problems, updated live, grouped by file, searched by title, file and text
// (`?q=` keeps the search in the address), and walked with the keyboard.
//
// The list comes first and its rows are drawn; the words searched come
// after (/api/words), and after a save only the changed documents' words.
// Only the rows near the screen exist (rowWindow.js); each document's row
// is made once, when it first comes into view, and a save changes the cells
// of the documents it changed, in place. A key in the search is answered
// in the handler of its own event: one pass over the haystacks
// (indexSearch.js), then the rows on screen; the rows beyond them and the
// address wait until the browser is idle.
import { galley, followDocumentList, isThisMachine } from './connection.js';
import { linkChanges } from './changes.js';
import { DocumentSearch } from './indexSearch.js';
import { RowWindow } from './rowWindow.js';
import { whenIdle } from './idle.js';

/** How long a changed row stays highlighted. */
const MARK_MS = 1500;

/** The longest the address waits for the browser to be idle before it holds the search. */
const ADDRESS_WAIT_MS = 500;

/** Shows the QR code of `serve --lan`'s URL; only this machine is given it. */
function showLanCode() {
  const figure = document.getElementById('lan-code');
  const image = document.getElementById('lan-code-image');
  if (image.hasAttribute('src')) return;
  image.addEventListener('load', () => { figure.hidden = false; });
  image.src = '/_galley/lan-code.svg';
}

function plural(count, one, many) {
  return count + ' ' + (count === 1 ? one : many);
}

/** Where this tab keeps the index's search, for a reload that comes before the address holds it. */
const SEARCH_KEY = 'galley.index.search';

/**
 * The search the page opens with: the address's `?q=`, or on a reload the
 * search last typed in this tab, which the address may not hold yet.
 */
function searchAtLoad() {
  const fromAddress = new URLSearchParams(location.search).get('q') || '';
  const navigation = performance.getEntriesByType('navigation')[0];
  if (!navigation || navigation.type !== 'reload') return fromAddress;
  try {
    const kept = sessionStorage.getItem(SEARCH_KEY);
    return kept === null ? fromAddress : kept;
  } catch (_) {
    return fromAddress;
  }
}

export function indexPage() {
  const empty = document.getElementById('index-empty');
  const summary = document.getElementById('index-summary');
  const search = document.getElementById('index-query');
  const matches = document.getElementById('index-matches');
  linkChanges(document.getElementById('changes-since'), document.getElementById('changes-link'));

  /** The list as last answered, in its order (by file, then item). */
  let documents = [];
  /** Each document's row, by id: made when first shown, then kept and updated. */
  const rows = new Map();
  /** The header row of each file that holds more than one document, by path. */
  const headers = new Map();
  /** Per position in `documents`: the index of its file's group, or -1 for a file of one document. */
  let groupOf = new Int32Array(0);
  /** Per group: its path and how many documents it holds. */
  let groups = [];
  /** What the window shows: a document's position, or −1 − g for group g's header. */
  let entries = new Int32Array(0);
  /** Ids changed by the last save, marked for a moment. */
  let justChanged = new Set();
  let unmark = null;
  const finder = new DocumentSearch();
  const rowWindow = new RowWindow(document.getElementById('doc-list'), rowFor);

  function cell(cls) {
    const td = document.createElement('td');
    if (cls) td.className = cls;
    return td;
  }

  function rowFor(code) {
    return code < 0 ? headerRow(groups[-1 - code]) : documentRow(code);
  }

  /** A header row for a file that holds more than one document. */
  function headerRow(group) {
    let tr = headers.get(group.path);
    if (!tr) {
      tr = document.createElement('tr');
      tr.className = 'file-group';
      tr.dataset.path = group.path;
      const th = document.createElement('th');
      th.scope = 'rowgroup';
      th.colSpan = 6;
      tr.appendChild(th);
      headers.set(group.path, tr);
    }
    const text = group.path + ' · ' + group.count + ' documents';
    if (tr.firstChild.textContent !== text) tr.firstChild.textContent = text;
    return tr;
  }

  /** The row of the document at `position`, made the first time it is shown. */
  function documentRow(position) {
    const d = documents[position];
    const known = rows.get(d.id);
    if (known) return known.tr;
    const tr = newRow(d.id);
    fill(tr, position);
    rows.set(d.id, { tr, version: d.version });
    return tr;
  }

  function newRow(id) {
    const tr = document.createElement('tr');
    tr.dataset.docId = id;
    tr.id = 'doc-' + id;
    const title = cell(null);
    title.appendChild(document.createElement('a'));
    const path = cell('path');
    path.appendChild(document.createElement('span'));
    tr.append(title, path, cell('item'), cell('kind'), cell('count-errors'), cell('count-warnings'));
    return tr;
  }

  /** Writes the fields of the document at `position` into its row, touching only what differs. */
  function fill(tr, position) {
    const d = documents[position];
    const [title, path, item, kind, errors, warnings] = tr.children;
    const link = title.firstChild;
    const href = '/doc/' + encodeURIComponent(d.id);
    if (link.getAttribute('href') !== href) link.setAttribute('href', href);
    setText(link, d.title || d.path);
    setText(path.firstChild, d.path);
    setText(item, d.item === null || d.item === undefined ? '—' : String(d.item));
    setText(kind, d.kind || '');
    const e = Number(d.errors) || 0;
    const w = Number(d.warnings) || 0;
    setText(errors, String(e));
    errors.classList.toggle('nonzero', e > 0);
    setText(warnings, String(w));
    warnings.classList.toggle('nonzero', w > 0);
    tr.classList.toggle('in-group', groupOf[position] >= 0);
    tr.classList.toggle('just-changed', justChanged.has(d.id));
  }

  function setText(element, text) {
    if (element.textContent !== text) element.textContent = text;
  }

  /** Takes a new list: groups, counts, rows of changed documents written again in place. */
  function take(list, first) {
    const changed = new Set();
    const present = new Set();
    for (const d of list) {
      present.add(d.id);
      const known = rows.get(d.id);
      if (!first && (!known || known.version !== d.version)) changed.add(d.id);
    }
    for (const id of rows.keys()) if (!present.has(id)) { rows.get(id).tr.remove(); rows.delete(id); }
    documents = list;
    groupOf = new Int32Array(list.length);
    groups = [];
    const perFile = new Map();
    for (const d of list) perFile.set(d.path, (perFile.get(d.path) || 0) + 1);
    let errors = 0;
    let warnings = 0;
    list.forEach((d, i) => {
      errors += Number(d.errors) || 0;
      warnings += Number(d.warnings) || 0;
      const count = perFile.get(d.path);
      if (count === 1) { groupOf[i] = -1; return; }
      if (!groups.length || groups[groups.length - 1].path !== d.path) groups.push({ path: d.path, count });
      groupOf[i] = groups.length - 1;
    });
    for (const path of headers.keys()) if (!(perFile.get(path) > 1)) { headers.get(path).remove(); headers.delete(path); }
    // Rows already made whose document changed (or joined or left a group): written again now, in place.
    for (const id of justChanged) if (!changed.has(id)) rows.get(id)?.tr.classList.remove('just-changed');
    justChanged = changed;
    list.forEach((d, i) => {
      const known = rows.get(d.id);
      if (known && (known.version !== d.version || known.tr.classList.contains('in-group') !== (groupOf[i] >= 0))) {
        fill(known.tr, i);
        known.version = d.version;
      }
    });
    clearTimeout(unmark);
    if (changed.size) {
      unmark = setTimeout(() => {
        for (const id of changed) rows.get(id)?.tr.classList.remove('just-changed');
        justChanged = new Set();
      }, MARK_MS);
    }
    finder.take(list);
    empty.hidden = list.length > 0;
    summary.textContent = plural(list.length, 'document', 'documents') +
      (errors ? ' · ' + plural(errors, 'error', 'errors') : '') +
      (warnings ? ' · ' + plural(warnings, 'warning', 'warnings') : '');
  }

  /**
   * Shows the documents whose title, file or text holds every word searched
   * for, with their files' headers; `promptly` for a key (rowWindow.js).
   */
  function filter(promptly = false) {
    const found = finder.matches(search.value);
    const count = found ? found.length : documents.length;
    const shown = new Int32Array(count + Math.min(count, groups.length));
    let length = 0;
    let lastGroup = -1;
    for (let i = 0; i < count; i += 1) {
      const position = found ? found[i] : i;
      const group = groupOf[position];
      if (group >= 0 && group !== lastGroup) shown[length++] = -1 - group;
      lastGroup = group;
      shown[length++] = position;
    }
    entries = shown.subarray(0, length);
    rowWindow.show(entries, { promptly });
    // Written by every search, even when the count is the same.
    matches.textContent = found ? plural(count, 'match', 'matches') : '';
  }

  /** Keeps the search for a reload: at once, where the address follows only when the browser is idle. */
  function rememberSearch() {
    try { sessionStorage.setItem(SEARCH_KEY, search.value); } catch (_) { /* storage refused: the address alone keeps it */ }
  }

  // The address follows the search (`?q=`) once the browser is idle, not in
  // the key's handler: `history.replaceState` goes through the browser's own
  // process, and made a key's frame late. A reload before then finds the
  // search in this tab's session storage.
  let addressPending = false;
  function writeAddressSoon() {
    if (addressPending) return;
    addressPending = true;
    whenIdle(() => {
      addressPending = false;
      const query = new URLSearchParams(location.search);
      if (search.value) query.set('q', search.value); else query.delete('q');
      const rest = query.toString();
      const address = location.pathname + (rest ? '?' + rest : '');
      if (address !== location.pathname + location.search) history.replaceState(history.state, '', address);
    }, ADDRESS_WAIT_MS);
  }

  search.value = searchAtLoad();
  rememberSearch();
  writeAddressSoon();
  search.addEventListener('input', () => {
    filter(true);
    rememberSearch();
    writeAddressSoon();
  });

  /** Where the focused document stands among the entries shown, or −1. */
  function focusedEntry() {
    const row = document.activeElement && document.activeElement.closest && document.activeElement.closest('tr[data-doc-id]');
    if (!row) return -1;
    const position = documents.findIndex((d) => d.id === row.dataset.docId);
    return position < 0 ? -1 : entries.indexOf(position);
  }

  /** The next document entry from `from` in direction `step` (headers are passed over), or −1. */
  function documentEntry(from, step) {
    for (let i = from; i >= 0 && i < entries.length; i += step) if (entries[i] >= 0) return i;
    return -1;
  }

  function move(step) {
    const at = focusedEntry();
    let to = at < 0 ? documentEntry(step > 0 ? 0 : entries.length - 1, step) : documentEntry(at + step, step);
    if (to < 0) to = at;
    if (to < 0) return;
    const link = rowWindow.reveal(to).querySelector('a');
    link.focus({ preventScroll: true });
    link.scrollIntoView({ block: 'nearest' });
  }

  document.addEventListener('keydown', (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const inSearch = event.target === search;
    if (inSearch) {
      if (event.key === 'ArrowDown') { event.preventDefault(); move(1); }
      if (event.key === 'Escape' && search.value) { search.value = ''; search.dispatchEvent(new Event('input')); }
      return;
    }
    if (event.target instanceof HTMLElement && ['INPUT', 'SELECT', 'TEXTAREA'].includes(event.target.tagName)) return;
    if (event.key === '/') { event.preventDefault(); search.focus(); search.select(); }
    else if (event.key === 'ArrowDown' || event.key === 'j') { event.preventDefault(); move(1); }
    else if (event.key === 'ArrowUp' || event.key === 'k') {
      event.preventDefault();
      const at = focusedEntry();
      if (at >= 0 && documentEntry(at - 1, -1) < 0) search.focus(); else move(-1);
    }
  });

  /** The version and boot of the words held, to ask only for newer ones. */
  let words = { version: null, boot: null, asking: false };

  /** Asks for the words of the documents changed since the words held; searches again with them. */
  async function followWords() {
    if (words.asking) return;
    words.asking = true;
    try {
      while (words.boot !== galley.boot || words.version === null || words.version < galley.version) {
        const boot = galley.boot;
        const since = words.boot === boot && words.version !== null ? '?since=' + encodeURIComponent(words.version) : '';
        const res = await fetch('/api/words' + since, { cache: 'no-store', headers: { Accept: 'application/json' } });
        if (!res.ok) throw new Error('HTTP ' + res.status);
        const answer = await res.json();
        finder.takeWords(answer.words || {});
        words = { version: answer.version, boot, asking: true };
        if (search.value) filter();
        setTimeout(() => finder.prepare(), 0);
      }
    } catch (_) {
      // The next list asks again.
      words.version = null;
    } finally {
      words.asking = false;
    }
  }

  let first = true;
  followDocumentList((answer) => {
    take(answer.documents || [], first);
    filter();
    first = false;
    galley.version = answer.version;
    galley.patches += 1;
    document.documentElement.dataset.galleyVersion = String(answer.version);
    followWords();
  }, (answer) => {
    if (answer.lan === true && isThisMachine()) showLanCode();
  });
}
