"""The article's geometry in Chromium at 390 pt against the app's layout
rules, as Galley's one model of them computes it (`ColumnLayout`, read
through `/api/layout`): for every block of the bundled example and of the
real app's data, the height measured on the page equals the model's height
for the block's measured line count (text) or pixel size (images), within
0.5 px; every block's top equals the sum of the blocks and spacings above
it; captions are centred and as wide as their text. Lines are counted from
the DOM's client rects, not derived from heights. Run with -s to see the
figures."""
import json
import os
import shutil
import struct
import subprocess
import urllib.parse

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service

from browser_support import REPO, Daemon, copy_content, wait_until
from galley_support import GALLEY_BIN, SPECIES, require_corpus
from test_text_view_lines import HELVETICA_LINE

TOLERANCE = 0.5

MEASURE = """
const done = arguments[arguments.length - 1];
const article = document.querySelector('#view-a .galley-doc');
Promise.all([document.fonts.ready, ...[...article.querySelectorAll('img')].map((img) => img.decode().catch(() => null))]).then(() => {
  const top = article.getBoundingClientRect().top;
  const left = article.getBoundingClientRect().left;
  const width = article.getBoundingClientRect().width;
  const blocks = [...article.querySelectorAll(':scope > .blk-group > .blk')].map((block) => {
    const box = block.getBoundingClientRect();
    const result = {id: block.id, kind: block.dataset.kind, top: box.top - top, height: box.height,
                    left: box.left - left, width: box.width, columnWidth: width};
    const img = block.querySelector('img');
    const text = block.querySelector('p');
    if (img && block.children.length === 1) {
      result.pixels = [Number(img.getAttribute('width')) || img.naturalWidth, Number(img.getAttribute('height')) || img.naturalHeight];
    } else if (text) {
      // One line per run of client rects that overlap vertically.
      const range = document.createRange();
      range.selectNodeContents(text);
      const rects = [...range.getClientRects()].filter((r) => r.width > 0).sort((a, b) => a.top - b.top);
      let lines = 0, bottom = -Infinity;
      for (const r of rects) {
        if (r.top >= bottom - 0.5) { lines += 1; bottom = r.bottom; } else { bottom = Math.max(bottom, r.bottom); }
      }
      result.lines = lines;
    }
    return result;
  });
  done(blocks);
});
"""


def describe(block):
    if "pixels" in block and all(block["pixels"]):
        return "%s/%dx%d" % (block["kind"], block["pixels"][0], block["pixels"][1])
    if "lines" in block:
        return "%s/%d" % (block["kind"], block["lines"])
    return "%s/=%s" % (block["kind"], block["height"])


def check_documents(daemon, page, minimum_documents, alignment="center"):
    documents = [d for d in daemon.documents()["documents"] if d.get("kind", "tagged") == "tagged"]
    assert len(documents) >= minimum_documents, documents
    worst, checked = 0.0, 0
    for document in documents:
        page.get(daemon.url + "doc/" + document["id"])
        wait_until(lambda: page.execute_script("return document.documentElement.dataset.galleyVersion"), message="never rendered")
        blocks = page.execute_async_script(MEASURE)
        assert blocks, document["title"]
        query = urllib.parse.urlencode({"width": 390, "blocks": ",".join(describe(b) for b in blocks)})
        status, model = daemon.api("/api/layout/" + document["id"] + "?" + query)
        assert status == 200, model
        assert len(model["blocks"]) == len(blocks)
        lines = []
        for block, placed in zip(blocks, model["blocks"]):
            where = f"{document['title']}: {block['kind']} block {block['id']} ({describe(block)})"
            assert abs(block["height"] - placed["height"]) <= TOLERANCE, f"{where}: {block['height']:.2f} px tall, the model says {placed['height']:.2f}"
            assert abs(block["top"] - placed["top"]) <= TOLERANCE, f"{where}: at {block['top']:.2f} px, the model says {placed['top']:.2f}"
            worst = max(worst, abs(block["height"] - placed["height"]), abs(block["top"] - placed["top"]))
            checked += 1
            if block["kind"] == "caption" and alignment == "center":
                centre = block["left"] + block["width"] / 2
                assert abs(centre - block["columnWidth"] / 2) <= TOLERANCE, f"{where}: not centred"
            if block["kind"] == "caption" and alignment == "leading":
                assert abs(block["left"] - 16) <= TOLERANCE, f"{where}: not at the leading edge"
                assert block["width"] <= block["columnWidth"] - 32 + TOLERANCE, f"{where}: wider than the column"
            if "lines" in block:
                lines.append(block["lines"])
        print(f"\n{document['title']}: {len(blocks)} blocks, lines per text block {lines}, page {blocks[-1]['top'] + blocks[-1]['height'] + 16:.1f} px")
    print(f"{checked} blocks within {worst:.3f} px of the model")
    return checked


def test_example_geometry(page):
    content, holder = copy_content(os.path.join(REPO, "Assets", "Example"))
    daemon = Daemon(content).start()
    try:
        check_documents(daemon, page, minimum_documents=4)
    finally:
        daemon.stop()


