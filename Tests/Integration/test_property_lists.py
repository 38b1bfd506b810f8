"""Property lists as data files: the real app's articles converted to an XML
and a binary property list (as an app would load them with
PropertyListDecoder), served by the real daemon and checked by `check`."""
import json
import os
import plistlib

from galley_support import run_galley


def convert(species, form):
    """The app's JSON data file replaced by the same items as a property list."""
    source = os.path.join(species, "Resources", "speciesData.json")
    with open(source, encoding="utf-8") as f:
        items = json.load(f)
    os.remove(source)
    target = os.path.join(species, "Resources", "speciesData.plist")
    with open(target, "wb") as f:
        plistlib.dump(items, f, fmt=form)
    return items, target


def test_the_real_articles_are_served_from_both_forms(species, serve):
    for form in (plistlib.FMT_XML, plistlib.FMT_BINARY):
        items, _ = convert(species, form) if form == plistlib.FMT_XML else convert_again(species, form)
        daemon = serve(species)
        documents = daemon.documents()["documents"]
        listed = [d for d in documents if d["path"] == "Resources/speciesData.plist"]
        assert [d["title"] for d in sorted(listed, key=lambda d: d["item"])] == [item["name"] for item in items]
        for document in listed:
            status, body = daemon.api("/api/documents/" + document["id"])
            assert status == 200 and body["kind"] == "tagged"
            item = items[document["item"]]
            first_text = next(s for s in item["detailText"] if not s.startswith("<"))
            assert first_text[:12] in body["html"]
            images = sum(1 for s in item["detailText"] if s.startswith("<image>"))
            assert body["html"].count('<img src="/files/') == images, document["title"]
            assert not [d for d in body["diagnostics"] if "image" in d["message"]], body["diagnostics"]
        daemon.stop()


def convert_again(species, form):
    """From the XML form back to the items, then to `form`."""
    target = os.path.join(species, "Resources", "speciesData.plist")
    with open(target, "rb") as f:
        items = plistlib.load(f)
    with open(target, "wb") as f:
        plistlib.dump(items, f, fmt=form)
    return items, target


def test_a_broken_tag_in_an_xml_list_is_reported_at_its_line(species):
    _, target = convert(species, plistlib.FMT_XML)
    with open(target, encoding="utf-8") as f:
        lines = f.read().split("\n")
    broken = next(index for index, line in enumerate(lines) if "<string>&lt;caption&gt;" in line)
    lines[broken] = lines[broken].replace("</string>", "</strin>")
    with open(target, "w", encoding="utf-8") as f:
        f.write("\n".join(lines))
    result = run_galley("check", target)
    assert result.returncode == 1, result.stdout + result.stderr
    column = lines[broken].index("</strin>") + 1
    expected = f"{target}:{broken + 1}:"
    errors = [line for line in result.stdout.splitlines() if ": error: " in line]
    assert len(errors) == 1, result.stdout
    assert errors[0].startswith(expected) and "expected </string> to close <string>, found </strin>" in errors[0], errors[0]
    # The column counts characters, as the editor shows them.
    assert errors[0].split(":")[2] == str(len(lines[broken][:column - 1]) + 1)


def test_a_property_list_that_holds_no_items_is_quietly_ignored(species):
    with open(os.path.join(species, "Info.plist"), "wb") as f:
        plistlib.dump({"CFBundleName": "Species", "UIAppFonts": ["Brand.ttf"]}, f)
    result = run_galley("check", species)
    assert "Info.plist" not in result.stdout + result.stderr
