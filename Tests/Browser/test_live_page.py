"""The live preview page in real headless Chromium against the real daemon.

Every test edits the content the way an editor saves it and checks what the
author sees: text, scroll position, markers, diagnostics, connection state.
"""
import base64
import json
import os
import shutil
import time

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from browser_support import REPO, SCREENSHOTS, Daemon, copy_content, decode_png, make_png, save_by_rename, save_in_place, shown_block_locations, wait_until
from galley_support import page_assets_digest

DATA = os.path.join("Resources", "speciesData.json")


# ------------------------------------------------------------------ helpers

class Content:
    """The species data file of a content copy, edited like an author would."""

    def __init__(self, root):
        self.root = root
        self.path = os.path.join(root, DATA)

    def text(self):
        with open(self.path, encoding="utf-8") as f:
            return f.read()

    def items(self):
        return json.loads(self.text())

    def write_items(self, items, rename=False):
        text = json.dumps(items, ensure_ascii=False, indent=4) + "\n"
        (save_by_rename if rename else save_in_place)(self.path, text)

    def edit_block(self, title, index, new_text, rename=False):
        items = self.items()
        item = next(i for i in items if i["name"] == title)
        item["detailText"][index] = new_text
        self.write_items(items, rename=rename)

    def body_indexes(self, title):
        item = next(i for i in self.items() if i["name"] == title)
        return [n for n, s in enumerate(item["detailText"]) if not s.startswith("<")]


def open_doc(page, daemon, title):
    page.get(daemon.url + "doc/" + daemon.doc_id(title))
    wait_until(lambda: page.execute_script("return document.documentElement.dataset.galleyVersion"),
               message="page never rendered a version")
    wait_until(lambda: page.find_element(By.ID, "connection").get_attribute("data-state") == "live",
               message="connection never went live")
    # let the fonts and images settle before measuring positions
    page.execute_script("return document.fonts.ready.then(() => true)")
    wait_until(lambda: page.execute_script(
        "return [...document.images].every(i => i.complete)"), message="images never loaded")
    return page


def version(page):
    return page.execute_script("return document.documentElement.dataset.galleyVersion")


def wait_new_version(page, old, timeout=30):
    return wait_until(lambda: version(page) != old and version(page), timeout=timeout,
                      message=f"page stayed at version {old}")


def block_text_js(text):
    return ("return [...document.querySelectorAll('#view-a .blk')].find(e => e.textContent.includes(%s)) || null"
            % json.dumps(text))


def block_with(page, text):
    return page.execute_script(block_text_js(text))


def wait_shown(page, text, message=None):
    """Waits until a block shows `text`, then for the frame that shows it:
    the page restores the reading position and marks what changed there."""
    el = wait_until(lambda: block_with(page, text), message=message or f"{text!r} never shown")
    wait_settled(page)
    return el


def wait_settled(page):
    """Waits for the frame that shows a patch, and for the task after it."""
    page.execute_async_script("const done = arguments[arguments.length - 1]; requestAnimationFrame(() => setTimeout(done, 0))")


def scroll_to_block(page, text, offset=120):
    """Scrolls so that the block containing `text` starts `offset` px below the viewport top."""
    page.execute_script(
        "const el = [...document.querySelectorAll('#view-a .blk')].find(e => e.textContent.includes(arguments[0]));"
        "window.scrollTo(0, window.scrollY + el.getBoundingClientRect().top - arguments[1]);", text, offset)
    wait_until(lambda: page.execute_script("return window.scrollY") > 0)
    return page.execute_script("return window.scrollY")


def top_of(page, text):
    return page.execute_script(
        "const el = [...document.querySelectorAll('#view-a .blk')].find(e => e.textContent.includes(arguments[0]));"
        "return el ? el.getBoundingClientRect().top : null;", text)


def watch_changes(page):
    """Records every block that gets the `just-changed` class from now on."""
    page.execute_script("""
        window.__changed = [];
        new MutationObserver(records => {
          for (const r of records) {
            const el = r.target;
            if (el.classList && el.classList.contains('just-changed')) window.__changed.push(el.textContent);
          }
        }).observe(document.getElementById('view-a'), {subtree: true, attributes: true, attributeFilter: ['class']});
    """)


def severe_logs(page):
    return [e for e in page.get_log("browser") if e.get("level") == "SEVERE" and "favicon" not in e.get("message", "")]


# ------------------------------------------------------------------ tests

def test_page_renders_layout_of_the_app(page, daemon):
    open_doc(page, daemon, "Pelican")
    info = page.execute_script("""
        const art = document.querySelector('#view-a > article');
        const body = art.querySelector('.k-body'), cap = art.querySelector('.k-caption'), img = art.querySelector('.k-image img');
        const cs = e => getComputedStyle(e);
        return {
          width: art.getBoundingClientRect().width,
          padding: cs(art).paddingLeft,
          bodySize: cs(body).fontSize, bodyPadTop: cs(body).paddingTop,
          capSize: cs(cap).fontSize, capColor: cs(cap).color,
          imgWidth: img.getBoundingClientRect().width, imgHeight: img.getBoundingClientRect().height,
          natural: [img.naturalWidth, img.naturalHeight],
          title: document.getElementById('doc-title').textContent,
          csp: null,
        };""")
    assert abs(info["width"] - 390) < 0.5
    assert info["padding"] == "16px"
    assert info["bodySize"] == "20px" and info["bodyPadTop"] == "18px"
    assert info["capSize"] == "16px" and info["capColor"] == "rgb(142, 142, 147)"
    assert abs(info["imgWidth"] - (390 - 32)) < 0.5, "image must fill the column"
    nw, nh = info["natural"]
    assert abs(info["imgHeight"] - info["imgWidth"] * nh / nw) < 1, "image aspect ratio must be kept"
    assert info["title"] == "Pelican"
    assert severe_logs(page) == [], "console errors (CSP violations?)"