def test_real_app_geometry(page):
    require_corpus(SPECIES)
    daemon = Daemon(SPECIES).start()
    try:
        check_documents(daemon, page, minimum_documents=4)
    finally:
        daemon.stop()


LIBERTINE = "/usr/share/fonts/opentype/linux-libertine"


def test_the_authors_own_font_folder(page):
    """`galley.json`'s `fonts` names a folder of the author's font files:
    the page draws with them (served from the folder, `loaded` in
    Chromium), and the geometry follows their own metrics (Linux
    Libertine's line height is 1.14 em where the Baskerville stand-in's is 1.15)."""
    if not os.path.isdir(LIBERTINE):
        pytest.skip("fonts-linuxlibertine is not installed (Scripts/setup)")
    content, holder = copy_content(os.path.join(REPO, "Assets", "Example"))
    os.makedirs(os.path.join(content, "Fonts", "Libertine"))
    for name in ("LinLibertine_R.otf", "LinLibertine_RB.otf", "LinLibertine_RI.otf"):
        shutil.copyfile(os.path.join(LIBERTINE, name), os.path.join(content, "Fonts", "Libertine", name))
    family = "Linux Libertine O"
    config = {"fonts": "Fonts", "kinds": [
        {"name": "image"},
        {"name": "caption", "pattern": "^<caption>(.*)</caption>$", "follows": ["image"], "style": {"font": family, "size": 16, "color": "gray"}},
        {"name": "body", "prefix": "\u3000", "style": {"font": family, "size": 20, "paddingTop": 18, "lineSpacing": 12}},
    ]}
    with open(os.path.join(content, "galley.json"), "w") as f:
        json.dump(config, f)
    daemon = Daemon(content).start()
    try:
        document = daemon.documents()["documents"][0]
        page.get(daemon.url + "doc/" + document["id"])
        wait_until(lambda: page.execute_script("return document.documentElement.dataset.galleyVersion"))
        faces = page.execute_async_script("""
            const done = arguments[arguments.length - 1];
            document.fonts.ready.then(() => done([...document.fonts].filter((f) => f.family.replace(/"/g, '') === arguments[0])
              .map((f) => f.status)));""", family)
        assert "loaded" in faces and "error" not in faces, faces
        sources = page.execute_script("return performance.getEntriesByType('resource').map((e) => e.name).filter((n) => n.includes('/files/Fonts/'))")
        assert any("LinLibertine_R.otf" in source for source in sources), sources
        css = page.execute_script("return document.getElementById('galley-doc-css').textContent")
        print("\n" + "\n".join(line for line in css.splitlines() if "line-height" in line))
        # The file's own hhea, read here independently: (894 + 246 + 0) / 1000.
        with open(os.path.join(LIBERTINE, "LinLibertine_R.otf"), "rb") as f:
            data = f.read()
        tables = {data[12 + 16 * i:16 + 16 * i]: struct.unpack(">II", data[20 + 16 * i:28 + 16 * i]) for i in range(struct.unpack(">H", data[4:6])[0])}
        units = struct.unpack(">H", data[tables[b"head"][0] + 18:tables[b"head"][0] + 20])[0]
        ascent, descent, gap = struct.unpack(">hhh", data[tables[b"hhea"][0] + 4:tables[b"hhea"][0] + 10])
        line = "%gem" % round((ascent - descent + gap) / units, 6)
        assert f".k-body{{line-height:calc({line} + 12px);" in css, (line, [rule for rule in css.splitlines() if "line-height" in rule])
        assert check_documents(daemon, page, minimum_documents=4) > 40
    finally:
        daemon.stop()
        shutil.rmtree(holder, ignore_errors=True)


