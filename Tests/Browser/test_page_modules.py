"""Each page names every module it runs in its head (modulepreload), so a
browser fetches them all at once instead of one level of imports after
another; the index also starts its document list there. Checked against the
imports in the sources, and in real headless Chromium: no module of the
index is fetched by an import, and its list is fetched once, by its head."""
import os
import re

import pytest

from browser_support import REPO, wait_until

PAGE = os.path.join(REPO, "Assets", "Page")
STATIC_IMPORT = re.compile(r"""\bfrom\s+'\./([\w]+\.js)'""")
PAGE_IMPORT = re.compile(r"""dataset\.page === '(\w+)'\) import\('\./([\w]+\.js)'\)""")
PRELOADED = re.compile(r'<link rel="modulepreload" href="/_galley/([\w]+\.js)">')
# Each page's file, by the name galley.js knows it by (its <html data-page>).
PAGES = {"index": "index.html", "doc": "page.html", "changes": "changes.html"}


def source(name):
    with open(os.path.join(PAGE, name), encoding="utf-8") as handle:
        return handle.read()


def imported(start):
    """`start` and every module it imports, however deep. thisMachine.js is
    made by the daemon, so it has no source here and imports nothing."""
    seen, waiting = set(), [start]
    while waiting:
        name = waiting.pop()
        if name in seen:
            continue
        seen.add(name)
        if os.path.exists(os.path.join(PAGE, name)):
            waiting += STATIC_IMPORT.findall(source(name))
    return seen


def page_modules():
    """What each page runs, besides galley.js: its own module (galley.js imports it by the page) and all they import."""
    entries = dict(PAGE_IMPORT.findall(source("galley.js")))
    assert set(entries) == set(PAGES), entries
    return {page: (imported("galley.js") | imported(entry)) - {"galley.js"} for page, entry in entries.items()}


@pytest.mark.parametrize("page_name", sorted(PAGES))
def test_a_page_preloads_exactly_the_modules_it_imports(page_name):
    named = PRELOADED.findall(source(PAGES[page_name]))
    assert len(named) == len(set(named)), named
    assert set(named) == page_modules()[page_name]


def test_the_index_fetches_each_module_and_its_list_once_and_early(page, daemon):
    page.get(daemon.url)
    wait_until(lambda: page.execute_script("return document.documentElement.dataset.galleyVersion"),
               message="the index never showed its list")
    fetched = page.execute_script("""
        return performance.getEntriesByType('resource')
          .map((entry) => ({path: new URL(entry.name).pathname, initiator: entry.initiatorType}));""")
    modules = [f for f in fetched if f["path"].endswith(".js") and f["path"] != "/_galley/galley.js"]
    assert sorted(f["path"].rsplit("/", 1)[1] for f in modules) == sorted(page_modules()["index"]), fetched
    # Each was asked for by the head's links: a module fetched when an import was read is the initiator "script".
    assert all(f["initiator"] != "script" for f in modules), fetched
    # The list was asked for once, by the head: the page's own fetch (initiator "fetch") took the head's answer.
    lists = [f for f in fetched if f["path"] == "/api/documents"]
    assert len(lists) == 1 and lists[0]["initiator"] != "fetch", fetched
