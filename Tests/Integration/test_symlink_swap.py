"""A process that writes into the content folder swaps symlinks to files
and folders outside it over every kind of file Galley reads, again and
again, while `serve` is polled and `render` and `check` run (issue 22 §1):
not one byte from outside may appear in any answer or output.

The swapper runs as a process of its own (`python3 THIS swap …`) until the
client has made its polls or runs (a bounded number of each; a long deadline
only guards against a hang); the outside files carry a marker no file
inside holds."""
import base64
import json
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
import uuid
import zlib

import pytest

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from galley_support import GALLEY_BIN, temp_root  # noqa: E402

POLLS = 40
RUNS = 4
SWAP_LIMIT = 200000
HANG_GUARD_SECONDS = 300.0
FONT_SOURCE = "/usr/share/fonts/truetype/liberation/LiberationMono-Regular.ttf"


def png(width, height, color, text=b""):
    """A PNG of one colour, with `text` in a tEXt chunk."""
    raw = b"".join(b"\x00" + bytes(color) * width for _ in range(height))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    comment = chunk(b"tEXt", b"Comment\x00" + text) if text else b""
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + comment + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


def rtf(text):
    return ("{\\rtf1\\ansi\\deff0{\\fonttbl{\\f0 Helvetica;}}\\f0 " + text + "\\par}").encode()


IMAGESET = '{"images": [{"filename": "%s", "idiom": "universal", "scale": "1x"}], "info": {"author": "xcode", "version": 1}}'
# Inside pictures are square; the outside one is three times as wide as
# tall, so a picture drawn from it is told apart by its height alone.
INSIDE_PICTURE = (256, 256)
OUTSIDE_PICTURE = (300, 100)


class Folder:
    """A content folder of every kind of file, beside a folder outside that
    holds a marked copy of each."""

    def __init__(self):
        self.holder = tempfile.mkdtemp(prefix="galley-swap-", dir=temp_root())
        self.content = os.path.join(self.holder, "content")
        self.outside = os.path.join(self.holder, "outside")
        self.marker = "GALLEY-OUTSIDE-" + uuid.uuid4().hex
        marker = self.marker.encode()
        self.real = {
            "Notes.txt": b"Plain notes, inside.\n",
            "Docs/Inner.txt": b"An inner document, inside.\n",
            "pic.png": png(*INSIDE_PICTURE, (200, 0, 0)),
            "Assets.xcassets/Contents.json": b'{"info": {"author": "xcode", "version": 1}}',
            "Assets.xcassets/set.imageset/Contents.json": (IMAGESET % "s.png").encode(),
            "Assets.xcassets/set.imageset/s.png": png(*INSIDE_PICTURE, (0, 0, 200)),
            "Doc.rtfd/TXT.rtf": rtf("Rich text, inside. {{\\NeXTGraphic att.png \\width640 \\height640}\\uc0\\u65532 }"),
            "Doc.rtfd/att.png": png(*INSIDE_PICTURE, (0, 200, 0)),
            "galley.json": json.dumps({"titles": {"Notes.txt": "Inside notes"}}).encode(),
            "Info.plist": b'<?xml version="1.0" encoding="UTF-8"?>\n<plist version="1.0"><dict><key>UIAppFonts</key><array><string>Brand.ttf</string></array></dict></plist>\n',
        }
        if os.path.exists(FONT_SOURCE):
            with open(FONT_SOURCE, "rb") as f:
                self.real["Fonts/Brand.ttf"] = f.read()
        else:
            self.real["Fonts/Brand.ttf"] = b"\x00\x01\x00\x00" + b"\x00" * 64
        for relative, data in self.real.items():
            self._write(self.content, relative, data)
        outside_picture = png(*OUTSIDE_PICTURE, (255, 0, 255), marker)
        self.secrets = {
            "secret.txt": marker + b" private notes\n",
            "secret.png": outside_picture,
            "secret.rtf": rtf(self.marker + " private rich text"),
            "secret.ttf": b"\x00\x01\x00\x00" + marker * 4,
            "galley.json": json.dumps({"titles": {"Notes.txt": self.marker}}).encode(),
            "Contents.json": (IMAGESET % (self.marker + ".png")).encode(),
            "Info.plist": ('<?xml version="1.0" encoding="UTF-8"?>\n<plist version="1.0"><dict><key>UIAppFonts</key>'
                           f"<array><string>{self.marker}.ttf</string></array></dict></plist>\n").encode(),
            "Docs/Inner.txt": marker + b" inner secret\n",
            "set.imageset/Contents.json": (IMAGESET % "s.png").encode(),
            "set.imageset/s.png": outside_picture,
        }
        for relative, data in self.secrets.items():
            self._write(self.outside, relative, data)

    @staticmethod
    def _write(top, relative, data):
        path = os.path.join(top, relative)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as f:
            f.write(data)

    def leaks(self, data):
        """What of the outside files `data` shows: the marker, or a whole
        outside file in base64 (an inlined picture or font)."""
        found = []
        if self.marker.encode() in data:
            found.append("the marker")
        for name, secret in self.secrets.items():
            encoded = base64.b64encode(secret)
            if encoded[: len(encoded) - 4] in data:
                found.append(name + " in base64")
        if b"root:x:0:0" in data:
            found.append("/etc/passwd")
        return found

    def remove(self):
        shutil.rmtree(self.holder, ignore_errors=True)


