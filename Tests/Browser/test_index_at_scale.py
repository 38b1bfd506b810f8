"""The index page with thousands of documents, in real headless Chromium
against the real daemon: the work the page does is counted, not timed.
Only the rows near the screen exist; a keystroke in the search touches no
more than those; a save changes its document's row in place, the rows
around it the same elements as before; and the keyboard walks past the
rows that were made."""
import json
import os
import shutil

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from browser_support import Daemon, save_in_place, wait_until

FILES = 30
ITEMS = 80
ANIMALS = ("penguin", "heron", "stork", "crane", "pelican", "puffin", "gannet", "tern")


def item(file, number):
    animal = ANIMALS[(file * ITEMS + number) % len(ANIMALS)]
    return {"name": f"{animal.title()} {file}-{number}", "imageName": "pelican",
            "detailText": [f"The {animal} of shore {file} wades at dawn, bird {number} of its flock.",
                           f"Word{file}x{number} is said of this one alone."]}


def write_file(content, file, items):
    # An item to a line, so that renaming one moves no other item's blocks in the source.
    save_in_place(os.path.join(content, "Resources", "shore", f"shore{file:02d}.json"),
                  "[\n" + ",\n".join(json.dumps(entry) for entry in items) + "\n]\n")


@pytest.fixture(scope="module")
def shore(tmp_path_factory):
    """The browser fixture's content with 2,400 more documents, 80 to a file, and its daemon."""
    root = tmp_path_factory.mktemp("index-at-scale")
    content = os.path.join(root, "content")
    shutil.copytree(os.path.join(os.path.dirname(__file__), "fixtures", "content"), content)
    os.makedirs(os.path.join(content, "Resources", "shore"))
    for file in range(FILES):
        write_file(content, file, [item(file, number) for number in range(ITEMS)])
    daemon = Daemon(content).start(timeout=300)
    wait_until(lambda: len(daemon.documents()["documents"]) >= FILES * ITEMS, timeout=300)
    yield daemon, content
    daemon.stop()


def open_index(page, daemon, query=""):
    page.set_window_size(1000, 800)
    page.get(daemon.url + query)
    wait_until(lambda: page.execute_script("return document.documentElement.dataset.galleyVersion"),
               message="the index never showed its list")
    return len(daemon.documents()["documents"])


def rows_made(page):
    return page.execute_script("return document.querySelectorAll('#doc-list tr[data-doc-id]').length")


# Counts, from now on, the rows the page adds to the table and the rows any
# change touches (their cells' text and attributes included).
WATCH_ROWS = """
    const list = document.getElementById('doc-list');
    window.__rows = {before: new Set(list.querySelectorAll('tr[data-doc-id]')), added: new Set(), touched: new Set()};
    window.__rowWatch = new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) if (node.dataset && node.dataset.docId) __rows.added.add(node);
        const target = record.target.nodeType === 1 ? record.target : record.target.parentElement;
        const row = target && target.closest('tr[data-doc-id]');
        if (row) __rows.touched.add(row);
      }
    });
    __rowWatch.observe(list, {childList: true, subtree: true, attributes: true, characterData: true});"""

ROWS_SEEN = """
    __rowWatch.takeRecords();
    const list = document.getElementById('doc-list');
    const now = [...list.querySelectorAll('tr[data-doc-id]')];
    return {made: [...__rows.added].filter((row) => !__rows.before.has(row)).length,
            touched: __rows.touched.size, rows: now.length,
            kept: [...__rows.before].filter((row) => list.contains(row)).length, before: __rows.before.size};"""


def test_only_the_rows_near_the_screen_are_made_and_scrolling_reaches_the_last(page, shore):
    daemon, _ = shore
    listed = open_index(page, daemon)
    assert page.find_element(By.ID, "index-summary").text.startswith(f"{listed} documents")
    made = rows_made(page)
    # An 800-pixel window shows some twenty rows; a few more below are made with them.
    assert 10 <= made <= 60, made
    # The page is as tall as the whole list, and its end shows the last document.
    page.execute_script("window.scrollTo(0, document.documentElement.scrollHeight)")
    last = daemon.documents()["documents"][-1]
    wait_until(lambda: page.execute_script(
        "const row = document.getElementById(arguments[0]); if (!row) return false;"
        "const box = row.getBoundingClientRect(); return box.top >= 0 && box.bottom <= innerHeight;", "doc-" + last["id"]),
        message="the last document is not on screen at the end of the page")
    assert rows_made(page) <= 60


def test_a_search_keystroke_touches_only_the_rows_in_view(page, shore):
    daemon, _ = shore
    listed = open_index(page, daemon)
    documents = daemon.documents()["documents"]
    status, words = daemon.api("/api/words")
    assert status == 200, words
    search = page.find_element(By.ID, "index-query")
    search.click()
    page.execute_script(WATCH_ROWS)
    search.send_keys("h")
    wait_until(lambda: page.find_element(By.ID, "index-matches").text)
    seen = page.execute_script(ROWS_SEEN)
    # Only rows in the page after the key were written: some twenty on screen and a few beyond.
    assert seen["rows"] <= 60 and seen["touched"] <= seen["rows"], seen
    expected = sum("h" in (d["title"] + " " + d["path"] + " " + words["words"][d["id"]]).lower() for d in documents)
    assert page.find_element(By.ID, "index-matches").text == f"{expected} matches"
    # A word of one document's text, far below the first screen: it alone is shown.
    search.send_keys(Keys.BACKSPACE)
    wait_until(lambda: page.find_element(By.ID, "index-matches").text == "")
    assert page.find_element(By.ID, "index-summary").text.startswith(f"{listed} documents")
    search.send_keys("word27x61")
    wait_until(lambda: page.find_element(By.ID, "index-matches").text == "1 match")
    shown = page.execute_script("""
        return [...document.querySelectorAll('#doc-list tr')].filter((tr) => tr.getClientRects().length && tr.textContent)
          .map((tr) => tr.textContent);""")
    assert len(shown) == 2 and shown[0].startswith("Resources/shore/shore27.json · 80 documents") and "-61" in shown[1], shown