def test_edit_shows_new_text_in_place_and_keeps_scroll(page, daemon, content):
    data = Content(content)
    open_doc(page, daemon, "Pelican")
    scroll_to_block(page, "Paragraph 8.")
    # edit a paragraph that is visible, below the block at the top of the viewport
    visible = next(n for n in data.body_indexes("Pelican") if data.items()[0]["detailText"][n].startswith("Paragraph 9."))
    y0 = page.execute_script("return window.scrollY")
    old = version(page)
    page.execute_script("window.__marker = 1")
    data.edit_block("Pelican", visible, "Paragraph 9. Edited in place by the test.")
    wait_shown(page, "Edited in place by the test.")
    assert version(page) != old
    assert page.execute_script("return window.__marker") == 1, "the page reloaded"
    assert abs(page.execute_script("return window.scrollY") - y0) <= 2, "scroll position lost"
    assert page.execute_script("return window.galley.patches") >= 2


def test_rename_save_is_shown_too(page, daemon, content):
    data = Content(content)
    open_doc(page, daemon, "Pelican")
    page.execute_script("window.__marker = 1")
    data.edit_block("Pelican", 0, "The first paragraph, saved by rename.", rename=True)
    wait_until(lambda: block_with(page, "saved by rename"), message="rename save never shown")
    assert page.execute_script("return window.__marker") == 1


def test_unchanged_blocks_and_images_are_not_touched(page, daemon, content):
    data = Content(content)
    open_doc(page, daemon, "Pelican")
    page.execute_script("""
        window.__imgs = [...document.querySelectorAll('#view-a img')];
        window.__imgs.forEach(i => i.__kept = true);
        performance.clearResourceTimings();""")
    data.edit_block("Pelican", 0, "A new first paragraph; the images must stay.")
    wait_until(lambda: block_with(page, "the images must stay"))
    same = page.execute_script(
        "return [...document.querySelectorAll('#view-a img')].every(i => i.__kept === true)"
        " && window.__imgs.every(i => i.isConnected)")
    assert same, "image elements were replaced although their blocks did not change"
    fetched = page.execute_script(
        "return performance.getEntriesByType('resource').map(e => e.name).filter(n => n.includes('/files/'))")
    assert fetched == [], f"images fetched again: {fetched}"


def test_edit_far_below_the_viewport_moves_nothing_and_marks_the_block(page, daemon, content):
    data = Content(content)
    open_doc(page, daemon, "Pelican")
    scroll_to_block(page, "Paragraph 4.")
    y0 = page.execute_script("return window.scrollY")
    top0 = top_of(page, "Paragraph 5.")
    watch_changes(page)
    last = data.body_indexes("Pelican")[-2]  # "Paragraph 30."
    assert data.items()[0]["detailText"][last].startswith("Paragraph 30.")
    data.edit_block("Pelican", last, "Paragraph 30. Changed far below, " + "a longer text. " * 30)
    el = wait_shown(page, "Changed far below")
    assert abs(page.execute_script("return window.scrollY") - y0) <= 2, "the page scrolled"
    assert abs(top_of(page, "Paragraph 5.") - top0) <= 2, "visible text moved"
    marked = page.execute_script(
        "return arguments[0].classList.contains('just-changed') || window.__changed.some(t => t.includes('Changed far below'))", el)
    assert marked, "changed block was not marked"
    others = page.execute_script("return window.__changed.filter(t => !t.includes('Changed far below'))")
    assert others == [], f"unchanged blocks were marked as changed: {[t[:30] for t in others]}"
    # the mark fades: removed after ~1.5 s
    wait_until(lambda: not page.execute_script("return arguments[0].classList.contains('just-changed')", el), timeout=4)


def colour_in_padding(page, el):
    """What Chromium paints just inside a block's top left corner, in its
    padding (no text there), from a screenshot of that one pixel."""
    x, y = page.execute_script(
        "const r = arguments[0].getBoundingClientRect(); return [Math.floor(r.left) + 3 + scrollX, Math.floor(r.top) + 3 + scrollY]", el)
    shot = page.execute_cdp_cmd("Page.captureScreenshot", {"format": "png", "clip": {"x": x, "y": y, "width": 1, "height": 1, "scale": 1}})
    _, _, _, rows = decode_png(base64.b64decode(shot["data"]))
    return tuple(rows[0][:3])


def test_a_changed_block_is_tinted_behind_its_text_then_faded_by_the_compositor(page, daemon, content):
    data = Content(content)
    open_doc(page, daemon, "Pelican")
    scroll_to_block(page, "Paragraph 2.")
    plain = colour_in_padding(page, block_with(page, "Paragraph 3."))
    index = next(n for n in data.body_indexes("Pelican") if data.items()[0]["detailText"][n].startswith("Paragraph 2."))
    # The mark lasts 1.5 s: on a busy machine the screenshot can come after
    # it, so the tint is read only while the block is still marked.
    tinted = None
    for attempt in range(5):
        data.edit_block("Pelican", index, f"Paragraph 2. Tinted by the test, {attempt}.")
        el = wait_shown(page, f"Tinted by the test, {attempt}.")
        colour = colour_in_padding(page, el)
        if page.execute_script("return arguments[0].classList.contains('just-changed')", el):
            tinted = colour
            break
    assert tinted is not None, "the changed block was never seen marked"
    assert plain == (255, 255, 255), f"an unchanged block's padding is {plain}"
    # rgba(255, 214, 10, 0.55) over white, behind the text
    assert abs(tinted[0] - 255) <= 3 and abs(tinted[1] - 236) <= 4 and abs(tinted[2] - 120) <= 6, f"tint {tinted}"
    # Held still while the author may be typing on, then faded in opacity
    # only, which the compositor does without painting the block again; the
    # block's own background is not animated.
    mark = page.execute_script("""
        const el = arguments[0];
        const tint = document.getAnimations().filter(a => a.effect.target === el && a.effect.pseudoElement === '::before');
        return {own: el.getAnimations().length,
                tint: tint.map(a => ({delay: a.effect.getTiming().delay,
                                      animated: a.effect.getKeyframes().flatMap(k => Object.keys(k)).filter(p => !['offset', 'easing', 'composite', 'computedOffset'].includes(p))}))};
    """, el)
    assert mark["own"] == 0, "the block's own style is animated"
    assert len(mark["tint"]) <= 1
    for tint in mark["tint"]:
        assert tint["delay"] >= 1000 and set(tint["animated"]) == {"opacity"}, tint
    wait_until(lambda: not page.execute_script("return arguments[0].classList.contains('just-changed')", el), timeout=4)
    assert colour_in_padding(page, el) == plain, "the tint stayed"


