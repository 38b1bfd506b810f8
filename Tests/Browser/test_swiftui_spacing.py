"""The space between neighbouring blocks in Chromium, against SwiftUI's
rules computed here, independently of Galley, from a face's own tables.

The face is Linux Libertine O, a free face of another name than any the
seed app uses, given through `galley.json`'s `fonts`. Its `hhea` ascender,
descender and line gap, its `OS/2` cap height and its `head` units per em
are read with fontTools. The rules (OpenSwiftUI's audited reimplementation:
`Spacing.swift`, `Text+Spacing.swift`, `PaddingLayout.swift`,
`ResolvedImage.swift`, `SemanticFeature.swift`) are written out again
below, so a wrong rule in Galley's model shows as a gap in pixels, not as a
page that agrees with its own model. Every pair of neighbours the issue
names is covered, under the iOS 17 and the iOS 13 SDK."""
import json
import math
import os
import shutil

import pytest

from browser_support import REPO, Daemon, copy_content, save_in_place, wait_until

TOLERANCE = 0.5
LIBERTINE = "/usr/share/fonts/opentype/linux-libertine"
FAMILY = "Linux Libertine O"
PIXEL = 1 / 3  # a 390 pt iPhone is 3x
STACK_DEFAULT = 8  # VStack's default spacing where no category meets

# The document: each neighbour pair the rules distinguish.
BLOCKS = [
    ("body", "\u3000A first paragraph of body text, padded above."),
    ("body", "\u3000A second paragraph: text above padded text."),
    ("image", "<image>01</image>"),                       # text -> image
    ("caption", "<caption>A caption below its picture.</caption>"),  # image -> text
    ("aside", "<aside>An unpadded aside after the caption.</aside>"),  # text -> unpadded text
    ("image", "<image>02</image>"),                       # text -> image
    ("image", "<image>01</image>"),                       # image -> image
    ("body", "\u3000Body after a picture: image -> padded text."),
]
SIZES = {"body": 20, "caption": 16, "aside": 18}
PADDING_TOP = {"body": 18}


def face_metrics():
    from fontTools.ttLib import TTFont
    font = TTFont(os.path.join(LIBERTINE, "LinLibertine_R.otf"))
    em = font["head"].unitsPerEm
    return {"ascender": font["hhea"].ascent / em, "descender": -font["hhea"].descent / em,
            "leading": max(0, font["hhea"].lineGap) / em, "cap": font["OS/2"].sCapHeight / em}


def round_up(value, step):
    steps = value / step
    return (round(steps) if abs(steps - round(steps)) < 1e-9 else math.ceil(steps)) * step


def text_edges(kind, sdk, metrics):
    """A Text's 'edge above text' and 'edge below text' distances, and its leading, in points."""
    size = SIZES[kind]
    ascender, descender = metrics["ascender"] * size, metrics["descender"] * size
    extra = round_up(0.1 * (ascender + descender), PIXEL if sdk >= 17 else 4)
    line = ascender + descender + extra
    return {"above": line - ascender, "below": max(line - metrics["cap"] * size, extra + descender),
            "leading": metrics["leading"] * size}


def expected_gap(upper, lower, sdk, metrics):
    """The space between the two frames, by the rules written out from OpenSwiftUI."""
    upper_text, lower_text = upper != "image", lower != "image"
    lower_padded = lower in PADDING_TOP
    resets = sdk >= 14  # padding replaces the padded edge's spacing
    if upper_text and lower_text:
        if lower_padded and resets:
            return text_edges(upper, sdk, metrics)["below"]  # edgeBelowText meets the reset edge's 0
        return round_up(text_edges(lower, sdk, metrics)["leading"], PIXEL) if sdk >= 17 else 0.0
    if upper_text:
        return text_edges(upper, sdk, metrics)["below"]  # a resizable image offers edgeBelowText 0 at its top
    if lower_text:
        if lower_padded and resets:
            return STACK_DEFAULT  # the image's edgeAboveText finds no partner on a reset edge
        return text_edges(lower, sdk, metrics)["above"]
    return STACK_DEFAULT


def spacing_content(sdk):
    content, holder = copy_content(os.path.join(REPO, "Assets", "Example"))
    os.makedirs(os.path.join(content, "Fonts"))
    shutil.copyfile(os.path.join(LIBERTINE, "LinLibertine_R.otf"), os.path.join(content, "Fonts", "LinLibertine_R.otf"))
    config = {"fonts": "Fonts", "sdk": sdk, "kinds": [
        {"name": "image"},
        {"name": "caption", "pattern": "^<caption>(.*)</caption>$", "follows": ["image"],
         "style": {"font": FAMILY, "size": SIZES["caption"], "color": "gray"}},
        {"name": "aside", "pattern": "^<aside>(.*)</aside>$", "style": {"font": FAMILY, "size": SIZES["aside"]}},
        {"name": "body", "prefix": "\u3000", "style": {"font": FAMILY, "size": SIZES["body"], "paddingTop": 18, "lineSpacing": 12}},
    ]}
    with open(os.path.join(content, "galley.json"), "w") as f:
        json.dump(config, f)
    path = os.path.join(content, "Resources", "speciesData.json")
    with open(path) as f:
        items = json.load(f)
    axolotl = next(item for item in items if item["imageName"] == "axolotl")
    axolotl["detailText"] = [text for _, text in BLOCKS]
    with open(path, "w") as f:
        json.dump([axolotl], f, ensure_ascii=False, indent=1)
    return content, holder


