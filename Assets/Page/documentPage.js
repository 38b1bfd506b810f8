// The live document page (/doc/{id}): polls the document, patches both
// devices, marks what changed, and follows the document when it is deleted
// and comes back.
import { galley, HOLD_SECONDS, Backoff, backOff, getJSON, isHiddenAbort, noteBoot, setConnection, whenVisible } from './connection.js';
import {
  PAGE_CLASSES, PatchMismatch, incomingFromArticle, incomingFromPatch, isPageAttr, parseArticle, patchView, resentIn, warmPatching,
} from './patching.js';
import { blockOnLine, blocksOf, labelLocations } from './blockLocations.js';
import { ReadingPosition, captureAnchor, isOnScreen, restoreAnchor, viewportTop } from './scrolling.js';
import { settings } from './settings.js';
import { setUpToolbar } from './toolbar.js';
import { setUpDiagnostics } from './diagnostics.js';
import { editorOf, linkEditor } from './editorLink.js';
import { showDeviceFiles, showDeviceFilesOf } from './deviceFiles.js';
import { setUpLanguages } from './languages.js';
import { setUpNavigation } from './navigation.js';
import { showFontSubstitutes } from './fontNote.js';
import { setUpReviewViews } from './reviewViews.js';
import { linkChanges } from './changes.js';

/** How long a changed block stays highlighted. */
const MARK_MS = 1500;