def test_edit_above_the_viewport_keeps_the_visible_text_still(page, daemon, content):
    data = Content(content)
    open_doc(page, daemon, "Pelican")
    scroll_to_block(page, "Paragraph 20.", offset=200)
    top0 = top_of(page, "Paragraph 20.")
    y0 = page.execute_script("return window.scrollY")
    idx = next(n for n in data.body_indexes("Pelican") if data.items()[0]["detailText"][n].startswith("Paragraph 2."))
    data.edit_block("Pelican", idx, "Paragraph 2. Much longer now. " + "Pelicans nest on the ground in large colonies. " * 40)
    wait_shown(page, "Much longer now.")
    assert abs(top_of(page, "Paragraph 20.") - top0) <= 2, "visible text moved when content above grew"
    assert page.execute_script("return window.scrollY") > y0 + 200, "scroll offset was not adjusted"
    # and shrink it again
    top1 = top_of(page, "Paragraph 20.")
    data.edit_block("Pelican", idx, "Paragraph 2. Short again.")
    wait_shown(page, "Short again.")
    assert abs(top_of(page, "Paragraph 20.") - top1) <= 2, "visible text moved when content above shrank"


def test_broken_json_shows_the_error_and_keeps_the_last_good_text(page, daemon, content):
    data = Content(content)
    open_doc(page, daemon, "Pelican")
    # The one standing warning: the seed's grey caption, said on the folder's first caption's page.
    only_contrast = lambda: [e.text for e in page.find_elements(By.CSS_SELECTOR, "#diag-list .diag-id")] == ["[low-contrast]"]
    wait_until(only_contrast, message="the caption's contrast warning is not listed alone")
    lines = data.text().split("\n")
    n = next(i for i, l in enumerate(lines) if '"Paragraph 5.' in l)  # 0-based
    assert lines[n].endswith('",')
    lines[n] = lines[n][:-1]  # delete the comma
    old = version(page)
    save_in_place(data.path, "\n".join(lines))
    panel = wait_until(lambda: page.find_element(By.ID, "diagnostics").is_displayed()
                       and page.find_elements(By.CSS_SELECTOR, "#diag-list .severity-error") and page.find_element(By.ID, "diagnostics"),
                       message="no error in the diagnostics panel")
    text = panel.text
    # the parser notices the missing comma at the next token (line n+2, 1-based) or at the end of line n+1
    assert ("speciesData.json:%d:" % (n + 2)) in text or ("speciesData.json:%d:" % (n + 1)) in text, text
    assert "error" in text
    assert page.find_elements(By.CSS_SELECTOR, "#diag-list .severity-error")
    # The kind of problem and its fix are shown from the diagnostic's fields.
    assert [e.text for e in page.find_elements(By.CSS_SELECTOR, "#diag-list .diag-id")] == ["[json-syntax]"]
    assert [e.text for e in page.find_elements(By.CSS_SELECTOR, "#diag-list .diag-fix")] == ["Fix: Insert ','"]
    assert block_with(page, "Paragraph 5."), "last good rendering was blanked"
    assert block_with(page, "The pelican opens the article")
    assert version(page) != old
    # fix it: the error goes away, and the file that reads again says the caption's contrast again
    lines[n] += ","
    save_in_place(data.path, "\n".join(lines))
    wait_until(only_contrast, message="the error stayed after the fix")
    assert block_with(page, "Paragraph 5.")


def test_missing_image_warning_marker_and_click(page, daemon):
    open_doc(page, daemon, "Heron")
    panel = wait_until(lambda: page.find_element(By.ID, "diagnostics").is_displayed() and page.find_element(By.ID, "diagnostics"))
    assert "heron_01" in panel.text
    assert page.find_elements(By.CSS_SELECTOR, "#diag-list .severity-warning")
    placeholder = page.find_element(By.CSS_SELECTOR, "#view-a .missing-asset")
    assert placeholder.is_displayed() and "heron_01" in placeholder.text
    assert placeholder.value_of_css_property("border-top-style") == "dashed"
    marked = page.find_elements(By.CSS_SELECTOR, "#view-a .blk.has-warning")
    assert marked, "block with the missing image has no inline marker"
    badge = page.execute_script("return getComputedStyle(arguments[0], '::after').content", marked[0])
    assert "heron_01" in badge or "problem" in badge
    page.find_element(By.CSS_SELECTOR, "#diag-list button").click()
    wait_until(lambda: page.execute_script(
        "const r = arguments[0].getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight", marked[0]))


