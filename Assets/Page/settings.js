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

/** iOS Dynamic Type: body text point sizes per category, relative to Large (17 pt). */
export const TEXT_SIZES = {
  xSmall: 14, Small: 15, Medium: 16, Large: 17, xLarge: 19, xxLarge: 21, xxxLarge: 23,
  AX1: 28, AX2: 33, AX3: 40, AX4: 47, AX5: 53,
};

/**
 * iOS Dynamic Type: each other text style's point sizes, xSmall to AX5, for
 * a kind whose font is `relativeTo` it (Body's are TEXT_SIZES').
 */
const TEXT_STYLE_SIZES = {
  largeTitle: [31, 32, 33, 34, 36, 38, 40, 44, 48, 52, 56, 60],
  title: [25, 26, 27, 28, 30, 32, 34, 38, 43, 48, 53, 58],
  title2: [19, 20, 21, 22, 24, 26, 28, 34, 39, 44, 50, 56],
  title3: [17, 18, 19, 20, 22, 24, 26, 31, 37, 43, 49, 55],
  headline: [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53],
  subheadline: [12, 13, 14, 15, 17, 19, 21, 25, 30, 36, 42, 48],
  callout: [13, 14, 15, 16, 18, 20, 22, 26, 32, 38, 44, 50],
  footnote: [12, 12, 12, 13, 15, 17, 19, 23, 27, 33, 38, 44],
  caption: [11, 11, 11, 12, 14, 16, 18, 22, 26, 32, 37, 43],
  caption2: [11, 11, 11, 11, 13, 15, 17, 20, 24, 29, 34, 40],
};

/**
 * Sets on `el` how text scales at `category`, as `Font.custom` scales it:
 * --text-scale is Body's size over 17, --text-scale-NAME each other style's
 * over its size at Large; the daemon's CSS multiplies a kind's size by one.
 */
export function setTextScales(el, category) {
  const large = Object.keys(TEXT_SIZES).indexOf('Large');
  const index = Object.hasOwn(TEXT_SIZES, category) ? Object.keys(TEXT_SIZES).indexOf(category) : large;
  el.style.setProperty('--text-scale', String(TEXT_SIZES[Object.keys(TEXT_SIZES)[index]] / 17));
  for (const [name, sizes] of Object.entries(TEXT_STYLE_SIZES)) {
    el.style.setProperty('--text-scale-' + name, String(sizes[index] / sizes[large]));
  }
}

/**
 * Each setting's query parameter, and how it is read from one: a value
 * that does not parse is ignored, so a hand-edited link cannot break the page.
 */
const URL_PARAMETERS = {
  device: ['device', (v) => (/^\d{3,4}$/.test(v) || v === 'custom' ? v : null)],
  customWidth: ['width', (v) => (/^\d{3,4}$/.test(v) ? Number(v) : null)],
  appearance: ['appearance', (v) => (['system', 'light', 'dark'].includes(v) ? v : null)],
  textSize: ['text', (v) => (Object.hasOwn(TEXT_SIZES, v) ? v : null)],
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
