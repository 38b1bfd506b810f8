"""The changes view in real Chromium against the real daemon: opened from
the document page's toolbar, its revision in the address, and a save shown
in its marked blocks without a reload, the reading position kept; an edit
marked within its paragraph, unchanged runs folded, and the reader stepping
from change to change with keys and buttons."""
import json
import os
import re

import pytest
from selenium.webdriver.common.by import By

from browser_support import Daemon, save_by_rename, wait_until
from history_support import committed_species, edit, git, remove_history


def data_file(content):
    resources = os.path.join(content, "Resources")
    return os.path.join(resources, next(name for name in os.listdir(resources) if name.endswith(".json")))


def first_paragraph(content, text):
    path = data_file(content)
    with open(path, encoding="utf-8") as f:
        items = json.load(f)
    items[0]["detailText"][0] = text
    save_by_rename(path, json.dumps(items, ensure_ascii=False).encode())


@pytest.fixture
def committed(content):
    """The fixture content as a git work tree of its own, one commit, served."""
    git(content, "init", "-q", "-b", "main")
    git(content, "add", "-A")
    git(content, "commit", "-q", "-m", "content")
    first_paragraph(content, "Edited since the commit.")
    daemon = Daemon(content).start()
    yield daemon
    daemon.stop()


def changed_text(page):
    return page.execute_script("""
        const changed = document.querySelectorAll('#changes [data-review="changed"]');
        return changed.length === 1 ? changed[0].textContent : null;""")


def test_the_view_opens_from_the_toolbar_and_follows_a_save_without_a_reload(page, committed, content):
    document = next(d for d in committed.documents()["documents"] if d["item"] == 0)
    page.get(committed.url + "doc/" + document["id"])
    wait_until(lambda: page.execute_script("return document.documentElement.dataset.galleyVersion"))
    revision = page.find_element(By.ID, "changes-since")
    assert revision.get_attribute("value") == "HEAD"
    revision.clear()
    revision.send_keys("main")
    link = page.find_element(By.ID, "changes-link")
    assert link.get_attribute("href").endswith("/changes?since=main")
    link.click()
    wait_until(lambda: page.current_url.endswith("/changes?since=main"))
    wait_until(lambda: changed_text(page) and "Edited since the commit." in changed_text(page),
               timeout=120, message="the changes view did not mark the edited paragraph")
    assert page.find_element(By.ID, "since").get_attribute("value") == "main"
    assert "Changes since main" in page.find_element(By.CSS_SELECTOR, "#changes .review-summary").text
    assert page.execute_script("return document.querySelectorAll('#changes [data-review=\"before\"]').length") == 1

    page.execute_script("window.galleyNotReloaded = true; window.scrollTo(0, 120)")
    top = page.execute_script("return window.scrollY")
    assert top > 0, "the page is taller than the window"
    shown = page.execute_script("return Number(document.documentElement.dataset.changesShown)")
    first_paragraph(content, "Edited again, while the view is open.")
    wait_until(lambda: "Edited again, while the view is open." in (changed_text(page) or ""),
               timeout=120, message="a save did not reach the changes view")
    assert page.execute_script("return window.galleyNotReloaded") is True
    assert page.execute_script("return Number(document.documentElement.dataset.changesShown)") > shown
    assert page.execute_script("return window.scrollY") == top

    # Committed in a terminal: HEAD names another commit, seen when the author is back.
    git(content, "commit", "-q", "-am", "both edits")
    page.execute_script("window.dispatchEvent(new Event('focus'))")
    wait_until(lambda: page.execute_script("return document.querySelectorAll('#changes [data-review]').length") == 0,
               timeout=120, message="the view did not follow the new commit")
    assert "0 documents changed" in page.find_element(By.CSS_SELECTOR, "#changes .review-summary").text

    # Another revision from the view's own field: in the address, and a clear answer when it names nothing.
    since = page.find_element(By.ID, "since")
    since.clear()
    since.send_keys("no-such-revision\n")
    wait_until(lambda: page.execute_script("return document.documentElement.dataset.changesStatus") == "404")
    problem = page.find_element(By.ID, "changes-problem")
    assert problem.is_displayed() and "no revision 'no-such-revision'" in problem.text
    assert page.current_url.endswith("/changes?since=no-such-revision")


def test_the_index_opens_the_view_since_the_revision_typed(page, committed):
    page.get(committed.url)
    wait_until(lambda: page.execute_script("return document.documentElement.dataset.galleyVersion"))
    revision = page.find_element(By.ID, "changes-since")
    revision.clear()
    revision.send_keys("HEAD\n")
    wait_until(lambda: page.current_url.endswith("/changes?since=HEAD"))
    wait_until(lambda: changed_text(page) and "Edited since the commit." in changed_text(page),
               timeout=120, message="the changes view did not mark the edited paragraph")


