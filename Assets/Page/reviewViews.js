// Review views of the document page, made from the live article so that
// every save updates them: every text size at once (the sweep), what
// VoiceOver reads (the reading view), two pseudo-languages made from the
// base language's text, and, beside another language, the blocks whose line
// count grows most. Each is a setting, so it lives in the page's address.
import { settings, choose, TEXT_SIZES, showTextSize } from './settings.js';
import { PAGE_CLASSES, isPageAttr } from './patching.js';
import { blocksOf, locationOf } from './blockLocations.js';
import { showScreen } from './deviceFiles.js';

const $ = (id) => document.getElementById(id);

/** The accented forms pseudo-localisation gives Latin letters (as Android's en-XA does). */
const ACCENTED = {
  a: 'á', b: 'ƀ', c: 'ç', d: 'ð', e: 'é', f: 'ƒ', g: 'ĝ', h: 'ĥ', i: 'î', j: 'ĵ', k: 'ķ', l: 'ļ', m: 'ɱ',
  n: 'ñ', o: 'ö', p: 'þ', q: 'ǫ', r: 'ŕ', s: 'š', t: 'ţ', u: 'û', v: 'ṽ', w: 'ŵ', x: 'ẋ', y: 'ý', z: 'ž',
  A: 'Å', B: 'Ɓ', C: 'Ç', D: 'Ð', E: 'É', F: 'Ƒ', G: 'Ĝ', H: 'Ĥ', I: 'Î', J: 'Ĵ', K: 'Ķ', L: 'Ļ', M: 'Ṁ',
  N: 'Ñ', O: 'Ö', P: 'Þ', Q: 'Ǫ', R: 'Ŕ', S: 'Š', T: 'Ţ', U: 'Û', V: 'Ṽ', W: 'Ŵ', X: 'Ẋ', Y: 'Ý', Z: 'Ž',
};
/** How much longer pseudo-accented text is: translations run about 40 % longer than English. */
export const PSEUDO_EXPANSION = 0.4;
const FILLER = ' ŀöŕéɱ îþšûɱ ðöļöŕ šîţ áɱéţ';

const accentLetters = (text) => Array.from(text, (ch) => ACCENTED[ch] || ch).join('');

/** Filler that makes text of `length` characters about 40 % longer. */
function padding(length) {
  const extra = Math.ceil(length * PSEUDO_EXPANSION);
  let filler = '';
  while (filler.length < extra) filler += FILLER;
  return filler.slice(0, extra);
}

/** Right-to-left mirror (Android's ar-XB): the text reversed by an override, laid out right to left. */
export function mirrored(text) {
  return '\u202E' + text + '\u202C';
}

/** How many lines the text of `el` takes, from the boxes of its lines. */
export function lineCount(el) {
  // The boxes of the text alone: a range over the block would also hold each
  // paragraph's own box, as tall as all its lines, and count it as one more.
  const range = document.createRange();
  const tops = new Set();
  const texts = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  for (let text = texts.nextNode(); text; text = texts.nextNode()) {
    range.selectNodeContents(text);
    for (const rect of range.getClientRects()) {
      if (rect.width > 0 && rect.height > 0) tops.add(Math.round(rect.top + rect.height / 2));
    }
  }
  // Boxes of one line share its middle within a pixel or two.
  const sorted = Array.from(tops).sort((a, b) => a - b);
  return sorted.filter((top, index) => index === 0 || top - sorted[index - 1] > 3).length;
}

/** A copy of the live article without what the page added to its blocks. */
function cleanCopy(article) {
  const copy = article.cloneNode(true);
  for (const el of copy.querySelectorAll('*')) {
    el.classList.remove(...PAGE_CLASSES);
    if (el.hasAttribute('id')) el.removeAttribute('id');
    for (const { name } of Array.from(el.attributes)) if (isPageAttr(name)) el.removeAttribute(name);
  }
  return copy;
}