def test_a_save_that_leaves_the_problems_as_they_were_writes_nothing_to_the_panel_or_marks(page, daemon, content):
    """A save that changes no problem (another paragraph edited) leaves the problems panel and the marked block
    untouched: rewriting them had Chromium lay out and paint the panel, and blur what is behind it, at every save.
    The list left as it was still reveals the block its problem is in."""
    data = Content(content)
    open_doc(page, daemon, "Heron")
    wait_until(lambda: page.find_elements(By.CSS_SELECTOR, "#view-a .blk.has-warning"), message="no marked block")
    page.execute_script("""
        window.__touched = [];
        const note = (records) => { for (const r of records) window.__touched.push(r.type + ' ' + (r.target.className || r.target.nodeName)); };
        new MutationObserver(note).observe(document.getElementById('diagnostics'),
          {subtree: true, childList: true, attributes: true, characterData: true});
        const marked = document.querySelector('#view-a .blk.has-warning');
        marked.__kept = true;
        new MutationObserver(note).observe(marked, {attributes: true});
        document.querySelectorAll('#diag-list li').forEach((li) => { li.__kept = true; });""")
    data.edit_block("Heron", 3, "Herons hunt fish, frogs, insects and the odd mouse.")
    wait_shown(page, "the odd mouse")
    assert page.execute_script("return window.__touched") == [], "a save that changed no problem rewrote the panel or a mark"
    assert page.execute_script("return [...document.querySelectorAll('#diag-list li')].every((li) => li.__kept)")
    marked = page.find_element(By.CSS_SELECTOR, "#view-a .blk.has-warning")
    assert page.execute_script("return arguments[0].__kept === true", marked), "the marked block was replaced"
    page.execute_script("window.scrollTo(0, document.documentElement.scrollHeight)")
    page.find_element(By.CSS_SELECTOR, "#diag-list button").click()
    wait_until(lambda: page.execute_script(
        "const r = arguments[0].getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight", marked),
        message="the list left as it was no longer reveals its problem's block")


def test_replaced_image_shows_new_pixels(page, daemon, content):
    open_doc(page, daemon, "Pelican")
    img = page.find_element(By.CSS_SELECTOR, "#view-a .k-image img")
    src0 = img.get_attribute("src")
    assert page.execute_script("return arguments[0].naturalWidth", img) == 120
    page.execute_script("document.querySelectorAll('#view-a img')[1].__kept = true")
    png = os.path.join(content, "Assets.xcassets", "pelican_01.imageset", "x.png")
    save_by_rename(png, make_png(200, 100, (200, 30, 60)))
    wait_until(lambda: page.execute_script(
        "const i = document.querySelector('#view-a .k-image img'); return i.complete && i.naturalWidth === 200"),
        message="new image pixels never shown")
    src1 = page.find_element(By.CSS_SELECTOR, "#view-a .k-image img").get_attribute("src")
    assert src1 != src0, "image url must change with its content (cache busting)"
    assert page.execute_script("return document.querySelectorAll('#view-a img')[1].__kept === true"), \
        "the other, unchanged image was replaced"


def test_daemon_restart_reconnects_and_resynchronises(page, daemon, content):
    data = Content(content)
    open_doc(page, daemon, "Pelican")
    boot0 = page.execute_script("return window.galley.boot")
    page.execute_script("window.__marker = 1")
    conn = page.find_element(By.ID, "connection")
    daemon.stop()
    wait_until(lambda: conn.get_attribute("data-state") in ("reconnecting", "offline"), timeout=8,
               message="indicator never left 'live' after the daemon stopped")
    data.edit_block("Pelican", 0, "Written while the daemon was down.")
    daemon.start(port=daemon.port)
    wait_until(lambda: conn.get_attribute("data-state") == "live", timeout=15, message="never reconnected")
    wait_until(lambda: block_with(page, "Written while the daemon was down."), message="page did not resynchronise")
    assert page.execute_script("return window.galley.boot") != boot0
    assert page.execute_script("return window.__marker") == 1


def test_device_width_appearance_and_text_size(page, daemon):
    open_doc(page, daemon, "Pelican")
    width = lambda: page.execute_script("return document.querySelector('#view-a > article').getBoundingClientRect().width")
    bg = lambda: page.execute_script("return getComputedStyle(document.getElementById('view-a')).backgroundColor")
    assert abs(width() - 390) < 0.5
    assert bg() == "rgb(255, 255, 255)"
    Select(page.find_element(By.ID, "device")).select_by_value("820")
    wait_until(lambda: abs(width() - 820) < 0.5, message="tablet width not applied")
    Select(page.find_element(By.ID, "device")).select_by_value("375")
    wait_until(lambda: abs(width() - 375) < 0.5)
    Select(page.find_element(By.ID, "device")).select_by_value("custom")
    box = page.find_element(By.ID, "custom-width")
    box.clear()
    box.send_keys("512")
    wait_until(lambda: abs(width() - 512) < 0.5, message="custom width not applied")
    Select(page.find_element(By.ID, "appearance")).select_by_value("dark")
    wait_until(lambda: bg() == "rgb(0, 0, 0)", message="dark appearance not applied")
    body_color = page.execute_script("return getComputedStyle(document.querySelector('#view-a .k-body')).color")
    assert body_color == "rgb(255, 255, 255)"
    Select(page.find_element(By.ID, "text-size")).select_by_value("AX5")
    size = page.execute_script("return parseFloat(getComputedStyle(document.querySelector('#view-a .k-body')).fontSize)")
    assert abs(size - 20 * 53 / 17) < 0.1
    # choices persist in this browser
    page.refresh()
    wait_until(lambda: version(page))
    assert abs(width() - 512) < 0.5 and bg() == "rgb(0, 0, 0)"
    assert Select(page.find_element(By.ID, "text-size")).first_selected_option.get_attribute("value") == "AX5"
    # system appearance follows the OS setting
    Select(page.find_element(By.ID, "appearance")).select_by_value("system")
    wait_until(lambda: bg() == "rgb(255, 255, 255)")
    page.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
    wait_until(lambda: bg() == "rgb(0, 0, 0)")
    page.execute_script("localStorage.clear()")


