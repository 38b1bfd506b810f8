"""Property lists as data files: the real app's articles converted to an XML
and a binary property list (as an app would load them with
PropertyListDecoder), served by the real daemon and checked by `check`."""
import json
import os
import plistlib
import resource
import shutil
import subprocess
import tempfile
import threading

import pytest

from galley_support import GALLEY_BIN, run_galley, temp_root
from hostile_support import rss_kib, wait_until


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
        plistlib.dump({"CFBundleName": "Species", "UIRequiredDeviceCapabilities": ["arm64"]}, f)
    result = run_galley("check", species)
    assert "Info.plist" not in result.stdout + result.stderr


def peak_rss_kib(argv):
    """Runs `argv` under a 1 GiB address-space limit (so a reader that
    copies does not take the machine down) and returns its exit status,
    its output and its own peak RSS in KiB."""
    with tempfile.TemporaryFile() as output:
        process = subprocess.Popen(argv, stdout=output, stderr=subprocess.STDOUT,
                                   preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30)))
        # A hang guard only: a hung reader is killed and fails the test below.
        guard = threading.Timer(120, process.kill)
        guard.start()
        try:
            _, status, usage = os.wait4(process.pid, 0)
        finally:
            guard.cancel()
        process.returncode = os.waitstatus_to_exitcode(status)
        output.seek(0)
        return process.returncode, output.read().decode(errors="replace"), usage.ru_maxrss


@pytest.fixture
def holder():
    """An empty content folder."""
    folder = tempfile.mkdtemp(prefix="galley-plist-", dir=temp_root())
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


def test_a_binary_list_sharing_one_megabyte_string_10000_times_is_refused_in_bounded_memory(holder, serve):
    # plistlib writes an equal string once and refers to it from each place:
    # 10,000 references to one 1 MB string, 10 GB when each is copied.
    shared = "x" * (1 << 20)
    hostile = plistlib.dumps([{"name": "bomb", "detailText": [shared] * 10_000}], fmt=plistlib.FMT_BINARY)
    assert len(hostile) < 1.1 * (1 << 20)
    folder = os.path.join(holder, "Resources")
    os.makedirs(folder)
    small = os.path.join(folder, "small.plist")
    with open(small, "wb") as f:
        plistlib.dump([{"name": "small", "detailText": ["x"]}], f, fmt=plistlib.FMT_BINARY)
    target = os.path.join(folder, "bomb.plist")
    with open(target, "wb") as f:
        f.write(hostile)

    floor_status, floor_output, floor = peak_rss_kib([GALLEY_BIN, "check", small])
    assert floor_status == 0, floor_output
    status, output, peak = peak_rss_kib([GALLEY_BIN, "check", target])
    assert status == 1, output
    assert f"{target}:1:" in output and ": error: the property list expands to more than " in output, output
    # Above what checking a tiny list takes: a small multiple of the file's size.
    assert peak - floor < 8 * len(hostile) / 1024, (peak, floor)

    # Dropped into a served folder: the daemon stays up and says why at the file.
    os.remove(target)
    daemon = serve(holder)
    before = rss_kib(daemon.proc.pid, "VmHWM")
    with open(target + ".part", "wb") as f:
        f.write(hostile)
    os.rename(target + ".part", target)

    def listed():
        return next((d for d in daemon.documents()["documents"] if d["path"] == "Resources/bomb.plist"), None)
    document = wait_until(listed, timeout=60)
    assert document and document["errors"] == 1, document
    _, body = daemon.api("/api/documents/" + document["id"])
    assert [d["message"].startswith("the property list expands to more than ") for d in body["diagnostics"]] == [True]
    # A bound Galley keeps, not a mistake of syntax: editors and CI can tell the two apart by the id.
    assert [d["id"] for d in body["diagnostics"]] == ["limit-reached"], body["diagnostics"]
    assert daemon.proc.poll() is None
    assert rss_kib(daemon.proc.pid, "VmHWM") - before < 8 * len(hostile) / 1024
