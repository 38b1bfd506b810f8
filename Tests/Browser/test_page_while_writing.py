"""The page while the author writes (issue 43), on the real app's content:
Little Penguin in Japanese with a missing image near its top, and an
English copy beside it. Follow holds through typing, an edit on screen
moves nothing above it, two devices are each the device's width, the
problems panel covers no device, a phone's window is the device, and the
changes page shows its labels, numbers and titles whole."""
import json
import os
import shutil

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from browser_support import Daemon, copy_content, save_by_rename, wait_until
from galley_support import CORPUS, private_runtime_dir
from history_support import committed_species, git
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
        return [...document.querySelectorAll('#view-a .blk')].map((b) => {
          const r = b.getBoundingClientRect();
          return [b.textContent.trim(), r.top, r.bottom > bar && r.top < innerHeight];
        });""")
    index = next(i for i, (text, _, _) in enumerate(before) if text == chosen)
    bar = page.execute_script("return document.querySelector('.toolbar').getBoundingClientRect().bottom")
    assert before[index][2] and before[index - 1][1] < bar
    # Saved shorter: its first sentence only.
    line = next(i for i, text in enumerate(lines) if chosen[1:20] in text)
    kept = chosen[1:].split("。")[0] + "。"
    edited = list(lines)
    edited[line] = '            "' + kept + '",'
    version = page.execute_script("return document.documentElement.dataset.galleyVersion")
    save_by_rename(os.path.join(root, JAPANESE), "\n".join(edited))
    wait_until(lambda: page.execute_script("return document.documentElement.dataset.galleyVersion") != version,
               message="the save never showed")
    after_frames(page)
    after = page.execute_script("return [...document.querySelectorAll('#view-a .blk')].map((b) => b.getBoundingClientRect().top)")
    assert len(after) == len(before)
    # On screen and above the edit, or the edited paragraph itself.
    moved = [(text[:20], top, after[i]) for i, (text, top, on_screen) in enumerate(before[:index + 1])
             if on_screen and abs(after[i] - top) > 1]
    assert moved == [], moved


# ---- 3 and 4. Two devices side by side


@pytest.fixture(scope="module")
def with_scrollbars():
    """A Chromium that draws scrollbars (the session's hides them), at a desk's size."""
    options = webdriver.ChromeOptions()
    options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    for arg in ("--headless=new", "--no-sandbox", "--window-size=1280,900", "--disable-dev-shm-usage",
                "--force-device-scale-factor=1", "--font-render-hinting=none"):
        options.add_argument(arg)
    driver = webdriver.Chrome(service=Service(os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")), options=options)
    driver.set_script_timeout(30)
    yield driver
    driver.quit()


LINE_COUNTS = """
    const [view, done] = arguments;
    import('/_galley/reviewViews.js')
      .then((r) => done([...document.querySelectorAll(view + ' .blk.k-body')].map((b) => r.lineCount(b))));"""


def test_beside_another_language_each_device_is_its_width_and_breaks_lines_alike(with_scrollbars, species):
    daemon, _, _ = species
    page = with_scrollbars
    open_page(page, daemon)
    alone = page.execute_async_script(LINE_COUNTS, "#view-a")
    assert len(alone) > 10 and max(alone) > 1, alone
    open_page(page, daemon, "?beside=en&side=1")
    wait_until(lambda: page.execute_script("return document.querySelector('#view-b article')?.lang") == "en",
               message="the English copy never showed beside")
    after_frames(page)
    widths = page.execute_script("""
        return ['#view-a', '#view-b'].map((v) => { const s = document.querySelector(v);
          return [s.getBoundingClientRect().width, s.clientWidth, s.querySelector('article').getBoundingClientRect().width,
                  s.scrollHeight > s.clientHeight]; });""")
    # Each scrolls on its own, and is the device's width inside.
    assert widths == [[390, 390, 390, True], [390, 390, 390, True]], widths
    assert page.execute_async_script(LINE_COUNTS, "#view-a") == alone
    wait_until(lambda: page.execute_script("return document.querySelectorAll('#view-b [data-galley-line-growth]').length") > 10,
               message="no line counts beside")


def test_a_pseudo_language_beside_another_shows_two_devices(page, species):
    daemon, _, _ = species
    open_page(page, daemon, "?beside=en&side=1")
    wait_until(lambda: page.execute_script("return document.querySelector('#view-b article')?.lang") == "en")
    Select(page.find_element(By.ID, "pseudo-language")).select_by_value("accented")
    cells = wait_until(lambda: page.execute_script("""
        const cells = [...document.querySelectorAll('#review-stage .device-screen')];
        return cells.length === 2 && cells.map((c) => [c.getBoundingClientRect().width, c.querySelector('article')?.getAttribute('lang'),
                                                       c.querySelector('.blk.k-body')?.textContent.trim().slice(0, 3)]);"""),
                       message="not two devices")
    assert cells[0][:2] == [390, "en-XA"] and cells[0][2].startswith("["), cells
    assert cells[1] == [390, "en", "EN "], cells
    assert page.find_element(By.ID, "side-by-side").get_attribute("aria-pressed") == "true"


# ---- 5 and 6. The panel and the window


def sized(page, width, height=800, mobile=False):
    page.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile})


@pytest.fixture
def window(page):
    yield page
    page.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


RECTS = """
    const box = (el) => { const r = el.getBoundingClientRect(); return {left: r.left, right: r.right, top: r.top, bottom: r.bottom}; };
    const list = document.getElementById('diag-list');
    return {panel: box(document.getElementById('diagnostics')),
            devices: [...document.querySelectorAll('.device-screen')].filter((s) => s.getClientRects().length).map(box),
            listOverflow: list.scrollWidth - list.clientWidth};"""


def overlap(a, b):
    return a["left"] < b["right"] and b["left"] < a["right"] and a["top"] < b["bottom"] and b["top"] < a["bottom"]


@pytest.mark.parametrize("width,query", [(1024, ""), (1280, ""), (1920, ""), (1920, "?beside=en&side=1")])
def test_the_problems_panel_covers_no_device(window, species, width, query):
    daemon, _, _ = species
    sized(window, width)
    open_page(window, daemon, query)
    wait_until(lambda: window.find_element(By.ID, "diagnostics").is_displayed(), message="no problems panel")
    if query:
        wait_until(lambda: window.execute_script("return document.querySelector('#view-b article')?.lang") == "en")
    after_frames(window)
    shown = window.execute_script(RECTS)
    assert len(shown["devices"]) == (2 if query else 1), shown
    assert not any(overlap(shown["panel"], device) for device in shown["devices"]), shown
    assert shown["listOverflow"] <= 0, shown


def test_a_phone_sized_window_is_the_device(window, species):
    daemon, _, _ = species
    sized(window, 390, 844, mobile=True)
    open_page(window, daemon)
    shown = window.execute_script("""
        const screen = document.getElementById('view-a').getBoundingClientRect();
        return {left: screen.left, width: screen.width, inner: innerWidth, page: document.documentElement.scrollWidth,
                controls: document.getElementById('toolbar').getBoundingClientRect().height,
                title: document.getElementById('doc-title').getBoundingClientRect().width};""")
    assert shown["left"] == 0 and shown["width"] == shown["inner"] == 390 and shown["page"] <= 390, shown
    assert shown["controls"] <= 60 and shown["title"] > 100, shown
    window.find_element(By.ID, "tb-menu").click()
    assert window.find_element(By.ID, "text-size").is_displayed()


# ---- 7. The changes page


def label_boxes(page):
    """Each marked block's box and its label's (a pseudo-element, laid out as the page does, through DevTools)."""
    tree = page.execute_cdp_cmd("DOM.getDocument", {"depth": -1, "pierce": True})
    found = []

    def box(node_id):
        quad = page.execute_cdp_cmd("DOM.getBoxModel", {"nodeId": node_id})["model"]["border"]
        return {"left": min(quad[0::2]), "top": min(quad[1::2]), "right": max(quad[0::2]), "bottom": max(quad[1::2])}

    def walk(node):
        attributes = dict(zip(node.get("attributes", [])[::2], node.get("attributes", [])[1::2]))
        if "data-review" in attributes:
            label = next((p for p in node.get("pseudoElements", []) if p.get("pseudoType") == "before"), None)
            found.append((attributes["data-review"], box(node["nodeId"]), label and box(label["nodeId"])))
        for child in node.get("children", []):
            walk(child)

    walk(tree["root"])
    return found


def test_the_changes_page_shows_labels_numbers_and_titles_whole(page):
    with private_runtime_dir():
        root, holder = committed_species()
        try:
            os.makedirs(os.path.join(root, "Help"))
            os.makedirs(os.path.join(root, "en.lproj"))
            with open(os.path.join(root, "Help", "Credits.rtf"), "w") as handle:
                handle.write("{\\rtf1\\ansi {\\fonttbl\\f0 Helvetica;}\\f0 Thanks to everyone.\\par}\n")
            with open(os.path.join(root, "galley.json"), "w") as handle:
                json.dump({"titles": {"Help/Credits.rtf": "title-credits"}, "language": "en"}, handle)
            strings = os.path.join(root, "en.lproj", "Localizable.strings")
            with open(strings, "w") as handle:
                handle.write('"title-credits" = "Credits";\n')
            git(root, "add", "-A")
            git(root, "commit", "-q", "-m", "credits")
            # Only the title changes, through the app's strings; and one paragraph of Little Penguin.
            with open(strings, "w") as handle:
                handle.write('"title-credits" = "Acknowledgements";\n')
            data = os.path.join(root, "Resources", "speciesData.json")
            text = open(data, encoding="utf-8").read()
            edited = text.replace("ペンギンの中で最も小さいですが", "ペンギンの中でいちばん小さいですが")
            assert edited != text
            save_by_rename(data, edited)
            daemon = Daemon(root).start()
            try:
                penguin = next(d for d in daemon.documents()["documents"] if d["title"] == "Little Penguin")
                page.get(daemon.url + "changes?since=HEAD")
                wait_until(lambda: len(page.find_elements(By.CSS_SELECTOR, "#changes p.review-summary")) == 2,
                           timeout=120, message="the changes page never showed two documents")
                summaries = [e.text for e in page.find_elements(By.CSS_SELECTOR, "#changes p.review-summary")]
                assert summaries == ["Help/Credits.rtf: title “Credits” → “Acknowledgements”",
                                     f"Resources/speciesData.json item {penguin['item']}: 1 changed"], summaries
                # The item as the index numbers it.
                page.get(daemon.url)
                cell = wait_until(lambda: page.find_element(By.CSS_SELECTOR, f'tr[data-doc-id="{penguin["id"]}"] td.item').text)
                assert summaries[1].endswith(f"item {cell}: 1 changed")
                page.get(daemon.url + "changes?since=HEAD")
                wait_until(lambda: page.find_elements(By.CSS_SELECTOR, '#changes [data-review="changed"]'), timeout=120)
                page.execute_script("document.querySelector('#changes [data-review=\"before\"]').scrollIntoView({block: 'center'})")
                marked = label_boxes(page)
                # The edited paragraph (before and after, or marked within) and the credits' header, its title marked.
                kinds = sorted(kind for kind, _, _ in marked)
                assert "changed" in kinds and len(kinds) >= 2, marked
                for kind, block, label in marked:
                    # Inside the block, whose outline is drawn outside it: nothing crosses the label.
                    assert label and label["bottom"] > label["top"], (kind, label)
                    assert block["left"] <= label["left"] and label["right"] <= block["right"], (kind, block, label)
                    assert block["top"] <= label["top"] and label["bottom"] <= block["bottom"], (kind, block, label)
                # And the group around the blocks clips nothing of their outlines.
                assert page.execute_script("""return [...document.querySelectorAll('#changes [data-review]')]
                    .map((b) => getComputedStyle(b.parentElement).contain)""") == ["none"] * len(marked)
            finally:
                page.get("about:blank")
                daemon.stop()
        finally:
            shutil.rmtree(holder, ignore_errors=True)
