// Block patching: brings the article a view shows to what the daemon sent
// (a whole article or a patch of kept ids and new HTML), touching only the
// blocks that changed, so unchanged images are neither re-fetched nor
// re-decoded. Content text only ever reaches the DOM as HTML the daemon
// escaped.

/** Classes and attributes the page adds to blocks; kept across patches. */
export const PAGE_CLASSES = ['just-changed', 'has-error', 'has-warning', 'diag-target'];
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

/**
 * What a view should show, from a daemon patch: kept ids stay `{ keep }`
 * (with the new source location of a block that only moved), the other
 * children are parsed (all in one go). Returns one incoming value per view
 * asked for, since a parsed element can live in one view only.
 */
export function incomingFromPatch(patch, views) {
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
 * article's attributes, then its children, each a parsed element or
 * `{ keep: id }` for one the view shows exactly as the daemon sent it
 * (`{ keep, line, column }` when only its source location changed).
 * Elements whose key (block id) and content are unchanged stay the same
 * DOM nodes; others are inserted, given new content, or removed.
 * Returns the elements with new content, in document order; throws
 * PatchMismatch when an element to keep is not there.
 */
export function patchView(view, incoming, secondary) {
  let art = view.querySelector(':scope > article');
  if (!art) {
    art = document.createElement('article');
    view.replaceChildren(art);
  }
  syncAttributes(art, incoming.article, ARTICLE_OWN);

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
