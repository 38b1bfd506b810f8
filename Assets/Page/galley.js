// Galley preview page: the live document view (/doc/{id}) and the index (/).
//
// Data flow: long-poll the daemon's JSON API (connection.js) → patch the
// article's changed blocks (patching.js) → show diagnostics over the last
// good rendering (diagnostics.js) → in the frame that shows the patch,
// restore the reading position (scrolling.js) and mark what changed. The
// toolbar (toolbar.js) sets device, text size and appearance;
// editorLink.js opens the author's editor at a block.
//
// No build step, no dependencies: ES modules for current Chromium and
// Firefox, served from /_galley/ under a CSP that allows only our scripts.
import { settings } from './settings.js';
import { followDevice } from './onDevice.js';

const root = document.documentElement;
// Appearance applies on both pages.
root.dataset.appearance = settings.appearance;
followDevice();

if (root.dataset.page === 'doc') import('./documentPage.js').then((m) => m.documentPage());
else if (root.dataset.page === 'index') import('./indexPage.js').then((m) => m.indexPage());
else if (root.dataset.page === 'changes') import('./changes.js').then((m) => m.changesPage());
