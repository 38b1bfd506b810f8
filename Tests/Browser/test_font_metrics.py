"""The stand-ins for iOS's fonts, measured in Chromium against the real
fonts' published advance widths (Adobe's AFM metrics of Helvetica and
Times, as groff ships them): the example's Latin text must come out within
2 % of the width the device gives it. Run with -s to see the figures and
the line counts per paragraph at 390 pt."""
import json
import os
import re

import pytest

from browser_support import REPO, Daemon, wait_until

GROFF = "/usr/share/groff/1.22.4/font/devps"
# Characters outside printable ASCII, by their AFM glyph names.
GLYPHS = {"'": "quotesingle", "`": "grave", "\u2019": "quoteright", "\u2018": "quoteleft", "\u201c": "quotedblleft",
          "\u201d": "quotedblright", "\u2013": "endash", "\u2014": "emdash", "\u00e9": "eacute", "\u00e8": "egrave"}


def afm_widths(font):
    """Advance widths in 1/1000 em by character, from a groff font description."""
    path = os.path.join(GROFF, font)
    if not os.path.exists(path):
        pytest.skip(f"{path} is not installed (groff)")
    by_code, by_glyph = {}, {}
    in_charset = False
    for line in open(path, encoding="latin-1"):
        if line.startswith("charset"):
            in_charset = True
            continue
        fields = line.split()
        if not in_charset or len(fields) < 5 or fields[1] == '"':
            continue
        width = int(fields[1].split(",")[0])
        by_glyph[fields[4]] = width
        by_code.setdefault(int(fields[3]), width)
    widths = {chr(code): by_code[code] for code in range(32, 127) if code in by_code}
    widths.update({char: by_glyph[glyph] for char, glyph in GLYPHS.items() if glyph in by_glyph})
    return widths


def latin_paragraphs():
    with open(os.path.join(REPO, "Assets", "Example", "Resources", "speciesData.json"), encoding="utf-8") as f:
        items = json.load(f)
    texts = [text for item in items for text in item["detailText"] if not text.startswith("<")]
    return [text for text in texts if re.fullmatch(r"[\x20-\x7e\u2018\u2019\u201c\u201d\u2013\u2014\u00e9\u00e8]+", text)]


def greedy_lines(text, widths, size, column):
    """Lines a simple greedy breaker makes at spaces, as UIKit does for Latin text."""
    lines, current = 1, 0.0
    for index, word in enumerate(text.split(" ")):
        word_width = sum(widths.get(c, 500) for c in word) * size / 1000
        space = widths[" "] * size / 1000 if current else 0
        if current and current + space + word_width > column:
            lines += 1
            current = word_width
        else:
            current += space + word_width
    return lines


MEASURE = """
const [family, texts, size, column] = arguments;
const done = arguments[arguments.length - 1];
document.fonts.load(size + 'px ' + family).then(() => {
  const box = document.createElement('div');
  box.style.cssText = 'position:absolute;left:0;top:0;visibility:hidden;white-space:nowrap;font-size:' + size + 'px;font-family:' + family;
  document.body.appendChild(box);
  const widths = texts.map((t) => { box.textContent = t; return box.getBoundingClientRect().width; });
  box.style.whiteSpace = 'normal';
  box.style.width = column + 'px';
  box.style.lineHeight = '100px';
  const lines = texts.map((t) => { box.textContent = t; return Math.round(box.getBoundingClientRect().height / 100); });
  box.remove();
  done({widths, lines});
});
"""


@pytest.mark.parametrize("afm,family,reference,unmatched", [
    ("HR", '"Galley Helvetica"', "Helvetica", '"DejaVu Sans"'),
    ("TR", '"Liberation Serif"', "Times", '"DejaVu Serif"'),
])
def test_stand_in_matches_published_widths(daemon, page, afm, family, reference, unmatched):
    """`unmatched` is what Debian shows for a face it lacks, without a stand-in."""
    widths = afm_widths(afm)
    texts = latin_paragraphs()
    assert len(texts) >= 5, "the example has Latin paragraphs"
    page.get(daemon.url + "doc/" + daemon.doc_id("Pelican"))
    wait_until(lambda: page.execute_script("return document.documentElement.dataset.galleyVersion"))
    size, column = 20, 390 - 32
    measured = page.execute_async_script(MEASURE, family, texts, size, column)
    plain = page.execute_async_script(MEASURE, unmatched, texts, size, column)
    expected = [sum(widths.get(c, 500) for c in text) * size / 1000 for text in texts]
    ratio = sum(measured["widths"]) / sum(expected)
    device_lines = [greedy_lines(text, widths, size, column) for text in texts]
    print(f"\n{reference} ({family}): width {ratio * 100:.2f} % of the published advance widths over {len(texts)} paragraphs;"
          f" lines at 390 pt: device {device_lines}, matched {measured['lines']}, unmatched ({unmatched}) {plain['lines']}"
          f" ({sum(plain['widths']) / sum(expected) * 100:.1f} % wide)")
    assert abs(ratio - 1) < 0.02


STAND_INS = """
const done = arguments[arguments.length - 1];
const faces = [...document.fonts].filter((face) => face.family.replace(/"/g, '').startsWith('Galley '));
Promise.all(faces.map((face) => face.load().catch(() => null))).then(() =>
  done(faces.map((face) => ({family: face.family.replace(/"/g, ''), weight: face.weight, style: face.style, status: face.status}))));
"""


def test_every_stand_in_face_loads(content, page):
    """Each `@font-face` Galley declares for an iOS font names a local face
    Chromium finds here (a wrong `local()` name reports `error` and
    silently drops the face and its metric overrides), on tagged and rich-text pages."""
    with open(os.path.join(content, "Help.rtf"), "w") as f:
        f.write(r"{\rtf1\ansi{\fonttbl\f0 Helvetica;}\f0 Help text.\par}")
    daemon = Daemon(content).start()
    try:
        for title in ("Pelican", "Help"):
            page.get(daemon.url + "doc/" + daemon.doc_id(title))
            wait_until(lambda: page.execute_script("return document.documentElement.dataset.galleyVersion"))
            faces = page.execute_async_script(STAND_INS)
            families = {face["family"] for face in faces}
            print(f"\n{title}: " + ", ".join(f"{f['family']} {f['weight']} {f['style']}: {f['status']}" for f in faces))
            assert {"Galley Helvetica", "Galley SF", "Galley Hiragino", "Galley Baskerville"} <= families, families
            assert [face for face in faces if face["status"] != "loaded"] == []
    finally:
        daemon.stop()


def test_page_names_the_faces_that_stand_in(daemon, page):
    """The app asks for Baskerville, which this machine lacks: the page says
    quietly which face draws it, and which draws the Japanese fallback."""
    page.get(daemon.url + "doc/" + daemon.doc_id("Pelican"))
    note = wait_until(lambda: page.execute_script("const n = document.getElementById('font-note'); return n && !n.hidden && n.textContent"),
                      message="no note of the stand-ins")
    print("\n" + note)
    assert "Baskerville → Liberation Serif" in note
    assert "Hiragino Sans → Noto Sans CJK JP" in note
    title = page.execute_script("return document.getElementById('font-note').title")
    assert "with Liberation Serif's line height (no measurement of Baskerville's)" in title, title
