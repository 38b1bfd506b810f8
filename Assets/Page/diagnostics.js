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

  function renderMarkers() {
    for (const el of marked) {
      el.classList.remove('has-error', 'has-warning');
      el.removeAttribute('data-galley-badge');
    }
    marked.clear();
    const byBlock = new Map();
    for (const d of doc.diagnostics) {
      if (!d.block) continue;
      const entries = byBlock.get(d.block) || [];
      entries.push(d);
      byBlock.set(d.block, entries);
    }
    for (const entries of byBlock.values()) {
      const errors = entries.filter((d) => d.severity === 'error').length;
      const label = entries.length === 1
        ? (entries[0].severity === 'error' ? '⛔ ' : '⚠ ') + entries[0].message
        : entries.length + ' problems';
      for (const view of [viewA, viewB]) {
        const el = blockFor(entries[0], view);
        if (!el) continue;
        el.classList.add(errors ? 'has-error' : 'has-warning');
        el.setAttribute('data-galley-badge', label);
        marked.add(el);
      }
    }
  }

  function render() {
    const diags = doc.diagnostics;
    list.replaceChildren();
    if (!diags.length) {
      if (!panel.hidden) panel.hidden = true; // each save asks: a write would style the panel again
      renderMarkers();
      return;
    }
    const errors = diags.filter((d) => d.severity === 'error').length;
    const warnings = diags.length - errors;
    const parts = [];
    if (errors) parts.push(errors + (errors === 1 ? ' error' : ' errors'));
    if (warnings) parts.push(warnings + (warnings === 1 ? ' warning' : ' warnings'));
    title.textContent = parts.join(', ');
    panel.classList.toggle('has-errors', errors > 0);
    for (const d of diags) {
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
      btn.addEventListener('click', () => {
        const el = blockNear(d);
        if (el) reveal(el);
      });
      li.appendChild(btn);
      list.appendChild(li);
    }
    panel.hidden = false;
    renderMarkers();
  }

  return { render, renderMarkers };
}
