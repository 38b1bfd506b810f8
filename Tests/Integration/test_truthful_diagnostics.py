"""Diagnostics that tell the truth (issue 43): after a save that fixes one
thing and breaks the syntax, nothing stale or false; nothing skipped in
silence; galley.json's kinds added to the seed's; RTFD problems at TXT.rtf;
and serve's address before its warnings."""
import os
import time

import pytest

from galley_support import SPECIES, run_galley, save_by_rename


def localized_copies(species):
    """The real app's data file as en.lproj and ja.lproj copies; the Japanese
    one misspells its first image tag. Returns the Japanese file's path."""
    resources = os.path.join(species, "Resources")
    original = os.path.join(resources, "speciesData.json")
    text = open(original, encoding="utf-8").read()
    for language in ("en", "ja"):
        os.makedirs(os.path.join(resources, f"{language}.lproj"))
    os.replace(original, os.path.join(resources, "en.lproj", "speciesData.json"))
    japanese = os.path.join(resources, "ja.lproj", "speciesData.json")
    with open(japanese, "w", encoding="utf-8") as handle:
        handle.write(text.replace("<image>01</image>", "<imgae>01</imgae>", 1))
    return japanese


def fix_the_tag_and_drop_a_comma(path):
    """One save: `<imgae>` becomes `<image>`, and the caption after it loses its comma."""
    lines = open(path, encoding="utf-8").read().splitlines(keepends=True)
    tag = next(number for number, line in enumerate(lines) if "<imgae>" in line)
    lines[tag] = lines[tag].replace("imgae", "image")
    assert lines[tag + 1].rstrip().endswith(",")
    lines[tag + 1] = lines[tag + 1].rstrip()[:-1] + "\n"
    save_by_rename(path, "".join(lines))
    return tag + 1, tag + 2


def test_check_after_a_broken_save_lists_the_syntax_error_and_no_comparison(species):
    japanese = localized_copies(species)
    before = run_galley("check", "Resources", cwd=species).stdout.splitlines()
    assert any("ja.lproj/speciesData.json" in line and "'<imgae>'" in line for line in before), before
    tag_line, comma_line = fix_the_tag_and_drop_a_comma(japanese)
    result = run_galley("check", "Resources", cwd=species)
    assert result.returncode == 1, result.stdout
    japanese_lines = [line for line in result.stdout.splitlines() if "ja.lproj/" in line]
    # Only the syntax error: no stale tag warning, no "1 item here, 4 items in en", no "image … missing here".
    assert len(japanese_lines) == 1 and f"speciesData.json:{comma_line}:" in japanese_lines[0], result.stdout
    assert ": error: missing ','" in japanese_lines[0]
    assert "items in" not in result.stdout and "missing here" not in result.stdout, result.stdout
    # The English copy's own warning (its grey captions) is still true, and still said.
    assert any("en.lproj/speciesData.json" in line and "contrast ratio" in line for line in result.stdout.splitlines())


def test_serve_marks_the_last_good_readings_warnings_after_a_broken_save(species, serve):
    japanese = localized_copies(species)
    daemon = serve(species)
    document = next(d for d in daemon.documents()["documents"] if d["path"] == "Resources/ja.lproj/speciesData.json")
    _, answer = daemon.api("/api/documents/" + document["id"])
    assert [(d["id"], d.get("fromLastGoodReading")) for d in answer["diagnostics"]][:1] == [("unknown-tag", None)], answer["diagnostics"]
    tag_line, comma_line = fix_the_tag_and_drop_a_comma(japanese)
    deadline = time.monotonic() + 60  # a hang guard only
    while not any(d["severity"] == "error" for d in answer["diagnostics"]):
        assert time.monotonic() < deadline, answer["diagnostics"]
        time.sleep(0.05)
        _, answer = daemon.api("/api/documents/" + document["id"])
    found = [(d["id"], d["line"], d.get("fromLastGoodReading", False)) for d in answer["diagnostics"]]
    assert ("json-syntax", comma_line, False) in found, found
    # The tag warning is the last good reading's, marked so: its line now reads <image>.
    assert ("unknown-tag", tag_line, True) in found, found
    assert all(marked for identifier, _, marked in found if identifier != "json-syntax"), found
    # No comparison was made from the failed reading.
    assert not any("items in" in d["message"] for d in answer["diagnostics"]), answer["diagnostics"]
    # Fixing the comma removes it all: the tag is right now.
    lines = open(japanese, encoding="utf-8").read().splitlines(keepends=True)
    lines[comma_line - 1] = lines[comma_line - 1].rstrip() + ",\n"
    save_by_rename(japanese, "".join(lines))
    while any(d["severity"] == "error" or d.get("fromLastGoodReading") for d in answer["diagnostics"]):
        assert time.monotonic() < deadline, answer["diagnostics"]
        time.sleep(0.05)
        _, answer = daemon.api("/api/documents/" + document["id"])
    assert not any(d["id"] == "unknown-tag" for d in answer["diagnostics"]), answer["diagnostics"]