def test_side_by_side_and_outline(page, daemon, content):
    data = Content(content)
    open_doc(page, daemon, "Pelican")
    page.find_element(By.ID, "side-by-side").click()
    second = page.find_element(By.ID, "view-b")
    wait_until(lambda: second.is_displayed())
    widths = page.execute_script(
        "return [...document.querySelectorAll('.device-screen > article')].map(a => a.getBoundingClientRect().width)")
    assert [round(w) for w in widths] == [390, 820]
    assert page.execute_script("return document.querySelectorAll('[id^=\"b-\"]').length") == \
        page.execute_script("return document.querySelectorAll('#view-a .blk').length"), "duplicate ids"
    data.edit_block("Pelican", 0, "Both devices show this edit.")
    wait_until(lambda: "Both devices show this edit." in second.text)
    page.find_element(By.ID, "outline").click()
    label = page.execute_script("return getComputedStyle(document.querySelector('#view-a .blk'), '::before').content")
    assert "body" in label and "line" in label
    page.execute_script("localStorage.clear()")


def test_index_lists_documents_and_updates_live(page, daemon, content):
    page.get(daemon.url)
    rows = lambda: page.find_elements(By.CSS_SELECTOR, "#doc-list tr[data-doc-id]")
    wait_until(lambda: len(rows()) == 2, message="index does not list the two items")
    text = page.find_element(By.ID, "doc-list").text
    assert "Pelican" in text and "Heron" in text and "Resources/speciesData.json" in text
    heron = page.find_element(By.CSS_SELECTOR, "#doc-%s" % daemon.doc_id("Heron"))
    assert heron.find_element(By.CSS_SELECTOR, ".count-warnings").text != "0"
    link = page.find_element(By.LINK_TEXT, "Pelican")
    assert link.get_attribute("href").endswith("/doc/" + daemon.doc_id("Pelican"))
    page.execute_script("window.__marker = 1")
    more = [{"name": "Stork", "imageName": "stork", "detailText": ["Storks carry babies, they say."]}]
    save_by_rename(os.path.join(content, "Resources", "more.json"), json.dumps(more))
    wait_until(lambda: "Stork" in page.find_element(By.ID, "doc-list").text, message="new file not listed")
    assert page.execute_script("return window.__marker") == 1
    os.remove(os.path.join(content, "Resources", "more.json"))
    wait_until(lambda: "Stork" not in page.find_element(By.ID, "doc-list").text, message="deleted file still listed")
    link = page.find_element(By.LINK_TEXT, "Pelican")
    link.click()
    wait_until(lambda: version(page))
    assert page.find_element(By.ID, "doc-title").text == "Pelican"


def test_deleted_document_says_so(page, daemon, content):
    data = Content(content)
    open_doc(page, daemon, "Heron")
    items = data.items()
    data.write_items([i for i in items if i["name"] != "Heron"])
    notice = wait_until(lambda: page.find_element(By.ID, "removed-notice").is_displayed() and page.find_element(By.ID, "removed-notice"),
                        message="no removed notice")
    assert "deleted" in notice.text
    assert not block_with(page, "The heron stands still"), "stale content still shown"
    assert page.find_element(By.ID, "back-link").get_attribute("href").endswith("/")
    # restoring the item brings it back
    data.write_items(items)
    wait_until(lambda: block_with(page, "The heron stands still"), timeout=15, message="restored document not shown")
    assert not page.find_element(By.ID, "removed-notice").is_displayed()


def write_long_rtf(path, paragraphs):
    body = "".join(f"Paragraph {text} of a long rich-text document.\\\n" for text in paragraphs)
    save_in_place(path, "{\\rtf1\\ansi{\\fonttbl\\f0\\fswiss Helvetica;}\\f0\\fs24 " + body + "}")


def article_texts(page, view):
    return page.execute_script(
        "return [...document.querySelectorAll(arguments[0] + ' > article > .blk-group > .blk')].map(e => e.textContent)", view)


def answer_sizes(page):
    """Bytes of the document answers the page received since the last `performance.clearResourceTimings()`."""
    return page.execute_script(
        "return performance.getEntriesByType('resource').filter(e => e.name.includes('/api/documents/')).map(e => e.encodedBodySize)")


def layout_objects(page):
    """How many boxes and texts Chromium has laid out for the page (the DevTools protocol's count)."""
    page.execute_cdp_cmd("Performance.enable", {})
    return {m["name"]: m["value"] for m in page.execute_cdp_cmd("Performance.getMetrics", {})["metrics"]}["LayoutObjects"]


def test_a_long_document_is_laid_out_only_near_the_screen(page, daemon, content):
    # What a group far below holds is neither styled nor laid out until it
    # comes near the screen: the page then keeps a thirtieth of a 1 MB
    # RTF's boxes, and its garbage collections and text-size changes are as small.
    write_long_rtf(os.path.join(content, "far.rtf"), [str(n) for n in range(2000)])
    wait_until(lambda: any(d["title"] == "far" for d in daemon.documents()["documents"]))
    open_doc(page, daemon, "far")
    wait_until(lambda: len(article_texts(page, "#view-a")) == 2000)
    wait_settled(page)
    # Each paragraph is at least three: its block, its paragraph and its text.
    # Chromium finds the groups far from the screen in a frame after the one
    # that first laid them out (a clean-clone CI run counted 2,747 at once).
    wait_until(lambda: layout_objects(page) < 2000, message="groups far below the screen stayed laid out")
    seen = "return arguments[0].checkVisibility({contentVisibilityAuto: true})"
    first, last = block_with(page, "Paragraph 0 of"), block_with(page, "Paragraph 1999 of")
    assert page.execute_script(seen, first) and not page.execute_script(seen, last)
    # Asked where it is, a block far below is laid out for the answer.
    assert page.execute_script("return arguments[0].getBoundingClientRect().height", last) > 10
    page.execute_script("arguments[0].scrollIntoView()", last)
    wait_until(lambda: page.execute_script(seen, last), message="the last paragraph never came on screen")
    # Chromium finds which groups left the screen in a frame of its own, which may come after the one that showed the last.
    wait_until(lambda: not page.execute_script(seen, first), message="the first paragraph stayed laid out far above the screen")
    # The outline labels every block, so every group is laid out.
    page.find_element(By.ID, "outline").click()
    wait_until(lambda: layout_objects(page) > 3 * 2000, message="the outline view did not lay out every block")
    assert page.execute_script(seen, first)
    page.execute_script("localStorage.clear()")


