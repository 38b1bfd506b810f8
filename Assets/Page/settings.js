// The preview settings (device, appearance, text size…): those this browser
// chose are kept in localStorage, and those that differ from the defaults
// are written into the page's address too, so that a link carries them and
// a reload keeps them. A link's settings win over this browser's own, for
// that page, without becoming this browser's choice. Settings never chosen
// follow the project's galley.json.

const SETTINGS_KEY = 'galley.settings.v1';
// The devices and their widths come from the daemon (layout.devices);
// '' is "galley.json's width" for the first device and "the widest" for the second.
const DEFAULT_SETTINGS = {
  device: '', customWidth: '', appearance: 'system', textSize: 'Large',
  sideBySide: false, device2: '', outline: false, follow: false, compareLanguage: '',
  view: 'device', pseudo: '',
};

/** iOS's content size categories, smallest first: their sizes are the daemon's (ContentSizeCategory). */
export const TEXT_SIZES = ['xSmall', 'Small', 'Medium', 'Large', 'xLarge', 'xxLarge', 'xxxLarge', 'AX1', 'AX2', 'AX3', 'AX4', 'AX5'];

/**
 * Shows `el` at the text size `category`: the daemon's style sheet sets
 * each category's scales (from the Dynamic Type table in Swift) on
 * whatever carries `data-text-size`, and the kinds' sizes follow them.
 */
export function showTextSize(el, category) {
  el.dataset.textSize = TEXT_SIZES.includes(category) ? category : 'Large';
}

/**
 * Each setting's query parameter, and how it is read from one: a value
 * that does not parse is ignored, so a hand-edited link cannot break the page.
 */
const URL_PARAMETERS = {
  device: ['device', (v) => (/^\d{3,4}$/.test(v) || v === 'custom' ? v : null)],
  customWidth: ['width', (v) => (/^\d{3,4}$/.test(v) ? Number(v) : null)],
  appearance: ['appearance', (v) => (['system', 'light', 'dark'].includes(v) ? v : null)],
  textSize: ['text', (v) => (TEXT_SIZES.includes(v) ? v : null)],
  sideBySide: ['side', (v) => (v === '1' ? true : v === '0' ? false : null)],
  device2: ['device2', (v) => (/^\d{3,4}$/.test(v) ? v : null)],
  compareLanguage: ['beside', (v) => (/^[A-Za-z0-9_-]{1,35}$/.test(v) ? v : null)],
  outline: ['outline', (v) => (v === '1' ? true : v === '0' ? false : null)],
  follow: ['follow', (v) => (v === '1' ? true : v === '0' ? false : null)],
  view: ['view', (v) => (['device', 'sweep', 'reading'].includes(v) ? v : null)],
  pseudo: ['pseudo', (v) => (['', 'accented', 'mirrored'].includes(v) ? v : null)],
};

/** Settings this browser chose itself, or the page's link carries. */
export const chosenKeys = new Set();

function fromStorage() {
  try { return JSON.parse(localStorage.getItem(SETTINGS_KEY) || '{}') || {}; } catch (_) { return {}; }
}

function fromAddress() {
  const query = new URLSearchParams(location.search);
  const found = {};
  for (const [key, [name, read]] of Object.entries(URL_PARAMETERS)) {
    const value = query.has(name) ? read(query.get(name)) : null;
    if (value !== null) found[key] = value;
  }
  return found;
}

function load() {
  const saved = fromStorage();
  const linked = fromAddress();
  for (const key of Object.keys(saved).concat(Object.keys(linked))) chosenKeys.add(key);
  return Object.assign({}, DEFAULT_SETTINGS, saved, linked);
}

export const settings = load();

/**
 * The page's address with the settings that differ from the defaults
 * (other parameters, such as the index's search, are kept).
 */
export function addressWithSettings() {
  const query = new URLSearchParams(location.search);
  for (const [key, [name]] of Object.entries(URL_PARAMETERS)) {
    const value = settings[key];
    const shown = key === 'customWidth' && settings.device !== 'custom' ? DEFAULT_SETTINGS[key] : value;
    if (shown === DEFAULT_SETTINGS[key]) query.delete(name);
    else query.set(name, typeof shown === 'boolean' ? (shown ? '1' : '0') : String(shown));
  }
  const search = query.toString();
  return location.pathname + (search ? '?' + search : '') + location.hash;
}

/** Writes the settings into the address, without a new history entry. */
export function showSettingsInAddress() {
  const address = addressWithSettings();
  if (address !== location.pathname + location.search + location.hash) history.replaceState(history.state, '', address);
}

/** Takes the author's choices and keeps them in this browser and the address. */
export function choose(patch) {
  Object.assign(settings, patch);
  for (const key of Object.keys(patch)) chosenKeys.add(key);
  const stored = fromStorage();
  for (const key of Object.keys(patch)) stored[key] = settings[key];
  try { localStorage.setItem(SETTINGS_KEY, JSON.stringify(stored)); } catch (_) { /* private mode */ }
  showSettingsInAddress();
}