def two_characters_edited(species):
    """Two characters of a Japanese paragraph in the middle of the first article, and the last article's title."""
    paragraph = species[0]["detailText"][5]
    assert paragraph[9:11] == "活環", paragraph
    species[0]["detailText"][5] = paragraph[:9] + "命周" + paragraph[11:]
    species[3]["name"] = species[3]["name"] + " (Eudyptula)"


@pytest.fixture
def edited_species():
    """The real app's content, committed, two characters of a paragraph and a title edited since; served."""
    path, holder = committed_species()
    edit(path, two_characters_edited)
    daemon = Daemon(path).start()
    yield daemon, path
    daemon.stop()
    remove_history(holder)


def current_change(page):
    return page.execute_script("""
        const current = document.querySelectorAll('#changes [data-review-current]');
        if (current.length !== 1) return null;
        const box = current[0].getBoundingClientRect();
        return {text: current[0].textContent, review: current[0].dataset.review,
                inView: box.top >= 0 && box.bottom <= innerHeight,
                position: document.getElementById('change-position').textContent};""")


def test_a_two_character_edit_is_two_characters_unchanged_runs_fold_and_keys_step_through(page, edited_species):
    daemon, path = edited_species
    page.get(daemon.url + "changes?since=HEAD")
    wait_until(lambda: page.execute_script("return document.querySelectorAll('#changes ins').length") == 2,
               timeout=120, message="the changes view did not mark the edits within their blocks")
    marks = page.execute_script("""return Array.from(document.querySelectorAll('#changes del, #changes ins'),
        (el) => [el.tagName, el.textContent, el.closest('[data-review]').dataset.review, el.closest('[data-review]').tagName]);""")
    assert ["DEL", "活環", "changed", "DIV"] in marks and ["INS", "命周", "changed", "DIV"] in marks, marks
    # The title, which this app's articles have no header for, marked above its article: only what was added to it.
    assert ["INS", " (Eudyptula)", "changed", "P"] in marks, marks
    assert page.execute_script("return document.querySelectorAll('#changes [data-review=\"before\"]').length") == 0
    # The paragraph is not struck whole: only the two characters each way are marked, the rest is plain text.
    marked = page.execute_script("""const block = document.querySelector('#changes div[data-review=changed]');
        return [block.textContent.length, Array.from(block.querySelectorAll('del, ins'), (el) => el.textContent).join('')];""")
    assert marked[1] == "活環命周" and marked[0] > 100, marked

    # Unchanged runs folded, closed, their blocks not shown; opening one shows them and a save keeps it open.
    folds = page.find_elements(By.CSS_SELECTOR, "#changes details.review-fold")
    assert folds and all(re.fullmatch(r"\d+ unchanged blocks", fold.find_element(By.TAG_NAME, "summary").text)
                         for fold in folds)
    first = folds[0]
    hidden = first.find_element(By.CSS_SELECTOR, ".blk")
    assert not hidden.is_displayed()
    first.find_element(By.TAG_NAME, "summary").click()
    assert hidden.is_displayed()
    opened = first.get_attribute("data-fold")
    shown = page.execute_script("return Number(document.documentElement.dataset.changesShown)")
    edit(path, lambda species: species[1]["detailText"].__setitem__(0, species[1]["detailText"][0] + "。"))
    wait_until(lambda: page.execute_script("return Number(document.documentElement.dataset.changesShown)") > shown,
               timeout=120, message="a save did not reach the changes view")
    assert page.execute_script(f"return document.querySelector('#changes details[data-fold=\"{opened}\"]').open") is True

    # Next and previous change, by key and by button, each brought into view.
    changes = page.execute_script(
        "return document.querySelectorAll('#changes [data-review]:not([data-review=\"before\"])').length")
    assert changes == 3, changes
    body = page.find_element(By.TAG_NAME, "body")
    body.send_keys("n")
    assert current_change(page) == {"text": current_change(page)["text"], "review": "changed", "inView": True,
                                    "position": "1 of 3 changes"}
    assert "命周" in current_change(page)["text"]
    body.send_keys("j")
    assert current_change(page)["position"] == "2 of 3 changes"
    page.find_element(By.ID, "next-change").click()
    last = current_change(page)
    assert last["position"] == "3 of 3 changes" and last["inView"] and "(Eudyptula)" in last["text"], last
    assert page.find_element(By.ID, "next-change").get_attribute("disabled") is not None
    top = page.execute_script("return window.scrollY")
    body.send_keys("p")
    assert current_change(page)["position"] == "2 of 3 changes" and current_change(page)["inView"]
    assert page.execute_script("return window.scrollY") < top
    body.send_keys("k")
    assert "命周" in current_change(page)["text"]
    # Typed into the revision field, the keys are the field's.
    page.find_element(By.ID, "since").send_keys("n")
    assert current_change(page)["position"] == "1 of 3 changes"
