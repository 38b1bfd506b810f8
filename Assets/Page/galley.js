// Galley preview page: live document view (/doc/{id}) and the index (/).
//
// Data flow: long-poll the daemon's JSON API → patch the article by block id
// (unchanged blocks are never touched, so their images are neither re-fetched
// nor re-decoded) → restore the reading position → mark what changed →
// show diagnostics over the last good rendering. After the first answer the
// daemon sends patches: the ids of blocks to keep and the HTML of the rest.
//
// No build step, no dependencies; plain modern JavaScript for current
// Chromium and Firefox. Content text only ever reaches the DOM as HTML that
// the daemon escaped, or through textContent.
(() => {
  'use strict';

  const root = document.documentElement;
  const pageKind = root.dataset.page;

  /** Test and debugging hooks (see Tests/Browser). */
  const galley = (window.galley = { version: null, boot: null, patches: 0, resyncs: 0, state: 'connecting' });

  // ---------------------------------------------------------------- utilities

  const MIN_BACKOFF = 200;
  const MAX_BACKOFF = 5000;
  const OFFLINE_AFTER_MS = 15000;
  const HOLD_SECONDS = 25;
  const CHANGED_MS = 1500;

  /** Exponential backoff 200 ms → 5 s, reset on success. */
  class Backoff {
    constructor() { this.delay = 0; this.failingSince = null; }
    next() {
      if (this.failingSince === null) this.failingSince = Date.now();
      this.delay = this.delay ? Math.min(this.delay * 2, MAX_BACKOFF) : MIN_BACKOFF;
      return this.delay;
    }
    failingFor() { return this.failingSince === null ? 0 : Date.now() - this.failingSince; }
    reset() { this.delay = 0; this.failingSince = null; }
  }

  function sleep(ms, signal) {
    return new Promise((resolve) => {
      const t = setTimeout(resolve, ms);
      if (signal) signal.addEventListener('abort', () => { clearTimeout(t); resolve(); }, { once: true });
    });
  }

  // Visibility: hidden tabs stop polling and catch up when shown again.
  let visibleWaiters = [];
  let currentPoll = null; // AbortController of the request in flight
  function whenVisible() {
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

  /** GET a JSON body; resolves {status, body}; throws on network errors. */
  async function getJSON(url, holdSeconds) {
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

  function isHiddenAbort(err) {
    return document.visibilityState === 'hidden' && err && (err.name === 'AbortError' || err === 'hidden');
  }

  // ---------------------------------------------------------------- connection indicator

  const CONNECTION_TEXT = {
    connecting: 'connecting…',
    live: 'live',
    reconnecting: 'reconnecting…',
    offline: 'offline — retrying',
    paused: 'paused (tab hidden)',
  };

  function setConnection(state) {
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
  function noteBoot(boot) {
    if (boot === undefined || boot === null) return false;
    const changed = galley.boot !== null && galley.boot !== boot;
    galley.boot = boot;
    return changed;
  }

  // ---------------------------------------------------------------- settings

  const SETTINGS_KEY = 'galley.settings.v1';
  const DEFAULT_SETTINGS = {
    device: '390', customWidth: 390, appearance: 'system', textSize: 'Large',
    sideBySide: false, device2: '820', outline: false, follow: false,
  };
  /** iOS Dynamic Type: body text point sizes per category, relative to Large (17 pt). */
  const TEXT_SIZES = {
    xSmall: 14, Small: 15, Medium: 16, Large: 17, xLarge: 19, xxLarge: 21, xxxLarge: 23,
    AX1: 28, AX2: 33, AX3: 40, AX4: 47, AX5: 53,
  };

  /** Settings this browser chose itself; the rest follow the project's galley.json. */
  let chosenKeys = new Set();

  function loadSettings() {
    let saved = {};
    try { saved = JSON.parse(localStorage.getItem(SETTINGS_KEY) || '{}') || {}; } catch (_) { saved = {}; }
    chosenKeys = new Set(Object.keys(saved));
    return Object.assign({}, DEFAULT_SETTINGS, saved);
  }
  function saveSettings(s) {
    try { localStorage.setItem(SETTINGS_KEY, JSON.stringify(s)); } catch (_) { /* private mode */ }
  }

  // Appearance applies on both pages.
  const settings = loadSettings();
  root.dataset.appearance = settings.appearance;

  // ---------------------------------------------------------------- block patching

  /** Classes and attributes the page adds to blocks; kept across patches. */
  const PAGE_CLASSES = ['just-changed', 'has-error', 'has-warning', 'diag-target'];
  const isPageAttr = (name) => name.startsWith('data-galley-');

  function keyOf(el) {
    return el.getAttribute('data-galley-id') || el.id || null;
  }

  function parseArticle(html) {
    const tpl = document.createElement('template');
    tpl.innerHTML = html || '';
    let art = tpl.content.querySelector('article');
    if (!art) {
      art = document.createElement('article');
      art.className = 'galley-doc';
      art.append(...tpl.content.childNodes);
    }
    return art;
  }

  /** A patch that does not fit what the page shows; the page then asks for the whole document. */
  class PatchMismatch extends Error {
    constructor(what) { super('patch does not fit: ' + what); this.name = 'PatchMismatch'; }
  }

  /** What a view should show, from a whole article: every child as an element. */
  function incomingFromArticle(art) {
    return { article: art, items: Array.from(art.children).map((node) => ({ node })) };
  }

  /**
   * What a view should show, from a daemon patch: kept ids stay `{ keep }`
   * (with the new source location of a block that only moved), the other
   * children are parsed (all in one go). Returns one incoming value per view
   * asked for, since a parsed element can live in one view only.
   */
  function incomingFromPatch(patch, views) {
    if (!patch || typeof patch.article !== 'string' || !Array.isArray(patch.elements)) throw new PatchMismatch('shape');
    const isKept = (e) => typeof e === 'string' || (e && typeof e.id === 'string' && e.html === undefined);
    const fragments = patch.elements.filter((e) => !isKept(e)).map((e) => String(e && e.html));
    const tpl = document.createElement('template');
    tpl.innerHTML = fragments.join('\n');
    const parsed = Array.from(tpl.content.children);
    if (parsed.length !== fragments.length) throw new PatchMismatch('fragments');
    const article = parseArticle(patch.article + '</article>');
    return Array.from({ length: views }, (_, copy) => {
      let next = 0;
      const items = patch.elements.map((e) => {
        if (typeof e === 'string') return { keep: e };
        if (isKept(e)) return { keep: e.id, line: e.line, column: e.column };
        const node = parsed[next++];
        return { node: copy === 0 ? node : node.cloneNode(true) };
      });
      return { article: copy === 0 ? article : article.cloneNode(false), items };
    });
  }

  /** Copies the daemon's attributes of `from` onto `to`, keeping the page's own. */
  function syncAttributes(to, from) {
    for (const { name, value } of Array.from(from.attributes)) {
      if (name === 'class') continue;
      if (to.getAttribute(name) !== value) to.setAttribute(name, value);
    }
    for (const { name } of Array.from(to.attributes)) {
      if (name === 'class' || isPageAttr(name)) continue;
      if (!from.hasAttribute(name)) to.removeAttribute(name);
    }
    const own = PAGE_CLASSES.filter((c) => to.classList.contains(c));
    const cls = [from.getAttribute('class') || '', ...own].join(' ').trim();
    if ((to.getAttribute('class') || '') !== cls) {
      if (cls) to.setAttribute('class', cls); else to.removeAttribute('class');
    }
  }

  function decorateBlock(el) {
    const line = el.getAttribute('data-line');
    if (line) {
      const col = el.getAttribute('data-column');
      el.setAttribute('data-galley-loc', 'line ' + line + (col ? ':' + col : ''));
    }
  }

  /**
   * Brings the article in `view` to `incoming` ({article, items}): the
   * article's attributes, then its children, each a parsed element or
   * `{ keep: id }` for one the view shows exactly as the daemon sent it
   * (`{ keep, line, column }` when only its source location changed).
   * Elements whose key (block id) and content are unchanged stay the same
   * DOM nodes; others are inserted, given new content, or removed.
   * Returns the elements with new content, in document order; throws
   * PatchMismatch when an element to keep is not there.
   */
  function patchView(view, incoming, secondary) {
    let art = view.querySelector(':scope > article');
    if (!art) {
      art = document.createElement('article');
      view.replaceChildren(art);
    }
    syncAttributes(art, incoming.article);

    const current = Array.from(art.children);
    const oldByKey = new Map();
    const oldUnkeyed = [];
    for (const el of current) {
      const k = keyOf(el);
      if (k && !oldByKey.has(k)) oldByKey.set(k, el); else oldUnkeyed.push(el);
    }

    const next = [];
    const fresh = new Set();
    for (const item of incoming.items) {
      if (item.keep !== undefined) {
        const kept = oldByKey.get(item.keep);
        if (!kept) throw new PatchMismatch(item.keep);
        oldByKey.delete(item.keep);
        if (item.line !== undefined) {
          kept.setAttribute('data-line', String(item.line));
          kept.setAttribute('data-column', String(item.column));
          decorateBlock(kept);
        }
        next.push(kept);
        continue;
      }
      const node = item.node;
      if (secondary && node.id) {
        // the second device shows the same blocks; ids must stay unique
        node.setAttribute('data-galley-id', node.id);
        node.removeAttribute('id');
      }
      const key = keyOf(node);
      let old = null;
      let src;
      if (key) {
        src = node.innerHTML;
        old = oldByKey.get(key) || null;
        if (old && old.__galleySrc !== src) old = null;
        if (old) oldByKey.delete(key);
      } else {
        src = node.outerHTML;
        const i = oldUnkeyed.findIndex((e) => e.__galleySrc === src);
        if (i >= 0) old = oldUnkeyed.splice(i, 1)[0];
      }
      if (old) {
        if (key) syncAttributes(old, node);
        decorateBlock(old);
        next.push(old);
      } else {
        node.__galleySrc = src;
        decorateBlock(node);
        next.push(node);
        fresh.add(node);
      }
    }

    reuseReplacedElements(current, next, fresh);
    const keep = new Set(next);
    for (const el of current) if (!keep.has(el)) el.remove();
    for (let i = 0; i < next.length; i++) {
      const at = art.children[i] || null;
      if (at !== next[i]) art.insertBefore(next[i], at);
    }
    return next.filter((el) => fresh.has(el));
  }

  /**
   * A new block that takes the place of one going away (an edited
   * paragraph) is moved into that element rather than swapped for it:
   * Chromium lays out a long article again when its list of children
   * changes (about 9 ms for 4,800 paragraphs), and only the block when its
   * content does (about 2 ms). Updates `next` and `fresh` in place.
   */
  function reuseReplacedElements(current, next, fresh) {
    if (!fresh.size) return;
    const position = new Map(current.map((el, i) => [el, i]));
    const staying = new Set(next);
    let candidate = 0; // in `current`: just after the last element that stays
    for (let i = 0; i < next.length; i++) {
      const el = next[i];
      if (position.has(el)) {
        candidate = position.get(el) + 1;
        continue;
      }
      const old = current[candidate];
      if (!old || staying.has(old) || !keyOf(old) || !keyOf(el) || old.tagName !== el.tagName) continue;
      candidate += 1;
      syncAttributes(old, el);
      old.replaceChildren(...el.childNodes);
      old.__galleySrc = el.__galleySrc;
      decorateBlock(old);
      staying.add(old);
      fresh.delete(el);
      fresh.add(old);
      next[i] = old;
    }
  }

  // ---------------------------------------------------------------- scroll anchoring

  function viewportTop() {
    const bar = document.querySelector('.toolbar');
    return bar ? Math.max(0, bar.getBoundingClientRect().bottom) : 0;
  }

  /** Blocks on screen, the ones whose top is visible first. */
  function captureAnchor(view) {
    const art = view && view.querySelector(':scope > article');
    if (!art || window.scrollY <= 0) return null;
    const top = viewportTop();
    const visibleTop = [];
    const straddling = [];
    for (const el of art.children) {
      const r = el.getBoundingClientRect();
      if (r.bottom <= top) continue;
      if (r.top >= window.innerHeight) break;
      (r.top >= top ? visibleTop : straddling).push({ el, top: r.top });
    }
    return visibleTop.concat(straddling);
  }

  function restoreAnchor(anchor) {
    if (!anchor) return;
    for (const a of anchor) {
      if (!a.el.isConnected) continue;
      const d = a.el.getBoundingClientRect().top - a.top;
      if (Math.abs(d) >= 0.5) window.scrollTo(window.scrollX, window.scrollY + d);
      return;
    }
  }

  function isOnScreen(el) {
    const r = el.getBoundingClientRect();
    return r.bottom > viewportTop() && r.top < window.innerHeight;
  }

  // ---------------------------------------------------------------- document page

  function docPage() {
    const id = decodeURIComponent(location.pathname.replace(/^\/doc\//, '').replace(/\/+$/, ''));
    const viewA = document.getElementById('view-a');
    const viewB = document.getElementById('view-b');
    const deviceA = document.getElementById('device-a');
    const deviceB = document.getElementById('device-b');
    const titleEl = document.getElementById('doc-title');
    const unsavedEl = document.getElementById('unsaved');
    const removedNotice = document.getElementById('removed-notice');
    const panel = document.getElementById('diagnostics');
    const diagList = document.getElementById('diag-list');
    const diagTitle = document.getElementById('diag-title');
    const diagToggle = document.getElementById('diag-toggle');
    const chip = document.getElementById('change-chip');

    const docStyle = document.createElement('style');
    docStyle.id = 'galley-doc-css';
    // before galley.css's unlayered page rules matter not: those win by specificity
    document.head.appendChild(docStyle);

    const doc = { id, path: null, hasArticle: false, css: null, diagnostics: [], removed: false, title: '', editor: null };

    // ---- toolbar
    const $ = (sel) => document.getElementById(sel);
    const deviceSel = $('device');
    const customInput = $('custom-width');
    const appearanceSel = $('appearance');
    const textSel = $('text-size');
    const sideBtn = $('side-by-side');
    const device2Sel = $('device2');
    const outlineBtn = $('outline');
    const followBtn = $('follow');

    function widthOf(value) {
      if (value === 'custom') {
        const n = Math.round(Number(settings.customWidth));
        return Number.isFinite(n) ? Math.min(2000, Math.max(200, n)) : 390;
      }
      return Number(value) || 390;
    }

    function applySettings() {
      const anchor = captureAnchor(viewA);
      const scale = (TEXT_SIZES[settings.textSize] || 17) / 17;
      const wA = widthOf(settings.device);
      const wB = widthOf(settings.device2);
      viewA.style.setProperty('--device-width', wA + 'px');
      viewB.style.setProperty('--device-width', wB + 'px');
      for (const v of [viewA, viewB]) v.style.setProperty('--text-scale', String(scale));
      root.style.setProperty('--text-scale', String(scale));
      deviceA.querySelector('.device-label').textContent = wA + ' pt · ' + settings.textSize;
      deviceB.querySelector('.device-label').textContent = wB + ' pt · ' + settings.textSize;
      root.dataset.appearance = settings.appearance;
      const showB = !!settings.sideBySide;
      if (deviceB.hidden === showB) {
        deviceB.hidden = !showB;
        if (showB && doc.hasArticle) renderSecondary();
        if (!showB) viewB.replaceChildren();
      }
      device2Sel.hidden = !showB;
      sideBtn.setAttribute('aria-pressed', String(showB));
      document.body.classList.toggle('outline-blocks', !!settings.outline);
      outlineBtn.setAttribute('aria-pressed', String(!!settings.outline));
      followBtn.setAttribute('aria-pressed', String(!!settings.follow));
      customInput.hidden = settings.device !== 'custom';

      deviceSel.value = settings.device;
      customInput.value = String(settings.customWidth);
      appearanceSel.value = settings.appearance;
      textSel.value = settings.textSize;
      device2Sel.value = settings.device2;
      restoreAnchor(anchor);
    }

    function change(patch) {
      Object.assign(settings, patch);
      for (const key of Object.keys(patch)) chosenKeys.add(key);
      const chosen = {};
      for (const key of chosenKeys) chosen[key] = settings[key];
      saveSettings(chosen);
      applySettings();
    }

    /** The project's device width and appearance, unless this browser chose its own. */
    function useProjectLayout(layout) {
      if (!layout || typeof layout !== 'object') return;
      const patch = {};
      const width = Math.round(Number(layout.deviceWidth));
      if (!chosenKeys.has('device') && Number.isFinite(width)) {
        const preset = Array.from(deviceSel.options).some((o) => o.value === String(width));
        patch.device = preset ? String(width) : 'custom';
        if (!preset && !chosenKeys.has('customWidth')) patch.customWidth = width;
      }
      if (!chosenKeys.has('appearance') && ['light', 'dark', 'system'].includes(layout.appearance)) {
        patch.appearance = layout.appearance;
      }
      const differs = Object.keys(patch).some((key) => settings[key] !== patch[key]);
      if (differs) {
        Object.assign(settings, patch);
        applySettings();
      }
    }

    deviceSel.addEventListener('change', () => {
      change({ device: deviceSel.value });
      if (deviceSel.value === 'custom') customInput.focus();
    });
    customInput.addEventListener('input', () => {
      if (customInput.value !== '') change({ customWidth: Number(customInput.value) });
    });
    appearanceSel.addEventListener('change', () => change({ appearance: appearanceSel.value }));
    textSel.addEventListener('change', () => change({ textSize: textSel.value }));
    device2Sel.addEventListener('change', () => change({ device2: device2Sel.value }));
    sideBtn.addEventListener('click', () => change({ sideBySide: !settings.sideBySide }));
    outlineBtn.addEventListener('click', () => change({ outline: !settings.outline }));
    followBtn.addEventListener('click', () => change({ follow: !settings.follow }));
    diagToggle.addEventListener('click', () => {
      const open = diagToggle.getAttribute('aria-expanded') !== 'true';
      diagToggle.setAttribute('aria-expanded', String(open));
      diagToggle.textContent = open ? 'Hide' : 'Show';
      diagList.hidden = !open;
    });
    applySettings();

    // Images that fail to load show a placeholder, never a broken-image icon.
    document.addEventListener('error', (e) => {
      const img = e.target;
      if (!(img instanceof HTMLImageElement) || !img.closest('.device-screen')) return;
      if (img.classList.contains('img-failed')) return;
      img.classList.add('img-failed');
      const box = document.createElement('div');
      box.className = 'missing-asset';
      box.textContent = 'image could not be loaded: ' + (img.getAttribute('alt') || img.getAttribute('src') || '');
      img.after(box);
    }, true);

    // ---- editor link: Alt/Ctrl/Cmd-click on a block opens the author's editor
    // at its source line. Only offered when the daemon announces an editor
    // endpoint and its per-daemon secret in the document answer
    // (`"editor": {"url": "/api/open", "token": "…"}`); the JSON API is
    // same-origin only, so other web pages cannot learn the secret.
    viewA.addEventListener('click', (e) => {
      if (!(e.altKey || e.ctrlKey || e.metaKey) || !doc.editor || !doc.editor.url) return;
      const blk = e.target.closest('.blk');
      if (!blk || !blk.hasAttribute('data-line')) return;
      e.preventDefault();
      fetch(doc.editor.url, {
        method: 'POST',
        cache: 'no-store',
        headers: { 'Content-Type': 'application/json', 'X-Galley-Token': doc.editor.token || '' },
        body: JSON.stringify({
          token: doc.editor.token || '',
          path: doc.path,
          line: Number(blk.getAttribute('data-line')),
          column: Number(blk.getAttribute('data-column')) || 1,
        }),
      }).catch(() => { /* the daemon logs editor failures */ });
    });

    // ---- daemon css: one <style> the page owns; fonts follow the text size
    function scaleFonts(css) {
      return String(css)
        .replace(/font-size\s*:\s*(\d+(?:\.\d+)?)px/g, 'font-size: calc($1px * var(--text-scale, 1))')
        .replace(/(font\s*:[^;{}]*?)(\d+(?:\.\d+)?)px/g, '$1calc($2px * var(--text-scale, 1))');
    }

    // ---- changes
    const changeTimers = new WeakMap();
    function markChanged(el) {
      clearTimeout(changeTimers.get(el));
      if (el.classList.contains('just-changed')) {
        // Marked a moment ago: start its highlight over. Rewinding the
        // animation does it without the layout that toggling the class needs.
        for (const animation of el.getAnimations()) animation.currentTime = 0;
      }
      el.classList.add('just-changed');
      changeTimers.set(el, setTimeout(() => el.classList.remove('just-changed'), CHANGED_MS));
    }

    let chipTarget = null;
    let chipTimer = null;
    function showChip(el) {
      chipTarget = el;
      const above = el.getBoundingClientRect().bottom <= viewportTop();
      chip.textContent = above ? 'Changed above ↑' : 'Changed below ↓';
      chip.classList.toggle('above', above);
      chip.hidden = false;
      clearTimeout(chipTimer);
      chipTimer = setTimeout(hideChip, 8000);
    }
    function hideChip() { chip.hidden = true; chipTarget = null; }
    chip.addEventListener('click', () => {
      if (chipTarget && chipTarget.isConnected) revealBlock(chipTarget);
      hideChip();
    });
    window.addEventListener('scroll', () => {
      if (chipTarget && (!chipTarget.isConnected || isOnScreen(chipTarget))) hideChip();
    }, { passive: true });

    function revealBlock(el, focusIt) {
      el.scrollIntoView({ block: 'center', behavior: 'auto' });
      if (focusIt) {
        el.classList.add('diag-target');
        setTimeout(() => el.classList.remove('diag-target'), 1500);
      }
      markChanged(el);
    }

    // ---- secondary device (side by side)
    function renderSecondary() {
      viewB.replaceChildren();
      const shown = viewA.querySelector(':scope > article');
      if (doc.hasArticle && shown) {
        // The same blocks as view A, without what the page added to them.
        const copy = shown.cloneNode(true);
        for (const el of copy.children) {
          el.classList.remove(...PAGE_CLASSES);
          if (!el.getAttribute('class')) el.removeAttribute('class');
          for (const { name } of Array.from(el.attributes)) if (isPageAttr(name)) el.removeAttribute(name);
        }
        patchView(viewB, incomingFromArticle(copy), true);
      }
      renderMarkers();
    }

    // ---- diagnostics
    function blockFor(d, view) {
      view = view || viewA;
      const art = view.querySelector(':scope > article');
      if (!art) return null;
      if (d.block) {
        const el = view === viewA
          ? document.getElementById(d.block)
          : art.querySelector('[data-galley-id="' + CSS.escape(d.block) + '"]');
        if (el && art.contains(el)) return el;
      }
      return null;
    }

    function blockNear(d) {
      const exact = blockFor(d);
      if (exact) return exact;
      if (!d.line || (doc.path && d.path && d.path !== doc.path)) return null;
      const art = viewA.querySelector(':scope > article');
      if (!art) return null;
      let best = null;
      for (const el of art.children) {
        const line = Number(el.getAttribute('data-line'));
        if (!line) continue;
        if (line <= d.line) best = el; else break;
      }
      return best;
    }

    function renderMarkers() {
      for (const el of document.querySelectorAll('.device-screen .has-error, .device-screen .has-warning')) {
        el.classList.remove('has-error', 'has-warning');
        el.removeAttribute('data-galley-badge');
      }
      const byBlock = new Map();
      for (const d of doc.diagnostics) {
        if (!d.block) continue;
        const list = byBlock.get(d.block) || [];
        list.push(d);
        byBlock.set(d.block, list);
      }
      for (const list of byBlock.values()) {
        const errors = list.filter((d) => d.severity === 'error').length;
        const label = list.length === 1
          ? (list[0].severity === 'error' ? '⛔ ' : '⚠ ') + list[0].message
          : list.length + ' problems';
        for (const view of [viewA, viewB]) {
          const el = blockFor(list[0], view);
          if (!el) continue;
          el.classList.add(errors ? 'has-error' : 'has-warning');
          el.setAttribute('data-galley-badge', label);
        }
      }
    }

    function renderDiagnostics() {
      const diags = doc.diagnostics;
      diagList.replaceChildren();
      if (!diags.length) {
        panel.hidden = true;
        renderMarkers();
        return;
      }
      const errors = diags.filter((d) => d.severity === 'error').length;
      const warnings = diags.length - errors;
      const parts = [];
      if (errors) parts.push(errors + (errors === 1 ? ' error' : ' errors'));
      if (warnings) parts.push(warnings + (warnings === 1 ? ' warning' : ' warnings'));
      diagTitle.textContent = parts.join(', ');
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
        btn.append(loc, sev, msg);
        btn.addEventListener('click', () => {
          const el = blockNear(d);
          if (el) revealBlock(el, true);
        });
        li.appendChild(btn);
        diagList.appendChild(li);
      }
      panel.hidden = false;
      renderMarkers();
    }

    // ---- applying a daemon answer
    function setRemoved(removed) {
      doc.removed = removed;
      removedNotice.hidden = !removed;
      document.body.classList.toggle('is-removed', removed);
      if (removed) {
        // no stale content: drop the rendering and its problems
        viewA.replaceChildren();
        viewB.replaceChildren();
        doc.hasArticle = false;
        doc.diagnostics = [];
        renderDiagnostics();
        hideChip();
        titleEl.textContent = (doc.title || 'Document') + ' (deleted)';
        galley.version = null;
        root.dataset.galleyRemoved = '1';
      } else {
        delete root.dataset.galleyRemoved;
      }
    }

    function apply(body, fresh) {
      const first = !doc.hasArticle;
      if (!fresh && body.version === galley.version) return; // a held poll that timed out
      if (body.unchanged) throw new PatchMismatch('a daemon that restarted'); // says nothing of what to show
      // Views to bring up to date, each with what it should show: a patch
      // must be taken against the very version the page shows.
      let incoming = null;
      if (typeof body.html === 'string') {
        incoming = [incomingFromArticle(parseArticle(body.html))];
        if (!deviceB.hidden) incoming.push(incomingFromArticle(parseArticle(body.html)));
      } else if (body.patch) {
        if (fresh || body.patch.base !== galley.version) throw new PatchMismatch('base ' + body.patch.base);
        incoming = incomingFromPatch(body.patch, deviceB.hidden ? 1 : 2);
      }
      if (doc.removed) setRemoved(false);

      doc.path = body.path;
      doc.editor = body.editor && typeof body.editor === 'object' ? body.editor : null;
      viewA.classList.toggle('can-open-editor', !!doc.editor);
      if (body.title !== doc.title || first) {
        doc.title = body.title || body.path || id;
        titleEl.textContent = doc.title;
        document.title = doc.title + ' · Galley';
      }
      // Shown from an editor's buffer (galley lsp) rather than the file on disk.
      unsavedEl.hidden = !body.unsaved;
      // The editor's cursor rests on a block (galley lsp): pages that follow go there, once per move.
      const follow = body.follow && typeof body.follow === 'object' ? body.follow : null;
      const followTo = follow && follow.serial !== doc.followSerial && !first ? follow.line : null;
      if (follow) doc.followSerial = follow.serial;
      useProjectLayout(body.layout);
      if (typeof body.css === 'string' && body.css !== doc.css) {
        doc.css = body.css;
        docStyle.textContent = scaleFonts(body.css);
      }

      let changed = [];
      if (incoming) {
        const anchor = captureAnchor(viewA);
        changed = patchView(viewA, incoming[0], false);
        if (incoming[1]) patchView(viewB, incoming[1], true);
        doc.hasArticle = true;
        restoreAnchor(anchor);
      }

      doc.diagnostics = Array.isArray(body.diagnostics) ? body.diagnostics : [];
      renderDiagnostics();

      if (!first && changed.length) {
        for (const el of changed) markChanged(el);
        const firstChanged = changed[0];
        if (!isOnScreen(firstChanged)) {
          if (settings.follow) revealBlock(firstChanged, false);
          else showChip(firstChanged);
        }
        if (!deviceB.hidden) {
          for (const el of changed) {
            const twin = viewB.querySelector('[data-galley-id="' + CSS.escape(el.id) + '"]');
            if (twin) markChanged(twin);
          }
        }
      }

      if (followTo !== null && settings.follow) {
        const target = viewA.querySelector('[data-line="' + Number(followTo) + '"]');
        if (target) revealBlock(target, false);
      }

      galley.version = body.version;
      galley.patches += 1;
      galley.lastChanged = changed.map((el) => el.id);
      root.dataset.galleyVersion = String(body.version);
    }

    // ---- the poll loop
    async function waitForReappearance(backoff) {
      // The document is gone: follow the index until it comes back.
      let since = null;
      for (;;) {
        await whenVisible();
        const url = '/api/documents' + (since !== null ? '?since=' + encodeURIComponent(since) : '');
        const r = await getJSON(url, HOLD_SECONDS);
        if (!r.ok || !r.body) throw new Error('index: HTTP ' + r.status);
        noteBoot(r.body.boot);
        backoff.reset();
        setConnection('live');
        if ((r.body.documents || []).some((d) => d.id === id)) return;
        since = r.body.version;
      }
    }

    async function loop() {
      const backoff = new Backoff();
      let fresh = true; // next request without `since`: resynchronise
      for (;;) {
        await whenVisible();
        try {
          if (doc.removed) {
            await waitForReappearance(backoff);
            fresh = true;
          }
          let url = '/api/documents/' + encodeURIComponent(id);
          if (!fresh && galley.version !== null) url += '?since=' + encodeURIComponent(galley.version) + '&wait=' + HOLD_SECONDS + '&patch=1';
          const r = await getJSON(url, HOLD_SECONDS);
          if (r.status === 404 && r.body && r.body.removed) {
            noteBoot(r.body.boot);
            setRemoved(true);
          } else if (!r.ok || !r.body) {
            throw new Error('HTTP ' + r.status);
          } else {
            const rebooted = noteBoot(r.body.boot);
            apply(r.body, fresh || rebooted);
          }
          fresh = false;
          backoff.reset();
          setConnection('live');
        } catch (err) {
          if (isHiddenAbort(err) || (err && err.name === 'AbortError' && document.visibilityState === 'hidden')) {
            continue; // resumes (with `since`) when visible again
          }
          if (err instanceof PatchMismatch) {
            galley.resyncs += 1;
            fresh = true; // the whole document, at once
            continue;
          }
          fresh = true;
          const delay = backoff.next();
          setConnection(failureState(backoff));
          await sleep(delay);
        }
      }
    }

    window.addEventListener('online', () => { if (currentPoll) currentPoll.abort('online'); });
    loop();
  }

  // ---------------------------------------------------------------- index page

  function indexPage() {
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
      setTimeout(() => { for (const tr of tbody.querySelectorAll('tr.just-changed')) tr.classList.remove('just-changed'); }, CHANGED_MS);
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
            root.dataset.galleyVersion = String(r.body.version);
          }
          fresh = false;
          backoff.reset();
          setConnection('live');
        } catch (err) {
          if (err && err.name === 'AbortError' && document.visibilityState === 'hidden') continue;
          fresh = true;
          const delay = backoff.next();
          setConnection(failureState(backoff));
          await sleep(delay);
        }
      }
    }
    loop();
  }

  if (pageKind === 'doc') docPage();
  else if (pageKind === 'index') indexPage();
})();
