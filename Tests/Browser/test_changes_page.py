"""The changes view in real Chromium against the real daemon: opened from
the document page's toolbar, its revision in the address, and a save shown
in its marked blocks without a reload, the reading position kept."""
import json
import os

import pytest
from selenium.webdriver.common.by import By

from browser_support import Daemon, save_by_rename, wait_until
from history_support import git


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
