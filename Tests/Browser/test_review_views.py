"""The review views, in real Chromium against the real daemon: every text
size at once, what VoiceOver reads, pseudo-languages, and the blocks that
grow most beside another language; each live and reachable by URL."""
import json
import os
import shutil
import tempfile

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from browser_support import Daemon, save_by_rename, wait_until
from galley_support import REPO, temp_root

# iOS Dynamic Type: Body's point size per content size category.
BODY = {"xSmall": 14, "Small": 15, "Medium": 16, "Large": 17, "xLarge": 19, "xxLarge": 21, "xxxLarge": 23,
        "AX1": 28, "AX2": 33, "AX3": 40, "AX4": 47, "AX5": 53}


def data_file(content):
    resources = os.path.join(content, "Resources")
    return os.path.join(resources, next(name for name in os.listdir(resources) if name.endswith(".json")))


def open_first(page, daemon, query=""):
    document = next(d for d in daemon.documents()["documents"] if d["item"] == 0)
    page.get(daemon.url + "doc/" + document["id"] + query)
    wait_until(lambda: page.execute_script("return document.documentElement.dataset.galleyVersion"))
    return document


def test_the_sweep_shows_twelve_sizes_by_the_custom_font_rule_and_each_save_updates_all(page, daemon, content):
    open_first(page, daemon, "?view=sweep")
    wait_until(lambda: page.execute_script("return document.querySelectorAll('#review-stage .device').length") == 12)
    assert not page.find_element(By.ID, "stage").is_displayed()
    cells = page.execute_script("""
        return Array.from(document.querySelectorAll('#review-stage .device')).map((cell) => ({
          size: cell.dataset.textSize,
          body: parseFloat(getComputedStyle(cell.querySelector('.k-body')).fontSize),
          caption: parseFloat(getComputedStyle(cell.querySelector('.k-caption')).fontSize),
        }));""")
    assert [cell["size"] for cell in cells] == list(BODY)
    for cell in cells:
        # Font.custom(_:size:) scales with Body: size × Body(category) / 17.
        assert cell["body"] == pytest.approx(20 * BODY[cell["size"]] / 17, abs=0.01), cell
        assert cell["caption"] == pytest.approx(16 * BODY[cell["size"]] / 17, abs=0.01), cell
    path = data_file(content)
    with open(path, encoding="utf-8") as f:
        items = json.load(f)
    items[0]["detailText"][0] = "Edited while every size is shown."
    save_by_rename(path, json.dumps(items, ensure_ascii=False).encode())
    wait_until(lambda: page.execute_script(
        "return Array.from(document.querySelectorAll('#review-stage .device')).every((c) => c.textContent.includes('Edited while every size'))"),
        message="a save did not reach every cell of the sweep")
    page.refresh()
    wait_until(lambda: page.execute_script("return document.querySelectorAll('#review-stage .device').length") == 12,
               message="the sweep did not come back from its URL")
    assert Select(page.find_element(By.ID, "review-view")).first_selected_option.get_attribute("value") == "sweep"


@pytest.fixture
def example():
    root = tempfile.mkdtemp(prefix="galley-browser-", dir=temp_root())
    dest = os.path.join(root, "Example")
    shutil.copytree(os.path.join(REPO, "Assets", "Example"), dest)
    daemon = Daemon(dest).start()
    yield daemon
    daemon.stop()
    shutil.rmtree(root, ignore_errors=True)


def test_the_reading_view_of_the_example_lists_what_voiceover_reads(page, example):
    document = example.documents()["documents"][0]
    page.get(example.url + "doc/" + document["id"] + "?view=reading")
    wait_until(lambda: page.execute_script("return document.querySelectorAll('.spoken-list li').length") > 3)
    spoken = page.execute_script("""
        return Array.from(document.querySelectorAll('.spoken-list li')).map((li) => [li.dataset.role, li.querySelector('.spoken-text').textContent]);""")
    blocks = page.execute_script("""
        return Array.from(document.querySelectorAll('#view-a article > .blk-group > .blk')).map((b) => {
          const img = b.querySelector('img');
          return img ? ['image', img.getAttribute('alt')] : ['text', b.textContent.replace(/\\s+/g, ' ').trim()];
        }).filter(([, text]) => text);""")
    title = page.find_element(By.ID, "doc-title").text
    assert spoken[0] == ["heading", title]
    assert spoken[1:] == blocks
    assert any(role == "image" for role, _ in spoken)


