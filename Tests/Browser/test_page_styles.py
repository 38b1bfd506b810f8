"""What the page's styles make of a document in real headless Chromium:
font sizes at the author's text size, the seed's caption style, and the
document's language on the article."""
import json
import os

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from browser_support import save_in_place, wait_until
from galley_support import run_galley

# iOS Dynamic Type body sizes, relative to Large (17 pt); see settings.js.
TEXT_SIZES = {"xSmall": 14, "Large": 17, "AX3": 40}


def open_document(page, daemon, title):
    wait_until(lambda: any(d["title"] == title for d in daemon.documents()["documents"]),
               message=f"the daemon never listed {title!r}")
    page.get(daemon.url + "doc/" + daemon.doc_id(title))
    wait_until(lambda: page.execute_script("return document.documentElement.dataset.galleyVersion"),
               message="page never rendered a version")
    page.execute_script("return document.fonts.ready.then(() => true)")


def computed(page, selector, prop):
    return page.execute_script(
        "const el = document.querySelector(arguments[0]); return el ? getComputedStyle(el)[arguments[1]] : null;",
        selector, prop)


def px(value):
    assert value and value.endswith("px"), value
    return float(value[:-2])


def choose_text_size(page, size):
    Select(page.find_element(By.ID, "text-size")).select_by_value(size)
    wait_until(lambda: page.execute_script("return document.documentElement.dataset.textSize") == size)


def test_text_size_scales_the_rich_text_title_and_body_once(page, daemon, content):
    save_in_place(os.path.join(content, "Notes.txt"), "First line of plain notes.\n\nSecond paragraph.\n")
    open_document(page, daemon, "Notes")
    try:
        for size in ("xSmall", "AX3", "Large"):
            choose_text_size(page, size)
            scale = TEXT_SIZES[size] / 17
            title = px(computed(page, "#view-a .navbar h1", "fontSize"))
            body = px(computed(page, "#view-a .blk p", "fontSize"))
            assert abs(title - 17 * scale) < 0.05, (size, title)
            assert abs(body - 12 * scale) < 0.05, (size, body)
    finally:
        page.execute_script("localStorage.clear()")


def test_the_caption_is_styled_as_the_schema_says(page, daemon):
    open_document(page, daemon, "Pelican")
    caption = "#view-a .k-caption"
    assert computed(page, caption, "color") == "rgb(142, 142, 147)"  # SwiftUI .gray
    assert px(computed(page, caption, "fontSize")) == 16
    family = computed(page, caption, "fontFamily")
    assert family.startswith('Baskerville, "Galley Baskerville", "Libre Baskerville"'), family
    # The page's stylesheet keeps no second definition that could win instead.
    rules = page.execute_script("""
        return [...document.styleSheets].filter(s => s.href && s.href.endsWith('/galley.css'))
          .flatMap(s => [...s.cssRules]).flatMap(r => r.cssRules ? [...r.cssRules] : [r])
          .map(r => r.selectorText || '').filter(t => /\\.k-(caption|body)\\b/.test(t));""")
    assert rules == []


def article_lang(page):
    return page.execute_script("""
        const art = document.querySelector('#view-a > article');
        return art ? art.getAttribute('lang') : 'no article';""")


def glyph_fonts(page, selector):
    """The fonts Chromium drew the text of `selector` with."""
    page.execute_cdp_cmd("DOM.enable", {})
    page.execute_cdp_cmd("CSS.enable", {})
    root = page.execute_cdp_cmd("DOM.getDocument", {"depth": 0})["root"]["nodeId"]
    node = page.execute_cdp_cmd("DOM.querySelector", {"nodeId": root, "selector": selector})["nodeId"]
    return sorted(f["familyName"] for f in page.execute_cdp_cmd("CSS.getPlatformFontsForNode", {"nodeId": node})["fonts"])


def test_the_article_says_the_documents_language(page, daemon, content):
    for name, text in (("Japanese.json", "ペリカンは大きな鳥です。直前の画像。"), ("Chinese.json", "鹈鹕是一种大型水鸟。直前的图像。")):
        os.makedirs(os.path.join(content, "Lang"), exist_ok=True)
        save_in_place(os.path.join(content, "Lang", name),
                      json.dumps([{"name": name[:-5], "detailText": [text]}], ensure_ascii=False))
    save_in_place(os.path.join(content, "Lang", "Korean.txt"), "펠리컨은 큰 새입니다.\n")
    save_in_place(os.path.join(content, "Lang", "English.txt"), "Pelicans are large water birds.\n")
    os.makedirs(os.path.join(content, "zh-Hant.lproj"))
    save_in_place(os.path.join(content, "zh-Hant.lproj", "Notes.txt"), "ひらがな, but the folder decides.\n")
    expected = {"Japanese": "ja", "Chinese": "zh", "Korean": "ko", "Notes": "zh-Hant", "English": None, "Pelican": "ja"}
    glyphs = {}
    for title, language in expected.items():
        open_document(page, daemon, title)
        assert article_lang(page) == language, title
        if title in ("Japanese", "Chinese"):
            glyphs[title] = glyph_fonts(page, "#view-a .k-body")
    # The same Han characters (直前) get the reader's own glyphs.
    assert glyphs == {"Japanese": ["Noto Sans CJK JP"], "Chinese": ["Noto Sans CJK SC"]}


