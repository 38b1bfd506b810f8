// Names, quietly, the fonts this machine draws with another face than the
// one the app asks for (`layout.fontSubstitutes`, from the daemon): an
// author reading line breaks should know they come from a stand-in. And
// the characters no installed font draws (`missingGlyphs`), which
// Chromium shows as boxes that say nothing of why.

/** The line for `missing` ({count, characters: [{codePoint, name}]}), or '' for none. */
function missingGlyphsText(missing) {
  if (!missing || typeof missing !== 'object' || !Array.isArray(missing.characters)) return '';
  const named = missing.characters.filter((c) => c && typeof c.codePoint === 'string')
    .map((c) => c.codePoint + ' ' + String(c.name || ''));
  if (named.length === 0) return '';
  const more = Number(missing.count) > named.length ? ' and ' + (Number(missing.count) - named.length) + ' more' : '';
  return 'No installed font draws ' + named.join(', ') + more;
}

/**
 * Shows `substitutes` ([{requested, drawnWith, deviceMetrics, summary}]) and
 * `missing` (the document's `missingGlyphs`) in `element`.
 */
export function showFontSubstitutes(element, substitutes, missing) {
  if (!element) return;
  const list = Array.isArray(substitutes) ? substitutes.filter((s) => s && typeof s.requested === 'string' && typeof s.drawnWith === 'string') : [];
  const lines = [list.map((s) => s.requested + ' → ' + s.drawnWith).join(' · '), missingGlyphsText(missing)].filter((line) => line);
  const text = lines.join(' · ');
  // Written only when they differ: every answer brings them, and a write,
  // even of the same value, makes Chromium style the note again at each save.
  if (element.textContent !== text) element.textContent = text;
  const title = list.map((s) => String(s.summary || '')).join('\n');
  if (element.title !== title) element.title = title;
  if (element.hidden !== (text === '')) element.hidden = text === '';
}
