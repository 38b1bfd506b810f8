"""The work a save costs the page, counted in a real Chromium against the
real daemon: what it writes to the DOM, how often Chromium lays the page out
for it, and what of the first save's work is done before it (the frames the
first article takes to show what is near the screen, the patching's first
run)."""
import os

from galley_support import save_in_place
from browser_support import wait_until

# A paragraph's text; every block of the document is one.
PARAGRAPH = "Paragraph {} of a long rich-text document, a line or two at a phone's width."


def write_rtf(path, paragraphs):
    body = "".join(PARAGRAPH.format(text) + "\\\n" for text in paragraphs)
    save_in_place(path, "{\\rtf1\\ansi{\\fonttbl\\f0\\fswiss Helvetica;}\\f0\\fs24 " + body + "}")


def add_document(daemon, content, name, paragraphs):
    path = os.path.join(content, name + ".rtf")
    write_rtf(path, paragraphs)
    wait_until(lambda: any(d["title"] == name for d in daemon.documents()["documents"]), message=f"{name} never listed")
    return path


def version(page):
    return page.execute_script("return document.documentElement.dataset.galleyVersion")


def open_document(page, daemon, name, count):
    page.get(daemon.url + "doc/" + daemon.doc_id(name))
    wait_until(lambda: page.execute_script("return document.querySelectorAll('#view-a .blk').length") == count,
               message=f"{name} never shown whole")
    wait_until(lambda: page.execute_script("return window.galley.state") == "live", message="the connection never went live")
    settle(page)


def settle(page):
    """Waits for the page to be idle: its first frames, its warming, its fonts."""
    page.execute_async_script("""
        const done = arguments[arguments.length - 1];
        document.fonts.ready.then(() => requestAnimationFrame(() => requestIdleCallback(() => setTimeout(done, 0))));""")


def wait_frame_shown(page):
    """Waits for the frame that shows a patch, and for the task after it."""
    page.execute_async_script("const done = arguments[arguments.length - 1]; requestAnimationFrame(() => setTimeout(done, 0))")


def save_and_show(page, path, paragraphs):
    old = version(page)
    write_rtf(path, paragraphs)
    wait_until(lambda: version(page) not in (None, old), message=f"the page stayed at version {old}")
    wait_frame_shown(page)


def chromium_counts(page):
    page.execute_cdp_cmd("Performance.enable", {})
    return {m["name"]: m["value"] for m in page.execute_cdp_cmd("Performance.getMetrics", {})["metrics"]}


def test_a_save_writes_nothing_but_the_blocks_it_changed(page, daemon, content):
    # Every answer brings the title, the unsaved state, the font note, the
    # problems and the review view again; a write of any of them, even of
    # the value it has, is a mutation Chromium styles again at each save.
    paragraphs = [str(n) for n in range(300)]
    path = add_document(daemon, content, "quiet", paragraphs)
    open_document(page, daemon, "quiet", 300)
    page.execute_script("""
        window.__outside = [];
        const article = document.querySelector('#view-a > article');
        new MutationObserver((records) => {
          for (const r of records) {
            if (article.contains(r.target)) continue;
            window.__outside.push(r.type + ' ' + (r.attributeName || '') + ' on '
              + (r.target.id || r.target.localName || r.target.nodeName));
          }
        }).observe(document.documentElement, {subtree: true, attributes: true, childList: true, characterData: true});""")
    for save in range(3):
        paragraphs[1] = f"1, edited {save}"
        save_and_show(page, path, paragraphs)
    shown = page.execute_script("return [...document.querySelectorAll('#view-a .blk')].map((b) => b.textContent)")
    assert PARAGRAPH.format("1, edited 2") in shown
    # The page's own record of the version it shows is the one write a save makes outside the article.
    outside = [m for m in page.execute_script("return window.__outside") if m != "attributes data-galley-version on html"]
    assert outside == [], outside


def test_a_save_is_laid_out_once(page, daemon, content):
    # The frame that shows a patch marks the changed blocks before it reads
    # where anything is: a mark written after the first read had Chromium
    # style and lay out the page a second time in the same frame.
    paragraphs = [str(n) for n in range(300)]
    path = add_document(daemon, content, "once", paragraphs)
    open_document(page, daemon, "once", 300)
    saves = 4
    before = chromium_counts(page)
    for save in range(saves):
        paragraphs[2] = f"2, edited {save}"
        save_and_show(page, path, paragraphs)
    after = chromium_counts(page)
    marked = page.execute_script("return [...document.querySelectorAll('#view-a .blk.just-changed')].map((b) => b.textContent)")
    assert marked == [PARAGRAPH.format(f"2, edited {saves - 1}")]
    layouts = after["LayoutCount"] - before["LayoutCount"]
    # One for each save, and one to spare for anything Chromium lays out on its own (a font, a group coming near).
    assert layouts <= saves + 1, f"{layouts:.0f} layouts for {saves} saves"


def functions_run(page, script):
    """The functions of the page's `script` that V8 has run (so compiled) by now."""
    page.execute_cdp_cmd("Profiler.enable", {})
    coverage = page.execute_cdp_cmd("Profiler.getBestEffortCoverage", {})["result"]
    return {function["functionName"] for entry in coverage if entry["url"].endswith("/_galley/" + script)
            for function in entry["functions"] if function["ranges"][0]["count"] > 0}


# Installed before the page's own scripts: whether the patching had run on
# its own article (the warm-up's ids) when the first article's blocks came
# into the view, seen in the microtask right after the task that put them
# there, so nothing the page leaves for later can come between.
WATCH_THE_WARM_UP = """
    window.__warm = {ran: false, beforeTheArticle: null};
    const innerHTML = Object.getOwnPropertyDescriptor(Element.prototype, 'innerHTML');
    Object.defineProperty(Element.prototype, 'innerHTML', {
      configurable: true, get: innerHTML.get,
      set(html) { if (String(html).includes('b-warm-0')) __warm.ran = true; innerHTML.set.call(this, html); },
    });
    new MutationObserver((records, observer) => {
      if (!document.querySelector('#view-a article .blk')) return;
      observer.disconnect();
      __warm.beforeTheArticle = __warm.ran;
    }).observe(document, {childList: true, subtree: true});"""


def test_the_patching_is_compiled_before_the_first_save(page, daemon, content):
    # The first save after the page has loaded ran the patching for the first
    # time: V8 compiled it then, in that save's frame. The page runs it once
    # on an article of its own just before it shows the first article, so a
    # save made the moment the article is there finds it compiled.
    add_document(daemon, content, "warm", [str(n) for n in range(300)])
    watch = page.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": WATCH_THE_WARM_UP})
    try:
        page.get(daemon.url + "doc/" + daemon.doc_id("warm"))
        wait_until(lambda: page.execute_script("return __warm.beforeTheArticle") is not None, message="the article never appeared")
    finally:
        page.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", {"identifier": watch["identifier"]})
    assert page.execute_script("return __warm.beforeTheArticle") is True, "the article was shown before the patching ran"
    run = functions_run(page, "patching.js")
    assert {"incomingFromPatch", "patchView", "kept", "move", "place", "resentIn"} <= run, sorted(run)
    assert page.execute_script("return window.galley.patches") == 1, "a patch came before the first save"