def test_a_rendered_page_says_its_language(page, content, tmp_path):
    chinese = os.path.join(content, "Chinese.json")
    save_in_place(chinese, json.dumps([{"name": "Chinese", "detailText": ["鹈鹕是一种大型水鸟。"]}], ensure_ascii=False))
    output = tmp_path / "proof.html"
    result = run_galley("render", chinese, "-o", str(output))
    assert result.returncode == 0, result.stderr
    page.get(output.as_uri())
    assert page.execute_script("return document.documentElement.lang") == "zh"
    assert page.execute_script("return document.querySelector('article').closest('[lang]').lang") == "zh"
    # Still self-contained: the page's and the kinds' CSS are inlined.
    assert page.execute_script("return getComputedStyle(document.querySelector('.k-body')).fontSize") == "20px"


def test_a_static_site_centres_its_article_and_styles_its_index_as_the_live_page(page, content, tmp_path):
    site = tmp_path / "site"
    result = run_galley("render", content, "-o", str(site))
    assert result.returncode == 0, result.stderr
    page.set_window_size(1280, 800)
    page.get((site / "resources-speciesdata-pelican.html").as_uri())
    shown = page.execute_script("""
        const article = document.querySelector('.device-screen').getBoundingClientRect();
        return {left: article.left, right: window.innerWidth - article.right, width: article.width};""")
    assert round(shown["width"]) == 390 and abs(shown["left"] - shown["right"]) <= 1, shown
    page.get((site / "index.html").as_uri())
    # The live index's table: its background and the file column's type.
    assert computed(page, ".doc-table", "backgroundColor") == "rgb(255, 255, 255)"
    assert computed(page, "body", "backgroundColor") == "rgb(229, 229, 234)"
    assert "monospace" in computed(page, ".doc-table .path", "fontFamily")
    page.set_window_size(1000, 800)


def test_the_dark_palette_has_one_home(page, daemon):
    """Each of the page's colours is declared once, as a light and dark
    pair; SwiftUI's named colours come from the daemon's system colours."""
    with open(os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "Assets", "Page", "galley.css"), encoding="utf-8") as f:
        css = f.read()
    import re
    declared = [name for name, value in re.findall(r"^\s*(--[a-z-]+)\s*:([^;]*);", css, re.MULTILINE) if "#" in value or "rgb" in value]
    assert "--app-bg" in declared
    assert len(declared) == len(set(declared)), sorted(d for d in declared if declared.count(d) > 1)
    assert "prefers-color-scheme" not in css and "--swiftui-" not in css.replace("var(--swiftui-accent)", "")
    open_document(page, daemon, "Pelican")
    Select(page.find_element(By.ID, "appearance")).select_by_value("dark")
    # SwiftUI .gray is the same in both; .primary (the body text) turns white, from the daemon's CSS.
    wait_until(lambda: computed(page, "#view-a .k-body", "color") == "rgb(255, 255, 255)")
    assert computed(page, "#view-a", "backgroundColor") == "rgb(0, 0, 0)"
    Select(page.find_element(By.ID, "appearance")).select_by_value("light")
    wait_until(lambda: computed(page, "#view-a .k-body", "color") == "rgb(0, 0, 0)")
    page.execute_script("localStorage.clear()")


def test_the_device_menus_are_the_daemons_table(page, daemon):
    """The page keeps no device table of its own: its menus are the
    widths the daemon sends (layout.devices), and the width shown first is
    galley.json's (here the default)."""
    doc = daemon.api("/api/documents/" + daemon.doc_id("Pelican"))[1]
    table = [str(w["width"]) for d in doc["layout"]["devices"] for w in d["widths"]]
    open_document(page, daemon, "Pelican")
    menus = page.execute_script("""
        const values = (id) => [...document.getElementById(id).options].map((o) => o.value);
        return {device: values('device'), second: values('device2'), chosen: document.getElementById('device').value,
                width: document.querySelector('#view-a article').getBoundingClientRect().width};""")
    assert menus["device"] == table + ["custom"] and menus["second"] == table, menus
    assert menus["chosen"] == str(doc["layout"]["deviceWidth"]) and round(menus["width"]) == doc["layout"]["deviceWidth"], menus
    for name in ("page.html", "settings.js", "toolbar.js", "deviceFiles.js"):
        with open(os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "Assets", "Page", name), encoding="utf-8") as f:
            assert not any(width in f.read() for width in table), f"{name} writes a device width of its own"
