// Scroll anchoring: the block the author is reading stays where it is when
// blocks above it change.
import { isGroup } from './blockLocations.js';

export function viewportTop() {
  const bar = document.querySelector('.toolbar');
  return bar ? Math.max(0, bar.getBoundingClientRect().bottom) : 0;
}

/** The first of `elements` (in order down the page) whose bottom is below `top`, by halving. */
function firstBelow(elements, top) {
  let low = 0;
  let high = elements.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (elements[middle].getBoundingClientRect().bottom <= top) low = middle + 1; else high = middle;
  }
  return low;
}

/**
 * Blocks on screen (and the header), the ones whose top is visible first,
 * then the one that starts above the screen, and last the one just above
 * the screen; each with its `top` and its `order` down the page.
 * Groups follow one another down the page and so do the blocks in each: the
 * first on screen is found by halving at both levels, so a long article is
 * not measured block by block.
 */
export function captureAnchor(view) {
  const art = view && view.querySelector(':scope > article');
  if (!art || window.scrollY <= 0) return null;
  const top = viewportTop();
  const visibleTop = [];
  const straddling = [];
  let above = null;
  let order = 0;
  const children = art.children;
  const firstGroup = firstBelow(children, top);
  for (let g = firstGroup; g < children.length; g++) {
    const child = children[g];
    const elements = isGroup(child) ? child.children : [child];
    let below = false;
    const first = firstBelow(elements, top);
    if (g === firstGroup) above = first > 0 ? elements[first - 1] : lastBlockOf(children[firstGroup - 1]);
    for (let i = first; i < elements.length; i++) {
      const el = elements[i];
      const r = el.getBoundingClientRect();
      if (r.bottom <= top) continue;
      if (r.top >= window.innerHeight) {
        below = true;
        break;
      }
      (r.top >= top ? visibleTop : straddling).push({ el, top: r.top, order: ++order });
    }
    if (below) break;
  }
  const anchor = visibleTop.concat(straddling);
  if (above) anchor.push({ el: above, top: above.getBoundingClientRect().top, order: 0 });
  return anchor;
}

/** The last block of an article's child (a group, or the header itself); null for none. */
function lastBlockOf(child) {
  if (!child) return null;
  return isGroup(child) ? child.lastElementChild : child;
}

/**
 * Scrolls so that the block `anchor` holds is where it was. What stays is
 * what the author reads: when a patch replaced or removed a block on
 * screen, the block just above the first of those, so that an edit in the
 * middle of the screen moves only what is below it, as in the editor; when
 * it did not (the edit was above the screen, or a group took its size), the
 * first block on screen that is still there.
 */
export function restoreAnchor(anchor) {
  if (!anchor) return;
  const kept = anchor.filter((a) => a.el.isConnected);
  const gone = anchor.filter((a) => !a.el.isConnected && a.order > 0);
  let chosen = kept[0];
  if (gone.length) {
    const firstGone = Math.min(...gone.map((a) => a.order));
    const aboveIt = kept.filter((a) => a.order < firstGone);
    if (aboveIt.length) chosen = aboveIt.reduce((best, a) => (a.order > best.order ? a : best));
  }
  if (!chosen) return;
  const d = chosen.el.getBoundingClientRect().top - chosen.top;
  if (Math.abs(d) >= 0.5) window.scrollTo(window.scrollX, window.scrollY + d);
}

export function isOnScreen(el) {
  const r = el.getBoundingClientRect();
  return r.bottom > viewportTop() && r.top < window.innerHeight;
}

/**
 * Keeps the reading position while groups take their own size. A group far
 * from the screen is not laid out (galley.css, `content-visibility: auto`)
 * and stands at a typical group's height until it comes near: one above the
 * text being read that then takes its own height (after a jump to a block
 * far below, or while scrolling back up past groups never shown) would move
 * that text by the difference. The browser's own scroll anchoring is off
 * (the page anchors patches itself, `restoreAnchor`), so this does what it
 * would: it notes where the blocks on screen are whenever the page scrolls,
 * and after a layout that resized a group scrolls by as much as they moved,
 * in that frame. A block just revealed is held where it was put for a
 * moment, whatever starts the screen.
 */
export class ReadingPosition {
  constructor(view) {
    this.view = view;
    this.anchor = null;
    this.held = null;
    this.groups = new Set();
    this.observer = new ResizeObserver(() => this.settle());
    addEventListener('scroll', () => this.note(), { passive: true });
  }

  /** Watches the groups the view's article holds now, and no others. */
  watch() {
    const article = this.view.querySelector(':scope > article');
    const groups = article ? Array.from(article.children).filter(isGroup) : [];
    const current = new Set(groups);
    for (const group of this.groups) if (!current.has(group)) this.observer.unobserve(group);
    for (const group of groups) if (!this.groups.has(group)) this.observer.observe(group);
    this.groups = current;
  }

  /** Holds `el` where it is now while what is around it is laid out. */
  hold(el) {
    this.held = { el, until: performance.now() + HOLD_MS };
    this.note();
  }

  /** Where the blocks on screen are now, as the next layout is to keep them. */
  note() {
    const held = this.held && this.held.until > performance.now() && this.held.el.isConnected ? this.held.el : null;
    if (!held) this.held = null;
    this.anchor = held ? [{ el: held, top: held.getBoundingClientRect().top }] : captureAnchor(this.view);
  }

  settle() {
    restoreAnchor(this.anchor);
    this.note();
  }
}

/** How long a revealed block is held: the groups around it are laid out in the frame or two after. */
const HOLD_MS = 1000;
