// Localisations (files of one name in sibling .lproj folders): a switch to
// another language's copy, and a side-by-side mode that shows a second
// language in the second device, live, scrolled together block by block,
// so a dropped image line or a moved caption shows at a glance.
import { HOLD_SECONDS, whenVisible } from './connection.js';
import { incomingFromArticle, parseArticle, patchView } from './patching.js';
import { blocksOf } from './blockLocations.js';
import { settings, choose } from './settings.js';

const $ = (id) => document.getElementById(id);

/** One language's copy, followed on its own (not through connection.js, whose one poll is the page's). */
async function fetchDocument(id, since) {
  const ctrl = new AbortController();
  const timer = setTimeout(() => ctrl.abort(), (HOLD_SECONDS + 15) * 1000);
  try {
    const query = since === null ? '' : '?since=' + encodeURIComponent(since) + '&wait=' + HOLD_SECONDS;
    const res = await fetch('/api/documents/' + encodeURIComponent(id) + query, { cache: 'no-store', signal: ctrl.signal });
    return res.ok ? await res.json() : null;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * `doc` is the page's document state; `comparing` is set on it while the
 * second device shows another language, and `showSettings()` is called
 * when that changes (the second device's width follows it). Returns
 * `update(answer)`, called with every answer for the page's own document.
 */
export function setUpLanguages(doc, showSettings) {
  const group = $('language-group');
  const select = $('language');
  const compare = $('compare-language');
  const viewA = $('view-a');
  const viewB = $('view-b');
  const labelB = document.querySelector('#device-b .device-label');
  let listed = '';
  let partner = null; // {language, id} in view B
  let following = 0; // bumps to stop an earlier partner's loop

  select.addEventListener('change', () => {
    const target = (doc.localizations || []).find((l) => l.language === select.value);
    if (target && target.id !== doc.id) location.href = '/doc/' + encodeURIComponent(target.id);
  });
  compare.addEventListener('change', () => {
    choose({ compareLanguage: compare.value });
    choosePartner();
  });

  function choosePartner() {
    const wanted = settings.compareLanguage;
    const next = (doc.localizations || []).find((l) => l.language === wanted && l.id !== doc.id) || null;
    if ((next && next.id) === (partner && partner.id)) return;
    partner = next;
    following += 1;
    doc.comparing = !!partner;
    document.body.classList.toggle('languages-side-by-side', doc.comparing);
    if (!partner) {
      showSettings();
      return;
    }
    if ($('device-b').hidden) $('side-by-side').click(); else showSettings();
    labelB.textContent = partner.language;
    follow(partner, following);
  }

  async function follow(copy, token) {
    let since = null;
    while (token === following) {
      await whenVisible();
      let body = null;
      try { body = await fetchDocument(copy.id, since); } catch (_) { body = null; }
      if (token !== following) return;
      if (!body) { await new Promise((resolve) => setTimeout(resolve, 1000)); since = null; continue; }
      if (typeof body.html === 'string' && body.version !== since) {
        patchView(viewB, incomingFromArticle(parseArticle(body.html)), true);
        const article = viewB.querySelector(':scope > article');
        if (article && body.language) article.lang = body.language;
        labelB.textContent = copy.language;
      }
      since = body.version;
    }
  }

  // Scrolled together by block: the block at the top of one view brings
  // the block of the same place in the other to the same height.
  let syncing = false;
  function sync(from, to) {
    if (!doc.comparing || syncing) return;
    const fromArticle = from.querySelector(':scope > article');
    const toArticle = to.querySelector(':scope > article');
    if (!fromArticle || !toArticle) return;
    const blocks = blocksOf(fromArticle);
    const top = from.scrollTop;
    const index = blocks.findIndex((el) => el.offsetTop + el.offsetHeight > top);
    const twins = blocksOf(toArticle);
    if (index < 0 || !twins.length) return;
    const twin = twins[Math.min(index, twins.length - 1)];
    syncing = true;
    to.scrollTop = twin.offsetTop + (top - blocks[index].offsetTop);
    requestAnimationFrame(() => { syncing = false; });
  }
  viewA.addEventListener('scroll', () => sync(viewA, viewB), { passive: true });
  viewB.addEventListener('scroll', () => sync(viewB, viewA), { passive: true });

  return function update(body) {
    doc.localizations = Array.isArray(body.localizations) ? body.localizations : [];
    const key = JSON.stringify(doc.localizations);
    if (key !== listed) {
      listed = key;
      group.hidden = doc.localizations.length < 2;
      const options = (list, none) => (none ? [new Option('—', '')] : []).concat(list.map((l) => new Option(l.language, l.language)));
      select.replaceChildren(...options(doc.localizations, false));
      const own = doc.localizations.find((l) => l.id === doc.id);
      if (own) select.value = own.language;
      compare.replaceChildren(...options(doc.localizations.filter((l) => l.id !== doc.id), true));
      compare.value = settings.compareLanguage || '';
    }
    choosePartner();
  };
}
