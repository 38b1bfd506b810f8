"""A title given in galley.json as a key of the app's strings, in Chromium:
each language's page shows that language's value (from a UTF-16
Localizable.strings and from a String Catalog), in the toolbar and in the
text view's navigation bar; the language switch and the side-by-side view
switch it, and a save of the strings file changes it live."""
import os
import shutil
import sys
import tempfile

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import strings_fixture as fx  # noqa: E402
from browser_support import Daemon, save_by_rename, wait_until  # noqa: E402
from galley_support import temp_root  # noqa: E402


@pytest.fixture
def strings_daemon():
    holder = tempfile.mkdtemp(prefix="galley-browser-strings-", dir=temp_root())
    root = os.path.join(holder, "App")
    os.makedirs(root)
    fx.make_strings_project(root)
    daemon = Daemon(root).start()
    yield daemon, root
    daemon.stop()
    shutil.rmtree(holder, ignore_errors=True)


def titles(page, view="view-a"):
    """The toolbar's title and the navigation bar's in `view`."""
    return page.execute_script("""
        const bar = document.querySelector('#' + arguments[0] + ' article .navbar h1');
        return [document.getElementById('doc-title').textContent, bar ? bar.textContent : null];
    """, view)


def test_the_title_key_shows_each_languages_value_and_switches_with_the_language(page, strings_daemon):
    daemon, root = strings_daemon
    japanese = next(d for d in daemon.documents()["documents"] if d["path"] == "ja.lproj/Help.rtf")
    page.get(daemon.url + "doc/" + japanese["id"])
    wait_until(lambda: titles(page)[1] is not None)
    assert titles(page) == [fx.JAPANESE_TITLE, fx.JAPANESE_TITLE]
    # Beside it, the English copy with the English value.
    Select(page.find_element(By.ID, "compare-language")).select_by_value("en")
    wait_until(lambda: page.execute_script("return document.querySelector('#view-b article .navbar h1')?.textContent") == fx.ENGLISH_TITLE,
               message="the English copy beside the Japanese one does not show the English title")
    # Live: the English strings file is saved with a new value.
    edited = fx.ENGLISH_STRINGS.replace('"Help"', '"Help and tips"')
    save_by_rename(os.path.join(root, "en.lproj", "Localizable.strings"), b"\xff\xfe" + edited.encode("utf-16-le"))
    wait_until(lambda: page.execute_script("return document.querySelector('#view-b article .navbar h1')?.textContent") == "Help and tips",
               message="the English title beside did not follow the save")
    assert titles(page)[0] == fx.JAPANESE_TITLE
    # The language switch opens the English copy with its title.
    Select(page.find_element(By.ID, "compare-language")).select_by_value("")
    Select(page.find_element(By.ID, "language")).select_by_value("en")
    wait_until(lambda: titles(page) == ["Help and tips", "Help and tips"], message="the English copy's title")
    # French has no value: the app shows the key, and the page says why.
    Select(page.find_element(By.ID, "language")).select_by_value("fr")
    wait_until(lambda: titles(page) == [fx.KEY, fx.KEY])
    wait_until(lambda: "has no value in 'fr'" in page.find_element(By.TAG_NAME, "body").get_attribute("textContent"),
               message="the missing French value is not among the page's problems")