# (what is swapped, relative to the content folder; what outside it leads to; a folder?)
CASES = [
    ("Notes.txt", "secret.txt", False),
    ("pic.png", "secret.png", False),
    ("Assets.xcassets/set.imageset/Contents.json", "Contents.json", False),
    ("Assets.xcassets/set.imageset/s.png", "secret.png", False),
    ("Doc.rtfd/att.png", "secret.png", False),
    ("Doc.rtfd/TXT.rtf", "secret.rtf", False),
    ("Fonts/Brand.ttf", "secret.ttf", False),
    ("galley.json", "galley.json", False),
    ("Info.plist", "Info.plist", False),
    # Folders: a symlink as the middle component of the path read.
    ("Docs", "Docs", True),
    ("Assets.xcassets/set.imageset", "set.imageset", True),
]


def case_id(case):
    return case[0].replace("/", "-")


@pytest.fixture
def folder():
    made = Folder()
    yield made
    made.remove()


def start_swapper(folder, target, secret, is_folder):
    """The swapper process, started, and the file that stops it."""
    stop = os.path.join(folder.holder, "stop-swapping")
    arguments = [sys.executable, os.path.abspath(__file__), "swap", folder.content, target, os.path.join(folder.outside, secret),
                 "folder" if is_folder else "file", stop, str(SWAP_LIMIT)]
    process = subprocess.Popen(arguments, stdout=subprocess.PIPE, text=True)
    # Its first line says it has begun.
    assert process.stdout.readline().strip() == "swapping"
    return process, stop


def finish_swapper(swapper):
    process, stop = swapper
    with open(stop, "w"):
        pass
    output, _ = process.communicate(timeout=HANG_GUARD_SECONDS)
    assert process.returncode == 0
    swaps = int(output.strip() or "0")
    assert swaps > 0, "the swapper did not swap"
    return swaps


def pause(seconds):
    """Waits by spinning: a sleep this short lasts a millisecond or more on a busy machine."""
    until = time.perf_counter() + seconds
    while time.perf_counter() < until:
        pass


