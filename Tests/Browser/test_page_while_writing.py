"""The page while the author writes (issue 43), on the real app's content:
Little Penguin in Japanese with a missing image near its top, and an
English copy beside it. Follow holds through typing, an edit on screen
moves nothing above it, two devices are each the device's width, the
problems panel covers no device, a phone's window is the device, and the
changes page shows its labels, numbers and titles whole."""
import json
import os
import shutil
import subprocess

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from browser_support import Daemon, copy_content, save_by_rename, wait_until
from galley_support import CORPUS, private_runtime_dir
from lsp_support import LanguageClient

SPECIES = os.path.join(CORPUS, "tagged", "grmagicdog-SpeciesCollection")
JAPANESE = os.path.join("Resources", "ja.lproj", "speciesData.json")
ENGLISH = os.path.join("Resources", "en.lproj", "speciesData.json")
MISSING = '            "<image>09</image>",'


def make_species(root):
    """The app's data file as `ja.lproj`, with `<image>09</image>` (no such
    asset) before Little Penguin's first image, and an English copy."""
    resources = os.path.join(root, "Resources")
    lines = open(os.path.join(resources, "speciesData.json"), encoding="utf-8").read().split("\n")
    os.remove(os.path.join(resources, "speciesData.json"))
    penguin = next(i for i, line in enumerate(lines) if '"Little Penguin"' in line)
    first_image = next(i for i in range(penguin, len(lines)) if "<image>01</image>" in lines[i])
    lines.insert(first_image, MISSING)
    for language in ("ja", "en"):
        os.makedirs(os.path.join(resources, language + ".lproj"))
    with open(os.path.join(root, JAPANESE), "w", encoding="utf-8") as handle:
        handle.write("\n".join(lines))
    items = json.loads("\n".join(lines))
    english = [dict(item, detailText=[t if t.startswith("<") else "EN " + t for t in item["detailText"]]) for item in items]
    with open(os.path.join(root, ENGLISH), "w", encoding="utf-8") as handle:
        json.dump(english, handle, ensure_ascii=False, indent=4)
    return lines


@pytest.fixture
def species():
    """A daemon on a copy of the app's content (make_species); yields (daemon, root, Japanese lines)."""
    if not os.path.isdir(SPECIES):
        pytest.fail(f"the shared corpus is not at {CORPUS} (set GALLEY_CORPUS)")
    with private_runtime_dir():
        root, holder = copy_content(SPECIES)
        lines = make_species(root)
        daemon = Daemon(root).start()
        try:
            yield daemon, root, lines
        finally:
            daemon.stop()
            shutil.rmtree(holder, ignore_errors=True)


def penguin_id(daemon, language="ja"):
    return next(d["id"] for d in daemon.documents()["documents"]
                if d["title"] == "Little Penguin" and f"/{language}.lproj/" in d["path"])


def open_page(page, daemon, query=""):
    page.get(daemon.url + "doc/" + penguin_id(daemon) + query)
    wait_until(lambda: page.find_element(By.ID, "connection").get_attribute("data-state") == "live", message="page never went live")
    page.execute_async_script("document.fonts.ready.then(() => arguments[0]())")


def after_frames(page):
    """Returns once the page has shown two more frames (a patch is shown in the next one)."""
    page.execute_async_script("const done = arguments[0]; requestAnimationFrame(() => requestAnimationFrame(() => done()))")


def top_of(page, needle):
    return page.execute_script("""
        const block = [...document.querySelectorAll('#view-a .blk')].find((b) => b.textContent.includes(arguments[0]));
        return block ? block.getBoundingClientRect().top : null;""", needle)


def utf16(text):
    return len(text.encode("utf-16-le")) // 2


# ---- 1. Follow holds while the author types