export function documentPage() {
  const root = document.documentElement;
  const $ = (id) => document.getElementById(id);
  const id = decodeURIComponent(location.pathname.replace(/^\/doc\//, '').replace(/\/+$/, ''));
  const viewA = $('view-a');
  const readingPosition = new ReadingPosition(viewA);
  const viewB = $('view-b');
  const deviceB = $('device-b');
  const titleEl = $('doc-title');
  const unsavedEl = $('unsaved');
  const removedNotice = $('removed-notice');
  const chip = $('change-chip');

  // The daemon's CSS for this document's kinds, in one <style> the page
  // owns. It already scales with --text-scale, so it is used as sent.
  const docStyle = document.createElement('style');
  docStyle.id = 'galley-doc-css';
  document.head.appendChild(docStyle);

  const doc = { id, path: null, hasArticle: false, css: null, diagnostics: [], removed: false, title: '', editor: null, language: null };

  const diagnostics = setUpDiagnostics(doc, (el) => revealBlock(el, true));
  const { useProjectLayout, applySettings } = setUpToolbar({
    show() { if (doc.hasArticle) renderSecondary(); },
    hide() { viewB.replaceChildren(); },
    comparing: () => !!doc.comparing,
  });
  linkEditor(viewA, doc);
  const updateLanguages = setUpLanguages(doc, applySettings);
  const updateNavigation = setUpNavigation(doc);
  const updateReviewViews = setUpReviewViews();
  linkChanges(document.getElementById('changes-since'), document.getElementById('changes-link'));

  // An image is a sized grey box until its picture has arrived (galley.css).
  document.addEventListener('load', (e) => {
    if (e.target instanceof HTMLImageElement) e.target.classList.add('img-loaded');
  }, true);

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

  // ---- changes
  const changeTimers = new WeakMap();
  function markChanged(el) {
    clearTimeout(changeTimers.get(el));
    // Marked a moment ago: its highlight starts over under the other
    // animation name (galley.css), which needs neither a style flush, as
    // rewinding its animation does, nor a layout, as toggling the class does.
    if (el.classList.contains('just-changed')) el.classList.toggle('changed-again');
    el.classList.add('just-changed');
    changeTimers.set(el, setTimeout(() => el.classList.remove('just-changed', 'changed-again'), MARK_MS));
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
    readingPosition.hold(el);
    if (focusIt) {
      el.classList.add('diag-target');
      setTimeout(() => el.classList.remove('diag-target'), 1500);
    }
    markChanged(el);
  }

  // ---- secondary device (side by side)
  function renderSecondary() {
    if (doc.comparing) return; // the second device shows another language
    viewB.replaceChildren();
    const shown = viewA.querySelector(':scope > article');
    if (doc.hasArticle && shown) {
      // The same blocks as view A, without what the page added to them.
      const copy = shown.cloneNode(true);
      for (const el of blocksOf(copy)) {
        el.classList.remove(...PAGE_CLASSES);
        if (!el.getAttribute('class')) el.removeAttribute('class');
        for (const { name } of Array.from(el.attributes)) if (isPageAttr(name)) el.removeAttribute(name);
      }
      patchView(viewB, incomingFromArticle(copy), true);
      labelLocations(copy);
      setLanguage();
      showDeviceFiles();
    }
    diagnostics.renderMarkers();
  }

  /**
   * The document's language on its articles, so CJK text gets its glyphs.
   * Set only when it differs: Chromium recomputes the style of the whole
   * article whenever `lang` is set, even to the value it has (about 65 ms
   * for 4,800 paragraphs). Patching leaves it in place.
   */
  function setLanguage() {
    const views = doc.comparing ? [viewA] : [viewA, viewB]; // another language says its own
    // A view's own children, not `querySelectorAll(':scope > article')`,
    // which visits every element of the article to find it.
    const articles = views.flatMap((view) => Array.from(view.children).filter((el) => el.localName === 'article'));
    for (const art of articles) {
      if (doc.language) {
        if (art.getAttribute('lang') !== doc.language) art.lang = doc.language;
      } else if (art.hasAttribute('lang')) {
        art.removeAttribute('lang');
      }
    }
  }

  /**
   * A right-to-left document (its article's `dir`, from its localisation)
   * mirrors the chrome around it, as UIKit mirrors the navigation bar, its
   * back chevron and the toolbars: the chevron is a mirrored glyph, so it
   * turns by itself. Set only when it changes, as `lang` is.
   */
  const mirroredChrome = [$('toolbar'), $('diagnostics'), removedNotice];
  function setDirection() {
    const art = viewA.querySelector(':scope > article');
    const direction = art && art.getAttribute('dir') === 'rtl' ? 'rtl' : null;
    if ((root.dataset.direction || null) === direction) return;
    if (direction) root.dataset.direction = direction; else delete root.dataset.direction;
    for (const el of mirroredChrome) {
      if (direction) el.setAttribute('dir', direction); else el.removeAttribute('dir');
    }
  }

  /** Whether the second device shows this document too (not another language). */
  function mirrorsB() { return !deviceB.hidden && !doc.comparing; }

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
      diagnostics.render();
      hideChip();
      titleEl.textContent = (doc.title || 'Document') + ' (deleted)';
      galley.version = null;
      root.dataset.galleyRemoved = '1';
    } else {
      delete root.dataset.galleyRemoved;
    }
  }

  /**
   * What the frame that shows a patch does: whatever reads layout (the
   * reading position, whether a changed block is on screen) waits for it,
   * so that the patched article reaches the DOM at once and is laid out
   * once, by the frame itself, rather than again by the page before it.
   * The changed blocks are marked before anything is read: a mark written
   * after the first read would have Chromium style and lay out the article
   * a second time in the frame. A mark moves nothing (galley.css), so the
   * reading position is read the same.
   */
  let nextFrame = null;
  function showInFrame() {
    const { anchor, changed, followTo } = nextFrame;
    nextFrame = null;
    const shown = changed.filter((el) => el.isConnected);
    for (const el of shown) markChanged(el);
    if (shown.length && mirrorsB()) {
      for (const el of shown) {
        const twin = viewB.querySelector('[data-galley-id="' + CSS.escape(el.id) + '"]');
        if (twin) markChanged(twin);
      }
    }
    restoreAnchor(anchor);
    readingPosition.note();
    if (shown.length && !isOnScreen(shown[0])) {
      if (settings.follow) revealBlock(shown[0], false);
      else showChip(shown[0]);
    }
    if (followTo !== null && settings.follow) {
      const art = viewA.querySelector(':scope > article');
      const target = art && blockOnLine(art, Number(followTo));
      if (target) revealBlock(target, false);
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
      if (mirrorsB()) incoming.push(incomingFromArticle(parseArticle(body.html)));
    } else if (body.patch) {
      if (fresh || body.patch.base !== galley.version) throw new PatchMismatch('base ' + body.patch.base);
      incoming = incomingFromPatch(body.patch, mirrorsB() ? 2 : 1);
    }
    // Taken before the first of the patches one frame shows, and before
    // anything around the article changes (the title, the "unsaved" badge):
    // layout is still that of the frame on screen.
    if (incoming && !nextFrame) nextFrame = { anchor: captureAnchor(viewA), changed: [], followTo: null };
    if (doc.removed) setRemoved(false);

    doc.path = body.path;
    doc.item = body.item;
    doc.editor = editorOf(body);
    viewA.classList.toggle('can-open-editor', !!doc.editor);
    if (body.title !== doc.title || first) {
      doc.title = body.title || body.path || id;
      titleEl.textContent = doc.title;
      document.title = doc.title + ' · Galley';
    }
    updateNavigation();
    showFontSubstitutes($('font-note'), body.kind === 'tagged' && body.layout ? body.layout.fontSubstitutes : [], body.missingGlyphs);
    useProjectLayout(body.layout);
    // Shown from an editor's buffer (galley lsp) rather than the file on disk.
    // Written only when it changes, as every other mark a save brings:
    // Chromium styles an element again for any write of an attribute.
    if (unsavedEl.hidden !== !body.unsaved) unsavedEl.hidden = !body.unsaved;
    // The editor's cursor rests on a block (galley lsp): pages that follow go there, once per move.
    const follow = body.follow && typeof body.follow === 'object' ? body.follow : null;
    const followTo = follow && follow.serial !== doc.followSerial && !first ? follow.line : null;
    if (follow) doc.followSerial = follow.serial;
    if (typeof body.css === 'string' && body.css !== doc.css) {
      doc.css = body.css;
      docStyle.textContent = body.css;
    }
    doc.language = typeof body.language === 'string' && body.language ? body.language : null;
    updateLanguages(body);

    let changed = [];
    if (incoming) {
      // The patching is compiled before the first article is shown, not in
      // the first save's frame, nor when idle after loading: an author or a
      // client that saves as soon as the article is there would pay for it.
      if (first) warmPatching();
      const resent = resentIn(viewA, incoming[0]);
      const added = patchView(viewA, incoming[0], false);
      changed = added.filter((el) => !resent.has(el.id));
      readingPosition.watch();
      const changedB = incoming[1] ? patchView(viewB, incoming[1], true) : [];
      doc.hasArticle = true;
      setLanguage();
      setDirection();
      for (const view of [viewA, viewB]) labelLocations(view.querySelector(':scope > article'));
      if (body.patch) {
        showDeviceFilesOf(added);
        showDeviceFilesOf(changedB);
      } else {
        showDeviceFiles();
      }
    }

    doc.diagnostics = Array.isArray(body.diagnostics) ? body.diagnostics : [];
    diagnostics.render();
    updateReviewViews(doc);

    if (followTo !== null && !nextFrame) nextFrame = { anchor: null, changed: [], followTo: null };
    if (nextFrame) {
      if (!first) nextFrame.changed.push(...changed);
      if (followTo !== null) nextFrame.followTo = followTo;
      if (!nextFrame.requested) {
        nextFrame.requested = true;
        requestAnimationFrame(showInFrame);
      }
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
        if (isHiddenAbort(err)) continue; // resumes (with `since`) when visible again
        if (err instanceof PatchMismatch) {
          galley.resyncs += 1;
          fresh = true; // the whole document, at once
          continue;
        }
        fresh = true;
        await backOff(backoff);
      }
    }
  }

  loop();
}
