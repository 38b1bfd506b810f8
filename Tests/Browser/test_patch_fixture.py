"""The page's own patching code (Assets/Page/patching.js), in Chromium,
applied to the patches of Tests/Fixtures/patches.json, which the Swift
tests (DocumentPatchTests) check are what the renderer says. Each patch
must bring a view that shows the old version to the new one, element for
element, keep the nodes it says it keeps, make new only the blocks it
sends, put every block where a fresh rendering of the new version puts it,
and tell every block's source location from its group and offsets."""
import json
import os

from browser_support import wait_until

FIXTURE = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "Fixtures", "patches.json")

APPLY = """
const [cases, secondary, done] = arguments;
Promise.all([import('/_galley/patching.js'), import('/_galley/blockLocations.js')]).then(([patching, locations]) => {
  // Elements as text, attributes sorted, so that two views compare whatever
  // order attributes were set in; the line breaks between the article's
  // children and between blocks, which lay nothing out, are left out.
  const between = (n) => n.nodeType === 3 && !n.nodeValue.trim() && (n.parentNode.localName === 'article' || n.parentNode.classList.contains('blk-group'));
  const shape = (el) => '<' + el.localName + Array.from(el.attributes).map((a) => ' ' + a.name + '="' + a.value + '"').sort().join('')
    + '>' + Array.from(el.childNodes).filter((n) => !between(n)).map((n) => (n.nodeType === 1 ? shape(n) : n.nodeValue)).join('')
    + '</' + el.localName + '>';
  const view = () => {
    const el = document.createElement('div');
    el.className = 'device-screen';
    el.style.cssText = 'position: absolute; left: 0; top: 0; width: 390px';
    document.body.append(el);
    return el;
  };
  const shown = (el) => patching.patchView(el, patching.incomingFromArticle(patching.parseArticle(el.__html)), secondary);
  const results = [];
  for (const c of cases) {
    const patched = view();
    patched.__html = c.before;
    shown(patched);
    const old = new Set(patched.querySelectorAll('article > *, .blk'));
    let changed;
    let error = null;
    try {
      changed = patching.patchView(patched, patching.incomingFromPatch(c.patch, 1)[0], secondary);
    } catch (e) {
      error = String(e);
    }
    const fresh = view();
    fresh.__html = c.after;
    shown(fresh);
    const article = (el) => el.querySelector(':scope > article');
    const blocks = (el) => locations.blocksOf(article(el));
    const top = (el) => article(el).getBoundingClientRect().top;
    results.push({
      name: c.name,
      error,
      same: !error && shape(article(patched)) === shape(article(fresh)),
      newBlocks: blocks(patched).filter((b) => !old.has(b)).length,
      changed: changed ? changed.length : null,
      tops: blocks(patched).map((b) => b.getBoundingClientRect().top - top(patched)),
      freshTops: blocks(fresh).map((b) => b.getBoundingClientRect().top - top(fresh)),
      locations: blocks(patched).map((b) => { const l = locations.locationOf(b); return [l.line, l.column]; }),
    });
    patched.remove();
    fresh.remove();
  }
  done(results);
}, (e) => done(String(e)));
"""


def sent_blocks(patch):
    """The blocks a patch sends as HTML, and all that it sends (the header too)."""
    blocks = sum("html" in block for element in patch["elements"] for block in element.get("blocks", []))
    return blocks, blocks + sum("html" in element for element in patch["elements"])


def test_the_page_applies_the_shared_patches_as_they_say(page, daemon):
    cases = json.load(open(FIXTURE, encoding="utf-8"))
    assert len(cases) >= 5
    page.get(daemon.url)
    wait_until(lambda: page.execute_script("return document.readyState") == "complete")
    for secondary in (False, True):
        results = page.execute_async_script(APPLY, cases, secondary)
        assert isinstance(results, list), results
        for case, result in zip(cases, results):
            name = f"{case['name']} (second device: {secondary})"
            assert result["error"] is None, name
            assert result["same"], f"{name}: the patched article differs from the new version"
            blocks, sent = sent_blocks(case["patch"])
            assert result["newBlocks"] == blocks, f"{name}: {result['newBlocks']} new blocks, the patch sent {blocks}"
            assert result["changed"] == sent, name
            assert result["tops"] == result["freshTops"], f"{name}: blocks are not where a fresh rendering puts them"
            assert result["locations"] == case["locations"], f"{name}: block locations"


def test_a_patch_that_does_not_fit_changes_nothing(page, daemon):
    """A run whose ends are not what the view shows is refused before any change."""
    case = next(c for c in json.load(open(FIXTURE, encoding="utf-8")) if c["name"] == "a word edited")
    page.get(daemon.url)
    wait_until(lambda: page.execute_script("return document.readyState") == "complete")
    # A group of another id, and a kept group that lost a block.
    for breaking in ("another id", "a block less"):
        outcome = page.execute_async_script("""
            const [c, breaking, done] = arguments;
            import('/_galley/patching.js').then((patching) => {
              const view = document.createElement('div');
              document.body.append(view);
              patching.patchView(view, patching.incomingFromArticle(patching.parseArticle(c.before)), false);
              if (breaking === 'another id') view.querySelector('.blk-group:last-child').id = 'elsewhere';
              else view.querySelector('.blk-group .blk').remove();
              const before = view.innerHTML;
              try {
                patching.patchView(view, patching.incomingFromPatch(c.patch, 1)[0], false);
                done('applied');
              } catch (e) {
                done({ name: e.name, unchanged: view.innerHTML === before });
              }
            });""", case, breaking)
        assert outcome == {"name": "PatchMismatch", "unchanged": True}, breaking
