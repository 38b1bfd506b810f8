"""The whole product path against the real daemon on the real app's content:
files -> watcher -> parse -> render -> publish -> held polls."""
import json
import os
import re
import shutil

from galley_support import HeldPoll, save_by_rename, save_in_place

DATA = "Resources/speciesData.json"


def species_documents(daemon):
    return [d for d in daemon.documents()["documents"] if d["path"] == DATA]


def test_lists_the_four_species_with_their_names(species, serve):
    daemon = serve(species)
    documents = species_documents(daemon)
    assert [d["title"] for d in documents] == ["Toxoplasma", "Cheetah", "Japanese Cedar", "Little Penguin"]
    assert [d["item"] for d in documents] == [0, 1, 2, 3]
    assert all(d["kind"] == "tagged" and d["errors"] == 0 for d in documents)
    # The seed's grey caption is too faint on white: said once for the folder, on its first caption's page.
    assert [d["warnings"] for d in documents] == [1, 0, 0, 0]


def test_the_folders_contrast_warning_moves_to_the_first_file_that_uses_the_caption(species, serve):
    daemon = serve(species)
    earlier = os.path.join(species, "Resources", "a.json")
    poll = HeldPoll(daemon, f"/api/documents?since={daemon.documents()['version']}")
    save_by_rename(earlier, '[{"name": "A", "imageName": "toxoplasma", "detailText": ["<image>01</image>", "<caption>one</caption>"]}]\n')
    status, _ = poll.result()
    assert status == 200
    warnings = {(d["path"], d["item"]): d["warnings"] for d in daemon.documents()["documents"] if d["path"].startswith("Resources/")}
    assert warnings == {("Resources/a.json", 0): 1, (DATA, 0): 0, (DATA, 1): 0, (DATA, 2): 0, (DATA, 3): 0}
    _, page = daemon.api("/api/documents/" + daemon.doc_id("A"))
    [contrast] = [d for d in page["diagnostics"] if d["id"] == "low-contrast"]
    assert (contrast["path"], contrast["line"], contrast["severity"]) == ("Resources/a.json", 1, "warning")
    assert contrast["block"] is None, "about the kind's style: listed, not marked on the caption it is said at"
    assert "3.26:1" in contrast["message"]

    poll = HeldPoll(daemon, f"/api/documents?since={daemon.documents()['version']}")
    os.remove(earlier)
    assert poll.result()[0] == 200
    assert [d["warnings"] for d in species_documents(daemon)] == [1, 0, 0, 0]


def test_every_image_resolves_and_is_served(species, serve):
    daemon = serve(species)
    sources = []
    for document in species_documents(daemon):
        status, body = daemon.api("/api/documents/" + document["id"])
        assert status == 200
        assert "is-missing" not in body["html"]
        sources += re.findall(r'<img src="([^"]+)"', body["html"])
    assert len(sources) == 16
    for source in sources:
        status, headers, data = daemon.get(source.replace("&amp;", "&"))
        assert status == 200, source
        assert headers["Content-Type"] in ("image/jpeg", "image/png")
        assert headers["X-Content-Type-Options"] == "nosniff"
        assert "immutable" in headers["Cache-Control"]
        etag = headers["ETag"]
        status, _, _ = daemon.get(source, headers={"If-None-Match": etag})
        assert status == 304


def edit_and_wait(daemon, species, save, old, new):
    path = os.path.join(species, DATA)
    penguin = species_documents(daemon)[3]
    _, current = daemon.api("/api/documents/" + penguin["id"])
    poll = HeldPoll(daemon, f"/api/documents/{penguin['id']}?since={current['version']}")
    text = open(path, encoding="utf-8").read()
    assert old in text
    save(path, text.replace(old, new, 1))
    status, answer = poll.result()
    assert status == 200
    assert answer["version"] != current["version"]
    return current, answer


def test_in_place_save_reaches_a_held_poll(species, serve):
    daemon = serve(species)
    _, answer = edit_and_wait(daemon, species, save_in_place, "コガタペンギンの平均寿命", "EDITED-IN-PLACE コガタペンギンの平均寿命")
    assert "EDITED-IN-PLACE" in answer["html"]


