"""Localisations side by side: the real app's data file as a Japanese
original and an English copy in sibling .lproj folders."""
import json
import os
import shutil

import pytest

from galley_support import HeldPoll, run_galley, save_by_rename


@pytest.fixture
def localized(species):
    """Resources/ja.lproj and en.lproj copies of the data file; the English
    copy lost the third <image> line of the last item."""
    resources = os.path.join(species, "Resources")
    original = os.path.join(resources, "speciesData.json")
    with open(original, encoding="utf-8") as f:
        items = json.load(f)
    os.makedirs(os.path.join(resources, "ja.lproj"))
    os.makedirs(os.path.join(resources, "en.lproj"))
    shutil.move(original, os.path.join(resources, "ja.lproj", "speciesData.json"))
    images = [index for index, text in enumerate(items[-1]["detailText"]) if text.startswith("<image>")]
    lost = items[-1]["detailText"].pop(images[2])
    write(os.path.join(resources, "en.lproj", "speciesData.json"), items)
    return species, items, lost


def write(path, items):
    with open(path, "w", encoding="utf-8") as f:
        json.dump(items, f, ensure_ascii=False, indent=2)


def last_line_of(path, text):
    """The last line holding `text`: the lost line belongs to the last item."""
    with open(path, encoding="utf-8") as f:
        return max(number for number, line in enumerate(f, 1) if text in line)


def test_a_lost_image_line_is_one_warning_naming_both_files(localized):
    species, items, lost = localized
    result = run_galley("check", species)
    # Besides the seed's grey caption, said once for the folder (low-contrast), one warning for the lost line.
    warnings = [line for line in result.stdout.splitlines() if ": warning: " in line and "contrast ratio" not in line]
    assert len(warnings) == 1, result.stdout
    assert result.stdout.splitlines()[-1].startswith("0 errors, 2 warnings"), result.stdout
    english = os.path.join(species, "Resources", "en.lproj", "speciesData.json")
    japanese = os.path.join(species, "Resources", "ja.lproj", "speciesData.json")
    assert warnings[0].startswith(english + ":"), warnings[0]
    assert f"Resources/ja.lproj/speciesData.json:{last_line_of(japanese, lost)}:" in warnings[0], warnings[0]


def test_the_page_warning_follows_either_language_live(localized, serve):
    species, items, lost = localized
    daemon = serve(species)
    english = next(d for d in daemon.documents()["documents"]
                   if d["path"] == "Resources/en.lproj/speciesData.json" and d["item"] == len(items) - 1)
    status, body = daemon.api("/api/documents/" + english["id"])
    assert any("localisations differ" in d["message"] for d in body["diagnostics"]), body["diagnostics"]
    # Each copy lists the copies of the same item, itself included.
    japanese_item = next(d for d in daemon.documents()["documents"]
                         if d["path"] == "Resources/ja.lproj/speciesData.json" and d["item"] == len(items) - 1)
    assert body["localizations"] == [{"language": "en", "id": english["id"]}, {"language": "ja", "id": japanese_item["id"]}]
    # The Japanese copy loses the same line: the two agree again.
    poll = HeldPoll(daemon, f"/api/documents/{english['id']}?since={body['version']}&wait=20")
    japanese = os.path.join(species, "Resources", "ja.lproj", "speciesData.json")
    with open(japanese, encoding="utf-8") as f:
        original = json.load(f)
    original[-1]["detailText"].remove(lost)
    save_by_rename(japanese, json.dumps(original, ensure_ascii=False, indent=2).encode())
    status, answer = poll.result()
    assert status == 200
    assert not any("localisations differ" in d["message"] for d in answer["diagnostics"]), answer["diagnostics"]
