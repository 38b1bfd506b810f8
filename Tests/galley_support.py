"""Shared by the integration and browser tests: the real galley daemon as a
child process on a loopback port, and content copies in ordinary folders."""
import contextlib
import json
import hashlib
import os
import queue
import re
import shutil
import signal
import subprocess
import tempfile
import threading
import time
import urllib.error
import urllib.request

TESTS = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(TESTS)
GALLEY_BIN = os.environ.get("GALLEY_BIN") or os.path.join(REPO, ".build", "debug", "galley")
CORPUS = os.environ.get("GALLEY_CORPUS") or os.path.join(os.path.dirname(REPO), "shared", "corpus")
SPECIES = os.path.join(CORPUS, "tagged", "grmagicdog-SpeciesCollection")
URL_RE = re.compile(r"http://127\.0\.0\.1:(\d+)/")


def require_corpus(path):
    """Fails the test, with what to do, when `path` (in the corpus) is absent:
    the corpus tests fail without ../shared/corpus, as docs/development.md says,
    rather than pass as skipped on a machine that never ran them."""
    if not os.path.exists(path):
        import pytest
        pytest.fail(f"{path} is not present: the corpus tests read ../shared/corpus, or the folder $GALLEY_CORPUS names",
                    pytrace=False)
    return path


GROUP_OR_BLOCK = re.compile(r'<div class="blk-group" id="[^"]+" data-line="(\d+)" data-column="(\d+)">'
                            r'|<div class="blk[ "][^>]*? id="([^"]+)"[^>]*? data-line-offset="(-?\d+)" data-column-offset="(-?\d+)">')


def block_locations(html):
    """Each block of a rendered article as (id, line, column): a group says
    where its first block starts, each block its offset from that, the
    column counted from the group's on the group's line (GroupOffset.swift)."""
    located = []
    line = column = None
    for match in GROUP_OR_BLOCK.finditer(html):
        if match[1]:
            line, column = int(match[1]), int(match[2])
            continue
        lines, columns = int(match[4]), int(match[5])
        located.append((match[3], line + lines, column + columns if lines == 0 else columns))
    return located


def temp_root():
    """A normal (non-sticky) folder for content copies: inotify and editors'
    renames behave there as in a real project folder, unlike in /tmp."""
    base = os.environ.get("GALLEY_TEST_TMP") or os.path.join(REPO, ".build", "test-tmp")
    os.makedirs(base, exist_ok=True)
    return base


def copy_content(source, prefix="galley-"):
    """A writable copy of `source`; returns (copy path, folder to delete)."""
    holder = tempfile.mkdtemp(prefix=prefix, dir=temp_root())
    dest = os.path.join(holder, os.path.basename(source.rstrip("/")))
    shutil.copytree(source, dest)
    for folder, _, files in os.walk(dest):
        os.chmod(folder, 0o755)
        for name in files:
            os.chmod(os.path.join(folder, name), 0o644)
    return dest, holder


PAGE_ASSETS = os.path.join(REPO, "Assets", "Page")
README_SCREENSHOTS = os.path.join(REPO, "Tests", "Browser", "screenshots")


def page_assets_digest():
    """A digest of every file of the page (its HTML, CSS and scripts): what the
    README's screenshots show, so that they are known stale when it changes."""
    digest = hashlib.sha256()
    for name in sorted(os.listdir(PAGE_ASSETS)):
        digest.update(name.encode() + b"\0")
        with open(os.path.join(PAGE_ASSETS, name), "rb") as f:
            digest.update(f.read() + b"\0")
    return digest.hexdigest()


def readme_snippet(heading, language):
    """The first ```language block after the README line that starts with `heading`, verbatim."""
    text = open(os.path.join(REPO, "README.md"), encoding="utf-8").read()
    after = text[text.index("\n" + heading) + 1:]
    fence = "```" + language + "\n"
    start = after.index(fence) + len(fence)
    return after[start:after.index("```", start)]


def run_galley(*arguments, timeout=60, cwd=None):
    return subprocess.run([GALLEY_BIN, *arguments], capture_output=True, text=True, timeout=timeout, cwd=cwd)


