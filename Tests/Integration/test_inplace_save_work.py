"""What an in-place save costs the daemon, counted in system calls (issue 45,
item 6): a file truncated and written again, in one write or in 8 KB chunks,
is opened once per save (and read through that one descriptor), as a file
renamed over it is, and each save's text reaches the held poll. Each save
reads the kernel's queue of file events once. The daemon is traced by
strace, attached after it has read the folder."""
import os
import re
import shutil
import signal
import subprocess
import time

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
    """strace attached to a running process and its threads, writing the `calls` they make to `output`, each
    descriptor with what it is (`-y`)."""

    def __init__(self, pid, output, calls="openat,openat2"):
        self.output = output
        self.proc = subprocess.Popen(["strace", "-f", "-y", "-s", "120", "-p", str(pid), "-e", f"trace={calls}", "-o", output],
                                     stderr=subprocess.PIPE, text=True)
        # strace says so once it is attached to every thread.
        for line in self.proc.stderr:
            if "attached" in line:
                break

    def wait_for(self, pattern, after=0):
        """Waits until the output has a line matching `pattern` beyond offset `after`; returns the offset past it."""
        deadline = time.monotonic() + 60  # a hang guard only
        while time.monotonic() < deadline:
            with open(self.output, encoding="utf-8", errors="replace") as handle:
                handle.seek(after)
                text = handle.read()
            match = re.search(pattern, text, re.M)
            if match:
                return after + len(text[:match.end()].encode("utf-8", errors="replace"))
            time.sleep(0.01)
        raise AssertionError(f"strace never showed {pattern!r}")

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


def traced_saves(content, output, save, calls):
    """Saves the draft in `content` SAVES times with `save`, each under a held poll that gets its text, while strace
    writes the daemon's `calls` (recvfrom among them) to `output`; returns what strace wrote."""
    daemon = Daemon(content).start()
    try:
        [entry] = [d for d in daemon.documents()["documents"] if d["path"] == "draft.txt"]
        status, body = daemon.api("/api/documents/" + entry["id"])
        assert status == 200
        version = body["version"]
        path = os.path.join(content, "draft.txt")
        trace = Trace(daemon.proc.pid, output, calls)
        try:
            seen = 0
            for index in range(SAVES):
                poll = HeldPoll(daemon, f"/api/documents/{entry['id']}?since={version}&wait=60")
                # The poll is parked once its request is read; the save comes after, as an author's does.
                seen = trace.wait_for(rf"recvfrom\(.*since={version}&", after=seen)
                marker = f"Saved {index} times"
                save(path, TEXT.replace("Line 0 ", f"{marker} ", 1).encode())
                status, answer = poll.result()
                assert status == 200, answer
                assert marker in answer["html"], "the poll's answer is not this save's text"
                version = answer["version"]
        finally:
            calls = trace.stop()
        return calls
    finally:
        daemon.stop()


SAVES_BY = pytest.mark.parametrize("save", [in_one_write, in_chunks, by_rename],
                                   ids=["in place, one write", "in place, 8 KB chunks", "renamed over"])


@SAVES_BY
def test_each_save_opens_the_file_once(draft, tmp_path, save):
    calls = traced_saves(draft, str(tmp_path / "strace.out"), save, "openat,openat2,recvfrom")
    opens = re.findall(r'^\d+\s+openat2?\(.*"draft\.txt"', calls, re.M)
    assert len(opens) == SAVES, f"{len(opens)} opens of the file for {SAVES} saves:\n" + "\n".join(opens)


# A system call as strace -f prints it: the thread, the call, and its first argument's descriptor.
CALL_RE = re.compile(r"^(\d+)\s+(\w+)\((\d+)<([^>]*)>")


@SAVES_BY
def test_each_save_reads_the_event_queue_once(draft, tmp_path, save):
    output = traced_saves(draft, str(tmp_path / "strace.out"), save, "openat2,read,recvfrom")
    calls = [match.groups() for match in map(CALL_RE.match, output.splitlines()) if match]
    queue_reads = [call for call in calls if call[1] == "read" and "inotify" in call[3]]
    assert len(queue_reads) == SAVES, f"{len(queue_reads)} reads of the event queue for {SAVES} saves"
