// Block patching: brings the article a view shows to what the daemon sent
// (a whole article, or a patch of runs of kept blocks and new HTML), touching only the
// blocks that changed, so unchanged images are neither re-fetched nor
// re-decoded. Content text only ever reaches the DOM as HTML the daemon
// escaped.

/** Classes and attributes the page adds to blocks; kept across patches. */
export const PAGE_CLASSES = ['just-changed', 'changed-again', 'has-error', 'has-warning', 'diag-target'];
export const isPageAttr = (name) => name.startsWith('data-galley-');

function keyOf(el) {
  return el.getAttribute('data-galley-id') || el.id || null;
}

export function parseArticle(html) {
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
export class PatchMismatch extends Error {
  constructor(what) { super('patch does not fit: ' + what); this.name = 'PatchMismatch'; }
}

/** What a view should show, from a whole article: every child as an element. */
export function incomingFromArticle(art) {
  return { article: art, items: Array.from(art.children).map((node) => ({ node })) };
}

/** A run of kept children in a daemon patch (see DocumentPatch.swift), checked for its shape only. */
function isRun(e) {
  return !!e && typeof e === 'object' && e.html === undefined && Number.isInteger(e.keep) && Number.isInteger(e.count)
    && e.keep >= 0 && e.count >= 1 && typeof e.first === 'string' && typeof e.last === 'string';
}

/**
 * What a view should show, from a daemon patch: runs of kept children
 * stay `{ run }` (with how their blocks moved), the other children are
 * parsed (all in one go). Returns one incoming value per view asked for,
 * since a parsed element can live in one view only.
 */
export function incomingFromPatch(patch, views) {
  if (!patch || typeof patch.article !== 'string' || !Array.isArray(patch.elements)) throw new PatchMismatch('shape');
  const fragments = [];
  for (const e of patch.elements) {
    if (isRun(e)) continue;
    if (!e || typeof e.html !== 'string') throw new PatchMismatch('element');
    fragments.push(e.html);
  }
  const tpl = document.createElement('template');
  tpl.innerHTML = fragments.join('\n');
  const parsed = Array.from(tpl.content.children);
  if (parsed.length !== fragments.length) throw new PatchMismatch('fragments');
  const article = parseArticle(patch.article + '</article>');
  return Array.from({ length: views }, (_, copy) => {
    let next = 0;
    const items = patch.elements.map((e) => {
      if (isRun(e)) return { run: e };
      const node = parsed[next++];
      return { node: copy === 0 ? node : node.cloneNode(true) };
    });
    return { article: copy === 0 ? article : article.cloneNode(false), items };
  });
}

/**
 * Attributes of the article that the page sets itself: `lang`, from the
 * answer's `language`. Taking it off and putting it back would make
 * Chromium recompute the style of every block (about 65 ms for 4,800
 * paragraphs, twice).
 */
const ARTICLE_OWN = ['lang'];

/** Copies the daemon's attributes of `from` onto `to`, keeping the page's own (and those named in `pageSet`). */
function syncAttributes(to, from, pageSet = []) {
  for (const { name, value } of Array.from(from.attributes)) {
    if (name === 'class') continue;
    if (to.getAttribute(name) !== value) to.setAttribute(name, value);
  }
  for (const { name } of Array.from(to.attributes)) {
    if (name === 'class' || isPageAttr(name) || pageSet.includes(name)) continue;
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
 * article's attributes, then its children, each a parsed element
 * (`{ node }`) or a run of children the view keeps (`{ run }`: where they
 * are in what the view shows, and how their source location changed).
 * The work is proportional to what changed: kept runs are checked at their
 * ends and left in place, and only the children between them are
 * compared. There, elements whose key (block id) and content are
 * unchanged stay the same DOM nodes; others are inserted, given new
 * content, or removed. Returns the elements with new content, in
 * document order; throws PatchMismatch, before changing any child, when a
 * run does not fit what the view shows.
 */
export function patchView(view, incoming, secondary) {
  let art = view.querySelector(':scope > article');
  if (!art) {
    art = document.createElement('article');
    view.replaceChildren(art);
  }
  const children = art.children;
  // Runs resolved against the view, before anything moves.
  const runs = new Map();
  let inOrder = true;
  let end = 0;
  for (const item of incoming.items) {
    if (!item.run) continue;
    const { keep, count, first, last } = item.run;
    if (keep + count > children.length) throw new PatchMismatch('run ' + first);
    const from = children[keep];
    const to = children[keep + count - 1];
    if (keyOf(from) !== first || keyOf(to) !== last) throw new PatchMismatch('run ' + first);
    if (keep < end) inOrder = false;
    end = keep + count;
    runs.set(item, { from, to, start: keep });
  }
  if (!inOrder) {
    const spans = Array.from(runs.keys(), (item) => [item.run.keep, item.run.keep + item.run.count]).sort((a, b) => a[0] - b[0]);
    for (let i = 1; i < spans.length; i++) if (spans[i][0] < spans[i - 1][1]) throw new PatchMismatch('runs overlap');
  }
  syncAttributes(art, incoming.article, ARTICLE_OWN);
  for (const [item, { from, to }] of runs) moveRun(item.run, from, to);

  const changed = [];
  if (inOrder) {
    // Each stretch between two runs (or an end) is patched on its own,
    // before the element that starts the next run.
    let pending = [];
    let oldStart = 0;
    const stretches = [];
    for (const item of incoming.items) {
      const run = runs.get(item);
      if (!run) {
        pending.push(item);
        continue;
      }
      stretches.push({ old: sliceOf(children, oldStart, run.start), items: pending, before: run.from });
      pending = [];
      oldStart = run.start + item.run.count;
    }
    stretches.push({ old: sliceOf(children, oldStart, children.length), items: pending, before: null });
    for (const stretch of stretches) {
      if (stretch.old.length || stretch.items.length) placeStretch(art, stretch, secondary, changed);
    }
  } else {
    // Kept blocks in another order (items of a data file moved): the whole
    // article is one stretch, with the runs' elements staying where the
    // patch puts them.
    const items = [];
    for (const item of incoming.items) {
      const run = runs.get(item);
      if (!run) {
        items.push(item);
        continue;
      }
      for (let el = run.from, n = 0; n < item.run.count; el = el.nextElementSibling, n++) items.push({ kept: el });
    }
    placeStretch(art, { old: Array.from(children), items, before: null }, secondary, changed);
  }
  return changed;
}

function sliceOf(children, start, end) {
  const slice = [];
  for (let i = start; i < end; i++) slice.push(children[i]);
  return slice;
}

/**
 * Source locations of moved blocks, written after the frame that shows the
 * patch: nothing on screen shows them, and writing thousands of them (a
 * paragraph added at the top of a long document, or an edit on a line that
 * holds every paragraph) cost 10 to 15 ms before the article could change.
 * Whatever reads a block's location calls `settleMoves()` first.
 */
const pendingMoves = [];
let movesScheduled = false;

/** Notes how far the blocks of a kept run moved in their source, to be written after the frame. */
function moveRun(run, from, to) {
  const lines = Number.isInteger(run.lines) ? run.lines : 0;
  const columns = Number.isInteger(run.columns) ? run.columns : 0;
  if (!lines && !columns) return;
  // The elements themselves, taken before the patch moves anything: a later
  // patch may reorder the article before the moves are written.
  const blocks = [];
  for (let el = from; el; el = el.nextElementSibling) {
    blocks.push(el);
    if (el === to) break;
  }
  pendingMoves.push({ blocks, lines, columns });
  if (!movesScheduled) {
    movesScheduled = true;
    requestAnimationFrame(() => setTimeout(settleMoves, 0));
  }
}

/** Writes the source locations of blocks that moved, in the order the patches came. */
export function settleMoves() {
  movesScheduled = false;
  for (const { blocks, lines, columns } of pendingMoves.splice(0)) {
    for (const el of blocks) {
      const line = Number(el.getAttribute('data-line'));
      if (!line) continue;
      if (lines) el.setAttribute('data-line', String(line + lines));
      const column = Number(el.getAttribute('data-column'));
      if (columns && column) el.setAttribute('data-column', String(column + columns));
      decorateBlock(el);
    }
  }
}

/**
 * Brings the children `stretch.old` of `art` to `stretch.items` (parsed
 * elements, or `{ kept }` elements that stay), just before
 * `stretch.before` (null: at the end). Adds the elements with new content
 * to `changed`.
 */
function placeStretch(art, stretch, secondary, changed) {
  const current = stretch.old;
  const staying = new Set(stretch.items.filter((item) => item.kept).map((item) => item.kept));
  const oldByKey = new Map();
  const oldUnkeyed = [];
  for (const el of current) {
    if (staying.has(el)) continue;
    const k = keyOf(el);
    if (k && !oldByKey.has(k)) oldByKey.set(k, el); else oldUnkeyed.push(el);
  }

  const next = [];
  const fresh = new Set();
  for (const item of stretch.items) {
    if (item.kept) {
      next.push(item.kept);
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
  // From the last: an element already just before the one after it stays put.
  let after = stretch.before;
  for (let i = next.length - 1; i >= 0; i--) {
    const el = next[i];
    if (el.parentNode !== art || el.nextElementSibling !== after) art.insertBefore(el, after);
    after = el;
  }
  for (const el of next) if (fresh.has(el)) changed.push(el);
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
