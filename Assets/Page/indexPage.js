// The index page (/): every document in the content folder with its
// problems, updated live, grouped by file, searched by title, file and text
// (`?q=` keeps the search in the address), and walked with the keyboard.
import { galley, followDocumentList, isThisMachine } from './connection.js';
import { linkChanges } from './changes.js';

/** How long a changed row stays highlighted. */
const MARK_MS = 1500;

/** Shows the QR code of `serve --lan`'s URL; only this machine is given it. */
function showLanCode() {
  const figure = document.getElementById('lan-code');
  const image = document.getElementById('lan-code-image');
  if (image.hasAttribute('src')) return;
  image.addEventListener('load', () => { figure.hidden = false; });
  image.src = '/_galley/lan-code.svg';
}

export function indexPage() {
  const tbody = document.getElementById('doc-list');
  const empty = document.getElementById('index-empty');
  const summary = document.getElementById('index-summary');
  const search = document.getElementById('index-query');
  const matches = document.getElementById('index-matches');
  let seen = new Map(); // id → version
  linkChanges(document.getElementById('changes-since'), document.getElementById('changes-link'));
  let shown = []; // {row, header, haystack} per document, in order

  function cell(text, cls) {
    const td = document.createElement('td');
    if (cls) td.className = cls;
    td.textContent = text;
    return td;
  }

  /** A header row for a file that holds more than one document. */
  function fileHeader(path, count) {
    const tr = document.createElement('tr');
    tr.className = 'file-group';
    const th = document.createElement('th');
    th.scope = 'rowgroup';
    th.colSpan = 6;
    th.textContent = path + ' · ' + count + ' documents';
    tr.appendChild(th);
    return tr;
  }

  function render(list, first) {
    const rows = [];
    const now = new Map();
    const perFile = new Map();
    for (const d of list) perFile.set(d.path, (perFile.get(d.path) || 0) + 1);
    shown = [];
    let header = null;
    let errors = 0;
    let warnings = 0;
    for (const d of list) {
      if (perFile.get(d.path) > 1 && (!header || header.dataset.path !== d.path)) {
        header = fileHeader(d.path, perFile.get(d.path));
        header.dataset.path = d.path;
        rows.push(header);
      } else if (perFile.get(d.path) === 1) {
        header = null;
      }
      const tr = document.createElement('tr');
      tr.dataset.docId = d.id;
      tr.id = 'doc-' + d.id;
      if (header) tr.classList.add('in-group');
      const title = document.createElement('td');
      const a = document.createElement('a');
      a.href = '/doc/' + encodeURIComponent(d.id);
      a.textContent = d.title || d.path;
      title.appendChild(a);
      const e = Number(d.errors) || 0;
      const w = Number(d.warnings) || 0;
      errors += e;
      warnings += w;
      tr.append(
        title,
        cell(d.path, 'path'),
        cell(d.item === null || d.item === undefined ? '—' : String(d.item), 'item'),
        cell(d.kind || '', 'kind'),
        cell(String(e), 'count-errors' + (e ? ' nonzero' : '')),
        cell(String(w), 'count-warnings' + (w ? ' nonzero' : '')),
      );
      if (!first && seen.get(d.id) !== d.version) tr.classList.add('just-changed');
      now.set(d.id, d.version);
      rows.push(tr);
      shown.push({ row: tr, header, haystack: ((d.title || '') + ' ' + d.path + ' ' + (d.text || '')).toLowerCase() });
    }
    seen = now;
    tbody.replaceChildren(...rows);
    filter();
    empty.hidden = list.length > 0;
    summary.textContent = list.length + (list.length === 1 ? ' document' : ' documents') +
      (errors ? ' · ' + errors + (errors === 1 ? ' error' : ' errors') : '') +
      (warnings ? ' · ' + warnings + (warnings === 1 ? ' warning' : ' warnings') : '');
    setTimeout(() => { for (const tr of tbody.querySelectorAll('tr.just-changed')) tr.classList.remove('just-changed'); }, MARK_MS);
  }

  /** Shows the documents whose title, file or text holds every word searched for. */
  function filter() {
    const words = search.value.toLowerCase().split(/\s+/).filter(Boolean);
    const headersShown = new Set();
    let count = 0;
    for (const entry of shown) {
      const match = words.every((word) => entry.haystack.includes(word));
      entry.row.hidden = !match;
      if (match) {
        count += 1;
        if (entry.header) headersShown.add(entry.header);
      }
    }
    for (const tr of tbody.querySelectorAll('tr.file-group')) tr.hidden = !headersShown.has(tr);
    matches.textContent = words.length ? count + (count === 1 ? ' match' : ' matches') : '';
  }

  let typing = null;
  search.value = new URLSearchParams(location.search).get('q') || '';
  search.addEventListener('input', () => {
    // A list of 12,000 is searched once the author pauses, not per key.
    clearTimeout(typing);
    typing = setTimeout(() => {
      filter();
      const query = new URLSearchParams(location.search);
      if (search.value) query.set('q', search.value); else query.delete('q');
      const rest = query.toString();
      history.replaceState(history.state, '', location.pathname + (rest ? '?' + rest : ''));
    }, shown.length > 2000 ? 150 : 0);
  });

  /** The links of the rows shown, in order: what the arrow keys walk. */
  function visibleLinks() {
    return shown.filter((entry) => !entry.row.hidden).map((entry) => entry.row.querySelector('a'));
  }

  function move(step) {
    const links = visibleLinks();
    if (!links.length) return;
    const at = links.indexOf(document.activeElement);
    const to = at < 0 ? (step > 0 ? 0 : links.length - 1) : Math.min(links.length - 1, Math.max(0, at + step));
    links[to].focus();
    links[to].scrollIntoView({ block: 'nearest' });
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
      const links = visibleLinks();
      if (links[0] === document.activeElement) search.focus(); else move(-1);
    }
  });

  let first = true;
  followDocumentList((answer) => {
    render(answer.documents || [], first);
    first = false;
    galley.version = answer.version;
    galley.patches += 1;
    document.documentElement.dataset.galleyVersion = String(answer.version);
  }, (answer) => {
    if (answer.lan === true && isThisMachine()) showLanCode();
  });
}
