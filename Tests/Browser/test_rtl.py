"""Right-to-left languages as iOS lays them out: Arabic and Hebrew
localisations, and an RTF with `\\rtlpar`, start at the right edge, their
captions' lines too, mixed text keeps its bidi order, and the page's chrome
is mirrored around them (the back chevron points right)."""
import base64
import json
import os
import shutil
import tempfile

import pytest
from selenium.webdriver.common.by import By

from browser_support import HERE, Daemon, decode_png, wait_until
from galley_support import temp_root

FIXTURES = os.path.join(HERE, "fixtures")

ARABIC = ("يعيش البطريق الإمبراطور في القارة القطبية الجنوبية، ويقضي الشتاء كله على الجليد البحري بعيدا عن الشاطئ، "
          "ويحتضن الذكر البيضة فوق قدميه شهرين كاملين دون أن يأكل شيئا.")
ARABIC_MIXED = "يعيش (Aptenodytes forsteri) منذ 40 سنة."
ARABIC_CAPTION = "بطريق إمبراطور يقف على الجليد البحري في الشتاء، والصورة من بعثة علمية إلى القارة القطبية الجنوبية."
HEBREW = ("הפינגווין הקיסרי חי באנטארקטיקה ומבלה את כל החורף על קרח הים, הרחק מהחוף, "
          "והזכר מחזיק את הביצה על רגליו חודשיים שלמים בלי לאכול דבר.")
HEBREW_CAPTION = "פינגווין קיסרי עומד על קרח הים בחורף, בתמונה ממשלחת מדעית לאנטארקטיקה הרחוקה."
ENGLISH = ("The emperor penguin lives in Antarctica and spends the whole winter on the sea ice far from the shore, "
           "and the male holds the egg on his feet for two whole months without eating.")


def rtf_escape(text):
    return "".join(c if ord(c) < 128 else "\\u%d?" % ord(c) for c in text)


def article(name, body, caption, extra=()):
    return [{"name": name, "imageName": "pelican",
             "detailText": [body, "<image>01</image>", f"<caption>{caption}</caption>", *extra]}]


@pytest.fixture(scope="module")
def rtl_daemon():
    holder = tempfile.mkdtemp(prefix="galley-rtl-", dir=temp_root())
    root = os.path.join(holder, "content")
    resources = os.path.join(root, "Resources")
    shutil.copytree(os.path.join(FIXTURES, "content", "Assets.xcassets"), os.path.join(root, "Assets.xcassets"))
    copies = {
        # A misspelt tag, so that the problems panel shows.
        "ar": article("البطريق", ARABIC, ARABIC_CAPTION, [ARABIC_MIXED, "<imgae>02</imgae>"]),
        "he": article("פינגווין", HEBREW, HEBREW_CAPTION),
        "en": article("Penguin", ENGLISH, "An emperor penguin standing on the sea ice in winter, photographed by a research team."),
    }
    for language, items in copies.items():
        os.makedirs(os.path.join(resources, language + ".lproj"))
        with open(os.path.join(resources, language + ".lproj", "articles.json"), "w", encoding="utf-8") as f:
            json.dump(items, f, ensure_ascii=False)
    # Outside any localisation: each paragraph runs as its first strong character does.
    with open(os.path.join(resources, "mixed.json"), "w", encoding="utf-8") as f:
        json.dump([{"name": "mixed", "imageName": "pelican", "detailText": [ARABIC, ENGLISH]}], f, ensure_ascii=False)
    with open(os.path.join(root, "Help.rtf"), "w", encoding="ascii") as f:
        f.write("{\\rtf1\\ansi{\\fonttbl{\\f0\\fnil Arial;}}\\f0\\fs28\n"
                "\\pard\\rtlpar\\qr {\\rtlch " + rtf_escape(ARABIC) + "}\\par\n"
                "\\pard\\ltrpar\\ql {\\ltrch " + ENGLISH + "}\\par\n}\n")
    daemon = Daemon(root).start()
    yield daemon
    daemon.stop()
    shutil.rmtree(holder, ignore_errors=True)


