// The index's search: each document's title, file and words (which come
// after the list, from `/api/words`), lowercased once per version into its haystack, and a query answered in one pass over them.
// A query that only adds to an earlier one is searched among that one's
// matches, so typing a word narrows what each key searches, and the queries
// of the word being typed are kept, so that deleting back answers at once.

/** How many queries' matches are kept: a word or two being typed and deleted. */
const RECENT_QUERIES = 32;

/** Documents (in the list's order) found by every word of a query. */
export class DocumentSearch {
  constructor() {
    this.documents = [];
    /** Each document's words by id (`/api/words`), which may come after its entry. */
    this.words = new Map();
    /** Each document's haystack by id, with the version and words it was made of. */
    this.byId = new Map();
    /** The haystacks in list order, made when first searched after a change. */
    this.haystacks = null;
    /** Recent queries' matches (positions, ascending), by the lowercased query. */
    this.recent = new Map();
  }

  /** Takes a new list; haystacks of documents at the same version with the same words are kept. */
  take(documents) {
    this.documents = documents;
    const listed = new Set(documents.map((d) => d.id));
    for (const id of this.words.keys()) if (!listed.has(id)) this.words.delete(id);
    this.forget();
  }

  /** Takes the words of some documents (`{id: text}`), as `/api/words` answers. */
  takeWords(words) {
    for (const [id, text] of Object.entries(words)) if (typeof text === 'string') this.words.set(id, text);
    this.forget();
  }

  forget() {
    this.haystacks = null;
    this.recent.clear();
  }

  /** Makes the haystacks now (the page asks once the list is on screen, so no key waits for it). */
  prepare() {
    if (this.haystacks) return;
    const kept = new Map();
    this.haystacks = this.documents.map((d) => {
      const known = this.byId.get(d.id);
      const words = this.words.get(d.id) || '';
      const haystack = known && known.version === d.version && known.words === words
        ? known.haystack
        : ((d.title || '') + ' ' + d.path + ' ' + words).toLowerCase();
      kept.set(d.id, { version: d.version, words, haystack });
      return haystack;
    });
    this.byId = kept;
  }

  /** The positions of the documents holding every word of `query` (ascending), or null when it has no words. */
  matches(query) {
    const lowered = query.toLowerCase();
    const words = lowered.split(/\s+/).filter(Boolean);
    if (!words.length) return null;
    const known = this.recent.get(lowered);
    if (known) return known;
    this.prepare();
    let candidates = null;
    for (const [earlier, found] of this.recent) {
      if (lowered.startsWith(earlier) && (!candidates || found.length < candidates.length)) candidates = found;
    }
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
    const matches = found.subarray(0, length);
    if (this.recent.size >= RECENT_QUERIES) this.recent.delete(this.recent.keys().next().value);
    this.recent.set(lowered, matches);
    return matches;
  }
}
