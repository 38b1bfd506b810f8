"""Diagnostics that tell the truth (issue 43): after a save that fixes one
thing and breaks the syntax, nothing stale or false; nothing skipped in
silence; galley.json's kinds added to the seed's; RTFD problems at TXT.rtf;
and serve's address before its warnings."""
import json
import os
import shutil
import time

import pytest

from galley_support import SPECIES, require_corpus, run_galley, save_by_rename


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


@pytest.fixture
def many_warnings(tmp_path):
    """2,000 documents with a warning each, and one that does not parse."""
    folder = tmp_path / "content"
    folder.mkdir()
    for number in range(2000):
        (folder / f"article{number:04}.json").write_text(
            '[{"name": "A", "detailText": ["<imgae>1</imgae>", "Text."]}]\n', encoding="utf-8")
    (folder / "broken.json").write_text('[{"name": "B" "detailText": []}]\n', encoding="utf-8")
    return folder


def test_serve_prints_the_address_first_and_a_digest_of_its_warnings(many_warnings, serve):
    daemon = serve(str(many_warnings))
    deadline = time.monotonic() + 120  # a hang guard only
    while not any("documents ready" in line for line in daemon.output):
        assert time.monotonic() < deadline and daemon.proc.poll() is None, "".join(daemon.output[-40:])
        time.sleep(0.05)
    lines = [line.rstrip("\n") for line in daemon.output]
    ready = next(index for index, line in enumerate(lines) if "documents ready" in line)
    assert lines[0].startswith("Galley is serving a live preview at http://127.0.0.1:"), lines[:3]
    assert ready <= 30, lines[:ready + 1]
    # A count per identifier, the error before the warnings, and where to see the rest.
    assert any("2001 new problems" in line and "json-syntax 1" in line and "unknown-tag 2000" in line for line in lines[:ready]), lines
    assert "broken.json:1:14: error: missing ',' between object members" in lines[:ready]
    assert "article0000.json:1:31: warning: '<imgae>' matches no block kind and is shown as body text; did you mean 'image'?" in lines
    assert any("more not shown" in line and daemon.url in line and "galley check" in line for line in lines[:ready]), lines
    # The page still has every one of them.
    listed = daemon.documents()["documents"]
    assert sum(document["warnings"] for document in listed) == 2000


def test_a_busy_port_is_said_before_anything_about_the_content(many_warnings, serve):
    daemon = serve(str(many_warnings))
    result = run_galley("serve", str(many_warnings), "--port", str(daemon.port))
    assert result.returncode == 1
    assert result.stderr.splitlines() == [
        f"galley: port {daemon.port} on 127.0.0.1 is already in use (is another galley running?); "
        "choose another with --port, or --port 0 for any free port"], result.stderr


def test_one_save_with_many_new_problems_prints_a_digest(tmp_path, serve):
    folder = tmp_path / "content"
    folder.mkdir()
    daemon = serve(str(folder))
    blocks = ", ".join(f'"<image>{number:02}</image>"' for number in range(100))
    save_by_rename(str(folder / "large.json"), f'[{{"name": "L", "imageName": "photo", "detailText": [{blocks}]}}]\n')
    deadline = time.monotonic() + 60  # a hang guard only
    while not any("large.json: 1 document updated" in line for line in daemon.output):
        assert time.monotonic() < deadline, "".join(daemon.output)
        time.sleep(0.05)
    told = [line for line in daemon.output if "large.json" in line or "new problems" in line or "not shown" in line]
    assert any("100 new problems (0 errors, 100 warnings): missing-image 100" in line for line in told), told
    assert len([line for line in told if ": warning: no image set or image file named" in line]) == 3, told
    assert any("97 more not shown here" in line for line in told), told