def test_the_example_reads_littlepenguin_02_for_its_unlabeled_image(page, example):
    for document in example.documents()["documents"]:
        page.get(example.url + "doc/" + document["id"] + "?view=reading")
        wait_until(lambda: page.execute_script("return document.querySelectorAll('.spoken-list li').length") > 1)
        images = page.execute_script("return Array.from(document.querySelectorAll('.spoken-list li[data-role=image] .spoken-text')).map((e) => e.textContent)")
        if "littlepenguin_02" in images:
            return
    pytest.fail("no document of the example reads 'littlepenguin_02'")


def test_pseudo_languages_lengthen_every_block_and_mirror_the_page(page, daemon):
    open_first(page, daemon)
    original = page.execute_script("""
        return Array.from(document.querySelectorAll('#view-a article > .blk-group > .blk')).map((b) => b.textContent.trim()).filter((t) => t);""")
    Select(page.find_element(By.ID, "pseudo-language")).select_by_value("accented")
    wait_until(lambda: page.execute_script("return document.querySelectorAll('#review-stage .device').length") == 1)
    accented = page.execute_script("""
        return Array.from(document.querySelectorAll('#review-stage article > .blk-group > .blk')).map((b) => b.textContent.trim()).filter((t) => t);""")
    assert len(accented) == len(original)
    for before, after in zip(original, accented):
        assert after.startswith("[") and after.endswith("]"), after
        assert len(after) >= 1.4 * len(before), (before, after)
    assert "pseudo=accented" in page.current_url
    Select(page.find_element(By.ID, "pseudo-language")).select_by_value("mirrored")
    wait_until(lambda: page.execute_script("return document.querySelector('#review-stage article')?.dir") == "rtl")
    layout = page.execute_script("""
        const article = document.querySelector('#review-stage article');
        const p = article.querySelector('.k-body p');
        const range = document.createRange();
        range.selectNodeContents(p);
        const lines = Array.from(range.getClientRects());
        const box = p.getBoundingClientRect();
        return { direction: getComputedStyle(p).direction, right: Math.max(...lines.map((r) => r.right)), boxRight: box.right,
                 text: p.textContent };""")
    assert layout["direction"] == "rtl"
    assert layout["right"] == pytest.approx(layout["boxRight"], abs=1.5), "right-to-left text starts at the right edge"
    assert layout["text"].startswith("\u202e")


def test_beside_another_language_the_blocks_that_grow_most_are_marked_with_their_line_counts(page, content):
    path = data_file(content)
    resources = os.path.dirname(path)
    with open(path, encoding="utf-8") as f:
        items = json.load(f)
    for language in ("en", "de"):
        os.makedirs(os.path.join(resources, language + ".lproj"))
    shutil.move(path, os.path.join(resources, "en.lproj", os.path.basename(path)))
    # One paragraph twice as long in German, the rest the same text.
    longer = [dict(item, detailText=[text + " " + text if index == 3 else text
                                     for index, text in enumerate(item["detailText"])]) for item in items]
    with open(os.path.join(resources, "de.lproj", os.path.basename(path)), "w", encoding="utf-8") as f:
        json.dump(longer, f, ensure_ascii=False)
    daemon = Daemon(content).start()
    try:
        document = next(d for d in daemon.documents()["documents"] if "/en.lproj/" in d["path"] and d["item"] == 0)
        page.get(daemon.url + "doc/" + document["id"] + "?beside=de&device2=390")
        wait_until(lambda: page.execute_script("return document.querySelectorAll('#view-b [data-galley-line-growth]').length") > 3,
                   message="no line counts beside the other language")
        marks = page.execute_script("""
            // The paragraph's contents: the paragraph's own box is no line.
            const count = (el) => {
              const range = document.createRange(); range.selectNodeContents(el.querySelector('p') || el);
              const mids = Array.from(range.getClientRects()).filter((r) => r.width > 0 && r.height > 0)
                .map((r) => Math.round(r.top + r.height / 2)).sort((a, b) => a - b);
              return mids.filter((m, i) => i === 0 || m - mids[i - 1] > 3).length;
            };
            const a = Array.from(document.querySelectorAll('#view-a article > .blk-group > .blk'));
            return Array.from(document.querySelectorAll('#view-b article > .blk-group > .blk')).map((el, i) => ({
              mark: el.getAttribute('data-galley-line-growth'), most: el.hasAttribute('data-galley-grows-most'),
              measured: el.hasAttribute('data-galley-line-growth') ? count(a[i]) + '→' + count(el) : null,
            }));""")
        for mark in marks:
            assert mark["mark"] == mark["measured"], mark
        most = [index for index, mark in enumerate(marks) if mark["most"]]
        assert most == [3], [(index, mark) for index, mark in enumerate(marks) if mark["mark"]]
    finally:
        daemon.stop()