def test_a_save_changes_its_row_in_place_and_keeps_the_others(page, shore):
    daemon, content = shore
    open_index(page, daemon)
    items = [item(0, number) for number in range(ITEMS)]
    # The first file's documents are on the first screen.
    target = next(d for d in daemon.documents()["documents"] if d["path"] == "Resources/shore/shore00.json" and d["item"] == 3)
    row = page.find_element(By.ID, "doc-" + target["id"])
    version = page.execute_script("return galley.version")
    page.execute_script(WATCH_ROWS)
    items[3] = dict(items[3], name="Renamed while the index is open")
    write_file(content, 0, items)
    wait_until(lambda: page.execute_script("return galley.version") != version, message="the index never saw the save")
    wait_until(lambda: row.text.startswith("Renamed while the index is open"), message="the row was not changed in place")
    seen = page.execute_script(ROWS_SEEN)
    # The saved document's row is the same element, and so is every other row.
    assert seen["made"] == 0 and seen["kept"] == seen["before"], seen
    assert seen["touched"] == 1, seen
    assert "just-changed" in row.get_attribute("class")
    write_file(content, 0, [item(0, number) for number in range(ITEMS)])
    wait_until(lambda: row.text.startswith(target["title"]))


def test_a_new_file_adds_its_rows_and_a_deleted_one_takes_them(page, shore):
    daemon, content = shore
    listed = open_index(page, daemon)
    page.execute_script(WATCH_ROWS)
    extra = os.path.join(content, "Resources", "aardvark.json")
    save_in_place(extra, json.dumps([{"name": "Aardvark", "imageName": "pelican", "detailText": ["An aardvark digs at night."]}]))
    wait_until(lambda: page.find_element(By.ID, "index-summary").text.startswith(f"{listed + 1} documents"))
    wait_until(lambda: "Aardvark" in page.find_element(By.ID, "doc-list").text, message="the new document is not listed")
    seen = page.execute_script(ROWS_SEEN)
    # Listed first (by path), its row made; the rows that fell below the margin are no longer in the page, none made again.
    assert seen["made"] == 1, seen
    os.remove(extra)
    wait_until(lambda: "Aardvark" not in page.find_element(By.ID, "doc-list").text, message="the deleted document is still listed")
    assert page.find_element(By.ID, "index-summary").text.startswith(f"{listed} documents")


def test_the_keyboard_walks_beyond_the_rows_made(page, shore):
    daemon, _ = shore
    open_index(page, daemon, "?q=shore03.json")
    wait_until(lambda: page.find_element(By.ID, "index-matches").text == f"{ITEMS} matches")
    search = page.find_element(By.ID, "index-query")
    search.click()
    for _ in range(60):
        page.switch_to.active_element.send_keys(Keys.ARROW_DOWN)
    focused = page.switch_to.active_element
    assert focused.text == item(3, 59)["name"], focused.text
    assert page.execute_script(
        "const box = arguments[0].getBoundingClientRect(); return box.top >= 0 && box.bottom <= innerHeight;", focused)
    for _ in range(59):
        page.switch_to.active_element.send_keys("k")
    assert page.switch_to.active_element.text == item(3, 0)["name"]
    page.switch_to.active_element.send_keys(Keys.ARROW_UP)
    assert page.switch_to.active_element.get_attribute("id") == "index-query"


# In the key's own task: the rows the list holds, and how many of them are on screen.
ROWS_ON_SCREEN = """
    return [...document.querySelectorAll('#doc-list tr:not(.row-spacer)')]
      .filter((tr) => { const box = tr.getBoundingClientRect(); return box.bottom > 0 && box.top < innerHeight; }).length;"""

KEY_AND_ROWS = """
    const search = document.getElementById('index-query');
    search.value = arguments[0];
    search.dispatchEvent(new Event('input'));
    const made = [...document.querySelectorAll('#doc-list tr:not(.row-spacer)')];
    const seen = made.filter((tr) => { const box = tr.getBoundingClientRect(); return box.bottom > 0 && box.top < innerHeight; });
    return [made.length, seen.length];"""


def test_a_key_makes_the_rows_on_screen_first_and_the_margin_once_idle(page, shore):
    daemon, _ = shore
    open_index(page, daemon)
    page.execute_script("window.scrollTo(0, 4000)")
    # Until the page has heard the scroll: the rows it made at the top number more than 20 too, but none is on screen.
    wait_until(lambda: page.execute_script(ROWS_ON_SCREEN) > 10, message="the rows never followed the scroll")
    made, seen = page.execute_script(KEY_AND_ROWS, "shore1")
    # The key's frame holds the rows on screen only: none made for the margin beyond either edge.
    assert made == seen and 10 <= seen <= 25, (made, seen)
    # Once the browser is idle, the margin (rows above and below the screen) is made too.
    wait_until(lambda: page.execute_script("return document.querySelectorAll('#doc-list tr:not(.row-spacer)').length") >= seen + 6,
               message="the margin was never made")
    page.execute_script(KEY_AND_ROWS, "")
