// Each image shows the file the simulated device would load, at the pixel
// width that device needs. The daemon resolves the asset catalog: an image
// whose file depends on the device or appearance carries one
// `data-src-{device}-{appearance}[-high]` per case (`-high`: the reader's
// "increase contrast" setting; with `data-size-…`), and the
// document's layout lists the devices by width with their scale. This only
// picks the case, so the rule of which file wins lives in one place (Swift).
import { settings } from './settings.js';

/** The daemon's devices (layout.devices), narrowest first; none until the first answer. */
let devices = [];
const darkQuery = window.matchMedia('(prefers-color-scheme: dark)');
const contrastQuery = window.matchMedia('(prefers-contrast: more)');

/** Takes the device list of a document answer's layout; returns the devices kept. */
export function setDevices(list) {
  if (!Array.isArray(list) || !list.length) return devices;
  const valid = list.filter((d) => d && typeof d.name === 'string' && Number.isFinite(d.minWidth) && Number.isFinite(d.scale));
  if (valid.length) devices = valid.sort((a, b) => a.minWidth - b.minWidth);
  return devices;
}

function deviceFor(width) {
  let found = devices[0] || null;
  for (const d of devices) if (d.minWidth <= width) found = d;
  return found;
}

/**
 * The screen a width simulates, as the custom properties the daemon's CSS
 * reads: one device pixel (its spacing rounds to it), the safe area above and
 * below (the status bar, the home indicator) and the navigation bar's heights,
 * all from the daemon's table (PreviewDevice.swift). Null before the table.
 */
export function screenProperties(width) {
  const device = deviceFor(width);
  if (!device || !(device.scale > 0)) return null;
  const presets = Array.isArray(device.widths) ? device.widths.filter((p) => p && Array.isArray(p.safeArea)) : [];
  const nearest = presets.reduce((best, p) => (!best || Math.abs(p.width - width) < Math.abs(best.width - width) ? p : best), null);
  const properties = { '--galley-pixel': 1 / device.scale + 'px' };
  if (nearest) {
    properties['--galley-safe-top'] = nearest.safeArea[0] + 'px';
    properties['--galley-safe-bottom'] = nearest.safeArea[1] + 'px';
  }
  if (device.bars) {
    properties['--galley-bar-inline'] = device.bars.inline + 'px';
    properties['--galley-bar-large'] = device.bars.large + 'px';
  }
  return properties;
}

const SCREEN_PROPERTIES = ['--galley-pixel', '--galley-safe-top', '--galley-safe-bottom', '--galley-bar-inline', '--galley-bar-large'];

/** Sets on `element` the screen of a device `width` points wide (none: the daemon's defaults). */
export function showScreen(element, width) {
  const properties = width === null ? null : screenProperties(width);
  for (const name of SCREEN_PROPERTIES) {
    if (properties && properties[name] !== undefined) element.style.setProperty(name, properties[name]);
    else element.style.removeProperty(name);
  }
}

function isDark() {
  return settings.appearance === 'dark' || (settings.appearance !== 'light' && darkQuery.matches);
}

/** The address without the pixel width the page asked for. */
function baseOf(src) {
  return src.replace(/&w=\d+$/, '');
}

function showIn(view, images) {
  const width = parseFloat(view.style.getPropertyValue('--device-width'));
  const device = Number.isFinite(width) ? deviceFor(width) : null;
  if (!device) return; // no device shown yet: the first answer brings them
  const key = device.name + '-' + (isDark() ? 'dark' : 'light') + (contrastQuery.matches ? '-high' : '');
  for (const img of images) {
    const chosen = img.getAttribute('data-src-' + key);
    const base = chosen || img.dataset.galleyBase || baseOf(img.getAttribute('src') || '');
    if (!img.dataset.galleyBase) img.dataset.galleyBase = baseOf(img.getAttribute('src') || '');
    const size = (img.getAttribute('data-size-' + key) || '').split(' ').map(Number);
    if (size.length === 2 && size.every((n) => n > 0)) {
      img.width = size[0];
      img.height = size[1];
    }
    let url = base;
    // Served files are converted or downscaled by the daemon to the
    // pixels the device shows them at.
    const shown = img.clientWidth;
    if (base.startsWith('/files/') && shown > 0) url = base + '&w=' + Math.round(shown * device.scale);
    if (url && img.getAttribute('src') !== url) img.setAttribute('src', url);
    const template = img.parentElement;
    if (template && template.classList.contains('template-image')) {
      const mask = 'url("' + url.replace(/["\\]/g, '') + '")';
      if (template.style.getPropertyValue('--template-mask') !== mask) template.style.setProperty('--template-mask', mask);
    }
  }
}

/** Brings every image on the page to the simulated device and appearance. */
export function showDeviceFiles() {
  for (const view of document.querySelectorAll('.device-screen')) showIn(view, view.querySelectorAll('.blk img'));
}

/**
 * Brings the images of `blocks` (new or patched, in one view) to the
 * device: the others already show their file, and reading the width of
 * every image of a long article would lay it out before its patch is shown.
 */
export function showDeviceFilesOf(blocks) {
  const view = blocks.length ? blocks[0].closest('.device-screen') : null;
  if (view) showIn(view, blocks.flatMap((block) => Array.from(block.querySelectorAll('img'))));
}

darkQuery.addEventListener('change', showDeviceFiles);
contrastQuery.addEventListener('change', showDeviceFiles);