# iOS Dynamic Type: Title's point size per category, for a font that is relativeTo it.
TITLE = {"xSmall": 25, "Small": 26, "Medium": 27, "Large": 28, "xLarge": 30, "xxLarge": 32, "xxxLarge": 34,
         "AX1": 38, "AX2": 43, "AX3": 48, "AX4": 53, "AX5": 58}


@pytest.fixture
def styled():
    """A folder whose galley.json scales one kind with Title and fixes another's size."""
    root = tempfile.mkdtemp(prefix="galley-browser-", dir=temp_root())
    with open(os.path.join(root, "galley.json"), "w", encoding="utf-8") as f:
        json.dump({"kinds": [
            {"name": "heading", "pattern": "^<h>(.*)</h>$", "style": {"size": 24, "relativeTo": "title"}},
            {"name": "note", "pattern": "^<note>(.*)</note>$", "style": {"size": 12, "fixedSize": True}},
            {"name": "body"},
        ]}, f)
    with open(os.path.join(root, "articles.json"), "w", encoding="utf-8") as f:
        json.dump([{"name": "A", "imageName": "a", "detailText": ["<h>Heading</h>", "Body text.", "<note>A fixed note.</note>"]}], f)
    daemon = Daemon(root).start()
    yield daemon
    daemon.stop()
    shutil.rmtree(root, ignore_errors=True)


def test_a_font_relative_to_title_or_of_fixed_size_scales_as_font_custom_says(page, styled):
    open_first(page, styled, "?view=sweep")
    wait_until(lambda: page.execute_script("return document.querySelectorAll('#review-stage .device').length") == 12)
    cells = page.execute_script("""
        const size = (cell, kind) => parseFloat(getComputedStyle(cell.querySelector('.k-' + kind)).fontSize);
        return Array.from(document.querySelectorAll('#review-stage .device')).map((cell) => ({
          size: cell.dataset.textSize, heading: size(cell, 'heading'), note: size(cell, 'note'), body: size(cell, 'body'),
        }));""")
    assert [cell["size"] for cell in cells] == list(BODY)
    for cell in cells:
        # Font.custom(_:size:relativeTo: .title): size × Title(category) / Title(Large).
        assert cell["heading"] == pytest.approx(24 * TITLE[cell["size"]] / 28, abs=0.01), cell
        # Font.custom(_:fixedSize:): the same at every size.
        assert cell["note"] == pytest.approx(12, abs=0.01), cell
        assert cell["body"] == pytest.approx(20 * BODY[cell["size"]] / 17, abs=0.01), cell
    # The page's own text size setting follows the same rule.
    open_first(page, styled, "?text=AX2")
    sizes = page.execute_script("""
        const size = (kind) => parseFloat(getComputedStyle(document.querySelector('#stage .k-' + kind)).fontSize);
        return {heading: size('heading'), note: size('note')};""")
    assert sizes == {"heading": pytest.approx(24 * 43 / 28, abs=0.01), "note": pytest.approx(12, abs=0.01)}
