"""A rich-text document's lines in Chromium against TextKit's rule, computed
here, independently of Galley, from the face that draws them: a line is as
tall as its face's ascent + descent + leading (what `UIFont.lineHeight`
is), times `\\slmult`'s multiple, made up to an `\\sl` height with space below.

Two faces: Linux Libertine O, given through `galley.json`'s `fonts`, whose
`hhea` and `head` are read with fontTools; and Helvetica, the text view's
default, which Linux does not have: Galley's stand-in draws Liberation Sans
with iOS's Helvetica metrics set by `ascent-override` and `descent-override`.
Those figures are Helvetica's own `hhea` (1577 and −471 of 2048 units, as
Capsize publishes them) with the 15 % of the em iOS adds to its ascent
(`UIFont(name: "Helvetica", size: 17)` reports a line height of 19.55 where
Core Text reports 17): written out below, not read from Galley.

The pitch of lines (the distance between the tops of consecutive lines' text)
is measured on the page and compared within 0.5 px."""
import os
import shutil

import pytest

from browser_support import Daemon, wait_until

TOLERANCE = 0.5
LIBERTINE = "/usr/share/fonts/opentype/linux-libertine"
WORDS = " ".join(["Lines", "of", "text", "in", "a", "view"] * 12)
# iOS's Helvetica: hhea ascent and descent in 2048 units, and the ascent UIKit adds.
HELVETICA_LINE = (1577 + 471) / 2048 + 0.15

PITCHES = """
const done = arguments[arguments.length - 1];
document.fonts.ready.then(() => {
  done([...document.querySelectorAll('#view-a .blk p')].map((p) => {
    const range = document.createRange();
    range.selectNodeContents(p);
    const tops = [...new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top * 100) / 100))]
      .sort((a, b) => a - b);
    return {text: p.textContent.slice(0, 24), lines: tops.length, size: parseFloat(getComputedStyle(p).fontSize),
            pitch: tops.length > 1 ? (tops[tops.length - 1] - tops[0]) / (tops.length - 1) : null,
            family: getComputedStyle(p).fontFamily};
  }));
});
"""


def libertine_line():
    """Linux Libertine O's line height in ems, from its own tables."""
    from fontTools.ttLib import TTFont
    font = TTFont(os.path.join(LIBERTINE, "LinLibertine_R.otf"))
    em = font["head"].unitsPerEm
    hhea = font["hhea"]
    return (hhea.ascent - hhea.descent + max(0, hhea.lineGap)) / em


def measure(content, page, name, rtf):
    with open(os.path.join(content, name + ".rtf"), "w") as f:
        f.write(rtf)
    daemon = Daemon(content).start()
    try:
        page.get(daemon.url + "doc/" + daemon.doc_id(name))
        wait_until(lambda: page.execute_script("return document.documentElement.dataset.galleyVersion"))
        paragraphs = page.execute_async_script(PITCHES)
        print("\n", name, paragraphs)
        return paragraphs
    finally:
        daemon.stop()


def check(paragraph, expected_pitch):
    assert paragraph["lines"] >= 3, paragraph
    assert abs(paragraph["pitch"] - expected_pitch) <= TOLERANCE, (paragraph, expected_pitch)


def test_lines_in_the_authors_own_face(tmp_path, page):
    """Linux Libertine O at 20 pt: lines of 1.14 em set solid, 30 pt
    exactly (`\\sl-600`), and one and a half times the face's (`\\sl360\\slmult1`)."""
    if not os.path.isdir(LIBERTINE):
        pytest.skip("fonts-linuxlibertine is not installed (Scripts/setup)")
    content = tmp_path / "content"
    (content / "Fonts").mkdir(parents=True)
    shutil.copyfile(os.path.join(LIBERTINE, "LinLibertine_R.otf"), content / "Fonts" / "LinLibertine_R.otf")
    (content / "galley.json").write_text('{"fonts": "Fonts"}')
    rtf = ("{\\rtf1\\ansi{\\fonttbl\\f0 Linux Libertine O;}\\f0\\fs40 " + WORDS + "\\par"
           "\\pard\\sl-600 " + WORDS + "\\par"
           "\\pard\\sl360\\slmult1 " + WORDS + "\\par}")
    solid, exact, multiple = measure(str(content), page, "Libertine", rtf)
    line = libertine_line()
    assert abs(line - 1.14) < 1e-9, "the figure the unit tests use"
    assert "Linux Libertine O" in solid["family"], solid
    check(solid, line * 20)
    check(exact, 30)
    check(multiple, 1.5 * line * 20)


def test_lines_in_the_helvetica_stand_in(tmp_path, page):
    """Helvetica, named and by default, at 20 pt: 1.15 em set solid, 28 pt
    exactly (`\\sl-560`), and twice the face's (`\\sl480\\slmult1`)."""
    content = tmp_path / "content"
    content.mkdir()
    rtf = ("{\\rtf1\\ansi{\\fonttbl\\f0 Helvetica;}\\f0\\fs40 " + WORDS + "\\par"
           "\\pard\\sl-560 " + WORDS + "\\par"
           "\\pard\\sl480\\slmult1 " + WORDS + "\\par"
           "\\pard\\plain\\fs40 " + WORDS + "\\par}")
    solid, exact, multiple, default = measure(str(content), page, "Helvetica", rtf)
    assert abs(HELVETICA_LINE * 17 - 19.55) < 0.001, "iOS's UIFont measurement at 17 pt"
    check(solid, HELVETICA_LINE * 20)
    check(exact, 28)
    check(multiple, 2 * HELVETICA_LINE * 20)
    assert "Helvetica" in default["family"], default
    check(default, HELVETICA_LINE * 20)
