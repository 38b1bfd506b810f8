"""What an in-place save costs the daemon, counted in system calls (issue 45,
item 6), and how it is read ahead of its writer's close. A file renamed over
is opened once per save. A file truncated and written again, in one write
or in 8 KB chunks, is opened once at its close, and before it, for its size,
at most once for each write the daemon woke for (the truncation is one), and
once more for its bytes when a write brought it near its last size (read
ahead); each time it is read through one descriptor, and each save's text
reaches the held poll. No read of the
kernel's queue of file events finds it empty. What is read ahead reaches no
page before the writer's close, and is undone when other work comes first.
The daemon is traced by strace, attached after it has read the folder."""
import os
import re
import shutil
import signal
import subprocess
import time

import pytest

from galley_support import Daemon, HeldPoll, copy_content, save_by_rename

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


def writes_per_save(save):
    """The `write` calls an in-place `save` of the draft makes."""
    return 1 if save is in_one_write else -(-len(TEXT) // 8192)


SAVES_BY = pytest.mark.parametrize("save", [in_one_write, in_chunks, by_rename],
                                   ids=["in place, one write", "in place, 8 KB chunks", "renamed over"])


@SAVES_BY
def test_opens_of_the_file_per_save(draft, tmp_path, save):
    calls = traced_saves(draft, str(tmp_path / "strace.out"), save, "openat,openat2,recvfrom")
    opens = re.findall(r'^\d+\s+openat2?\(.*"draft\.txt"', calls, re.M)
    # Whether the daemon's thread runs between the writer's writes, and before its close, is the scheduler's choice:
    # at most, the truncation and each write are looked at (their sizes), the last also read ahead, and the close read.
    most = SAVES if save is by_rename else SAVES * (writes_per_save(save) + 3)
    assert SAVES <= len(opens) <= most, f"{len(opens)} opens of the file for {SAVES} saves:\n" + "\n".join(opens)


@SAVES_BY
def test_no_read_of_the_event_queue_finds_it_empty(draft, tmp_path, save):
    output = traced_saves(draft, str(tmp_path / "strace.out"), save, "openat2,read,recvfrom")
    queue_reads = [line for line in output.splitlines() if re.match(r"^\d+\s+read\(\d+<anon_inode:inotify>", line)]
    empty = [line for line in queue_reads if "EAGAIN" in line]
    assert not empty, f"{len(empty)} of {len(queue_reads)} reads of the event queue found it empty:\n" + "\n".join(empty)
    if save is by_rename:
        assert len(queue_reads) == SAVES, f"{len(queue_reads)} reads of the event queue for {SAVES} saves"
    else:
        # The truncation, each write and the close may each wake the daemon, or arrive together.
        assert SAVES <= len(queue_reads) <= SAVES * (writes_per_save(save) + 2), f"{len(queue_reads)} reads of the event queue for {SAVES} saves"


def document_of_draft(daemon):
    [entry] = [d for d in daemon.documents()["documents"] if d["path"] == "draft.txt"]
    status, body = daemon.api("/api/documents/" + entry["id"])
    assert status == 200
    return entry["id"], body


def assert_no_news(daemon, identity, version, why):
    """A page polling for a second after `version` of document `identity` is told nothing new."""
    status, answer = daemon.api(f"/api/documents/{identity}?since={version}&wait=1")
    assert status == 200 and answer["version"] == version, why


def next_html(daemon, identity, version):
    """The text of the first version of document `identity` after `version`, as a polling page gets it."""
    status, answer = daemon.api(f"/api/documents/{identity}?since={version}&wait=30")
    assert status == 200 and answer["version"] > version, answer
    return answer["html"]


def terminal_lines(daemon, pattern):
    """The daemon's terminal lines matching `pattern`, once there is one (a hang guard, not a timing)."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        found = [line for line in list(daemon.output) if re.search(pattern, line)]
        if found:
            return found
        time.sleep(0.05)
    raise AssertionError(f"no line matching {pattern!r}:\n" + "".join(daemon.output))


def test_a_file_written_is_read_ahead_and_reaches_pages_only_at_its_close(draft, tmp_path):
    """The writer holds the file open after its write, as an editor does during an fsync: the daemon reads it then
    (strace shows the opens), yet a page polling meanwhile is told nothing; the close confirms it, with one read."""
    daemon = Daemon(draft).start()
    try:
        identity, before = document_of_draft(daemon)
        trace = Trace(daemon.proc.pid, str(tmp_path / "strace.out"), "openat,openat2")
        try:
            descriptor = os.open(os.path.join(draft, "draft.txt"), os.O_WRONLY | os.O_TRUNC)
            try:
                os.write(descriptor, TEXT.replace("Line 0 ", "Read ahead ", 1).encode())
                seen = trace.wait_for(r'openat2?\(.*"draft\.txt"')
                seen = trace.wait_for(r'openat2?\(.*"draft\.txt"', after=seen)
                assert_no_news(daemon, identity, before["version"], "a page was told of a file its writer still holds")
            finally:
                os.close(descriptor)
            assert "Read ahead" in next_html(daemon, identity, before["version"]), "the close did not publish the text read ahead"
            trace.wait_for(r'openat2?\(.*"draft\.txt"', after=seen)
        finally:
            calls = trace.stop()
        opens = re.findall(r'^\d+\s+openat2?\(.*"draft\.txt"', calls, re.M)
        # Read ahead: its size, then its bytes; at the close, its bytes again.
        assert len(opens) == 3, "\n".join(opens)
        # The terminal's time for the save is from the close; the work done before it is told beside it.
        terminal_lines(daemon, r"draft\.txt: 1 document updated, 0 removed in [\d.]+ ms \(and [\d.]+ ms read ahead before the close\);")
    finally:
        daemon.stop()


def test_a_partial_write_near_the_last_size_never_reaches_a_page(draft):
    """Bytes written near the file's last size are read ahead; the rest of the write changes them before the close,
    which reads the file again: the page gets the whole text, never the part."""
    daemon = Daemon(draft).start()
    try:
        identity, before = document_of_draft(daemon)
        whole = TEXT.replace("Line 0 ", "Whole ", 1) + "The last line, written after a pause.\n"
        part = whole[:len(TEXT)]  # the last size: near enough to be read ahead
        descriptor = os.open(os.path.join(draft, "draft.txt"), os.O_WRONLY | os.O_TRUNC)
        try:
            os.write(descriptor, part.encode())
            assert_no_news(daemon, identity, before["version"], "a page was told of a part of a write")
            os.write(descriptor, whole[len(part):].encode())
        finally:
            os.close(descriptor)
        assert "written after a pause" in next_html(daemon, identity, before["version"]), "the page did not get the whole text"
    finally:
        daemon.stop()


def test_other_work_before_the_close_undoes_a_read_ahead(draft, tmp_path):
    """A second document saved while the first is held open, read ahead: the second's page is told, and the first
    document stays as it was, not even published again, until its own close."""
    other = os.path.join(draft, "other.txt")
    with open(other, "w", encoding="utf-8") as handle:
        handle.write("A second document.\n")
    daemon = Daemon(draft).start()
    try:
        identity, before = document_of_draft(daemon)
        [entry] = [d for d in daemon.documents()["documents"] if d["path"] == "other.txt"]
        status, other_before = daemon.api("/api/documents/" + entry["id"])
        trace = Trace(daemon.proc.pid, str(tmp_path / "strace.out"), "openat,openat2")
        descriptor = os.open(os.path.join(draft, "draft.txt"), os.O_WRONLY | os.O_TRUNC)
        try:
            os.write(descriptor, TEXT.replace("Line 0 ", "Held open ", 1).encode())
            trace.wait_for(r'openat2?\(.*"draft\.txt"', after=trace.wait_for(r'openat2?\(.*"draft\.txt"'))
            trace.stop()
            save_by_rename(other, "A second document, saved meanwhile.\n")
            assert "saved meanwhile" in next_html(daemon, entry["id"], other_before["version"])
            status, shown = daemon.api(f"/api/documents/{identity}")
            assert "Held open" not in shown["html"], "a page can read what a writer has not closed"
            assert shown["version"] == before["version"], "undone, the document was published again as it was"
        finally:
            os.close(descriptor)
        assert "Held open" in next_html(daemon, identity, shown["version"]), "the close did not publish the text"
        # Nothing read ahead was published by either save: the one it undid, or the close after the undo.
        for name in ("other", "draft"):
            [line] = terminal_lines(daemon, name + r"\.txt: 1 document updated")
            assert "read ahead" not in line, line
    finally:
        daemon.stop()
