// A table body that holds only the rows near the screen: a list of
// thousands is as cheap to show, search and update as a list of forty.
// Every row has the same height (the style sheet keeps each on one line),
// so where an entry stands follows from its position; a spacer row above
// and one below stand for the rows not made. Rows come from `rowFor`,
// which keeps them, so a row scrolled back into view is the same element.

/** Rows made beyond each edge of the screen: the rows are placed in the scroll event, before its frame is drawn, so a few suffice. */
const OVERSCAN = 6;

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
    window.addEventListener('scroll', () => this.refresh(), { passive: true });
    window.addEventListener('resize', () => { this.rowHeight = 0; this.refresh(); });
  }

  /** Shows these entries (codes `rowFor` knows), from wherever the page is scrolled. */
  show(entries) {
    this.entries = entries;
    // Assistive technology is told how many rows there are, and where each made one stands (after the header).
    this.body.parentElement.setAttribute('aria-rowcount', String(entries.length + 1));
    this.refresh();
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

  /** The rows of the entries in view and near it, placed between the spacers. */
  refresh() {
    const count = this.entries.length;
    const height = this.rowHeight || 32;
    const top = this.bodyTop();
    const first = Math.max(0, Math.min(count, Math.floor((window.scrollY - top) / height) - OVERSCAN));
    const end = Math.min(count, first + Math.ceil(window.innerHeight / height) + 2 * OVERSCAN);
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
