"""Helpers for the hostile-client tests: raw sockets on loopback, a
well-behaved page that keeps asking while an attack runs, and the daemon's
own descriptor and memory counts from /proc."""
import hashlib
import os
import select
import socket
import threading
import time

LOOPBACK = "127.0.0.1"


def raw_exchange(port, data, timeout=5.0, read_limit=4 * 1024 * 1024):
    """Sends `data` on a fresh connection, half-closes nothing, and reads
    until the server closes or `timeout` passes. Returns the bytes read
    (b"" when the server closed without answering)."""
    with socket.create_connection((LOOPBACK, port), timeout=timeout) as connection:
        try:
            connection.sendall(data)
        except (BrokenPipeError, ConnectionResetError):
            pass  # refused mid-send: read what it said, if anything
        return read_until_closed(connection, timeout, read_limit)


def read_until_closed(connection, timeout, read_limit=4 * 1024 * 1024):
    response = b""
    deadline = time.monotonic() + timeout
    connection.setblocking(False)
    while time.monotonic() < deadline and len(response) < read_limit:
        ready, _, _ = select.select([connection], [], [], max(0.0, deadline - time.monotonic()))
        if not ready:
            break
        try:
            chunk = connection.recv(65536)
        except (ConnectionResetError, BlockingIOError):
            break
        if not chunk:
            break
        response += chunk
    return response


def request_bytes(port, target, method="GET", host=None, headers=(), version="HTTP/1.1", close=True):
    host = f"127.0.0.1:{port}" if host is None else host
    lines = [f"{method} {target} {version}"]
    if host is not False:
        lines.append(f"Host: {host}")
    lines += list(headers)
    if close:
        lines.append("Connection: close")
    return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1")


def status_of(response):
    """The status code of the first response in `response`, or None."""
    if not response.startswith(b"HTTP/1."):
        return None
    try:
        return int(response.split(b" ", 2)[1])
    except (IndexError, ValueError):
        return None


def split_response(response):
    """(status, {lower-case header: value}, body) of the first response."""
    head, _, body = response.partition(b"\r\n\r\n")
    lines = head.split(b"\r\n")
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(b":")
        headers.setdefault(name.strip().lower().decode("latin-1"), []).append(value.strip().decode("latin-1"))
    return status_of(response), headers, body


def fd_count(pid):
    return len(os.listdir(f"/proc/{pid}/fd"))


def rss_kib(pid, field="VmRSS"):
    """Resident memory of `pid` now, or its peak with `field="VmHWM"`."""
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    raise AssertionError(f"no {field}")


def wait_until(predicate, timeout, interval=0.1):
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value or time.monotonic() >= deadline:
            return value
        time.sleep(interval)


class WellBehavedPage:
    """GET /api/documents every `interval` seconds on a new connection while
    an attack runs; records each answer or its failure. How fast the answers
    come is not asserted (a busy machine makes any bound flaky): the count of
    good answers and the absence of failures are."""

    # Only a hang guard: an answer that takes this long is a failure.
    hang_guard = 30.0

    def __init__(self, port, interval=0.05):
        self.port = port
        self.interval = interval
        self.answers = 0
        self.failures = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def __enter__(self):
        self._thread.start()
        return self

    def __exit__(self, *exc):
        self._stop.set()
        self._thread.join(10)

    def _run(self):
        request = request_bytes(self.port, "/api/documents")
        while not self._stop.is_set():
            try:
                response = raw_exchange(self.port, request, timeout=self.hang_guard)
                if status_of(response) != 200 or not response.rstrip().endswith(b"]}"):
                    self.failures.append(("bad answer", response[:120]))
                else:
                    self.answers += 1
            except OSError as error:
                self.failures.append(("error", repr(error)))
            self._stop.wait(self.interval)

    def assert_served(self, what):
        assert self.answers >= 5, f"{what}: the page got only {self.answers} answers; failures {self.failures[:5]}"
        assert not self.failures, f"{what}: {len(self.failures)} failed requests, e.g. {self.failures[:3]}"


def tree_digest(root):
    """{relative path: (kind, size, sha256 or link target)} for everything
    below `root`, hidden files included, symlinks not followed."""
    entries = {}
    for folder, folders, files in os.walk(root, followlinks=False):
        for name in folders + files:
            path = os.path.join(folder, name)
            relative = os.path.relpath(path, root)
            info = os.lstat(path)
            if os.path.islink(path):
                entries[relative] = ("link", 0, os.readlink(path))
            elif os.path.isdir(path):
                entries[relative] = ("dir", 0, oct(info.st_mode & 0o7777))
            elif os.path.isfile(path):
                with open(path, "rb") as handle:
                    entries[relative] = ("file", info.st_size, hashlib.sha256(handle.read()).hexdigest())
            else:
                entries[relative] = ("other", info.st_size, oct(info.st_mode))
    return entries
