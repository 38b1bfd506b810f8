// The preview settings this browser keeps (device, appearance, text size…);
// those it never chose follow the project's galley.json.

const SETTINGS_KEY = 'galley.settings.v1';
const DEFAULT_SETTINGS = {
  device: '390', customWidth: 390, appearance: 'system', textSize: 'Large',
  sideBySide: false, device2: '820', outline: false, follow: false,
};

/** iOS Dynamic Type: body text point sizes per category, relative to Large (17 pt). */
export const TEXT_SIZES = {
  xSmall: 14, Small: 15, Medium: 16, Large: 17, xLarge: 19, xxLarge: 21, xxxLarge: 23,
  AX1: 28, AX2: 33, AX3: 40, AX4: 47, AX5: 53,
};

/** Settings this browser chose itself. */
export const chosenKeys = new Set();

function load() {
  let saved = {};
  try { saved = JSON.parse(localStorage.getItem(SETTINGS_KEY) || '{}') || {}; } catch (_) { saved = {}; }
  for (const key of Object.keys(saved)) chosenKeys.add(key);
  return Object.assign({}, DEFAULT_SETTINGS, saved);
}

export const settings = load();

/** Takes the author's choices and keeps them in this browser. */
export function choose(patch) {
  Object.assign(settings, patch);
  for (const key of Object.keys(patch)) chosenKeys.add(key);
  const chosen = {};
  for (const key of chosenKeys) chosen[key] = settings[key];
  try { localStorage.setItem(SETTINGS_KEY, JSON.stringify(chosen)); } catch (_) { /* private mode */ }
}