def open_document(page, daemon, path_part):
    document = next(d for d in daemon.documents()["documents"] if path_part in d["path"])
    page.get(daemon.url + "doc/" + document["id"])
    wait_until(lambda: page.execute_script("return document.documentElement.dataset.galleyVersion"))
    wait_until(lambda: page.execute_script("return document.fonts.status === 'loaded'"))


LINES = """
// The line boxes of an element's text (one rect per line, merged), and the
// content box of the column the text is laid out in.
const el = arguments[0];
const range = document.createRange();
range.selectNodeContents(el);
const rows = [];
for (const r of range.getClientRects()) {
  if (r.width < 1) continue;
  const row = rows.find((o) => Math.abs(o.top - r.top) < 4);
  if (row) { row.left = Math.min(row.left, r.left); row.right = Math.max(row.right, r.right); }
  else rows.push({ top: r.top, left: r.left, right: r.right });
}
rows.sort((a, b) => a.top - b.top);
const box = el.getBoundingClientRect();
const style = getComputedStyle(el);
return { rows, left: box.left + parseFloat(style.paddingLeft), right: box.right - parseFloat(style.paddingRight),
         textAlign: style.textAlign, direction: style.direction };
"""


def lines_of(page, css):
    element = page.find_element(By.CSS_SELECTOR, css)
    return page.execute_script(LINES, element)


def column_of(page, view="view-a"):
    """The article's content box: the device's column, inside its 16 pt padding."""
    return page.execute_script("""
        const a = document.querySelector('#' + arguments[0] + ' > article');
        const r = a.getBoundingClientRect(), s = getComputedStyle(a);
        return { left: r.left + parseFloat(s.paddingLeft), right: r.right - parseFloat(s.paddingRight) };
    """, view)


def assert_starts_at_the_right(lines, column, what):
    rows = lines["rows"]
    assert len(rows) >= 2, f"{what}: expected a wrapped paragraph, got {rows}"
    for row in rows:
        assert abs(row["right"] - column["right"]) <= 1.5, f"{what}: a line ends at {row['right']}, the column at {column['right']}"
    # The last, shorter line starts at the right and leaves the left free.
    assert rows[-1]["left"] > column["left"] + 20, f"{what}: the last line {rows[-1]} does not start at the right"


def assert_starts_at_the_left(lines, column, what):
    rows = lines["rows"]
    assert len(rows) >= 2, f"{what}: expected a wrapped paragraph, got {rows}"
    for row in rows:
        assert abs(row["left"] - column["left"]) <= 1.5, f"{what}: a line starts at {row['left']}, the column at {column['left']}"
    assert rows[-1]["right"] < column["right"] - 20, f"{what}: the last line {rows[-1]} does not start at the left"


@pytest.mark.parametrize("language", ["ar", "he"])
def test_a_right_to_left_localisation_starts_at_the_right_edge(page, rtl_daemon, language):
    open_document(page, rtl_daemon, f"/{language}.lproj/")
    assert page.execute_script("return getComputedStyle(document.querySelector('#view-a article')).direction") == "rtl"
    body = lines_of(page, "#view-a .k-body p")
    assert body["direction"] == "rtl"
    assert body["textAlign"] == "start"
    # The body is as wide as the column (a long paragraph) and its lines end at its right.
    assert_starts_at_the_right(body, column_of(page), "body")
    # A caption is as wide as its text and centred; its wrapped lines start at the right.
    caption = lines_of(page, "#view-a .k-caption p")
    column = column_of(page)
    assert caption["direction"] == "rtl"
    assert_starts_at_the_right(caption, caption, "caption")
    assert abs((caption["left"] - column["left"]) - (column["right"] - caption["right"])) <= 1.5, "the caption stays centred"