MEASURE = """
const done = arguments[arguments.length - 1];
const article = document.querySelector('#view-a .galley-doc');
Promise.all([document.fonts.ready, ...[...article.querySelectorAll('img')].map((img) => img.decode().catch(() => null))]).then(() => {
  done([...article.querySelectorAll(':scope > .blk-group > .blk')].map((block) => {
    const box = block.getBoundingClientRect();
    return {kind: block.dataset.kind, top: box.top, bottom: box.bottom};
  }));
});
"""


@pytest.mark.parametrize("sdk", [17, 13])
def test_gaps_follow_swiftuis_rules_for_the_faces_own_metrics(page, sdk):
    if not os.path.isdir(LIBERTINE):
        pytest.skip("fonts-linuxlibertine is not installed (Scripts/setup)")
    metrics = face_metrics()
    content, holder = spacing_content(f"iOS {sdk}")
    daemon = Daemon(content).start()
    try:
        document = daemon.documents()["documents"][0]
        page.get(daemon.url + "doc/" + document["id"] + "?device=390")
        wait_until(lambda: page.execute_script("return document.documentElement.dataset.galleyVersion"), message="never rendered")
        faces = page.execute_async_script("""
            const done = arguments[arguments.length - 1];
            document.fonts.ready.then(() => done([...document.fonts].filter((f) => f.family.replace(/"/g, '') === arguments[0])
              .map((f) => f.status)));""", FAMILY)
        assert "loaded" in faces, faces
        blocks = page.execute_async_script(MEASURE)
        assert [b["kind"] for b in blocks] == [kind for kind, _ in BLOCKS], blocks
        report = []
        for upper, lower in zip(blocks, blocks[1:]):
            shown = lower["top"] - upper["bottom"]
            rule = expected_gap(upper["kind"], lower["kind"], sdk, metrics)
            report.append(f"{upper['kind']} -> {lower['kind']}: {shown:.2f} px, rule {rule:.2f}")
            assert abs(shown - rule) <= TOLERANCE, f"iOS {sdk}: " + "; ".join(report)
        print(f"\niOS {sdk}:\n  " + "\n  ".join(report))
        label = page.execute_script("return document.querySelector('#device-a .device-label').textContent")
        assert f"iOS {sdk} SDK" in label, label
    finally:
        daemon.stop()
        shutil.rmtree(holder, ignore_errors=True)


def test_a_block_that_changes_kind_moves_its_neighbours_in_place(page):
    """A body paragraph saved as an image: the gaps above and below it
    follow the new pair of kinds at once, in the same page (no reload),
    because each gap is a rule of the pair, not a figure in the HTML."""
    if not os.path.isdir(LIBERTINE):
        pytest.skip("fonts-linuxlibertine is not installed (Scripts/setup)")
    metrics = face_metrics()
    content, holder = spacing_content("iOS 17")
    daemon = Daemon(content).start()
    try:
        document = daemon.documents()["documents"][0]
        page.get(daemon.url + "doc/" + document["id"] + "?device=390")
        version = wait_until(lambda: page.execute_script("return document.documentElement.dataset.galleyVersion"))
        page.execute_script("window.galleySamePage = true")
        before = page.execute_async_script(MEASURE)
        assert [b["kind"] for b in before][:3] == ["body", "body", "image"]
        path = os.path.join(content, "Resources", "speciesData.json")
        with open(path) as f:
            items = json.load(f)
        items[0]["detailText"][1] = "<image>02</image>"
        save_in_place(path, json.dumps(items, ensure_ascii=False, indent=1))
        wait_until(lambda: page.execute_script("return document.documentElement.dataset.galleyVersion") != version, message="no new version")
        assert page.execute_script("return window.galleySamePage === true"), "the page was loaded again"
        after = page.execute_async_script(MEASURE)
        kinds = [b["kind"] for b in after]
        assert kinds[:3] == ["body", "image", "image"], kinds
        for upper, lower in zip(after[:3], after[1:4]):
            shown = lower["top"] - upper["bottom"]
            rule = expected_gap(upper["kind"], lower["kind"], 17, metrics)
            assert abs(shown - rule) <= TOLERANCE, (upper["kind"], lower["kind"], shown, rule)
    finally:
        daemon.stop()
        shutil.rmtree(holder, ignore_errors=True)
