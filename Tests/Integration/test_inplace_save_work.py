"""What an in-place save costs the daemon, counted in system calls (issue 45,
item 6): a file truncated and written again, in one write or in 8 KB chunks,
is opened once per save (and read through that one descriptor), as a file
renamed over it is, and each save's text reaches the held poll. The daemon
is traced by strace, attached after it has read the folder."""
import os
import re
import shutil
import signal
import subprocess

import pytest

from galley_support import Daemon, HeldPoll, copy_content

SAVES = 4
# About 20 KB of lines: the size at which the outside client saw the in-place save's extra.
TEXT = "".join(f"Line {index} of a draft written in a plain editor, long enough to wrap.\n" for index in range(295))


def in_one_write(path, data):
    with open(path, "r+b") as handle:
        handle.truncate(0)
        handle.write(data)


def in_chunks(path, data):
    descriptor = os.open(path, os.O_WRONLY | os.O_TRUNC)
    try:
        for start in range(0, len(data), 8192):
            os.write(descriptor, data[start:start + 8192])
    finally:
        os.close(descriptor)


def by_rename(path, data):
    temporary = os.path.join(os.path.dirname(os.path.dirname(path)), "draft.txt.new")
    with open(temporary, "wb") as handle:
        handle.write(data)
    os.rename(temporary, path)


class Trace:
    """strace attached to a running process and its threads, writing the files it opens to `output`."""

    def __init__(self, pid, output):
        self.output = output
        self.proc = subprocess.Popen(["strace", "-f", "-p", str(pid), "-e", "trace=openat,openat2", "-o", output],
                                     stderr=subprocess.PIPE, text=True)
        # strace says so once it is attached to every thread.
        for line in self.proc.stderr:
            if "attached" in line:
                break

    def stop(self):
        self.proc.send_signal(signal.SIGINT)  # detaches; the daemon goes on
        self.proc.wait(timeout=60)
        with open(self.output, encoding="utf-8", errors="replace") as handle:
            return handle.read()


@pytest.fixture
def draft(tmp_path):
    root = tmp_path / "content"
    root.mkdir()
    (root / "draft.txt").write_text(TEXT, encoding="utf-8")
    path, holder = copy_content(str(root))
    yield path
    shutil.rmtree(holder, ignore_errors=True)


@pytest.mark.skipif(shutil.which("strace") is None, reason="strace is not installed")
@pytest.mark.parametrize("save", [in_one_write, in_chunks, by_rename], ids=["in place, one write", "in place, 8 KB chunks", "renamed over"])
def test_each_save_opens_the_file_once(draft, tmp_path, save):
    daemon = Daemon(draft).start()
    try:
        [entry] = [d for d in daemon.documents()["documents"] if d["path"] == "draft.txt"]
        status, body = daemon.api("/api/documents/" + entry["id"])
        assert status == 200
        version = body["version"]
        path = os.path.join(draft, "draft.txt")
        trace = Trace(daemon.proc.pid, str(tmp_path / "strace.out"))
        try:
            for index in range(SAVES):
                poll = HeldPoll(daemon, f"/api/documents/{entry['id']}?since={version}&wait=60")
                marker = f"Saved {index} times"
                save(path, TEXT.replace("Line 0 ", f"{marker} ", 1).encode())
                status, answer = poll.result()
                assert status == 200, answer
                assert marker in answer["html"], "the poll's answer is not this save's text"
                version = answer["version"]
        finally:
            calls = trace.stop()
        opens = re.findall(r'^\d+\s+openat2?\(.*"draft\.txt"', calls, re.M)
        assert len(opens) == SAVES, f"{len(opens)} opens of the file for {SAVES} saves:\n" + "\n".join(opens)
    finally:
        daemon.stop()