def test_a_face_fontconfig_has_under_the_requested_name(tmp_path):
    """A machine whose fontconfig has a face called Baskerville (here Linux
    Libertine, renamed as fontconfig scans it) draws the seed's Baskerville
    with it, in Galley's geometry as in Chromium: its metrics, not the
    stand-in's, and `check --verbose` no longer names a substitute for it."""
    if not os.path.isdir(LIBERTINE):
        pytest.skip("fonts-linuxlibertine is not installed (Scripts/setup)")
    fonts = tmp_path / "fonts"
    fonts.mkdir()
    shutil.copyfile(os.path.join(LIBERTINE, "LinLibertine_R.otf"), fonts / "LinLibertine_R.otf")
    (tmp_path / "fonts.conf").write_text(f"""<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<fontconfig>
  <cachedir>{tmp_path}/cache</cachedir>
  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>
  <dir>{fonts}</dir>
  <match target="scan">
    <test name="file" compare="contains"><string>{fonts}</string></test>
    <edit name="family" mode="assign" binding="same"><string>Baskerville</string></edit>
    <edit name="fullname" mode="assign" binding="same"><string>Baskerville</string></edit>
  </match>
</fontconfig>
""")
    env = dict(os.environ, FONTCONFIG_FILE=str(tmp_path / "fonts.conf"))
    listed = subprocess.run(["fc-list", ":family=Baskerville", "file"], capture_output=True, text=True, env=env).stdout
    assert str(fonts) in listed, listed
    content, holder = copy_content(os.path.join(REPO, "Assets", "Example"))
    checked = subprocess.run([GALLEY_BIN, "check", "--verbose", content], capture_output=True, text=True, env=env, timeout=120)
    assert "font Baskerville" not in checked.stdout, checked.stdout
    options = webdriver.ChromeOptions()
    options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    for arg in ("--headless=new", "--no-sandbox", "--window-size=1000,800", "--disable-dev-shm-usage",
                "--force-device-scale-factor=1", "--hide-scrollbars", "--font-render-hinting=none"):
        options.add_argument(arg)
    browser = webdriver.Chrome(service=Service(os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver"), env=env), options=options)
    browser.set_script_timeout(30)
    daemon = Daemon(content, env=env).start()
    try:
        browser.get(daemon.url + "doc/" + daemon.doc_id("Snow Leopard"))
        wait_until(lambda: browser.execute_script("return document.documentElement.dataset.galleyVersion"))
        css = browser.execute_script("return document.getElementById('galley-doc-css').textContent")
        assert ".k-body{line-height:calc(1.14em + 12px);" in css, [rule for rule in css.splitlines() if "line-height" in rule]
        # What Chromium really drew a Latin paragraph with: the file
        # fontconfig calls Baskerville (its own name table says Libertine).
        browser.execute_cdp_cmd("DOM.enable", {})
        browser.execute_cdp_cmd("CSS.enable", {})
        root = browser.execute_cdp_cmd("DOM.getDocument", {"depth": 0})["root"]["nodeId"]
        paragraphs = browser.execute_cdp_cmd("DOM.querySelectorAll", {"nodeId": root, "selector": "#view-a .k-body p"})["nodeIds"]
        used = browser.execute_cdp_cmd("CSS.getPlatformFontsForNode", {"nodeId": paragraphs[0]})["fonts"]
        print("\n", used)
        assert max(used, key=lambda font: font["glyphCount"])["postScriptName"] == "LinLibertineO", used
        assert check_documents(daemon, browser, minimum_documents=4) > 40
    finally:
        daemon.stop()
        browser.quit()
        shutil.rmtree(holder, ignore_errors=True)


def test_rich_text_line_spacing_follows_every_line(content, page):
    """A text view's `NSParagraphStyle.lineSpacing` sits below each line
    (TextKit's line fragments), the paragraph's last included: a paragraph of
    n lines takes n × (line height + spacing), and its first line's glyphs
    stand where they would with no spacing at all, not half the spacing lower."""
    words = " ".join(["spacing"] * 40)
    with open(os.path.join(content, "Spaced.rtf"), "w") as f:
        f.write(r"{\rtf1\ansi{\fonttbl\f0 Helvetica;}\f0\fs24\sl-480 " + words + r"\par\pard\sl0 next\par}")
    daemon = Daemon(content).start()
    try:
        page.get(daemon.url + "doc/" + daemon.doc_id("Spaced"))
        wait_until(lambda: page.execute_script("return document.documentElement.dataset.galleyVersion"))
        measured = page.execute_async_script("""
            const done = arguments[arguments.length - 1];
            document.fonts.ready.then(() => {
              const [first, second] = [...document.querySelectorAll('#view-a .blk')];
              const rectsOf = (block) => {
                const range = document.createRange();
                range.selectNodeContents(block.querySelector('p'));
                return [...range.getClientRects()].filter((r) => r.width > 0);
              };
              const rects = rectsOf(first);
              const navbar = document.querySelector('#view-a .navbar');
              done({lines: new Set(rects.map((r) => Math.round(r.top))).size, navbarBottom: navbar.getBoundingClientRect().bottom,
                    navbarMargin: parseFloat(getComputedStyle(navbar).marginBottom), textTop: rects[0].top,
                    textHeight: rects[0].height, nextTop: second.querySelector('p').getBoundingClientRect().top,
                    size: parseFloat(getComputedStyle(first.querySelector('p')).fontSize)});
            });""")
        print("\n", measured)
        # \\sl-480 is an exact 24 pt line: Helvetica's 1.15 em on iOS of the 12 pt text, and 10.2 pt of spacing.
        line = HELVETICA_LINE * measured["size"]
        spacing = 24 - line
        assert measured["lines"] >= 3
        # The next paragraph's first line starts where the spaced lines end. (Its
        # glyphs are not compared: where a line is shorter than the face's content
        # area as Chromium rounds it, 13.8 against 14 px, Chromium floors the
        # negative half-leading to a whole pixel.)
        first_line_top = measured["navbarBottom"] + measured["navbarMargin"]
        assert abs((measured["nextTop"] - first_line_top) - measured["lines"] * (line + spacing)) <= TOLERANCE, measured
        assert abs((measured["textTop"] - first_line_top) - (line - measured["textHeight"]) / 2) <= TOLERANCE, measured
    finally:
        daemon.stop()
