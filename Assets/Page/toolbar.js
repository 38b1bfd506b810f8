// The toolbar of the document page: device widths (one or two side by
// side), appearance, text size, outline and follow. Text sizes scale every
// font through --text-scale, which the daemon's CSS already multiplies by.
import { settings, chosenKeys, choose, showSettingsInAddress, TEXT_SIZES } from './settings.js';
import { captureAnchor, restoreAnchor } from './scrolling.js';
import { showDeviceFiles } from './deviceFiles.js';

const $ = (id) => document.getElementById(id);

function widthOf(value) {
  if (value === 'custom') {
    const n = Math.round(Number(settings.customWidth));
    return Number.isFinite(n) ? Math.min(2000, Math.max(200, n)) : 390;
  }
  return Number(value) || 390;
}

/**
 * Wires the toolbar to the two devices. `secondary` is told when the second
 * device appears (`show()`) or goes (`hide()`). Returns `useProjectLayout`,
 * which takes the device width and appearance of galley.json unless this
 * browser chose its own.
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

  function applySettings() {
    const anchor = captureAnchor(viewA);
    const scale = (TEXT_SIZES[settings.textSize] || 17) / 17;
    const wA = widthOf(settings.device);
    const wB = widthOf(settings.device2);
    viewA.style.setProperty('--device-width', wA + 'px');
    viewB.style.setProperty('--device-width', wB + 'px');
    for (const v of [viewA, viewB]) v.style.setProperty('--text-scale', String(scale));
    root.style.setProperty('--text-scale', String(scale));
    deviceA.querySelector('.device-label').textContent = wA + ' pt · ' + settings.textSize;
    deviceB.querySelector('.device-label').textContent = wB + ' pt · ' + settings.textSize;
    root.dataset.appearance = settings.appearance;
    const showB = !!settings.sideBySide;
    if (deviceB.hidden === showB) {
      deviceB.hidden = !showB;
      if (showB) secondary.show(); else secondary.hide();
    }
    device2Sel.hidden = !showB;
    sideBtn.setAttribute('aria-pressed', String(showB));
    document.body.classList.toggle('outline-blocks', !!settings.outline);
    outlineBtn.setAttribute('aria-pressed', String(!!settings.outline));
    followBtn.setAttribute('aria-pressed', String(!!settings.follow));
    customInput.hidden = settings.device !== 'custom';

    deviceSel.value = settings.device;
    customInput.value = String(settings.customWidth);
    appearanceSel.value = settings.appearance;
    textSel.value = settings.textSize;
    device2Sel.value = settings.device2;
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
    if (differs) {
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
  return useProjectLayout;
}