class Daemon:
    """`galley serve DIR --port N` as a child process (of `binary`, default
    GALLEY_BIN, in `env`, default this process's environment)."""

    def __init__(self, content, extra_args=(), binary=None, env=None, command_prefix=()):
        self.content = content
        self.extra_args = list(extra_args)
        self.binary = binary or GALLEY_BIN
        self.env = env
        # For example `ip netns exec NAME`, to run it as another machine would.
        self.command_prefix = list(command_prefix)
        self.proc = None
        self.port = None
        self.url = None
        self.output = []

    def start(self, port=0, timeout=120.0):
        # The timeout only catches a hang: a debug build loading a 2,000-file
        # project took over 15 s on a 2-core machine busy with builds.
        if not os.path.exists(self.binary):
            raise AssertionError(f"galley binary not found at {self.binary} (build it or set GALLEY_BIN)")
        deadline = time.monotonic() + timeout
        while True:
            lines = queue.Queue()
            self.proc = subprocess.Popen(
                [*self.command_prefix, self.binary, "serve", self.content, "--port", str(port), *self.extra_args],
                stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, bufsize=1, env=self.env,
            )
            threading.Thread(target=self._drain, args=(self.proc, lines), daemon=True).start()
            url = None
            while time.monotonic() < deadline:
                try:
                    line = lines.get(timeout=0.1)
                except queue.Empty:
                    if self.proc.poll() is not None:
                        break
                    continue
                if line is None:
                    break
                match = URL_RE.search(line)
                if match:
                    url = match.group(0)
                    break
            if url:
                self.port = int(URL_RE.search(url).group(1))
                self.url = url
                return self
            self.proc.kill()
            self.proc.wait()
            if port == 0 or time.monotonic() >= deadline:
                raise AssertionError("galley serve did not print its URL:\n" + "".join(self.output[-40:]))
            # A restart on a fixed port may race with the old socket's release.
            time.sleep(0.2)

    def _drain(self, proc, lines):
        for line in proc.stdout:
            self.output.append(line)
            lines.put(line)
        lines.put(None)

    def stop(self, timeout=60.0):
        """SIGTERM; the daemon must exit cleanly (status 0); the timeout is a hang guard."""
        if not self.proc or self.proc.poll() is not None:
            return self.proc.returncode if self.proc else None
        self.proc.send_signal(signal.SIGTERM)
        try:
            code = self.proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
            raise AssertionError("galley did not stop within %.0f s of SIGTERM:\n%s" % (timeout, "".join(self.output[-40:])))
        assert code == 0, "galley exited with status %s after SIGTERM:\n%s" % (code, "".join(self.output[-40:]))
        return code

    def restart(self):
        port = self.port
        self.stop()
        return self.start(port=port)

    def get(self, path, headers=None, timeout=30):
        """(status, headers, body bytes) for a GET."""
        request = urllib.request.Request(self.url.rstrip("/") + path, headers=headers or {})
        try:
            with urllib.request.urlopen(request, timeout=timeout) as response:
                return response.status, dict(response.headers), response.read()
        except urllib.error.HTTPError as error:
            return error.code, dict(error.headers), error.read()

    def api(self, path, timeout=30):
        status, _, body = self.get(path, timeout=timeout)
        try:
            return status, json.loads(body.decode())
        except ValueError:
            return status, body.decode(errors="replace")

    def documents(self):
        status, body = self.api("/api/documents")
        assert status == 200, body
        return body

    def doc_id(self, title):
        for document in self.documents()["documents"]:
            if document["title"] == title:
                return document["id"]
        raise AssertionError(f"no document titled {title!r}: {self.documents()}")


class HeldPoll:
    """A long-poll started in the background; `result()` waits for its answer
    and records when it arrived."""

    def __init__(self, daemon, path, timeout=30):
        self.answer = None
        self.arrived = None
        self.thread = threading.Thread(target=self._run, args=(daemon, path, timeout), daemon=True)
        self.thread.start()

    def _run(self, daemon, path, timeout):
        self.answer = daemon.api(path, timeout=timeout)
        self.arrived = time.perf_counter()

    def result(self, timeout=120):
        # A hang guard, not a speed limit: a debug build parsing a large file
        # on a machine busy with other builds can take seconds.
        self.thread.join(timeout)
        assert not self.thread.is_alive(), "the held poll was not answered"
        return self.answer


def save_in_place(path, data):
    """What vim (backupcopy=yes), nano and VS Code do: truncate and write."""
    with open(path, "wb") as handle:
        handle.write(data.encode("utf-8") if isinstance(data, str) else data)


def save_by_rename(path, data):
    """What atomic savers do: write a temporary file, then rename it over."""
    descriptor, temporary = tempfile.mkstemp(dir=os.path.dirname(path), prefix=".galley-save-")
    with os.fdopen(descriptor, "wb") as handle:
        handle.write(data.encode("utf-8") if isinstance(data, str) else data)
    os.rename(temporary, path)


@contextlib.contextmanager
def private_runtime_dir():
    """A private XDG_RUNTIME_DIR for the daemons and language servers started
    meanwhile (short, so that socket paths fit in a sockaddr_un)."""
    folder = tempfile.mkdtemp(prefix="xdg-", dir="/tmp")
    os.chmod(folder, 0o700)
    previous = os.environ.get("XDG_RUNTIME_DIR")
    os.environ["XDG_RUNTIME_DIR"] = folder
    try:
        yield folder
    finally:
        if previous is None:
            os.environ.pop("XDG_RUNTIME_DIR", None)
        else:
            os.environ["XDG_RUNTIME_DIR"] = previous
        shutil.rmtree(folder, ignore_errors=True)


_sentinels = iter(range(1_000_000))


def show_sentinel(daemon, timeout=30.0):
    """Writes a new data file into the daemon's folder, waits until the
    daemon lists it, removes it and waits until it is gone. The watcher reports changes in order, so once it shows,
    everything that happened to the folder before it has been handled: the
    way to show that nothing else happened, without a fixed sleep."""
    name = f"sentinel-{next(_sentinels)}.json"
    item = {"name": "Sentinel", "detailText": ["sentinel"]}
    with open(os.path.join(daemon.content, name), "w", encoding="utf-8") as handle:
        json.dump([item], handle)
    deadline = time.monotonic() + timeout
    while name not in {d["path"] for d in daemon.documents()["documents"]}:
        assert time.monotonic() < deadline, f"the sentinel {name} never showed"
        time.sleep(0.02)
    # And gone again, so the folder is as the test left it (its removal is a later event still).
    os.remove(os.path.join(daemon.content, name))
    while name in {d["path"] for d in daemon.documents()["documents"]}:
        assert time.monotonic() < deadline, f"the sentinel {name} never went away"
        time.sleep(0.02)
    return name
