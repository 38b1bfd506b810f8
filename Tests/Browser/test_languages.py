"""Localisations on the page: the language switch, and two languages side by
side, each live, scrolled together by block."""
import json
import os
import shutil

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from browser_support import Daemon, save_by_rename, wait_until


@pytest.fixture
def localized(content):
    """The fixture's data file as a Japanese original and an English copy."""
    resources = os.path.join(content, "Resources")
    data = next(name for name in os.listdir(resources) if name.endswith(".json"))
    with open(os.path.join(resources, data), encoding="utf-8") as f:
        items = json.load(f)
    for language in ("ja", "en"):
        os.makedirs(os.path.join(resources, language + ".lproj"))
    shutil.move(os.path.join(resources, data), os.path.join(resources, "ja.lproj", data))
    english = [dict(item, detailText=["EN " + text if not text.startswith("<") else text for text in item["detailText"]]) for item in items]
    english_path = os.path.join(resources, "en.lproj", data)
    with open(english_path, "w", encoding="utf-8") as f:
        json.dump(english, f, ensure_ascii=False, indent=2)
    daemon = Daemon(content).start()
    yield daemon, english_path, english
    daemon.stop()


def open_copy(page, daemon, language):
    document = next(d for d in daemon.documents()["documents"] if f"/{language}.lproj/" in d["path"] and d["item"] == 0)
    page.get(daemon.url + "doc/" + document["id"])
    wait_until(lambda: page.execute_script("return document.documentElement.dataset.galleyVersion"))
    return document


def test_the_language_switch_opens_the_other_copy(page, localized):
    daemon, _, _ = localized
    japanese = open_copy(page, daemon, "ja")
    assert page.find_element(By.ID, "language-group").is_displayed()
    assert page.find_element(By.CSS_SELECTOR, "#view-a article").get_attribute("lang") == "ja"
    Select(page.find_element(By.ID, "language")).select_by_value("en")
    wait_until(lambda: "/doc/" + japanese["id"] not in page.current_url)
    wait_until(lambda: page.execute_script("return document.querySelector('#view-a article')?.lang") == "en")


def test_two_languages_side_by_side_live_and_scrolled_together(page, localized):
    daemon, english_path, english = localized
    open_copy(page, daemon, "ja")
    Select(page.find_element(By.ID, "compare-language")).select_by_value("en")
    wait_until(lambda: page.execute_script("return document.querySelector('#view-b article')?.lang") == "en",
               message="the English copy never showed beside the Japanese one")
    assert "EN " in page.find_element(By.ID, "view-b").text
    assert "EN " not in page.find_element(By.ID, "view-a").text
    # Live: an edit of the English copy shows in the second device.
    english[0]["detailText"][0] = "EN edited while compared"
    save_by_rename(english_path, json.dumps(english, ensure_ascii=False).encode())
    wait_until(lambda: "EN edited while compared" in page.find_element(By.ID, "view-b").text)
    # Scrolling one brings the other's block of the same index to the same place.
    page.execute_script("""
        const a = document.getElementById('view-a');
        const blocks = a.querySelectorAll(':scope > article > .blk-group > .blk');
        a.scrollTop = blocks[Math.min(4, blocks.length - 1)].offsetTop;
    """)
    wait_until(lambda: page.execute_script("""
        const a = document.getElementById('view-a'), b = document.getElementById('view-b');
        const blocksB = b.querySelectorAll(':scope > article > .blk-group > .blk');
        const index = Math.min(4, blocksB.length - 1);
        return b.scrollTop > 0 && Math.abs(b.scrollTop - blocksB[index].offsetTop) < 2;
    """), message="the second language did not follow the scroll")
