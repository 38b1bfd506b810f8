// The toolbar of the document page: device widths (one or two side by
// side), appearance, text size, outline and follow. Text sizes scale every
// font through --text-scale, which the daemon's CSS already multiplies by.
import { settings, chosenKeys, choose, showSettingsInAddress, showTextSize } from './settings.js';
import { captureAnchor, restoreAnchor } from './scrolling.js';
import { setDevices, showDeviceFiles, showScreen } from './deviceFiles.js';
import { labelLocations } from './blockLocations.js';

const $ = (id) => document.getElementById(id);

/** The width in points a device setting shows, or null before the daemon has said. */
function widthOf(value) {
  if (value === 'custom') {
    const n = Math.round(Number(settings.customWidth));
    return settings.customWidth !== '' && Number.isFinite(n) ? Math.min(2000, Math.max(200, n)) : null;
  }
  const n = Number(value);
  return value !== '' && Number.isFinite(n) && n > 0 ? n : null;
}

/**
 * Wires the toolbar to the two devices. `secondary` is told when the second
 * device appears (`show()`) or goes (`hide()`), and says whether it shows
 * another language (`comparing()`): then it is the first device's width,
 * so that lines compare. Returns `useProjectLayout`, which takes the device
 * width and appearance of galley.json unless this browser chose its own, and
 * `applySettings`, to show the settings again when what they mean changed.
 */
export function setUpToolbar(secondary) {
  const root = document.documentElement;
  const viewA = $('view-a');
  const viewB = $('view-b');
  const deviceA = $('device-a');
  const deviceB = $('device-b');
  const deviceSel = $('device');
  const customInput = $('custom-width');
  const appearanceSel = $('appearance');
  const textSel = $('text-size');
  const sideBtn = $('side-by-side');
  const device2Sel = $('device2');
  const outlineBtn = $('outline');
  const followBtn = $('follow');

  /** The widest width the daemon's devices offer: the second device's unless chosen. */
  let widest = '';

  /** Fills both device menus from the daemon's table (layout.devices). */
  function showDeviceMenus(devices) {
    const presets = devices.flatMap((d) => (Array.isArray(d.widths) ? d.widths : []))
      .filter((p) => p && Number.isFinite(p.width)).sort((a, b) => a.width - b.width);
    const key = JSON.stringify(presets);
    if (!presets.length || deviceSel.dataset.table === key) return;
    deviceSel.dataset.table = key;
    const custom = deviceSel.querySelector('option[value="custom"]');
    deviceSel.replaceChildren(...presets.map((p) => new Option(p.width + ' ' + (p.label || ''), String(p.width))), custom);
    device2Sel.replaceChildren(...presets.map((p) => new Option(String(p.width), String(p.width))));
    widest = String(presets[presets.length - 1].width);
  }

  let projectSDK = '';

  function setWidth(device, view, width) {
    if (width === null) view.style.removeProperty('--device-width');
    else view.style.setProperty('--device-width', width + 'px');
    showScreen(view, width);
    // The SDK whose layout rules are in force (galley.json's `sdk`), as the spacing differs by it.
    const rules = projectSDK ? ' · ' + projectSDK + ' SDK' : '';
    device.querySelector('.device-label').textContent = width === null ? '' : width + ' pt · ' + settings.textSize + rules;
  }

  function applySettings() {
    const anchor = captureAnchor(viewA);
    setWidth(deviceA, viewA, widthOf(settings.device));
    const comparing = secondary.comparing();
    setWidth(deviceB, viewB, comparing ? widthOf(settings.device) : widthOf(settings.device2 || widest));
    for (const el of [viewA, viewB, root]) showTextSize(el, settings.textSize);
    root.dataset.appearance = settings.appearance;
    const showB = !!settings.sideBySide;
    if (deviceB.hidden === showB) {
      deviceB.hidden = !showB;
      if (showB) secondary.show(); else secondary.hide();
    }
    device2Sel.hidden = !showB || comparing;
    sideBtn.setAttribute('aria-pressed', String(showB));
    document.body.classList.toggle('outline-blocks', !!settings.outline);
    for (const article of document.querySelectorAll('.device-screen > article')) labelLocations(article);
    outlineBtn.setAttribute('aria-pressed', String(!!settings.outline));
    followBtn.setAttribute('aria-pressed', String(!!settings.follow));
    customInput.hidden = settings.device !== 'custom';

    deviceSel.value = settings.device;
    customInput.value = String(settings.customWidth);
    appearanceSel.value = settings.appearance;
    textSel.value = settings.textSize;
    device2Sel.value = settings.device2 || widest;
    showDeviceFiles();
    restoreAnchor(anchor);
    showSettingsInAddress();
  }

  function change(patch) {
    choose(patch);
    applySettings();
  }

  function useProjectLayout(layout) {
    if (!layout || typeof layout !== 'object') return;
    const menus = deviceSel.dataset.table;
    const sdk = typeof layout.sdk === 'string' ? layout.sdk : '';
    const sdkChanged = sdk !== projectSDK;
    projectSDK = sdk;
    showDeviceMenus(setDevices(layout.devices));
    const patch = {};
    const width = Math.round(Number(layout.deviceWidth));
    if (!chosenKeys.has('device') && Number.isFinite(width)) {
      const preset = Array.from(deviceSel.options).some((o) => o.value === String(width));
      patch.device = preset ? String(width) : 'custom';
      if (!preset && !chosenKeys.has('customWidth')) patch.customWidth = width;
    }
    if (!chosenKeys.has('appearance') && ['light', 'dark', 'system'].includes(layout.appearance)) {
      patch.appearance = layout.appearance;
    }
    const differs = Object.keys(patch).some((key) => settings[key] !== patch[key]);
    if (differs || sdkChanged || menus !== deviceSel.dataset.table) {
      Object.assign(settings, patch);
      applySettings();
    }
  }

  deviceSel.addEventListener('change', () => {
    change({ device: deviceSel.value });
    if (deviceSel.value === 'custom') customInput.focus();
  });
  customInput.addEventListener('input', () => {
    if (customInput.value !== '') change({ customWidth: Number(customInput.value) });
  });
  appearanceSel.addEventListener('change', () => change({ appearance: appearanceSel.value }));
  textSel.addEventListener('change', () => change({ textSize: textSel.value }));
  device2Sel.addEventListener('change', () => change({ device2: device2Sel.value }));
  sideBtn.addEventListener('click', () => change({ sideBySide: !settings.sideBySide }));
  outlineBtn.addEventListener('click', () => change({ outline: !settings.outline }));
  followBtn.addEventListener('click', () => change({ follow: !settings.follow }));
  applySettings();
  return { useProjectLayout, applySettings };
}
