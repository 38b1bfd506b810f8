// The index page (/): every document in the content folder with its
// problems, updated live.
import { galley, HOLD_SECONDS, Backoff, backOff, getJSON, isHiddenAbort, noteBoot, setConnection, whenVisible } from './connection.js';

/** How long a changed row stays highlighted. */
const MARK_MS = 1500;

/** Shows the QR code of `serve --lan`'s URL; only this machine is given it. */
function showLanCode() {
  const figure = document.getElementById('lan-code');
  const image = document.getElementById('lan-code-image');
  image.addEventListener('load', () => { figure.hidden = false; });
  image.src = '/_galley/lan-code.svg';
}

export function indexPage() {
  showLanCode();
  const tbody = document.getElementById('doc-list');
  const empty = document.getElementById('index-empty');
  const summary = document.getElementById('index-summary');
  let seen = new Map(); // id → version

  function cell(text, cls) {
    const td = document.createElement('td');
    if (cls) td.className = cls;
    td.textContent = text;
    return td;
  }

  function render(list, first) {
    const rows = [];
    const now = new Map();
    let errors = 0;
    let warnings = 0;
    for (const d of list) {
      const tr = document.createElement('tr');
      tr.dataset.docId = d.id;
      tr.id = 'doc-' + d.id;
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
    }
    seen = now;
    tbody.replaceChildren(...rows);
    empty.hidden = list.length > 0;
    summary.textContent = list.length + (list.length === 1 ? ' document' : ' documents') +
      (errors ? ' · ' + errors + (errors === 1 ? ' error' : ' errors') : '') +
      (warnings ? ' · ' + warnings + (warnings === 1 ? ' warning' : ' warnings') : '');
    setTimeout(() => { for (const tr of tbody.querySelectorAll('tr.just-changed')) tr.classList.remove('just-changed'); }, MARK_MS);
  }

  async function loop() {
    const backoff = new Backoff();
    let fresh = true;
    let first = true;
    for (;;) {
      await whenVisible();
      try {
        let url = '/api/documents';
        if (!fresh && galley.version !== null) url += '?since=' + encodeURIComponent(galley.version);
        const r = await getJSON(url, HOLD_SECONDS);
        if (!r.ok || !r.body) throw new Error('HTTP ' + r.status);
        const rebooted = noteBoot(r.body.boot);
        if (fresh || rebooted || r.body.version !== galley.version) {
          render(r.body.documents || [], first);
          first = false;
          galley.version = r.body.version;
          galley.patches += 1;
          document.documentElement.dataset.galleyVersion = String(r.body.version);
        }
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
  loop();
}