def test_left_to_right_copy_beside_it_is_unchanged(page, rtl_daemon):
    open_document(page, rtl_daemon, "/en.lproj/")
    assert page.execute_script("return getComputedStyle(document.querySelector('#view-a article')).direction") == "ltr"
    assert_starts_at_the_left(lines_of(page, "#view-a .k-body p"), column_of(page), "body")
    assert page.execute_script("return getComputedStyle(document.getElementById('toolbar')).direction") == "ltr"


def test_mixed_text_keeps_its_bidi_order(page, rtl_daemon):
    open_document(page, rtl_daemon, "/ar.lproj/")
    # In a right-to-left line the Latin name and the number read left to right
    # where they stand, the sentence's full stop is at its left end, and the
    # words before the name are to its right.
    order = page.execute_script("""
        const p = Array.from(document.querySelectorAll('#view-a .k-body p')).find((e) => e.textContent.includes('Aptenodytes'));
        const text = p.firstChild;
        const at = (needle) => {
          const start = text.data.indexOf(needle);
          const r = document.createRange();
          r.setStart(text, start); r.setEnd(text, start + needle.length);
          const box = r.getBoundingClientRect();
          return { left: box.left, right: box.right, top: box.top };
        };
        return { first: at('يعيش'), aptenodytes: at('Aptenodytes'), forsteri: at('forsteri'), forty: at('40'),
                 stop: at('.'), name: at('Aptenodytes forsteri'), years: at('سنة') };
    """)
    assert len({round(box["top"]) for box in order.values()}) == 1, "the sentence fits one line"
    assert order["aptenodytes"]["right"] <= order["forsteri"]["left"] + 0.5, "the Latin name reads left to right"
    assert order["first"]["left"] >= order["name"]["right"], "the Arabic before the name is to its right"
    assert order["forty"]["left"] < order["name"]["left"], "the number comes after the name, to its left"
    assert order["stop"]["right"] <= order["years"]["left"] + 0.5, "the full stop ends the sentence at its left"


def test_without_a_localisation_each_paragraph_takes_its_first_strong_character(page, rtl_daemon):
    open_document(page, rtl_daemon, "Resources/mixed.json")
    assert page.execute_script("return document.querySelector('#view-a article').hasAttribute('dir')") is False
    arabic, english = page.execute_script("""
        return Array.from(document.querySelectorAll('#view-a .k-body p'), (p) => getComputedStyle(p).unicodeBidi);
    """)
    assert arabic == english == "plaintext"
    column = column_of(page)
    blocks = page.find_elements(By.CSS_SELECTOR, "#view-a .k-body p")
    assert_starts_at_the_right(page.execute_script(LINES, blocks[0]), column, "Arabic paragraph")
    assert_starts_at_the_left(page.execute_script(LINES, blocks[1]), column, "English paragraph")
    assert page.execute_script("return document.documentElement.dataset.direction || null") is None, "the page is not mirrored"


def test_an_rtf_with_rtlpar_starts_at_the_right_edge(page, rtl_daemon):
    open_document(page, rtl_daemon, "Help.rtf")
    paragraphs = page.find_elements(By.CSS_SELECTOR, "#view-a .k-paragraph p")
    assert [p.get_attribute("dir") for p in paragraphs] == ["rtl", "ltr"]
    column = page.execute_script("""
        const r = arguments[0].parentElement.getBoundingClientRect(), s = getComputedStyle(arguments[0].parentElement);
        return { left: r.left + parseFloat(s.paddingLeft), right: r.right - parseFloat(s.paddingRight) };
    """, paragraphs[0])
    assert_starts_at_the_right(page.execute_script(LINES, paragraphs[0]), column, "\\rtlpar\\qr paragraph")
    assert_starts_at_the_left(page.execute_script(LINES, paragraphs[1]), column, "\\ltrpar\\ql paragraph")