def frames_later(page, script, *arguments, frames=6):
    """What `script` returns at each of the next `frames` animation frames."""
    return page.execute_async_script("""
        const done = arguments[arguments.length - 1];
        const read = new Function(...Array.from({length: arguments.length - 1}, (_, i) => 'a' + i), arguments[0]);
        const args = Array.from(arguments).slice(1, -1);
        const seen = [];
        const frame = () => { seen.push(read(...args)); if (seen.length < %d) requestAnimationFrame(frame); else done(seen); };
        requestAnimationFrame(frame);""" % frames, script, *arguments)


def test_a_block_revealed_far_below_stays_where_it_was_put(page, daemon, content):
    # The groups it passes stand at a typical size until laid out: the page
    # keeps the revealed block, then the text being read, still while the
    # groups around them take their own (2,000 one-line paragraphs: each
    # group is half the size it stands at).
    numbers = [str(n) for n in range(2000)]
    path = os.path.join(content, "reveal.rtf")
    write_long_rtf(path, numbers)
    wait_until(lambda: any(d["title"] == "reveal" for d in daemon.documents()["documents"]))
    open_doc(page, daemon, "reveal")
    wait_until(lambda: len(article_texts(page, "#view-a")) == 2000)
    numbers[1500] = "1500, changed far below"
    write_long_rtf(path, numbers)
    chip = wait_until(lambda: page.find_element(By.ID, "change-chip").is_displayed() and page.find_element(By.ID, "change-chip"),
                      message="no chip for a change far below")
    chip.click()
    el = block_with(page, "changed far below")
    tops = frames_later(page, "return a0.getBoundingClientRect().top", el)
    middle = page.execute_script("return innerHeight / 2")
    assert all(abs(top - tops[0]) < 1 for top in tops), tops
    assert 0 < tops[0] < middle, (tops, middle)
    # Scrolling back up, past groups never shown: what is on screen moves by the scroll alone.
    for _ in range(8):
        top = page.execute_script("return arguments[0].getBoundingClientRect().top", el)
        page.execute_script("window.scrollBy(0, -700)")
        moved = frames_later(page, "return a0.getBoundingClientRect().top", el, frames=3)
        assert all(abs(t - (top + 700)) < 1 for t in moved), (top, moved)


def test_a_long_document_is_patched_block_by_block(page, daemon, content):
    path = os.path.join(content, "long.rtf")
    numbers = [str(n) for n in range(2000)]
    write_long_rtf(path, numbers)
    wait_until(lambda: any(d["title"] == "long" for d in daemon.documents()["documents"]))
    whole = len(daemon.get("/api/documents/" + daemon.doc_id("long"))[2])
    page.get_log("browser")  # what earlier tests left behind
    open_doc(page, daemon, "long")
    page.find_element(By.ID, "side-by-side").click()
    wait_until(lambda: len(article_texts(page, "#view-b")) == 2000)
    page.execute_script("""
        document.querySelectorAll('.device-screen .blk').forEach(e => e.__kept = true);
        window.__start = { patches: galley.patches, resyncs: galley.resyncs };
        performance.clearResourceTimings();""")
    numbers[1000] = "one thousand, edited"
    write_long_rtf(path, numbers)
    wait_until(lambda: block_with(page, "one thousand, edited"), message="the edit never arrived")
    expected = [f"Paragraph {text} of a long rich-text document." for text in numbers]
    assert article_texts(page, "#view-a") == expected
    wait_until(lambda: article_texts(page, "#view-b") == expected, message="the second device missed the edit")
    new = page.execute_script("return [...document.querySelectorAll('.device-screen .blk')].filter(e => !e.__kept).map(e => e.textContent)")
    assert new == [expected[1000], expected[1000]], "only the edited block is a new element, in both views"
    counts = page.execute_script("return { patches: galley.patches - __start.patches, resyncs: galley.resyncs - __start.resyncs }")
    assert counts == {"patches": 1, "resyncs": 0}
    sizes = answer_sizes(page)
    assert sizes and max(sizes) * 50 < whole, f"the answer to a one-word edit was {sizes} bytes, the whole document {whole}"
    # A new first paragraph moves every block's source line: the blocks stay
    # and are told their new line, in a patch as small.
    lines_before = [line for line, _ in shown_block_locations(page)]
    group_lines = "return [...document.querySelectorAll('#view-a .blk-group')].map(g => g.dataset.line)"
    page.execute_script("window.__moves = []; new MutationObserver((records) => window.__moves.push(...records.map((r) => r.target.className)))"
                        ".observe(document.getElementById('view-a'), {subtree: true, attributes: true, attributeFilter: ['data-line', 'data-line-offset']})")
    page.execute_script("document.querySelectorAll('.device-screen .blk').forEach(e => e.__kept = true); performance.clearResourceTimings()")
    numbers.insert(0, "new first")
    write_long_rtf(path, numbers)
    expected = [f"Paragraph {text} of a long rich-text document." for text in numbers]
    wait_until(lambda: article_texts(page, "#view-a") == expected, message="the insertion never arrived")
    wait_until(lambda: article_texts(page, "#view-b") == expected, message="the second device missed the insertion")
    new = page.execute_script("return [...document.querySelectorAll('.device-screen .blk')].filter(e => !e.__kept).map(e => e.textContent)")
    assert new == [expected[0], expected[0]], "blocks that only moved were replaced"
    lines_after = [line for line, _ in shown_block_locations(page)]
    assert lines_after[1:] == [line + 1 for line in lines_before]
    assert shown_block_locations(page, "#view-b") == shown_block_locations(page), "the second device was not told the new lines"
    # Groups moved, each rewriting one attribute; only the first group's blocks moved within it.
    moves = page.execute_script("return window.__moves.filter((name) => name === 'blk-group').length")
    groups = len(page.execute_script(group_lines))
    assert groups >= 20 and moves >= groups - 2, (moves, groups)
    assert page.execute_script("return window.__moves.length") < 2 * groups + 2 * 256
    sizes = answer_sizes(page)
    assert sizes and max(sizes) * 50 < whole, f"the answer to an insertion was {sizes} bytes, the whole document {whole}"
    # Two paragraphs that changed places: both blocks stay, in the new order,
    # and are told their new lines.
    page.execute_script("document.querySelectorAll('.device-screen .blk').forEach(e => { e.__kept = true; e.__text = e.textContent; })")
    numbers[10], numbers[20] = numbers[20], numbers[10]
    write_long_rtf(path, numbers)
    expected = [f"Paragraph {text} of a long rich-text document." for text in numbers]
    wait_until(lambda: article_texts(page, "#view-a") == expected, message="the swap never arrived")
    wait_until(lambda: article_texts(page, "#view-b") == expected, message="the second device missed the swap")
    assert page.execute_script("return [...document.querySelectorAll('.device-screen .blk')].every(e => e.__kept)"), \
        "blocks that changed places were replaced"
    assert page.execute_script("return [...document.querySelectorAll('.device-screen .blk')].every(e => e.__text === e.textContent)"), \
        "blocks that changed places were given each other's content rather than moved"
    assert [line for line, _ in shown_block_locations(page)] == lines_after
    assert page.execute_script("return galley.resyncs - __start.resyncs") == 0
    # A page whose blocks do not fit the patch asks for the whole document:
    # one that lost its last block (its group is kept, and holds a block
    # less), then one whose group to change has another id.
    resyncs = 0
    for break_page, index, edited in (("[...document.querySelectorAll('#view-a .blk')].pop().remove()", 100, "one hundred, edited"),
                                      ("[...document.querySelectorAll('#view-a .blk')][200].parentElement.id = 'elsewhere'", 200, "two hundred, edited")):
        page.execute_script(break_page)
        numbers[index] = edited
        write_long_rtf(path, numbers)
        expected = [f"Paragraph {text} of a long rich-text document." for text in numbers]
        wait_until(lambda: article_texts(page, "#view-a") == expected, message="no resynchronisation after a bad patch")
        resyncs += 1
        assert page.execute_script("return galley.resyncs - __start.resyncs") == resyncs
    assert not severe_logs(page)
    page.execute_script("localStorage.clear()")


