"""How well `check`'s line counts (the `line-limit` warning's `lineCounts`,
measured with the advance widths of the face the page draws) agree with
the lines real Chromium shows in the sweep's cells, size by size.

Every text kind gets `"maxLines": 1`, so that every block that wraps at
some size carries its predicted counts for all twelve sizes; each block's
cells in the sweep are counted from the boxes of their lines."""
import json
import os
import shutil
import tempfile

import pytest

from browser_support import Daemon, wait_until
from galley_support import REPO, temp_root

SIZES = ["xSmall", "Small", "Medium", "Large", "xLarge", "xxLarge", "xxxLarge", "AX1", "AX2", "AX3", "AX4", "AX5"]

# Where the measure and the browser may part: kerning and shaping, which the
# measure leaves out, move a line's end by a fraction of a character, which
# changes the count only for a text that ends within that of a line's edge.
AGREEMENT_FLOOR = 0.9

COUNT_LINES = """
// The boxes of the paragraph's contents: a range over the block would also
// hold the paragraph's own box, one more "line" as tall as all of them.
const lineCount = (block) => {
  const range = document.createRange();
  range.selectNodeContents(block.querySelector('p') || block);
  const mids = Array.from(range.getClientRects()).filter((r) => r.width > 0 && r.height > 0)
    .map((r) => Math.round(r.top + r.height / 2)).sort((a, b) => a - b);
  return mids.filter((m, i) => i === 0 || m - mids[i - 1] > 3).length;
};
const locationOf = (block) => {
  const group = block.parentElement;
  const lines = Number(block.getAttribute('data-line-offset'));
  const columns = Number(block.getAttribute('data-column-offset'));
  return [Number(group.getAttribute('data-line')) + lines, lines === 0 ? Number(group.getAttribute('data-column')) + columns : columns];
};
const wanted = arguments[0];
return Array.from(document.querySelectorAll('#review-stage .device')).map((cell) => {
  const counts = {};
  for (const block of cell.querySelectorAll('article > .blk-group > .blk')) {
    const key = locationOf(block).join(':');
    if (wanted.includes(key)) counts[key] = lineCount(block);
  }
  return { size: cell.dataset.textSize, counts };
});
"""


def compare(page, daemon):
    """(agreeing cells, all cells, disagreements) over every document of the daemon."""
    agree, total, misses = 0, 0, []
    for document in daemon.documents()["documents"]:
        status, body = daemon.api("/api/documents/" + document["id"])
        assert status == 200, body
        predicted = {"%d:%d" % (d["line"], d["column"]): d for d in body["diagnostics"] if d["id"] == "line-limit"}
        if not predicted:
            continue
        page.get(daemon.url + "doc/" + document["id"] + "?view=sweep")
        wait_until(lambda: page.execute_script("return document.querySelectorAll('#review-stage .device').length") == 12)
        wait_until(lambda: page.execute_script("return document.fonts.status") == "loaded")
        # The page lists each warning and marks its block in the device view.
        wait_until(lambda: page.execute_script(
            "return Array.from(document.querySelectorAll('.diag-id')).filter((e) => e.textContent === '[line-limit]').length") == len(predicted),
            message="the page does not list every line-limit warning")
        assert page.execute_script("return document.querySelectorAll('#view-a .blk.has-warning').length") >= len(predicted)
        cells = page.execute_script(COUNT_LINES, list(predicted))
        assert [cell["size"] for cell in cells] == SIZES
        for key, diagnostic in predicted.items():
            assert len(diagnostic["lineCounts"]) == 12, diagnostic
            for index, cell in enumerate(cells):
                shown = cell["counts"].get(key)
                assert shown is not None, (key, cell["size"], "block not found in the sweep")
                total += 1
                if shown == diagnostic["lineCounts"][index]:
                    agree += 1
                else:
                    misses.append((document["path"], key, cell["size"], diagnostic["lineCounts"][index], shown))
    return agree, total, misses


def folder(config, items=None):
    root = tempfile.mkdtemp(prefix="galley-browser-", dir=temp_root())
    dest = os.path.join(root, "content")
    if items is None:
        shutil.copytree(os.path.join(REPO, "Assets", "Example"), dest)
    else:
        os.makedirs(dest)
        with open(os.path.join(dest, "articles.json"), "w", encoding="utf-8") as f:
            json.dump(items, f, ensure_ascii=False)
    with open(os.path.join(dest, "galley.json"), "w", encoding="utf-8") as f:
        json.dump(config, f)
    return root, dest


@pytest.fixture
def example():
    """The bundled example, its captions and body text (Baskerville's stand-in) limited to one line."""
    root, dest = folder({"kinds": [{"name": "image"}, {"name": "caption", "follows": ["image"], "maxLines": 1},
                                   {"name": "body", "maxLines": 1}]})
    daemon = Daemon(dest).start()
    yield daemon
    daemon.stop()
    shutil.rmtree(root, ignore_errors=True)


TITLES = [
    "Little penguins come ashore at dusk",
    "Where the colony nests, and why the burrows matter",
    "A well-known visitor: the fairy penguin of southern Australia",
    "Feeding at sea, forty kilometres from the shore",
    "Counting the parade: volunteers, tallies and the long-term trend",
    "リトルペンギンは夕暮れに上陸します",
    "Breeding season",
    "How to watch without disturbing them: lights, noise and distance",
]


@pytest.fixture
def titled():
    """Titles in the system font (SF's stand-in, with its size-adjust), semibold and relative to Title,
    notes in Helvetica's, italic, and two sentences at a time in Baskerville's."""
    items = [{"name": "Titles", "imageName": "t", "detailText": ["<t>%s</t>" % title for title in TITLES]
              + ["<n>%s</n>" % title.lower() for title in TITLES]
              + ["<q>%s. %s</q>" % (title, TITLES[index - 1]) for index, title in enumerate(TITLES)]}]
    root, dest = folder({"kinds": [
        {"name": "title", "pattern": "^<t>(.*)</t>$", "maxLines": 1, "style": {"size": 24, "weight": "semibold", "relativeTo": "title"}},
        {"name": "note", "pattern": "^<n>(.*)</n>$", "maxLines": 1, "style": {"font": "Helvetica", "size": 15, "italic": True}},
        {"name": "quote", "pattern": "^<q>(.*)</q>$", "maxLines": 1, "style": {"font": "Baskerville", "size": 18}},
        {"name": "body"},
    ]}, items)
    daemon = Daemon(dest).start()
    yield daemon
    daemon.stop()
    shutil.rmtree(root, ignore_errors=True)


@pytest.mark.parametrize("which", ["example", "titled"])
def test_the_line_counts_check_predicts_are_those_chromium_shows_in_the_sweep(page, which, request):
    daemon = request.getfixturevalue(which)
    agree, total, misses = compare(page, daemon)
    assert total > 0, "no block carried line counts"
    print("\n%s: %d of %d cells agree (%.1f %%)" % (which, agree, total, 100 * agree / total))
    for miss in misses:
        print("  %s %s at %s: predicted %d, shown %d" % miss)
    assert agree / total >= AGREEMENT_FLOOR, misses
