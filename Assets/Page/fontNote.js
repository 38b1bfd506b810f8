// Names, quietly, the fonts this machine draws with another face than the
// one the app asks for (`layout.fontSubstitutes`, from the daemon): an
// author reading line breaks should know they come from a stand-in.

/** Shows `substitutes` ([{requested, drawnWith, deviceMetrics, summary}]) in `element`. */
export function showFontSubstitutes(element, substitutes) {
  if (!element) return;
  const list = Array.isArray(substitutes) ? substitutes.filter((s) => s && typeof s.requested === 'string' && typeof s.drawnWith === 'string') : [];
  const text = list.map((s) => s.requested + ' → ' + s.drawnWith).join(' · ');
  if (element.textContent !== text) element.textContent = text;
  element.title = list.map((s) => String(s.summary || '')).join('\n');
  element.hidden = list.length === 0;
}