def test_a_patch_leaves_the_article_and_its_language_alone(page, daemon, content):
    # Chromium recomputes the style of every block when the article's `lang`
    # is set, even to the value it has: a patch must not touch it.
    path = os.path.join(content, "japanese.rtf")
    paragraphs = [f"{n} \\u12506?\\u12531?\\u12462?\\u12531?" for n in range(300)]
    write_long_rtf(path, paragraphs)
    wait_until(lambda: any(d["title"] == "japanese" for d in daemon.documents()["documents"]))
    open_doc(page, daemon, "japanese")
    page.find_element(By.ID, "side-by-side").click()
    wait_until(lambda: len(article_texts(page, "#view-b")) == 300)
    assert page.execute_script("return [...document.querySelectorAll('.device-screen > article')].map(a => a.lang)") == ["ja", "ja"]
    page.execute_script("""
        window.__articleMutations = [];
        const watch = new MutationObserver(records => {
          for (const r of records) window.__articleMutations.push(r.attributeName);
        });
        for (const article of document.querySelectorAll('.device-screen > article')) watch.observe(article, {attributes: true});""")
    old = version(page)
    paragraphs[150] = "edited \\u12506?\\u12531?"
    write_long_rtf(path, paragraphs)
    wait_new_version(page, old)
    wait_until(lambda: article_texts(page, "#view-b") == article_texts(page, "#view-a"), message="the second device missed the edit")
    assert "Paragraph edited ペン of a long rich-text document." in article_texts(page, "#view-a")
    assert page.execute_script("return window.__articleMutations") == [], "the patch changed the articles' attributes"
    assert page.execute_script("return [...document.querySelectorAll('.device-screen > article')].map(a => a.lang)") == ["ja", "ja"]
    page.execute_script("localStorage.clear()")


# Every request the page starts, as it starts, and how it ended: installed
# before the page's own scripts run, so no poll escapes it.
RECORD_REQUESTS = """
    window.__requests = [];
    const fetchOriginal = window.fetch;
    window.fetch = (...args) => {
      const entry = {url: String(args[0]), settled: null};
      window.__requests.push(entry);
      return fetchOriginal(...args).then(
        (response) => { entry.settled = 'answered'; return response; },
        (error) => { entry.settled = 'failed'; throw error; });
    };"""