def test_a_config_that_styles_only_captions_keeps_the_seeds_images(species):
    before = json.loads(run_galley("check", ".", "--format", "json", cwd=species).stdout)
    with open(os.path.join(species, "galley.json"), "w", encoding="utf-8") as handle:
        json.dump({"kinds": [{"name": "caption", "style": {"color": "#3A3A3C"}}]}, handle)
    after = json.loads(run_galley("check", ".", "--format", "json", cwd=species).stdout)
    # Images are still images: no caption lost its image, no tag is shown as text.
    assert not [d for d in after if d["id"] in ("unknown-tag", "misplaced-block")], after
    assert len([d for d in after if d["path"].endswith("speciesData.json")]) <= len(before), after
    # Only a kind that goes says so: replaced without the image kind, each image says the kind is missing.
    with open(os.path.join(species, "galley.json"), "w", encoding="utf-8") as handle:
        json.dump({"replaceKinds": True, "kinds": [{"name": "caption", "style": {"color": "#3A3A3C"}}]}, handle)
    replaced = json.loads(run_galley("check", ".", "--format", "json", cwd=species).stdout)
    images = [d for d in replaced if d["id"] == "unknown-tag"]
    assert images and all("galley.json has no kind 'image'" in d["message"] for d in images), images


RTFD = os.path.join(os.path.dirname(SPECIES), "..", "rtfd")


@pytest.fixture
def bundles(tmp_path):
    """The corpus's RTFD bundles; Hesperides' lost its attached picture."""
    require_corpus(RTFD)
    folder = tmp_path / "bundles"
    shutil.copytree(RTFD, folder)
    os.remove(folder / "Hesperides-Credits.rtfd" / "nousoft.jpg")
    return folder


def test_rtfd_problems_point_at_the_bundles_text_file(bundles, serve):
    lines = run_galley("check", ".", cwd=str(bundles)).stdout.splitlines()
    problems = [line for line in lines if ": warning: " in line or ": error: " in line]
    assert "Hesperides-Credits.rtfd/TXT.rtf:8:15: warning: missing image 'nousoft.jpg'" in problems, lines
    assert problems and all(line.split(":")[0].endswith(".rtfd/TXT.rtf") for line in problems), problems
    for problem in problems:
        assert os.path.isfile(bundles / problem.split(":")[0]), problem
    # Named directly, a bundle's problems are still in its text file, as editors and CI annotations need.
    github = run_galley("check", "Hesperides-Credits.rtfd", "--format", "github", cwd=str(bundles)).stdout
    assert github.startswith("::warning file=Hesperides-Credits.rtfd/TXT.rtf,line=8,col=15,"), github
    # And on the page.
    daemon = serve(str(bundles))
    listed = next(d for d in daemon.documents()["documents"] if d["path"] == "Hesperides-Credits.rtfd")
    _, answer = daemon.api("/api/documents/" + listed["id"])
    assert {d["path"] for d in answer["diagnostics"]} == {"Hesperides-Credits.rtfd/TXT.rtf"}, answer["diagnostics"]


@pytest.fixture
def outside_link(tmp_path):
    """A content folder holding only a symlink to a folder of articles outside it."""
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    (outside / "article.json").write_text('[{"name": "A", "detailText": ["<imgae>1</imgae>"]}]\n', encoding="utf-8")
    content = tmp_path / "content"
    content.mkdir()
    os.symlink(outside, content / "articles")
    return content


def test_check_of_a_folder_of_only_an_outside_link_fails_naming_it(outside_link):
    for arguments in ([], ["--format", "json"]):
        result = run_galley("check", ".", *arguments, cwd=str(outside_link))
        assert result.returncode == 2, (arguments, result.stdout, result.stderr)
        told = result.stdout + result.stderr
        assert "skipped 'articles': a symbolic link that leads outside the content folder" in told, told
        assert "'.' holds no content to check" in result.stderr, result.stderr
        assert "imgae" not in told, "nothing outside was read"


def test_serve_says_once_what_it_skipped_and_lists_it(outside_link, serve):
    (outside_link / "own.json").write_text('[{"name": "Own", "detailText": ["Text."]}]\n', encoding="utf-8")
    daemon = serve(str(outside_link))
    answer = daemon.documents()
    assert answer["skipped"] == [{"path": "articles", "reason": "link-leads-outside",
                                  "message": "skipped 'articles': a symbolic link that leads outside the content folder, "
                                             "which Galley never reads"}]
    assert [document["path"] for document in answer["documents"]] == ["own.json"]
    told = [line for line in daemon.output if "skipped 'articles'" in line]
    assert len(told) == 1, daemon.output
    # With something to check, check passes and still says what it skipped.
    result = run_galley("check", ".", cwd=str(outside_link))
    assert result.returncode == 0 and "skipped 'articles'" in result.stdout, result.stdout + result.stderr
