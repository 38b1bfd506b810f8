"""The page hides what it hides and never covers content, at a phone's
width (390 pt) and a desk's (1280 pt), in real headless Chromium: no empty
menu is shown, no badge overlaps any block's text, titles stay readable,
and the index tells documents of one name apart by their file."""
import json
import os

import pytest
from selenium.webdriver.common.by import By

from browser_support import save_in_place, wait_until

# A misspelt tag (shown as body text, with a warning) followed by a
# caption (a warning too), and a missing image with its caption.
BROKEN = [{
    "name": "Little penguin",
    "imageName": "lpenguin",
    "detailText": [
        "Little penguins are the smallest penguins.",
        "<imgae>01</imgae>",
        "<caption>A caption below a broken image tag, which must stay readable.</caption>",
        "<image>02</image>",
        "<caption>A caption below a missing image.</caption>",
        "They come ashore at dusk.",
    ],
}]

WIDTHS = [390, 1280]


@pytest.fixture
def broken(content, daemon):
    save_in_place(os.path.join(content, "Resources", "broken.json"), json.dumps(BROKEN))
    wait_until(lambda: any(d["title"] == "Little penguin" and d["warnings"] >= 3 for d in daemon.documents()["documents"]),
               message="the daemon never listed the broken document with its warnings")
    return daemon


def sized(page, width, phone=False):
    page.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                         {"width": width, "height": 844, "deviceScaleFactor": 1, "mobile": phone})
    page.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": phone, "maxTouchPoints": 5 if phone else 1})


@pytest.fixture
def window(page):
    yield page
    page.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": False})
    page.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def open_doc(page, daemon, title):
    page.get(daemon.url + "doc/" + daemon.doc_id(title))
    wait_until(lambda: page.execute_script("return document.documentElement.dataset.galleyVersion"),
               message="page never rendered a version")
    page.execute_script("return document.fonts.ready.then(() => true)")
    wait_until(lambda: page.execute_script("return document.querySelectorAll('#view-a [data-galley-badge]').length") >= 3,
               message="the warnings' badges never showed")


def visible_empty_menus(page):
    return page.execute_script("""
        const shown = (el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
        return [...document.querySelectorAll('select')].filter((s) => shown(s) && s.options.length === 0).map((s) => s.id);""")


def badge_rects(page):
    """The border boxes of the badges, which are pseudo-elements: found
    through the DevTools protocol, which lays them out as the page does."""
    tree = page.execute_cdp_cmd("DOM.getDocument", {"depth": -1, "pierce": True})
    found = []

    def walk(node):
        attributes = node.get("attributes", [])
        classes = dict(zip(attributes[::2], attributes[1::2])).get("class", "")
        if "has-warning" in classes.split() or "has-error" in classes.split():
            for pseudo in node.get("pseudoElements", []):
                if pseudo.get("pseudoType") == "after":
                    quad = page.execute_cdp_cmd("DOM.getBoxModel", {"nodeId": pseudo["nodeId"]})["model"]["border"]
                    xs, ys = quad[0::2], quad[1::2]
                    found.append({"left": min(xs), "top": min(ys), "right": max(xs), "bottom": max(ys)})
        for child in node.get("children", []):
            walk(child)
        for pseudo in node.get("pseudoElements", []):
            walk(pseudo)

    walk(tree["root"])
    return found


def text_rects(page):
    """Every line box of every block's text, as the page lays it out."""
    return page.execute_script("""
        const rects = [];
        for (const block of document.querySelectorAll('#view-a .blk')) {
          const walker = document.createTreeWalker(block, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            if (!node.textContent.trim()) continue;
            const range = document.createRange();
            range.selectNodeContents(node);
            for (const r of range.getClientRects()) {
              if (r.width > 0 && r.height > 0) rects.push({left: r.left, top: r.top, right: r.right, bottom: r.bottom, text: node.textContent.slice(0, 30)});
            }
          }
        }
        return rects;""")


def overlaps(a, b):
    return a["left"] < b["right"] - 0.5 and b["left"] < a["right"] - 0.5 and a["top"] < b["bottom"] - 0.5 and b["top"] < a["bottom"] - 0.5


@pytest.mark.parametrize("width", WIDTHS)
def test_no_visible_empty_menu(window, broken, width):
    sized(window, width)
    open_doc(window, broken, "Little penguin")
    # The document has no other languages: the language menus are hidden.
    assert window.execute_script("return document.getElementById('language-group').hidden") is True
    assert visible_empty_menus(window) == []


@pytest.mark.parametrize("width", WIDTHS)
def test_no_badge_covers_any_text(window, broken, width):
    sized(window, width)
    open_doc(window, broken, "Little penguin")
    window.execute_script("window.scrollTo(0, 0)")
    badges = badge_rects(window)
    assert len(badges) >= 3, badges
    lines = text_rects(window)
    assert any("A caption below a broken" in line["text"] for line in lines), lines
    covered = [(badge, line) for badge in badges for line in lines if overlaps(badge, line)]
    assert covered == [], covered


@pytest.mark.parametrize("width,phone", [(390, True), (390, False), (1280, False)])
def test_the_title_stays_readable_beside_the_unsaved_badge(window, broken, width, phone):
    sized(window, width, phone)
    open_doc(window, broken, "Little penguin")
    # As when an editor's unsaved buffer is shown (galley lsp).
    window.execute_script("document.getElementById('unsaved').hidden = false")
    title = window.execute_script("""
        const t = document.getElementById('doc-title');
        return {client: t.clientWidth, scroll: t.scrollWidth, text: t.textContent,
                badge: getComputedStyle(document.getElementById('unsaved')).display};""")
    assert title["text"] == "Little penguin" and title["badge"] != "none", title
    assert title["scroll"] <= title["client"] + 1, f"the title is cut: {title}"


def test_on_a_phone_the_index_tells_documents_of_one_name_apart(window, content, daemon):
    for language in ("en", "ja"):
        folder = os.path.join(content, "Resources", language + ".lproj")
        os.makedirs(folder)
        save_in_place(os.path.join(folder, "penguins.json"), json.dumps(BROKEN))
    wait_until(lambda: sum(d["title"] == "Little penguin" for d in daemon.documents()["documents"]) == 2)
    sized(window, 390, phone=True)
    window.get(daemon.url)
    wait_until(lambda: len(window.find_elements(By.CSS_SELECTOR, "#doc-list tr[data-doc-id]")) == 4)
    shown = window.execute_script("""
        return [...document.querySelectorAll('#doc-list tr[data-doc-id]')]
          .filter((tr) => tr.textContent.includes('Little penguin'))
          .map((tr) => [...tr.children].filter((td) => td.getClientRects().length && getComputedStyle(td).display !== 'none')
                                       .map((td) => td.textContent).join(' | '));""")
    assert len(shown) == 2 and shown[0] != shown[1], shown
    assert any("en.lproj/penguins.json" in row for row in shown) and any("ja.lproj/penguins.json" in row for row in shown), shown
