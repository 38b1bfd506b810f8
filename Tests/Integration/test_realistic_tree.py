"""The bench's realistic tree (Scripts/bench.d/realistic_tree.py) is what
its numbers claim: the same bytes for the same parameters, and to Galley
exactly the documents, titles and warnings it was made with, so that a
start-up measured on it is not measuring mistakes of the generator."""
import importlib.util
import os
import re
import shutil
import tempfile
import time

import pytest

from galley_support import CORPUS, REPO, SPECIES, require_corpus, run_galley, temp_root
from test_diff import snapshot

SMALL = {"languages": 3, "articles": 40, "image_sets": 90, "catalog_keys": 120, "warning_every": 7, "per_file": 20}


def generator():
    spec = importlib.util.spec_from_file_location("realistic_tree", os.path.join(REPO, "Scripts", "bench.d", "realistic_tree.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def folder():
    require_corpus(SPECIES)
    holder = tempfile.mkdtemp(prefix="realistic-", dir=temp_root())
    yield holder
    shutil.rmtree(holder, ignore_errors=True)


def tree_bytes(root):
    """Every file's bytes, by its path in the tree."""
    return {os.path.relpath(path, root): data for path, (data, _) in snapshot(root).items()}


def test_the_same_parameters_make_the_same_bytes_and_another_seed_other_text(folder):
    made = generator()
    first = made.generate(os.path.join(folder, "a"), CORPUS, **SMALL)
    made.generate(os.path.join(folder, "b"), CORPUS, **SMALL)
    made.generate(os.path.join(folder, "c"), CORPUS, **SMALL, seed=7)
    a, b, c = (tree_bytes(os.path.join(folder, name)) for name in "abc")
    assert a == b
    assert len(a) == first["files"] and sum(map(len, a.values())) == first["bytes"]
    assert a.keys() == c.keys() and a["en.lproj/speciesData01.json"] != c["en.lproj/speciesData01.json"]
    # 1x/2x/3x, each with a dark variant, and the Contents.json naming them.
    assert len([path for path in a if path.endswith(".png")]) == 6 * SMALL["image_sets"]
    # No two languages share a file's bytes.
    assert a["en.lproj/Help.rtf"] != a["ja.lproj/Help.rtf"]
    assert a["en.lproj/speciesData02.json"] != a["de.lproj/speciesData02.json"]


def test_check_finds_exactly_the_misspelt_tags_made(folder):
    tree = generator().generate(os.path.join(folder, "tree"), CORPUS, **SMALL)
    result = run_galley("check", ".", cwd=tree["root"], timeout=300)
    lines = [line for line in result.stdout.splitlines() if ": warning: " in line or ": error: " in line]
    misspelt = [line for line in lines if "'<imgae>' matches no block kind" in line]
    assert len(misspelt) == tree["warnedDocuments"] == -(-SMALL["languages"] * SMALL["articles"] // SMALL["warning_every"])
    # Besides them, only the default style's grey caption, once: no missing
    # image, no localisation that differs, no unknown key, no error.
    others = [line for line in lines if line not in misspelt]
    assert len(others) == 1 and "'caption' text colour" in others[0], others
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_daemon_lists_every_document_with_its_title_and_warnings(folder, serve):
    made_by = generator()
    tree = made_by.generate(os.path.join(folder, "tree"), CORPUS, **SMALL)
    daemon = serve(tree["root"])
    listing = daemon.documents()
    deadline = time.monotonic() + 120  # a hang guard, not a measurement
    while len(listing["documents"]) < tree["documents"]:
        assert time.monotonic() < deadline, f"{len(listing['documents'])} of {tree['documents']} listed"
        _, listing = daemon.api(f"/api/documents?since={listing['version']}&wait=5")
    documents = listing["documents"]
    assert len(documents) == tree["documents"]
    made = {(f"{language}.lproj/speciesData{article // SMALL['per_file'] + 1:02d}.json", article % SMALL["per_file"])
            for index, language in enumerate(made_by.LANGUAGES[:SMALL["languages"]]) for article in range(SMALL["articles"])
            if (index * SMALL["articles"] + article) % SMALL["warning_every"] == 0}
    assert len(made) == tree["warnedDocuments"]
    warned = {(d["path"], d["item"]) for d in documents if d["warnings"]}
    # The default style's grey caption is one warning, shown with one document.
    assert made <= warned and len(warned - made) <= 1, warned - made
    # The help is titled by the catalog's value in its own language.
    assert sorted(d["title"] for d in documents if d["path"].endswith("Help.rtf")) == ["Help (de)", "Help (en)", "Help (ja)"]
    japanese = [d["title"] for d in documents if d["path"] == "ja.lproj/speciesData01.json"]
    assert len(japanese) == SMALL["per_file"] and all(re.search(r"[\u3040-\u30ff] \d+ \(ja\)$", title) for title in japanese)
