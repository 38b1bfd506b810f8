"""The article's geometry in Chromium at 390 pt against the app's layout
rules, as Galley's one model of them computes it (`ColumnLayout`, read
through `/api/layout`): for every block of the bundled example and of the
real app's data, the height measured on the page equals the model's height
for the block's measured line count (text) or pixel size (images), within
0.5 px; every block's top equals the sum of the blocks and spacings above
it; captions are centred and as wide as their text. Lines are counted from
the DOM's client rects, not derived from heights. Run with -s to see the
figures."""
import os
import urllib.parse

import pytest

from browser_support import REPO, Daemon, copy_content, wait_until
from galley_support import SPECIES

TOLERANCE = 0.5

MEASURE = """
const done = arguments[arguments.length - 1];
const article = document.querySelector('#view-a .galley-doc');
Promise.all([document.fonts.ready, ...[...article.querySelectorAll('img')].map((img) => img.decode().catch(() => null))]).then(() => {
  const top = article.getBoundingClientRect().top;
  const left = article.getBoundingClientRect().left;
  const width = article.getBoundingClientRect().width;
  const blocks = [...article.children].filter((child) => child.classList.contains('blk')).map((block) => {
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


def check_documents(daemon, page, minimum_documents):
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
            if block["kind"] == "caption":
                centre = block["left"] + block["width"] / 2
                assert abs(centre - block["columnWidth"] / 2) <= TOLERANCE, f"{where}: not centred"
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
    if not os.path.isdir(SPECIES):
        pytest.skip("../shared/corpus/tagged is not present")
    daemon = Daemon(SPECIES).start()
    try:
        check_documents(daemon, page, minimum_documents=4)
    finally:
        daemon.stop()
