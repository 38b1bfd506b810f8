// A table body that holds only the rows near the screen: a list of
// thousands is as cheap to show, search and update as a list of forty.
// Every row has the same height (the style sheet keeps each on one line),
// so where an entry stands follows from its position; a spacer row above
// and one below stand for the rows not made. Rows come from `rowFor`,
// which keeps them, so a row scrolled back into view is the same element.
//
// A search key's frame makes only the rows on screen, placed from where the
// body and the scroll stood at the last placing (reading them again would
// lay the page out in the key's handler); the margin beyond the screen is
// made once the browser is idle, or at the next scroll, whichever is first.

import { whenIdle } from './idle.js';

/** Rows made beyond each edge of the screen: the rows are placed in the scroll event, before its frame is drawn, so a few suffice. */
const OVERSCAN = 6;

/** The longest a margin left for later waits for the browser to be idle. */
const MARGIN_WAIT_MS = 200;

export class RowWindow {
  /**
   * @param {HTMLTableSectionElement} body the table body it fills
   * @param {(code: number) => HTMLTableRowElement} rowFor the row of an entry
   */
  constructor(body, rowFor) {
    this.body = body;
    this.rowFor = rowFor;
    this.entries = new Int32Array(0);
    this.rowHeight = 0;
    this.before = spacer();
    this.after = spacer();
    this.shown = { first: 0, end: 0 };
    /** The body's top in the page and the scroll, as last read: `{ top, scrollY }`, or null. */
    this.placedAt = null;
    /** Cancels the margin left for later, or null. */
    this.marginLater = null;
    window.addEventListener('scroll', () => this.refresh(), { passive: true });
    window.addEventListener('resize', () => { this.rowHeight = 0; this.refresh(); });
  }

  /**
   * Shows these entries (codes `rowFor` knows), from wherever the page is
   * scrolled. `promptly`: for a key's frame, only the rows on screen now,
   * from the last placing's measures, and the margin later.
   */
  show(entries, { promptly = false } = {}) {
    this.entries = entries;
    // Assistive technology is told how many rows there are, and where each made one stands (after the header).
    this.body.parentElement.setAttribute('aria-rowcount', String(entries.length + 1));
    if (promptly && this.placedAt && this.rowHeight) {
      this.refresh({ margin: 0, at: this.placedAt });
      this.makeMarginLater();
    } else {
      this.refresh();
    }
  }

  makeMarginLater() {
    if (this.marginLater !== null) return;
    this.marginLater = whenIdle(() => { this.marginLater = null; this.refresh(); }, MARGIN_WAIT_MS);
  }

  /** The entry at `index` on screen, scrolled to as little as needed; its row. */
  reveal(index) {
    const height = this.rowHeight || this.measure();
    const top = this.bodyTop() + index * height;
    if (top < window.scrollY) window.scrollTo(window.scrollX, top);
    else if (top + height > window.scrollY + window.innerHeight) window.scrollTo(window.scrollX, top + height - window.innerHeight);
    this.refresh();
    return this.rowFor(this.entries[index]);
  }

  /**
   * The rows of the entries in view and `margin` rows beyond each edge,
   * placed between the spacers; `at`: the body's top and the scroll, when
   * they are known not to have moved.
   */
  refresh({ margin = OVERSCAN, at = null } = {}) {
    if (margin === OVERSCAN && this.marginLater !== null) {
      this.marginLater();
      this.marginLater = null;
    }
    const count = this.entries.length;
    const height = this.rowHeight || 32;
    const placing = at || { top: this.bodyTop(), scrollY: window.scrollY };
    this.placedAt = placing;
    const first = Math.max(0, Math.min(count, Math.floor((placing.scrollY - placing.top) / height) - margin));
    const end = Math.min(count, first + Math.ceil(window.innerHeight / height) + 2 * margin);
    const wanted = [this.before];
    for (let i = first; i < end; i += 1) {
      const row = this.rowFor(this.entries[i]);
      const index = String(i + 2);
      if (row.getAttribute('aria-rowindex') !== index) row.setAttribute('aria-rowindex', index);
      wanted.push(row);
    }
    wanted.push(this.after);
    place(this.body, count ? wanted : []);
    setHeight(this.before, first * height);
    setHeight(this.after, (count - end) * height);
    this.shown = { first, end };
    if (!this.rowHeight && end > first) {
      this.rowHeight = this.measure();
      if (this.rowHeight !== height) this.refresh();
    }
  }

  /** The height of the shortest row shown: every row's, by the style sheet. */
  measure() {
    let least = Infinity;
    for (const row of this.body.children) {
      if (row === this.before || row === this.after) continue;
      const height = row.getBoundingClientRect().height;
      if (height > 0 && height < least) least = height;
    }
    return Number.isFinite(least) ? least : 0;
  }

  bodyTop() {
    return this.body.getBoundingClientRect().top + window.scrollY;
  }
}

function spacer() {
  const tr = document.createElement('tr');
  tr.className = 'row-spacer';
  tr.setAttribute('aria-hidden', 'true');
  const td = document.createElement('td');
  td.colSpan = 6;
  tr.appendChild(td);
  return tr;
}

function setHeight(row, pixels) {
  const value = pixels + 'px';
  if (row.firstChild.style.height !== value) row.firstChild.style.height = value;
  const none = pixels === 0;
  if (row.hidden !== none) row.hidden = none;
}

/**
 * Makes `body`'s children exactly `rows`, moving only what is out of place:
 * a row that stays is not taken out and put back, so a scroll by one row
 * or a save adds and removes a row or two.
 */
function place(body, rows) {
  const wanted = new Set(rows);
  for (const child of [...body.children]) if (!wanted.has(child)) child.remove();
  let at = body.firstElementChild;
  for (const row of rows) {
    if (row === at) { at = at.nextElementSibling; continue; }
    body.insertBefore(row, at);
  }
}
