// The index's search: each document's title, file and words, lowercased once
// per version into its haystack, and a query answered in one pass over them.
// A query that only adds to the last one is searched among the last one's
// matches, so typing a word narrows what each key searches.

/** Documents (in the list's order) found by every word of a query. */
export class DocumentSearch {
  constructor() {
    this.documents = [];
    /** Each document's haystack by id, with the version it was made for. */
    this.byId = new Map();
    /** The haystacks in list order, made when first searched after a change. */
    this.haystacks = null;
    this.lastQuery = '';
    /** Positions of the last query's matches; null when it matched everything. */
    this.lastMatches = null;
  }

  /** Takes a new list; haystacks of documents at the same version are kept. */
  take(documents) {
    this.documents = documents;
    this.haystacks = null;
    this.lastQuery = '';
    this.lastMatches = null;
  }

  /** Makes the haystacks now (the page asks once the list is on screen, so no key waits for it). */
  prepare() {
    if (this.haystacks) return;
    const kept = new Map();
    this.haystacks = this.documents.map((d) => {
      const known = this.byId.get(d.id);
      const haystack = known && known.version === d.version
        ? known.haystack
        : ((d.title || '') + ' ' + d.path + ' ' + (d.text || '')).toLowerCase();
      kept.set(d.id, { version: d.version, haystack });
      return haystack;
    });
    this.byId = kept;
  }

  /** The positions of the documents holding every word of `query` (ascending), or null when it has no words. */
  matches(query) {
    const lowered = query.toLowerCase();
    const words = lowered.split(/\s+/).filter(Boolean);
    if (!words.length) {
      this.lastQuery = '';
      this.lastMatches = null;
      return null;
    }
    this.prepare();
    const narrowing = this.lastMatches !== null && this.lastQuery !== '' && lowered.startsWith(this.lastQuery);
    const candidates = narrowing ? this.lastMatches : null;
    const count = candidates ? candidates.length : this.haystacks.length;
    const found = new Int32Array(count);
    let length = 0;
    for (let i = 0; i < count; i += 1) {
      const position = candidates ? candidates[i] : i;
      const haystack = this.haystacks[position];
      let all = true;
      for (const word of words) {
        if (!haystack.includes(word)) { all = false; break; }
      }
      if (all) found[length++] = position;
    }
    this.lastQuery = lowered;
    this.lastMatches = found.subarray(0, length);
    return this.lastMatches;
  }
}
