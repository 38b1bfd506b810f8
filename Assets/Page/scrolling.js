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
 * Blocks on screen (and the header), the ones whose top is visible first.
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
  const children = art.children;
  for (let g = firstBelow(children, top); g < children.length; g++) {
    const child = children[g];
    const elements = isGroup(child) ? child.children : [child];
    let below = false;
    for (let i = firstBelow(elements, top); i < elements.length; i++) {
      const el = elements[i];
      const r = el.getBoundingClientRect();
      if (r.bottom <= top) continue;
      if (r.top >= window.innerHeight) {
        below = true;
        break;
      }
      (r.top >= top ? visibleTop : straddling).push({ el, top: r.top });
    }
    if (below) break;
  }
  return visibleTop.concat(straddling);
}

export function restoreAnchor(anchor) {
  if (!anchor) return;
  for (const a of anchor) {
    if (!a.el.isConnected) continue;
    const d = a.el.getBoundingClientRect().top - a.top;
    if (Math.abs(d) >= 0.5) window.scrollTo(window.scrollX, window.scrollY + d);
    return;
  }
}

export function isOnScreen(el) {
  const r = el.getBoundingClientRect();
  return r.bottom > viewportTop() && r.top < window.innerHeight;
}
