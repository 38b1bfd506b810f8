// Block patching: brings the article a view shows to what the daemon sent.
// A whole article is shown as it is; a patch (DocumentPatch.swift) says
// which children of the article (the header, groups of blocks) and which
// blocks stay, move or are new, and the page applies it as it says,
// touching only the groups and blocks it names, so unchanged images are
// neither re-fetched nor re-decoded. Content text only ever reaches the
// DOM as HTML the daemon escaped.

import { isGroup } from './blockLocations.js';

/** Classes and attributes the page adds to blocks; kept across patches. */
export const PAGE_CLASSES = ['just-changed', 'changed-again', 'has-error', 'has-warning', 'diag-target'];
export const isPageAttr = (name) => name.startsWith('data-galley-');

/** What a patch names an element by: its id (moved aside in the second device), or its tag for the header. */
function keyOf(el) {
  return el.getAttribute('data-galley-id') || el.id || el.localName;
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

/** What a view should show, from a whole article. */
export function incomingFromArticle(art) {
  return { article: art, items: null };
}

/** A run of kept children (or, with `in`, kept blocks) in a daemon patch, checked for its shape only. */
function isRun(e, ofBlocks) {
  return !!e && typeof e === 'object' && e.html === undefined && Number.isInteger(e.keep) && Number.isInteger(e.count)
    && e.keep >= 0 && e.count >= 1 && typeof e.first === 'string' && typeof e.last === 'string'
    && (!ofBlocks || (Number.isInteger(e.in) && e.in >= 0));
}

function isGroupItem(e) {
  return !!e && typeof e.group === 'string' && Array.isArray(e.blocks)
    && (e.update === undefined || (Number.isInteger(e.update) && e.update >= 0 && typeof e.first === 'string'));
}

/**
 * What a view should show, from a daemon patch: runs stay `{ run }`, the
 * HTML of new children, blocks and groups' opening tags is parsed (all in
 * one go). Returns one incoming value per view asked for, since a parsed
 * element can live in one view only.
 */
export function incomingFromPatch(patch, views) {
  if (!patch || typeof patch.article !== 'string' || !Array.isArray(patch.elements)) throw new PatchMismatch('shape');
  const fragments = [];
  const html = (e) => {
    if (!e || typeof e.html !== 'string') throw new PatchMismatch('element');
    fragments.push(e.html);
  };
  for (const e of patch.elements) {
    if (isRun(e, false)) continue;
    if (!isGroupItem(e)) {
      html(e);
      continue;
    }
    fragments.push(e.group + '</div>');
    for (const b of e.blocks) if (!isRun(b, true)) html(b);
  }
  const tpl = document.createElement('template');
  tpl.innerHTML = fragments.join('\n');
  const parsed = Array.from(tpl.content.children);
  if (parsed.length !== fragments.length) throw new PatchMismatch('fragments');
  const article = parseArticle(patch.article + '</article>');
  return Array.from({ length: views }, (_, copy) => {
    let next = 0;
    const node = () => {
      const el = parsed[next++];
      return copy === 0 ? el : el.cloneNode(true);
    };
    const items = patch.elements.map((e) => {
      if (isRun(e, false)) return { run: e };
      if (!isGroupItem(e)) return { node: node() };
      const group = node();
      const blocks = e.blocks.map((b) => (isRun(b, true) ? { run: b } : { node: node() }));
      return { group, update: e.update, first: e.first, blocks };
    });
    return { article: copy === 0 ? article : article.cloneNode(false), items };
  });
}

/**
 * The ids of the blocks a patch for the primary view sends again although
 * that view shows them already. A block's id is made from its kind and
 * content (HTMLRenderer.swift), so such a block is the same block: the
 * daemon renders one that shows a missing image again at every save, to
 * report its problem where it now is. It is no edit, to mark or to follow.
 */
export function resentIn(view, incoming) {
  const resent = new Set();
  if (!incoming.items) return resent;
  const shown = (el) => {
    const id = el && el.id;
    const found = id ? document.getElementById(id) : null;
    if (found && view.contains(found)) resent.add(id);
  };
  for (const item of incoming.items) {
    if (item.node) shown(item.node);
    for (const block of item.blocks || []) if (block.node) shown(block.node);
  }
  return resent;
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

/** The second device shows the same groups and blocks: their ids must stay unique. */
function moveIdAside(el) {
  if (!el.id) return;
  el.setAttribute('data-galley-id', el.id);
  el.removeAttribute('id');
}

/**
 * Brings the article in `view` to `incoming`: a whole article replaces
 * what the view shows; a patch's items are applied as they say. Kept runs
 * are checked at their ends and stay the same DOM nodes, with their
 * location attributes grown by the run's `lines` and `columns` (a group's
 * `data-line`/`data-column`, a block's offsets); a group named by `update`
 * stays, with the attributes of its new opening tag and the blocks given;
 * parsed elements are new. Returns the new blocks (and a new header), in
 * document order; throws PatchMismatch, before changing anything, when a
 * run or a group does not fit what the view shows.
 */
export function patchView(view, incoming, secondary) {
  if (!incoming.items) {
    if (secondary) for (const el of incoming.article.querySelectorAll(':scope > .blk-group, :scope > .blk-group > .blk')) moveIdAside(el);
    view.replaceChildren(incoming.article);
    return [];
  }
  const art = view.querySelector(':scope > article');
  if (!art) throw new PatchMismatch('no article');
  // Everything resolved against what the view shows, before anything moves.
  const children = Array.from(art.children);
  const blocksOfChild = new Map();
  const blocksIn = (index) => {
    if (!children[index]) throw new PatchMismatch('group ' + index);
    if (!blocksOfChild.has(index)) blocksOfChild.set(index, Array.from(children[index].children));
    return blocksOfChild.get(index);
  };
  const kept = (list, run) => {
    if (run.keep + run.count > list.length) throw new PatchMismatch('run ' + run.first);
    const nodes = list.slice(run.keep, run.keep + run.count);
    if (keyOf(nodes[0]) !== run.first || keyOf(nodes[nodes.length - 1]) !== run.last) throw new PatchMismatch('run ' + run.first);
    // A kept group is not opened: the number of blocks it holds is checked
    // instead, by its `children` collection, whose length Chromium keeps
    // until the group changes (`childElementCount` walks every block: 1.3 ms
    // a save for 4,800 blocks in 67 kept groups).
    if (Number.isInteger(run.blockCount)
      && nodes.reduce((sum, el) => sum + (isGroup(el) ? el.children.length : 0), 0) !== run.blockCount) throw new PatchMismatch('run ' + run.first);
    return nodes;
  };
  const fresh = (node) => {
    if (secondary) moveIdAside(node);
    return node;
  };
  const steps = incoming.items.map((item) => {
    if (item.run) return { run: item.run, nodes: kept(children, item.run), attributes: ['data-line', 'data-column'] };
    if (!item.group) return { node: fresh(item.node) };
    let group = fresh(item.group);
    if (item.update !== undefined) {
      const old = children[item.update];
      if (!old || keyOf(old) !== item.first) throw new PatchMismatch('group ' + item.first);
      blocksIn(item.update);
      group = { old, tag: group };
    }
    const blocks = item.blocks.map((b) => (b.run
      ? { run: b.run, nodes: kept(blocksIn(b.run.in), b.run), attributes: ['data-line-offset', 'data-column-offset'] }
      : { node: fresh(b.node) }));
    return { group, blocks };
  });

  syncAttributes(art, incoming.article, ARTICLE_OWN);
  const changed = [];
  const shown = [];
  for (const step of steps) {
    if (step.run) {
      move(step.nodes, step.run, step.attributes);
      shown.push(...step.nodes);
    } else if (step.node) {
      changed.push(step.node);
      shown.push(step.node);
    } else {
      let group = step.group;
      if (group.old) {
        syncAttributes(group.old, group.tag);
        group = group.old;
      }
      const blocks = [];
      for (const b of step.blocks) {
        if (b.run) {
          move(b.nodes, b.run, b.attributes);
          blocks.push(...b.nodes);
        } else {
          changed.push(b.node);
          blocks.push(b.node);
        }
      }
      place(group, blocks);
      shown.push(group);
    }
  }
  place(art, shown);
  return changed;
}

/**
 * Applies a patch of each kind of element, as a save sends it, to a small
 * article outside the document, just before the page shows its first: the
 * author's first save then runs code Chromium has already compiled, and
 * costs the frame no more than the saves after it. Nothing it makes is
 * shown or kept.
 */
export function warmPatching() {
  const block = (id, line) => '<div class="blk" id="' + id + '" data-line-offset="' + line + '" data-column-offset="1"><p>·</p></div>';
  const group = '<div class="blk-group" id="g-warm" data-line="2" data-column="1">';
  const view = document.createElement('div');
  const blocks = block('b-warm-0', 0) + block('b-warm-1', 1);
  const article = parseArticle('<article class="galley-doc"><header><h1>·</h1></header>' + group + blocks + '</div></article>');
  patchView(view, incomingFromArticle(article), false);
  const patch = {
    base: 0,
    article: '<article class="galley-doc">',
    elements: [
      { keep: 0, count: 1, first: 'header', last: 'header' },
      {
        update: 1, first: 'g-warm', group, blocks: [
          { keep: 0, count: 1, in: 1, first: 'b-warm-0', last: 'b-warm-0', lines: 1 },
          { html: block('b-warm-2', 2) },
        ],
      },
    ],
  };
  const [incoming] = incomingFromPatch(patch, 1);
  resentIn(view, incoming);
  patchView(view, incoming, false);
}

/** Grows the location attributes of kept elements by what their run says they moved. */
function move(nodes, run, [lineAttribute, columnAttribute]) {
  const lines = Number.isInteger(run.lines) ? run.lines : 0;
  const columns = Number.isInteger(run.columns) ? run.columns : 0;
  if (!lines && !columns) return;
  for (const el of nodes) {
    if (!el.hasAttribute(lineAttribute)) continue;
    if (lines) el.setAttribute(lineAttribute, String(Number(el.getAttribute(lineAttribute)) + lines));
    if (columns) el.setAttribute(columnAttribute, String(Number(el.getAttribute(columnAttribute)) + columns));
  }
}

/**
 * Makes `nodes` the children of `parent`, in order: others are removed,
 * and an element already just before the one after it stays put, so that
 * Chromium lays out again only what moved.
 */
function place(parent, nodes) {
  const staying = new Set(nodes);
  for (const el of Array.from(parent.children)) if (!staying.has(el)) el.remove();
  let after = null;
  for (let i = nodes.length - 1; i >= 0; i--) {
    const el = nodes[i];
    if (el.parentNode !== parent || el.nextElementSibling !== after) parent.insertBefore(el, after);
    after = el;
  }
}
