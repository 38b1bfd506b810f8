"""The screen around the article, as the real app shows each species: a
pushed screen under the status bar, with `.navigationBarTitle(Text(
species.jpnName), displayMode: .inline)`, a `VStack(alignment: .leading)`,
and the hero picture and name above the text (the app's SpeciesDetail.swift).

Measured in Chromium at 390 pt (an iPhone 12 to 14: top safe area 47 pt,
inline bar 44, large-title bar 96, bottom inset 34), on the real app's
content given that `galley.json`."""
import json
import os
import shutil

import pytest

from browser_support import Daemon, copy_content, wait_until
from galley_support import SPECIES, require_corpus

TOLERANCE = 0.5
SAFE_TOP, SAFE_BOTTOM, INLINE_BAR, LARGE_BAR, PADDING = 47, 34, 44, 96, 16

MEASURE = """
const screen = document.getElementById('view-a');
const article = screen.querySelector('.galley-doc');
const s = screen.getBoundingClientRect(), a = article.getBoundingClientRect();
const bar = article.querySelector(':scope > header.navbar');
const blocks = [...article.querySelectorAll(':scope > .blk-group > .blk')].map((block) => {
  const box = block.getBoundingClientRect();
  const text = block.querySelector('p');
  let lines = 0;
  if (text) {
    const range = document.createRange();
    range.selectNodeContents(text);
    // One line per run of client rects that overlap vertically (a CJK face's rects stand higher than a Latin one's).
    let bottom = -Infinity;
    for (const r of [...range.getClientRects()].filter((r) => r.width > 0).sort((x, y) => x.top - y.top)) {
      if (r.top >= bottom - 0.5) { lines += 1; bottom = r.bottom; } else { bottom = Math.max(bottom, r.bottom); }
    }
  }
  return {kind: block.dataset.kind, top: box.top - s.top, left: box.left - a.left, width: box.width, lines};
});
return {screenTop: s.top, articleTop: a.top - s.top, articleBottom: s.bottom - a.bottom,
        bar: bar && {height: bar.getBoundingClientRect().height, top: bar.getBoundingClientRect().top - s.top, title: bar.textContent},
        statusBar: getComputedStyle(screen, '::before').height, blocks};
"""


def chrome_content(display_mode):
    content, holder = copy_content(SPECIES)
    config = {"sdk": "iOS 13.5", "navigationTitle": {"key": "jpnName", "displayMode": display_mode},
              "stack": {"alignment": "leading"},
              "header": [{"key": "imageName", "renders": "image"}, {"key": "jpnName", "style": {"size": 34}}]}
    with open(os.path.join(content, "galley.json"), "w") as f:
        json.dump(config, f)
    return content, holder


@pytest.mark.parametrize("display_mode,bar_height", [("inline", INLINE_BAR), ("large", LARGE_BAR)])
def test_the_real_apps_screen_around_its_article(page, display_mode, bar_height):
    require_corpus(SPECIES)
    content, holder = chrome_content(display_mode)
    daemon = Daemon(content).start()
    try:
        with open(os.path.join(content, "Resources", "speciesData.json")) as f:
            penguin = next(item for item in json.load(f) if item["imageName"] == "lpenguin")
        document = next(d for d in daemon.documents()["documents"] if d["title"] == penguin["name"])
        page.get(daemon.url + "doc/" + document["id"] + "?device=390")
        wait_until(lambda: page.execute_script("return document.documentElement.dataset.galleyVersion"), message="never rendered")
        page.execute_async_script("const done = arguments[arguments.length - 1]; document.fonts.ready.then(() => done())")
        shown = page.execute_script(MEASURE)
        assert shown["statusBar"] == f"{SAFE_TOP}px", shown["statusBar"]
        assert abs(shown["articleTop"] - SAFE_TOP) <= TOLERANCE, shown
        assert abs(shown["articleBottom"] - SAFE_BOTTOM) <= TOLERANCE, "the home indicator's inset below the article"
        assert shown["bar"] and shown["bar"]["title"] == penguin["jpnName"], shown["bar"]
        assert abs(shown["bar"]["height"] - bar_height) <= TOLERANCE, shown["bar"]
        assert abs(shown["bar"]["top"] - SAFE_TOP) <= TOLERANCE, shown["bar"]
        first = shown["blocks"][0]
        assert first["kind"] == "header-imageName", shown["blocks"][:3]
        assert shown["blocks"][1]["kind"] == "header-jpnName"
        assert abs(first["top"] - (SAFE_TOP + bar_height + PADDING)) <= TOLERANCE, first
        # One-line texts narrower than the column (the name in the header, short captions).
        short = [b for b in shown["blocks"] if b["kind"] != "body" and b["lines"] == 1 and b["width"] < 390 - 2 * PADDING - 20]
        assert short, f"the article has a one-line text narrower than its column: {shown['blocks']}"
        for block in short:
            assert abs(block["left"] - PADDING) <= TOLERANCE, f"a short text starts at the leading edge: {block}"
        label = page.execute_script("return document.querySelector('#device-a .device-label').textContent")
        assert "iOS 13 SDK" in label, label
        # The model agrees: /api/layout places the first block below the bar too.
        status, model = daemon.api("/api/layout/" + document["id"] + "?width=390&blocks=header-imageName/640x480")
        assert status == 200, model
        assert abs(model["blocks"][0]["top"] - (bar_height + PADDING)) <= 1e-9, model
    finally:
        daemon.stop()
        shutil.rmtree(holder, ignore_errors=True)


def test_the_real_apps_blocks_keep_to_the_model_under_the_bar(page):
    """Every block of every species, header included, where the layout model
    puts it below the bar (the geometry test's check, on this screen)."""
    require_corpus(SPECIES)
    from test_geometry import check_documents
    content, holder = chrome_content("inline")
    daemon = Daemon(content).start()
    try:
        assert check_documents(daemon, page, minimum_documents=4, alignment="leading") > 40
    finally:
        daemon.stop()
        shutil.rmtree(holder, ignore_errors=True)