def test_hidden_tab_stops_polling_and_catches_up(page, daemon, content):
    data = Content(content)
    recorder = page.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": RECORD_REQUESTS})
    try:
        open_doc(page, daemon, "Pelican")
    finally:
        page.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", {"identifier": recorder["identifier"]})
    v0 = version(page)
    polls = "return window.__requests.filter(r => r.url.includes('/api/documents/'))"
    # headless Chromium never hides a tab, so play the browser's part
    page.execute_script("""
        window.__vis = 'hidden';
        Object.defineProperty(document, 'visibilityState', {configurable: true, get: () => window.__vis});
        Object.defineProperty(document, 'hidden', {configurable: true, get: () => window.__vis === 'hidden'});
        document.dispatchEvent(new Event('visibilitychange'));""")
    wait_until(lambda: page.find_element(By.ID, "connection").get_attribute("data-state") == "paused")
    # The poll that was held when the tab hid is given up, not left waiting.
    wait_until(lambda: all(r["settled"] for r in page.execute_script(polls)), message="a poll stayed open in a hidden tab")
    before = page.execute_script(polls)
    assert before and before[-1]["settled"] == "failed", before
    data.edit_block("Pelican", 0, "Saved while the tab was hidden.")
    # The sentinel: the daemon has published the save; a page still polling
    # would have a request open for it, or would have started one.
    document_id = daemon.doc_id("Pelican")
    wait_until(lambda: "Saved while the tab was hidden." in daemon.api(f"/api/documents/{document_id}")[1]["html"],
               message="the daemon never published the save")
    assert page.execute_script(polls) == before, "a hidden tab kept polling"
    assert version(page) == v0, "a hidden tab took the change"
    page.execute_script("window.__vis = 'visible'; document.dispatchEvent(new Event('visibilitychange'))")
    wait_until(lambda: block_with(page, "Saved while the tab was hidden."), message="did not catch up when shown")
    wait_until(lambda: page.find_element(By.ID, "connection").get_attribute("data-state") == "live")


# Safari, the phone's browser, has no idle callbacks: the page is made to
# have none before its own scripts run.
WITHOUT_IDLE_CALLBACKS = "delete window.requestIdleCallback; delete window.cancelIdleCallback;"


def test_a_browser_without_idle_callbacks_follows_saves_and_searches(page, daemon, content):
    data = Content(content)
    without = page.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": WITHOUT_IDLE_CALLBACKS})
    try:
        open_doc(page, daemon, "Pelican")
        assert page.execute_script("return typeof requestIdleCallback") == "undefined"
        data.edit_block("Pelican", 0, "Saved for a phone's browser.")
        wait_shown(page, "Saved for a phone's browser.", message="a browser without idle callbacks missed the save")
        data.edit_block("Pelican", 0, "Saved again for a phone's browser.")
        wait_shown(page, "Saved again for a phone's browser.", message="a browser without idle callbacks missed the second save")
        page.get(daemon.url)
        wait_until(lambda: page.execute_script("return document.documentElement.dataset.galleyVersion"))
        search = page.find_element(By.ID, "index-query")
        search.send_keys("pelican")
        wait_until(lambda: page.find_element(By.ID, "index-matches").text.endswith(("match", "matches")))
        wait_until(lambda: page.execute_script("return new URLSearchParams(location.search).get('q')") == "pelican",
                   message="the address never held the search")
        assert not severe_logs(page), severe_logs(page)
    finally:
        page.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", {"identifier": without["identifier"]})


def test_keyboard_reaches_the_toolbar(page, daemon):
    open_doc(page, daemon, "Pelican")
    seen = set()
    body = page.find_element(By.TAG_NAME, "body")
    for _ in range(14):
        body.send_keys("\ue004")  # Tab
        seen.add(page.execute_script("return document.activeElement.id || document.activeElement.tagName"))
    for control in ("device", "appearance", "text-size", "side-by-side", "outline"):
        assert control in seen, f"{control} not reachable by keyboard: {seen}"
    for control in ("device", "appearance", "text-size"):
        label = page.execute_script("return document.getElementById(arguments[0]).labels.length", control)
        assert label >= 1, f"{control} has no label"


@pytest.mark.skipif(os.environ.get("GALLEY_SCREENSHOTS") != "1", reason="set GALLEY_SCREENSHOTS=1")
def test_readme_screenshots(page):
    """The README's pictures: the bundled example at a phone width in light
    appearance and at the tablet width in dark appearance."""
    example, holder = copy_content(os.path.join(REPO, "Assets", "Example"))
    daemon = Daemon(example).start()
    try:
        os.makedirs(SCREENSHOTS, exist_ok=True)
        page.set_window_size(1000, 900)
        open_doc(page, daemon, "Little Penguin")
        page.execute_script("localStorage.clear()")
        page.execute_script("window.scrollTo(0, 0)")
        time.sleep(0.3)
        page.save_screenshot(os.path.join(SCREENSHOTS, "readme-390-light.png"))
        Select(page.find_element(By.ID, "device")).select_by_value("820")
        Select(page.find_element(By.ID, "appearance")).select_by_value("dark")
        page.execute_script("document.activeElement.blur(); window.scrollTo(0, 0)")
        time.sleep(0.3)
        page.save_screenshot(os.path.join(SCREENSHOTS, "readme-820-dark.png"))
        page.execute_script("localStorage.clear()")
        # What the pictures show, for test_readme's check that they are the current page's.
        with open(os.path.join(SCREENSHOTS, "readme.json"), "w") as f:
            json.dump({"page": page_assets_digest()}, f)
    finally:
        daemon.stop()
        shutil.rmtree(holder, ignore_errors=True)


def test_alt_click_opens_the_editor_at_the_block(page, content, tmp_path):
    opened = tmp_path / "opened.txt"
    daemon = Daemon(content, ["--editor", f"/bin/sh -c 'echo \"$0\" > {opened}' {{file}}:{{line}}"]).start()
    try:
        open_doc(page, daemon, "Pelican")
        block = page.find_element(By.CSS_SELECTOR, ".blk.k-caption")
        line = page.execute_async_script("""
            const [block, done] = arguments;
            import('/_galley/blockLocations.js').then((l) => done(l.locationOf(block).line));""", block)
        ActionChains(page).key_down(Keys.ALT).click(block).key_up(Keys.ALT).perform()
        wait_until(lambda: opened.exists() and opened.read_text().strip(), message="the editor was not started")
        assert opened.read_text().strip() == f"{content}/Resources/speciesData.json:{line}"
    finally:
        daemon.stop()
