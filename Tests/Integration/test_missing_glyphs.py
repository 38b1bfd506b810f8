"""Characters no installed font draws, which Chromium shows as boxes: named
by `galley check --verbose`, in the document's answer (for the page's font
note) and as a note at the block that holds the first. fontconfig is the
oracle here too, asked once per character, so the test says what is really
missing on this machine: after Scripts/setup, Thai and emoji are drawn and
Kawi (Unicode 15) is not."""
import json
import os
import shutil
import subprocess

import pytest

from galley_support import copy_content, run_galley

THAI = "ภาษาไทย"
PENGUIN = "\U0001F427"
KAWI = "\U00011F04"
DATA = {"name": "Penguin", "imageName": "p", "detailText": ["Little Penguin", f"{THAI} {PENGUIN}", f"Kawi {KAWI}"]}


def drawn_here(character):
    """Whether some installed face has `character`, as fontconfig says."""
    found = subprocess.run(["fc-list", f":charset={ord(character):x}", "family"], capture_output=True, text=True, check=True)
    return found.stdout.strip() != ""


@pytest.fixture
def folder(tmp_path):
    if not shutil.which("fc-list"):
        pytest.skip("fontconfig is not installed")
    root = tmp_path / "content"
    root.mkdir()
    (root / "data.json").write_text(json.dumps([DATA], ensure_ascii=False, indent=2), encoding="utf-8")
    path, holder = copy_content(str(root))
    yield path
    shutil.rmtree(holder, ignore_errors=True)


def test_setup_installs_faces_for_thai_and_emoji_and_kawi_has_none():
    """What Scripts/setup promises, and what the other tests build on."""
    assert drawn_here("ก") and drawn_here(PENGUIN), "run Scripts/setup: fonts-noto-core and fonts-noto-color-emoji draw Thai and emoji"
    assert not drawn_here(KAWI), "a face for Kawi is installed: pick another character no face draws"


def test_check_verbose_names_the_character_no_font_draws_at_its_block(folder):
    missing = [c for c in dict.fromkeys(THAI + PENGUIN + KAWI) if not drawn_here(c)]
    quiet = run_galley("check", folder)
    assert quiet.returncode == 0 and "missing" not in quiet.stdout and "font draws" not in quiet.stdout, quiet.stdout
    verbose = run_galley("check", "--verbose", folder)
    assert verbose.returncode == 0, verbose.stderr
    notes = [line for line in verbose.stdout.splitlines() if "no installed font draws" in line]
    assert len(notes) == 1, verbose.stdout
    # The Thai and emoji block is line 7 of the file; Kawi's, line 8.
    line = 7 if missing[0] != KAWI else 8
    assert notes[0].startswith(os.path.join(folder, "data.json") + f":{line}:"), notes
    for character in missing[:3]:
        assert f"U+{ord(character):04X} " in notes[0], notes
    assert "U+11F04 KAWI LETTER A" in notes[0]
    as_json = json.loads(run_galley("check", "--verbose", "--format", "json", folder).stdout)
    found = [d for d in as_json if d["id"] == "missing-glyph"]
    assert [d["severity"] for d in found] == ["note"], as_json


def test_the_document_answer_names_what_the_page_shows_as_boxes(folder, serve):
    daemon = serve(folder)
    [document] = daemon.documents()["documents"]
    status, body = daemon.api("/api/documents/" + document["id"])
    assert status == 200
    missing = [c for c in dict.fromkeys(THAI + PENGUIN + KAWI) if not drawn_here(c)]
    answer = body["missingGlyphs"]
    assert answer["count"] == len(missing)
    assert [c["character"] for c in answer["characters"]] == missing[:3]
    assert {"character": KAWI, "codePoint": "U+11F04", "name": "KAWI LETTER A"} in answer["characters"]
    notes = [d for d in body["diagnostics"] if d["id"] == "missing-glyph"]
    assert [(d["severity"], d["line"]) for d in notes] == [("note", 7 if missing[0] != KAWI else 8)], body["diagnostics"]
    assert document["warnings"] == 0 and document["errors"] == 0, "a face this machine lacks is no problem of the content"