def ink_columns(png):
    """For each row of a screenshot, the x of its pixels that differ from the top-left one (the background)."""
    width, height, channels, rows = decode_png(png)
    background = rows[0][:3]
    return [[x for x in range(width) if sum(abs(rows[y][x * channels + c] - background[c]) for c in range(3)) > 120]
            for y in range(height)]


def chevron_points_right(page):
    """Whether the back link's chevron, as painted, points right: its tip (the middle rows' ink) lies right of its ends."""
    chevron = page.find_element(By.CSS_SELECTOR, "#back-link span")
    # Drawn large, so that the glyph's shape is many pixels.
    page.execute_script("arguments[0].style.fontSize = '64px'", chevron)
    r = page.execute_script("const r = arguments[0].getBoundingClientRect(); return [r.left, r.top, r.width, r.height]", chevron)
    shot = page.execute_cdp_cmd("Page.captureScreenshot", {"format": "png", "clip": {
        "x": r[0], "y": r[1], "width": r[2], "height": r[3], "scale": 1}})
    columns = [row for row in ink_columns(base64.b64decode(shot["data"])) if row]
    page.execute_script("arguments[0].style.fontSize = ''", chevron)
    assert len(columns) >= 10, "the chevron was not painted"
    third = len(columns) // 3
    mean = lambda rows: sum(sum(row) / len(row) for row in rows) / len(rows)  # noqa: E731
    ends = mean(columns[:third] + columns[-third:])
    tip = mean(columns[third:-third])
    return tip > ends


def test_the_page_is_mirrored_around_a_right_to_left_document(page, rtl_daemon):
    open_document(page, rtl_daemon, "/en.lproj/")
    assert not chevron_points_right(page), "the chevron points left in a left-to-right document"
    open_document(page, rtl_daemon, "/ar.lproj/")
    assert page.execute_script("return document.documentElement.dataset.direction") == "rtl"
    assert chevron_points_right(page), "the back chevron points right, as UIKit mirrors it"
    geometry = page.execute_script("""
        const bar = document.getElementById('toolbar').getBoundingClientRect();
        const back = document.getElementById('back-link').getBoundingClientRect();
        const connection = document.getElementById('connection').getBoundingClientRect();
        const panel = document.getElementById('diagnostics');
        return { bar: [bar.left, bar.right], back: [back.left, back.right], connection: [connection.left, connection.right],
                 direction: getComputedStyle(document.getElementById('toolbar')).direction,
                 panel: panel.hidden ? null : [panel.getBoundingClientRect().left, innerWidth - panel.getBoundingClientRect().right],
                 stripe: getComputedStyle(panel).borderRightWidth };
    """)
    assert geometry["direction"] == "rtl"
    assert geometry["bar"][1] - geometry["back"][1] < 20, "the back link leads at the right"
    assert geometry["connection"][0] - geometry["bar"][0] < 20, "the connection state trails at the left"
    assert geometry["panel"] is not None, "the misspelt tag shows the problems panel"
    assert geometry["panel"][0] <= 12.5 and geometry["panel"][1] > 100, "the problems panel sits at the left"
    assert geometry["stripe"] == "4px", "its severity stripe is on its leading (right) side"


def test_side_by_side_each_language_has_its_own_direction(page, rtl_daemon):
    open_document(page, rtl_daemon, "/ar.lproj/")
    page.execute_script("""
        const select = document.getElementById('compare-language');
        select.value = 'en';
        select.dispatchEvent(new Event('change'));
    """)
    wait_until(lambda: page.execute_script("return document.querySelector('#view-b article')?.lang") == "en")
    directions = page.execute_script("""
        return ['view-a', 'view-b'].map((v) => getComputedStyle(document.querySelector('#' + v + ' article')).direction);
    """)
    assert directions == ["rtl", "ltr"]
    assert_starts_at_the_left(lines_of(page, "#view-b .k-body p"), column_of(page, "view-b"), "English beside Arabic")
    page.execute_script("localStorage.clear()")  # the next test's page compares nothing
