// The problems panel and the markers on blocks: each diagnostic is listed
// with its location, and a click reveals the block it is about (or the
// block nearest its line).

import { blockNearLine } from './blockLocations.js';

const $ = (id) => document.getElementById(id);

/**
 * Wires the panel to the page's document state `doc` (its `diagnostics`,
 * `path`) and views. `reveal(el)` shows a block the author clicked a
 * problem for. Returns `render()`, to call after `doc.diagnostics` or the
 * views change, and `renderMarkers()`, after only the views changed.
 */
export function setUpDiagnostics(doc, reveal) {
  const viewA = $('view-a');
  const viewB = $('view-b');
  const panel = $('diagnostics');
  const list = $('diag-list');
  const title = $('diag-title');
  const toggle = $('diag-toggle');

  toggle.addEventListener('click', () => {
    const open = toggle.getAttribute('aria-expanded') !== 'true';
    toggle.setAttribute('aria-expanded', String(open));
    toggle.textContent = open ? 'Hide' : 'Show';
    list.hidden = !open;
  });

  function blockFor(d, view) {
    const art = view.querySelector(':scope > article');
    if (!art || !d.block) return null;
    const el = view === viewA
      ? document.getElementById(d.block)
      : art.querySelector('[data-galley-id="' + CSS.escape(d.block) + '"]');
    return el && art.contains(el) ? el : null;
  }

  function blockNear(d) {
    const exact = blockFor(d, viewA);
    if (exact) return exact;
    if (!d.line || (doc.path && d.path && d.path !== doc.path)) return null;
    const art = viewA.querySelector(':scope > article');
    return art ? blockNearLine(art, d.line) : null;
  }

  // The blocks that carry a marker, so that clearing them does not search
  // every block of a long article on every update.
  const marked = new Set();

  /**
   * Marks the blocks that have problems. A block already marked as it should
   * be is not written to: a save leaves most marks as they were, and any write
   * of a class or an attribute has Chromium style the block again.
   */
  function renderMarkers() {
    const byBlock = new Map();
    for (const d of doc.diagnostics) {
      if (!d.block) continue;
      const entries = byBlock.get(d.block) || [];
      entries.push(d);
      byBlock.set(d.block, entries);
    }
    const wanted = new Map();
    for (const entries of byBlock.values()) {
      const errors = entries.filter((d) => d.severity === 'error').length;
      const label = entries.length === 1
        ? (entries[0].severity === 'error' ? '⛔ ' : '⚠ ') + entries[0].message
        : entries.length + ' problems';
      for (const view of [viewA, viewB]) {
        const el = blockFor(entries[0], view);
        if (el) wanted.set(el, { mark: errors ? 'has-error' : 'has-warning', label });
      }
    }
    for (const el of marked) {
      if (wanted.has(el)) continue;
      el.classList.remove('has-error', 'has-warning');
      el.removeAttribute('data-galley-badge');
      marked.delete(el);
    }
    for (const [el, { mark, label }] of wanted) {
      const other = mark === 'has-error' ? 'has-warning' : 'has-error';
      if (el.classList.contains(other)) el.classList.remove(other);
      if (!el.classList.contains(mark)) el.classList.add(mark);
      if (el.getAttribute('data-galley-badge') !== label) el.setAttribute('data-galley-badge', label);
      marked.add(el);
    }
  }

  // What the list shows, so that a save that leaves the problems as they were
  // writes nothing to the panel: rebuilding it had Chromium lay out and paint
  // the panel, and blur what is behind it, at every save.
  let listed = null;

  function render() {
    const diags = doc.diagnostics;
    const shown = JSON.stringify(diags.map((d) => [d.severity, d.path, d.line, d.column, d.message, d.id,
      (d.fixIts || []).map((fix) => fix.message)]));
    if (shown !== listed) {
      listed = shown;
      renderList(diags);
    }
    renderMarkers();
  }

  function renderList(diags) {
    list.replaceChildren();
    if (!diags.length) {
      if (!panel.hidden) panel.hidden = true;
      return;
    }
    const errors = diags.filter((d) => d.severity === 'error').length;
    const warnings = diags.length - errors;
    const parts = [];
    if (errors) parts.push(errors + (errors === 1 ? ' error' : ' errors'));
    if (warnings) parts.push(warnings + (warnings === 1 ? ' warning' : ' warnings'));
    title.textContent = parts.join(', ');
    panel.classList.toggle('has-errors', errors > 0);
    diags.forEach((d, index) => {
      const li = document.createElement('li');
      li.className = 'diag-item severity-' + (d.severity === 'error' ? 'error' : 'warning');
      const btn = document.createElement('button');
      btn.type = 'button';
      const loc = document.createElement('span');
      loc.className = 'diag-loc';
      loc.textContent = (d.path || '') + ':' + (d.line || 0) + ':' + (d.column || 0);
      const sev = document.createElement('span');
      sev.className = 'diag-sev';
      sev.textContent = d.severity + ':';
      const msg = document.createElement('span');
      msg.className = 'diag-msg';
      msg.textContent = d.message;
      // The kind of problem and its fixes are fields, shown as they are.
      const id = document.createElement('span');
      id.className = 'diag-id';
      id.textContent = d.id ? '[' + d.id + ']' : '';
      btn.append(loc, sev, msg, id);
      for (const fix of d.fixIts || []) {
        const hint = document.createElement('span');
        hint.className = 'diag-fix';
        hint.textContent = 'Fix: ' + fix.message;
        btn.append(hint);
      }
      // The problem as the latest save has it (every save renders the list
      // or finds it as it was): a save gives the block it is in a new id.
      btn.addEventListener('click', () => {
        const el = blockNear(doc.diagnostics[index]);
        if (el) reveal(el);
      });
      li.appendChild(btn);
      list.appendChild(li);
    });
    panel.hidden = false;
  }

  return { render, renderMarkers };
}
