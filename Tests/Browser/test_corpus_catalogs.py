"""Every picture of the real asset catalogs in ../shared/corpus/xcassets
shows in Chromium, found by the name the app asks for (group folders and
namespaces included), on the default iPhone and on the iPad."""
import json
import os
import shutil
import sys
import tempfile

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from browser_support import Daemon, wait_until

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from galley_support import CORPUS, require_corpus, temp_root  # noqa: E402

CATALOGS = os.path.join(CORPUS, "xcassets")
# Formats a browser shows as they are; the daemon converts the others.
WEB_FORMATS = (".png", ".jpg", ".jpeg", ".gif", ".webp", ".svg")


def set_names(catalog):
    """The names the app asks for: set folder names, prefixed by the groups that provide a namespace."""
    names = []
    for folder, subfolders, _ in os.walk(catalog):
        for sub in subfolders:
            if not sub.endswith(".imageset"):
                continue
            prefix = []
            relative = os.path.relpath(folder, catalog)
            path = catalog
            for group in ([] if relative == "." else relative.split(os.sep)):
                path = os.path.join(path, group)
                contents = os.path.join(path, "Contents.json")
                if os.path.exists(contents) and json.load(open(contents)).get("properties", {}).get("provides-namespace"):
                    prefix.append(group)
            names.append("/".join(prefix + [sub[:-len(".imageset")]]))
    return sorted(names)


@pytest.fixture
def corpus_daemon():
    require_corpus(CATALOGS)
    holder = tempfile.mkdtemp(prefix="galley-corpus-", dir=temp_root())
    root = os.path.join(holder, "content")
    items = []
    for app in sorted(os.listdir(CATALOGS)):
        catalog = os.path.join(CATALOGS, app, "Assets.xcassets")
        if not os.path.isdir(catalog):
            continue
        shutil.copytree(catalog, os.path.join(root, app, "Assets.xcassets"))
        items.append({"name": app, "detailText": ["<image>%s</image>" % name for name in set_names(catalog)]})
    with open(os.path.join(root, "galley.json"), "w") as f:
        json.dump({"kinds": [{"name": "image", "asset": "{content}"}, {"name": "body"}]}, f)
    with open(os.path.join(root, "catalogs.json"), "w") as f:
        json.dump(items, f)
    daemon = Daemon(root).start()
    yield daemon, items
    daemon.stop()
    shutil.rmtree(holder, ignore_errors=True)


def pictures(page):
    return page.execute_script("""
        return [...document.querySelectorAll('#view-a .k-image')].map((b) => {
          const img = b.querySelector('img');
          const placeholder = b.querySelector('.attachment-placeholder');
          return {alt: img ? img.alt : b.textContent, src: img ? img.getAttribute('src') : null,
                  placeholder: placeholder ? placeholder.textContent : null,
                  done: img ? img.complete : true, width: img ? img.naturalWidth : 0};
        });""")


def test_every_corpus_picture_shows(corpus_daemon, page):
    daemon, items = corpus_daemon
    not_converted = []
    for item in items:
        page.get(daemon.url + "doc/" + daemon.doc_id(item["name"]))
        wait_until(lambda: page.execute_script("return document.documentElement.dataset.galleyVersion"))
        for device in ("390", "820"):
            Select(page.find_element(By.ID, "device")).select_by_value(device)
            wait_until(lambda: all(p["done"] for p in pictures(page)), message=f"{item['name']}: pictures never finished")
            shown = pictures(page)
            assert len(shown) == len(item["detailText"]), item["name"]
            for picture in shown:
                if picture["placeholder"] and not picture["placeholder"].rstrip("”").lower().endswith(WEB_FORMATS):
                    not_converted.append(picture["placeholder"])
                    continue
                assert picture["src"], f"{item['name']} on {device}: '{picture['alt']}' is not shown"
                if picture["width"] == 0 and not picture["src"].split("?")[0].lower().endswith(WEB_FORMATS):
                    not_converted.append(picture["src"].split("?")[0])
                    continue
                assert picture["width"] > 0, f"{item['name']} on {device}: {picture['src']} did not decode"
    page.execute_script("localStorage.clear()")
    # A picture found and linked but not drawn is a failure, not a skip: the daemon draws every format libvips reads.
    assert not not_converted, "found and linked, but not drawn: " + ", ".join(sorted(set(not_converted)))