def test_follow_holds_through_typing_below_a_warning(page, species):
    daemon, root, lines = species
    open_page(page, daemon, "?follow=1")
    assert page.execute_script("return document.querySelectorAll('#view-a .blk.has-warning .missing-asset').length") == 1
    client = LanguageClient()
    try:
        client.initialize(root=root)
        uri = client.open(os.path.join(root, JAPANESE))
        line = next(i for i, text in enumerate(lines) if "Torvalds" in text)
        column = utf16(lines[line][:lines[line].index('"') + 3])
        # The cursor comes to rest on the paragraph once (CursorHold); then
        # insert mode sends edits and no highlight.
        client.request("textDocument/documentHighlight", {"textDocument": {"uri": uri}, "position": {"line": line, "character": column}})
        wait_until(lambda: page.execute_script("return scrollY") > 1000, message="the page never followed the cursor")
        after_frames(page)
        followed = page.execute_script("return scrollY")
        paragraph = top_of(page, "Torvalds")
        assert page.execute_script("return innerHeight / 4") < paragraph < page.execute_script("return innerHeight"), paragraph
        for key in range(20):
            typed = "あ" * (key + 1)
            client.change(uri, 2 + key, [{"range": {"start": {"line": line, "character": column + key},
                                                    "end": {"line": line, "character": column + key}}, "text": "あ"}])
            shown = lines[line][lines[line].index('"') + 1:][:2] + typed
            wait_until(lambda: page.execute_script("return [...document.querySelectorAll('#view-a .blk')]"
                                                   ".some((b) => b.textContent.includes(arguments[0]))", shown),
                       message=f"keystroke {key + 1} never showed")
            after_frames(page)
            assert page.execute_script("return scrollY") == followed, f"the page moved at keystroke {key + 1}"
            assert abs(top_of(page, "Torvalds") - paragraph) <= 1, f"the paragraph moved at keystroke {key + 1}"
    finally:
        client.kill()


# ---- 2. An edit on screen moves nothing above it


def test_an_edit_in_mid_screen_moves_nothing_above_it(page, species):
    daemon, root, lines = species
    open_page(page, daemon)
    # A paragraph below a block that starts above the screen: the first block whose top shows.
    chosen = page.execute_script("""
        const blocks = [...document.querySelectorAll('#view-a .blk')];
        const bar = document.querySelector('.toolbar').getBoundingClientRect().bottom;
        const room = (innerHeight - bar) / 2;
        const index = blocks.findIndex((b, i) => i > 0 && b.matches('.k-body') && b.textContent.length > 40
                                               && blocks[i - 1].getBoundingClientRect().height > room * 0.6);
        const block = blocks[index];
        const previous = blocks[index - 1].getBoundingClientRect().height;
        const offset = Math.min(room, previous - 8);
        scrollTo(0, scrollY + block.getBoundingClientRect().top - bar - offset);
        return block.textContent.trim();""")
    after_frames(page)
    before = page.execute_script("""
        const bar = document.querySelector('.toolbar').getBoundingClientRect().bottom;
        return [...document.querySelectorAll('#view-a .blk')].map((b) => [b.textContent.trim(), b.getBoundingClientRect().top,
                                                                           b.getBoundingClientRect().bottom > bar && b.getBoundingClientRect().top < innerHeight]);""")
    index = next(i for i, (text, _, _) in enumerate(before) if text == chosen)
    assert before[index][2] and before[index - 1][1] < page.execute_script("return document.querySelector('.toolbar').getBoundingClientRect().bottom")
    # Saved shorter: its first sentence only.
    line = next(i for i, text in enumerate(lines) if chosen[1:20] in text)
    kept = chosen[1:].split("。")[0] + "。"
    edited = list(lines)
    edited[line] = '            "' + kept + '",'
    version = page.execute_script("return document.documentElement.dataset.galleyVersion")
    save_by_rename(os.path.join(root, JAPANESE), "\n".join(edited))
    wait_until(lambda: page.execute_script("return document.documentElement.dataset.galleyVersion") != version, message="the save never showed")
    after_frames(page)
    after = page.execute_script("return [...document.querySelectorAll('#view-a .blk')].map((b) => [b.textContent.trim(), b.getBoundingClientRect().top])")
    assert len(after) == len(before)
    moved = [(text[:20], top, after[i][1]) for i, (text, top, on_screen) in enumerate(before[:index + 1]) if on_screen and abs(after[i][1] - top) > 1]
    assert moved == [], moved
