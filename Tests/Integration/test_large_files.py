"""A content folder with files as large as hostile ones get: a font whose
`name` table has 65,535 records naming the same 64 KiB, and two 48 MB
`Localizable.strings` files (one UTF-8, one UTF-16). They are read aside,
so a small save reaches its page while they are being read; and their
memory stays a small multiple of their size."""
import json
import os
import re
import shutil
import struct
import subprocess
import tempfile
import time

import pytest

from galley_support import GALLEY_BIN, Daemon, save_in_place, temp_root
from hostile_support import rss_kib

STRINGS_SIZE = 48 * 1000 * 1000
TITLE_KEY = "title-HelpView"


def hostile_font():
    """A face whose 65,535 `name` records each name the same 64 KiB."""
    count = 65_535
    table = struct.pack(">HHH", 0, count, 6)
    table += struct.pack(">HHHHHH", 3, 1, 0x0409, 1, 65_534, 0) * count
    header = struct.pack(">IHHHH", 0x00010000, 1, 16, 0, 0) + b"name" + struct.pack(">III", 0, 28, len(table))
    return header + table


def strings_text(title, size):
    """`Localizable.strings` of about `size` bytes whose first key is the help page's title."""
    lines = ['"%s" = "%s";\n' % (TITLE_KEY, title)]
    total = len(lines[0])
    number = 0
    while total < size:
        line = '/* entry %d */\n"key.%07d" = "Value number %d, with a little text";\n' % (number, number, number)
        lines.append(line)
        total += len(line)
        number += 1
    return "".join(lines)


def write_strings(folder, language, title, encoding):
    # UTF-16 doubles the bytes of ASCII text: half the text makes as large a file.
    size = STRINGS_SIZE if encoding == "utf-8" else STRINGS_SIZE // 2
    with open(os.path.join(folder, language + ".lproj", "Localizable.strings"), "wb") as handle:
        handle.write(strings_text(title, size).encode(encoding))


@pytest.fixture(scope="module")
def large_folder():
    holder = tempfile.mkdtemp(prefix="galley-large-", dir=temp_root())
    folder = os.path.join(holder, "content")
    for language in ("en", "fr"):
        os.makedirs(os.path.join(folder, language + ".lproj"))
        with open(os.path.join(folder, language + ".lproj", "Help.txt"), "w", encoding="utf-8") as handle:
            handle.write("Help text.\n")
    os.makedirs(os.path.join(folder, "Fonts"))
    with open(os.path.join(folder, "Fonts", "Hostile.ttf"), "wb") as handle:
        handle.write(hostile_font())
    with open(os.path.join(folder, "galley.json"), "w", encoding="utf-8") as handle:
        json.dump({"titles": {"*.lproj/Help.txt": TITLE_KEY}, "fonts": "Fonts"}, handle)
    write_strings(folder, "en", "Help", "utf-8")
    write_strings(folder, "fr", "Aide", "utf-16")
    with open(os.path.join(folder, "small.json"), "w", encoding="utf-8") as handle:
        json.dump([{"name": "Small", "detailText": ["one"]}], handle)
    yield folder
    shutil.rmtree(holder, ignore_errors=True)


def titles(daemon):
    return {document["path"]: document["title"] for document in daemon.documents()["documents"]}


def wait_until(predicate, what, timeout=600):
    """A hang guard: a debug build reads 48 MB in many seconds on a busy machine; it measures nothing."""
    deadline = time.monotonic() + timeout
    while not predicate():
        assert time.monotonic() < deadline, "never happened: " + what
        time.sleep(0.1)


def small_text(daemon):
    status, document = daemon.api("/api/documents/" + daemon.doc_id("Small"))
    assert status == 200, document
    return json.dumps(document)


def test_a_small_save_is_published_while_the_large_files_are_read(large_folder):
    daemon = Daemon(large_folder).start()
    try:
        # Started without waiting for the large files: their strings are not taken in yet.
        assert titles(daemon)["en.lproj/Help.txt"] == TITLE_KEY
        save_in_place(os.path.join(large_folder, "small.json"), json.dumps([{"name": "Small", "detailText": ["two"]}]))
        wait_until(lambda: "two" in small_text(daemon), "the small save was published")
        # The order of events, not a time: the small save was published before the strings were read.
        assert titles(daemon)["en.lproj/Help.txt"] == TITLE_KEY, "the small save waited for the large files"
        wait_until(lambda: titles(daemon)["en.lproj/Help.txt"] == "Help", "the English strings were taken in")
        wait_until(lambda: titles(daemon)["fr.lproj/Help.txt"] == "Aide", "the French (UTF-16) strings were taken in")
        held = rss_kib(daemon.proc.pid)

        # A large strings file saved again is read aside too.
        write_strings(large_folder, "en", "Help!", "utf-8")
        save_in_place(os.path.join(large_folder, "small.json"), json.dumps([{"name": "Small", "detailText": ["three"]}]))
        wait_until(lambda: "three" in small_text(daemon), "the second small save was published")
        assert titles(daemon)["en.lproj/Help.txt"] == "Help", "the small save waited for the large file saved before it"
        wait_until(lambda: titles(daemon)["en.lproj/Help.txt"] == "Help!", "the saved strings were taken in")
        after = rss_kib(daemon.proc.pid)
        # Two files of 48 MB held 1.65 GB at start and 3 GB after a save: now a few times their size.
        print("RSS with both strings files read: %d KiB; after one was saved again: %d KiB" % (held, after))
        assert held < 6 * 96 * 1000 and after < 6 * 96 * 1000, (held, after)
    finally:
        daemon.stop()


def test_check_reads_the_large_files_in_bounded_memory(large_folder):
    result = subprocess.run(["/usr/bin/time", "-f", "peak %M KiB", GALLEY_BIN, "check", large_folder],
                            capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stdout + result.stderr
    peak = int(re.search(r"peak (\d+) KiB", result.stderr).group(1))
    print("galley check peak RSS: %d KiB" % peak)
    assert peak < 6 * 96 * 1000, peak