def test_rename_save_reaches_a_held_poll(species, serve):
    daemon = serve(species)
    _, answer = edit_and_wait(daemon, species, save_by_rename, "コガタペンギンの平均寿命", "EDITED-BY-RENAME コガタペンギンの平均寿命")
    assert "EDITED-BY-RENAME" in answer["html"]


def test_broken_comma_is_reported_at_its_line_and_last_good_html_stays(species, serve):
    daemon = serve(species)
    path = os.path.join(species, DATA)
    lines = open(path, encoding="utf-8").read().split("\n")
    # Remove the comma after the penguin's first image tag.
    index = next(i for i, line in enumerate(lines) if '"<image>02</image>",' in line and i > 100)
    lines[index] = lines[index].replace('"<image>02</image>",', '"<image>02</image>"')
    penguin = species_documents(daemon)[3]
    _, current = daemon.api("/api/documents/" + penguin["id"])
    poll = HeldPoll(daemon, f"/api/documents/{penguin['id']}?since={current['version']}")
    save_in_place(path, "\n".join(lines))
    status, answer = poll.result()
    assert status == 200
    errors = [d for d in answer["diagnostics"] if d["severity"] == "error"]
    column = lines[index].index('"<image>02</image>"') + len('"<image>02</image>"') + 1
    assert errors == [{
        "path": DATA, "line": index + 1, "column": column, "endLine": index + 1, "endColumn": column,
        "severity": "error", "id": "json-syntax", "message": "missing ',' between array elements", "block": None,
        "fixIts": [{"message": "Insert ','", "edits": [{"line": index + 1, "column": column, "endLine": index + 1, "endColumn": column, "text": ","}]}],
    }]
    assert answer["html"] == current["html"], "the last good rendering stays"
    assert species_documents(daemon)[3]["errors"] == 1


def test_history_versions_applied_as_saves(species, serve):
    daemon = serve(species)
    path = os.path.join(species, DATA)
    history = os.path.join(species, "history")
    for name in sorted(os.listdir(history)):
        version_text = open(os.path.join(history, name), encoding="utf-8").read()
        expected_titles = [item["name"] for item in json.loads(version_text)]
        index_before = daemon.documents()["version"]
        poll = HeldPoll(daemon, f"/api/documents?since={index_before}")
        save_by_rename(path, version_text)
        status, index = poll.result()
        assert status == 200
        titles = [d["title"] for d in index["documents"] if d["path"] == DATA]
        assert titles == expected_titles, name


def test_deleted_file_answers_held_polls_with_removed(species, serve):
    daemon = serve(species)
    penguin = species_documents(daemon)[3]
    _, current = daemon.api("/api/documents/" + penguin["id"])
    poll = HeldPoll(daemon, f"/api/documents/{penguin['id']}?since={current['version']}")
    os.remove(os.path.join(species, DATA))
    status, answer = poll.result()
    assert status == 404 and answer["removed"] is True
    assert species_documents(daemon) == []


def test_unchanged_save_does_not_wake_polls(species, serve):
    daemon = serve(species)
    penguin = species_documents(daemon)[3]
    _, current = daemon.api("/api/documents/" + penguin["id"])
    poll = HeldPoll(daemon, f"/api/documents/{penguin['id']}?since={current['version']}&wait=1")
    path = os.path.join(species, DATA)
    save_in_place(path, open(path, encoding="utf-8").read())
    status, answer = poll.result(timeout=60)
    assert status == 200 and answer["version"] == current["version"], "answered only by its own deadline"


def test_image_change_gives_a_new_url(species, serve):
    daemon = serve(species)
    penguin = species_documents(daemon)[3]
    _, current = daemon.api("/api/documents/" + penguin["id"])
    poll = HeldPoll(daemon, f"/api/documents/{penguin['id']}?since={current['version']}")
    image = os.path.join(species, "Assets.xcassets", "lpenguin_02.imageset", "lpenguin_02.jpg")
    shutil.copyfile(os.path.join(species, "Assets.xcassets", "lpenguin_03.imageset", "lpenguin_03.jpg"), image)
    status, answer = poll.result()
    old = re.search(r'src="(/files/Assets.xcassets/lpenguin_02[^"]+)"', current["html"]).group(1)
    new = re.search(r'src="(/files/Assets.xcassets/lpenguin_02[^"]+)"', answer["html"]).group(1)
    assert old != new
    _, _, served = daemon.get(new.replace("&amp;", "&"))
    assert served == open(image, "rb").read()