def swap(content, target, outside, kind, stop, limit):
    """Writes the real file (or puts the real folder back) and renames a
    symlink to `outside` over it, again and again, until `stop` exists."""
    path = os.path.join(content, target)
    link = path + ".galley-swap-link"
    held = os.path.join(os.path.dirname(content), "held-" + os.path.basename(path))
    with open(path, "rb") if kind == "file" else open(os.devnull, "rb") as f:
        original = f.read()
    deadline = time.monotonic() + HANG_GUARD_SECONDS
    swaps = 0
    print("swapping", flush=True)
    while swaps < limit and time.monotonic() < deadline and not os.path.exists(stop):
        if kind == "file":
            fresh = path + ".galley-swap-real"
            data = original
            if target.endswith(".png"):
                # A new picture each time, so each one is drawn again.
                data = png(*INSIDE_PICTURE, (200, 0, 0), b"n=%d" % swaps)
            with open(fresh, "wb") as f:
                f.write(data)
            os.rename(fresh, path)
            pause(0.00015)
            os.symlink(outside, link)
            os.rename(link, path)
        else:
            os.rename(path, held)
            os.symlink(outside, link)
            os.rename(link, path)
            pause(0.00015)
            os.unlink(path)
            os.rename(held, path)
            for name in os.listdir(path):
                os.utime(os.path.join(path, name))
        swaps += 1
        pause(0.0003)
    # Leave the real file as it was.
    if kind == "file":
        fresh = path + ".galley-swap-real"
        with open(fresh, "wb") as f:
            f.write(original)
        os.rename(fresh, path)
    print(swaps)


def get(port, path):
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}")
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


def picture_height(data):
    """The height in a PNG's header, or None for anything else."""
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        return None
    return struct.unpack(">I", data[20:24])[0]


FILES = ["pic.png", "Assets.xcassets/set.imageset/s.png", "Doc.rtfd/att.png", "Fonts/Brand.ttf"]


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_serve_never_answers_with_outside_bytes(folder, serve, case):
    daemon = serve(folder.content)
    port = daemon.port
    swapper = start_swapper(folder, *case)
    leaks = []
    try:
        for polls in range(1, POLLS + 1):
            status, listing = get(port, "/api/documents")
            answers = [("/api/documents", listing)]
            if status == 200:
                for document in json.loads(listing)["documents"]:
                    answers.append((document["path"], get(port, "/api/documents/" + document["id"])[1]))
            for path in FILES:
                answers.append((path, get(port, "/files/" + path)[1]))
                status, drawn = get(port, "/files/" + path + "?w=64")
                height = picture_height(drawn) if status == 200 else None
                if height is not None and height != 64:
                    leaks.append((path + "?w=64", f"a picture {height} high: the outside image's pixels"))
            for where, body in answers:
                leaks += [(where, found) for found in folder.leaks(body)]
    finally:
        swaps = finish_swapper(swapper)
    leaks += [("serve's log", found) for found in folder.leaks("".join(daemon.output).encode())]
    print(f"{polls} polls, {swaps} swaps, {len(leaks)} leaks")
    assert leaks == [], f"{len(leaks)} leaks in {polls} polls over {swaps} swaps: {leaks[:5]}"


def run(*arguments):
    return subprocess.run([GALLEY_BIN, *arguments], capture_output=True, timeout=120)


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_render_and_check_never_output_outside_bytes(folder, case, tmp_path):
    swapper = start_swapper(folder, *case)
    leaks = []
    try:
        for runs in range(1, RUNS + 1):
            site = tmp_path / f"site-{runs}"
            outputs = [run("check", folder.content), run("render", folder.content, "-o", str(site)),
                       run("render", os.path.join(folder.content, "Doc.rtfd")), run("render", os.path.join(folder.content, "Notes.txt"))]
            for result in outputs:
                leaks += [("output", found) for found in folder.leaks(result.stdout + result.stderr)]
            for top, _, names in os.walk(site):
                for name in names:
                    with open(os.path.join(top, name), "rb") as f:
                        leaks += [(name, found) for found in folder.leaks(f.read())]
            shutil.rmtree(site, ignore_errors=True)
    finally:
        swaps = finish_swapper(swapper)
    assert leaks == [], f"{len(leaks)} leaks in {runs} runs over {swaps} swaps: {leaks[:5]}"


if __name__ == "__main__" and len(sys.argv) == 8 and sys.argv[1] == "swap":
    swap(sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5], sys.argv[6], int(sys.argv[7]))