/** Applies the chosen pseudo-language to an article's blocks, block by block. */
function pseudoLocalise(article, mode) {
  if (!mode) return;
  if (mode === 'mirrored') article.setAttribute('dir', 'rtl');
  article.setAttribute('lang', mode === 'mirrored' ? 'ar-XB' : 'en-XA');
  for (const block of article.querySelectorAll('.blk')) {
    const walker = document.createTreeWalker(block, NodeFilter.SHOW_TEXT);
    const texts = [];
    while (walker.nextNode()) if (walker.currentNode.nodeValue.trim()) texts.push(walker.currentNode);
    if (!texts.length) continue;
    if (mode === 'mirrored') {
      for (const node of texts) node.nodeValue = mirrored(node.nodeValue);
      continue;
    }
    // One bracket pair and one padding per block, so that a block's ends show.
    const length = texts.reduce((sum, node) => sum + Array.from(node.nodeValue).length, 0);
    for (const node of texts) node.nodeValue = accentLetters(node.nodeValue);
    texts[0].nodeValue = '[' + texts[0].nodeValue;
    texts[texts.length - 1].nodeValue += padding(length) + ']';
  }
}

/** What VoiceOver reads, in order: the title as a heading, texts, images by their labels. */
export function spokenOrder(title, article) {
  const spoken = [{ role: 'heading', text: title }];
  for (const block of blocksOf(article)) {
    const location = locationOf(block);
    const line = location ? String(location.line) : null;
    const image = block.querySelector('img');
    if (image) {
      const label = image.getAttribute('alt') || '';
      if (label) spoken.push({ role: 'image', text: label, line });
      continue;
    }
    const text = block.textContent.replace(/\s+/g, ' ').trim();
    if (text) spoken.push({ role: 'text', text, line });
  }
  return spoken;
}

/**
 * Wires the view and pseudo-language controls; returns `update(doc)`, to
 * be called whenever the live article changed.
 */
