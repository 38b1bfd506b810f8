// Scroll anchoring: the block the author is reading stays where it is when
// blocks above it change.

export function viewportTop() {
  const bar = document.querySelector('.toolbar');
  return bar ? Math.max(0, bar.getBoundingClientRect().bottom) : 0;
}

/** Blocks on screen, the ones whose top is visible first. */
export function captureAnchor(view) {
  const art = view && view.querySelector(':scope > article');
  if (!art || window.scrollY <= 0) return null;
  const top = viewportTop();
  const visibleTop = [];
  const straddling = [];
  // Blocks follow one another down the page: the first on screen is found
  // by halving, so a long article is not measured block by block.
  const children = art.children;
  let low = 0;
  let high = children.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (children[middle].getBoundingClientRect().bottom <= top) low = middle + 1; else high = middle;
  }
  for (let i = low; i < children.length; i++) {
    const el = children[i];
    const r = el.getBoundingClientRect();
    if (r.bottom <= top) continue;
    if (r.top >= window.innerHeight) break;
    (r.top >= top ? visibleTop : straddling).push({ el, top: r.top });
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
