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
    wait_until(lambda: page.execute_script(
        "return document.documentElement.style.getPropertyValue('--text-scale')") == str_scale(size))


def str_scale(size):
    # as JavaScript's String(number) writes it
    scale = TEXT_SIZES[size] / 17
    return "1" if scale == 1 else repr(scale).rstrip("0")


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