export function setUpReviewViews() {
  const viewSel = $('review-view');
  const pseudoSel = $('pseudo-language');
  const stage = $('review-stage');
  const viewA = $('view-a');
  let lastDoc = null;

  function currentArticle() {
    return viewA.querySelector(':scope > article');
  }

  function device(width, category, label) {
    const box = document.createElement('div');
    box.className = 'device';
    const caption = document.createElement('div');
    caption.className = 'device-label';
    caption.textContent = label;
    const screen = document.createElement('div');
    screen.className = 'device-screen';
    screen.style.setProperty('--device-width', width + 'px');
    showScreen(screen, Number(width));
    showTextSize(screen, category);
    box.append(caption, screen);
    return { box, screen };
  }

  function render() {
    const view = settings.view || 'device';
    const pseudo = settings.pseudo || '';
    const active = view !== 'device' || pseudo !== '';
    document.body.classList.toggle('review-active', active);
    // Each save asks: a write, even of the same value, would style the stage again.
    if (stage.hidden !== !active) stage.hidden = !active;
    if (stage.dataset.view !== view) stage.dataset.view = view;
    if (!active) { stage.replaceChildren(); return; }
    const article = currentArticle();
    if (!article) return;
    const width = getComputedStyle(viewA).getPropertyValue('--device-width').trim().replace('px', '') || '390';
    const cells = [];
    if (view === 'reading') {
      stage.replaceChildren(readingList(article));
      return;
    }
    const sizes = view === 'sweep' ? TEXT_SIZES : [settings.textSize];
    for (const name of sizes) {
      const cell = device(width, name, width + ' pt · ' + name + (pseudo ? ' · ' + (pseudo === 'mirrored' ? 'ar-XB' : 'en-XA') : ''));
      cell.box.dataset.textSize = name;
      const copy = cleanCopy(article);
      pseudoLocalise(copy, pseudo);
      cell.screen.append(copy);
      cells.push(cell.box);
    }
    if (view === 'device') {
      const beside = besideCell(pseudo);
      if (beside) cells.push(beside);
    }
    stage.replaceChildren(...cells);
  }

  /**
   * The second device, when side by side is on, beside the pseudo-language:
   * another language as it is (what a real translation does to the lines),
   * or this document pseudo-localised at the second device's width.
   */
  function besideCell(pseudo) {
    const deviceB = $('device-b');
    const viewB = $('view-b');
    const article = viewB.querySelector(':scope > article');
    if (deviceB.hidden || !article) return null;
    const width = getComputedStyle(viewB).getPropertyValue('--device-width').trim().replace('px', '') || '390';
    const comparing = !!(lastDoc && lastDoc.comparing);
    const language = comparing ? article.getAttribute('lang') || '' : (pseudo === 'mirrored' ? 'ar-XB' : 'en-XA');
    const cell = device(width, settings.textSize, width + ' pt · ' + settings.textSize + (language ? ' · ' + language : ''));
    cell.box.dataset.textSize = settings.textSize;
    const copy = cleanCopy(article);
    if (!comparing) pseudoLocalise(copy, pseudo);
    cell.screen.append(copy);
    return cell.box;
  }

  function readingList(article) {
    const list = document.createElement('ol');
    list.className = 'spoken-list';
    list.setAttribute('aria-label', 'What VoiceOver reads, in order');
    const title = (lastDoc && lastDoc.title) || document.getElementById('doc-title').textContent;
    for (const element of spokenOrder(title, article)) {
      const item = document.createElement('li');
      item.dataset.role = element.role;
      const text = document.createElement('span');
      text.className = 'spoken-text';
      text.textContent = element.text;
      const trait = document.createElement('span');
      trait.className = 'spoken-trait';
      trait.textContent = element.role === 'text' ? '' : element.role;
      item.append(text, trait);
      if (element.line) item.title = 'line ' + element.line;
      list.append(item);
    }
    return list;
  }

  /** Beside another language: each block's line counts, and the blocks that grow most. */
  function markExpansion() {
    const viewB = $('view-b');
    const a = currentArticle();
    const b = viewB.querySelector(':scope > article');
    // Page attributes (data-galley-…), which patching leaves alone.
    for (const el of document.querySelectorAll('[data-galley-line-growth]')) {
      el.removeAttribute('data-galley-line-growth');
      el.removeAttribute('data-galley-grows-most');
    }
    if (!lastDoc || !lastDoc.comparing || !a || !b) return;
    // Line counts compare only at one width.
    if (getComputedStyle(viewA).width !== getComputedStyle(viewB).width) return;
    const blocksA = blocksOf(a);
    const blocksB = blocksOf(b);
    let most = 0;
    const growth = [];
    blocksB.forEach((el, index) => {
      const partner = blocksA[index];
      if (!partner || el.querySelector('img')) return;
      const base = lineCount(partner);
      const lines = lineCount(el);
      if (!base || !lines) return;
      el.setAttribute('data-galley-line-growth', base + '→' + lines);
      growth.push([el, lines / base]);
      most = Math.max(most, lines / base);
    });
    if (most > 1) for (const [el, ratio] of growth) if (ratio === most) el.setAttribute('data-galley-grows-most', '');
  }

  // The other language arrives by its own polls: its blocks are counted when they change.
  let counting = false;
  // A review view beside it shows a copy of it: made again too.
  new MutationObserver(() => {
    if (counting) return;
    counting = true;
    requestAnimationFrame(() => {
      counting = false;
      markExpansion();
      if (!stage.hidden && settings.sideBySide) render();
    });
  }).observe($('view-b'), { childList: true, subtree: true, characterData: true });

  viewSel.addEventListener('change', () => { choose({ view: viewSel.value }); render(); });
  pseudoSel.addEventListener('change', () => { choose({ pseudo: pseudoSel.value }); render(); });
  // Other settings (device, text size) change what the copies show.
  document.querySelector('.toolbar').addEventListener('change', (e) => {
    if (e.target !== viewSel && e.target !== pseudoSel) requestAnimationFrame(render);
  });
  $('side-by-side').addEventListener('click', () => requestAnimationFrame(render));
  viewSel.value = settings.view || 'device';
  pseudoSel.value = settings.pseudo || '';

  return function update(doc) {
    lastDoc = doc;
    render();
  };
}
