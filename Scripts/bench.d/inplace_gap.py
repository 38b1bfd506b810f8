#!/usr/bin/env python3
"""Save-to-answer latency of an in-place save against an atomic one, through a
Python client that asks as the preview page does (`http.client`, `since`,
`wait`, `patch=1`), beside the C floor (Scripts/bench.d/floor.c) measured by
the same client in the same run. `Scripts/bench --only inplace` runs it.

The files are those of issue 45's outside clients: the real app's 17 KB data
file, an 8 KB one (an earlier version of it), and a 20 KB `.txt` of 295
lines, each copied into a scratch folder; each save changes one name or
line. An in-place save truncates the file and writes it in one `write` or in
8 KB chunks; an atomic one writes a file outside the folder and renames it
over. The clock starts just before the save becomes visible (`close` for an
in-place save, `rename` for an atomic one) and stops when the whole answer
has been read. Galley and the floor run at the same time, each on a folder
of its own, and are saved to in turns, so that a busy machine weighs on both
alike. Beside each latency, the server's CPU time, the time its threads were
ready to run but waiting for a CPU, and its threads' time slices per save
(from the kernel's scheduler statistics): what the save costs the server,
counted rather than timed, how long it queued, and how many times a thread
was woken or put back for it; and the CPU time of the thread that watches
the folder alone, which a client on the same CPU waits through (its
`close` wakes that thread there, and its next step comes after it).
Loopback only; SAVES saves per case.

With `--against OTHER_GALLEY_BIN`, a second Galley (an earlier build, say)
is served too and saved to in the same turns, so that a change is measured
beside what it changes, on the same machine at the same minutes.

usage: inplace_gap.py [GALLEY_BIN] [--saves N] [--against OTHER_GALLEY_BIN]
"""
import argparse
import http.client
import importlib.machinery
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
# Scripts/bench's server handling and percentiles, so that both report alike.
_loader = importlib.machinery.SourceFileLoader("bench", os.path.join(REPO, "Scripts", "bench"))
bench = importlib.util.module_from_spec(importlib.util.spec_from_loader("bench", _loader))
_loader.exec_module(bench)
APP = os.path.join(bench.CORPUS, "tagged", "grmagicdog-SpeciesCollection")
DRAFT = "".join(f"Line {index} of a draft written in a plain editor, long enough to wrap.\n" for index in range(295))


def data_file(relative):
    def read():
        with open(os.path.join(APP, relative), encoding="utf-8") as handle:
            return handle.read()
    return read


# (name, file name in the folder, its text, the words each save changes)
CASES = [
    ("the real app's 17 KB data file", "speciesData.json", data_file("Resources/speciesData.json"), '"Toxoplasma'),
    ("an 8 KB data file", "speciesData.json", data_file("history/speciesData@d31322f.json"), '"Toxoplasma'),
    ("a 20 KB .txt of 295 lines", "draft.txt", lambda: DRAFT, "Line 0 "),
]
STYLES = ["in place, one write", "in place, 8 KB chunks", "atomic"]


def save(path, temporary, data, style):
    """Writes `data` to `path`; returns the clock reading taken just before the save becomes visible."""
    if style == "atomic":
        with open(temporary, "wb") as handle:
            handle.write(data)
        started = time.perf_counter()
        os.rename(temporary, path)
        return started
    descriptor = os.open(path, os.O_WRONLY | os.O_TRUNC)
    chunk = 8192 if "chunks" in style else len(data)
    for start in range(0, len(data), chunk):
        os.write(descriptor, data[start:start + chunk])
    started = time.perf_counter()
    os.close(descriptor)
    return started


class Client:
    """One server (Galley or the floor) with a content folder of its own, asked as the page asks: `save` makes one
    save under a held poll and returns the milliseconds from the save to the poll's whole answer."""

    def __init__(self, name, command, content, filename, style):
        self.name = name
        self.style = style
        self.path = os.path.join(content, filename)
        self.temporary = os.path.join(os.path.dirname(content), f"{name}-{filename}.new")  # outside the folder
        self.server = bench.Server(command)
        self.document_path = "/"
        if name != "floor":
            self.document_path = "/api/documents/" + bench.first_document(self.server.port, filename)["id"]
        self.connection = http.client.HTTPConnection("127.0.0.1", self.server.port, timeout=30)
        self.connection.request("GET", self.document_path)
        self.since = json.loads(self.connection.getresponse().read()).get("version", 1)
        self.counted = None

    def save(self, data):
        self.connection.request("GET", f"{self.document_path}?since={self.since}&wait=25&patch=1")
        time.sleep(0.005)  # the poll arrives and is held; the push is what is measured
        started = save(self.path, self.temporary, data, self.style)
        response = self.connection.getresponse()
        body = response.read()
        elapsed = (time.perf_counter() - started) * 1000
        assert response.status == 200, body[:200]
        self.since = json.loads(body).get("version", self.since)
        return elapsed

    # The thread that reads the saved file: the one whose time awake a client on its CPU waits through.
    WATCHING_THREADS = {"galley-watch", "floor"}

    def scheduler_totals(self):
        """Nanoseconds on a CPU, nanoseconds runnable but waiting for one, and time slices (each a thread woken or put
        back) over the server's threads; then the nanoseconds on a CPU of the thread that watches the folder."""
        ran = waited = slices = watching = 0
        task = f"/proc/{self.server.proc.pid}/task"
        for thread in os.listdir(task):
            try:
                with open(os.path.join(task, thread, "schedstat")) as handle:
                    on_cpu, on_queue, count = map(int, handle.read().split())
                with open(os.path.join(task, thread, "comm")) as handle:
                    name = handle.read().strip()
            except OSError:  # a thread that ended meanwhile
                continue
            ran += on_cpu
            waited += on_queue
            slices += count
            if name in self.WATCHING_THREADS:
                watching += on_cpu
        return ran, waited, slices, watching

    def close(self):
        self.connection.close()
        self.server.stop()


def run(galley, floor, saves, report=None, against=None):
    """Every case and save style, Galley and the floor (and `against`, another Galley, when given) served at once
    and saved to in turns (each save of one beside a save of the others, so that all meet the same machine); rows to
    `report` (Scripts/bench's) or printed."""
    def add(label, values):
        if report:
            report.add("inplace", label, values)
        elif "p50" in values:
            print(f"{label:<70} p50 {values['p50']:6.2f}  p90 {values['p90']:6.2f}  max {values['max']:6.2f} ms  (n={values['n']})",
                  flush=True)
        else:
            print(f"{label:<70} {values.get('ms', values.get('per_save')):8.3f}", flush=True)

    holder = tempfile.mkdtemp(prefix="inplace-gap-")
    try:
        for case, filename, read, words in CASES:
            text = read()
            for style in STYLES:
                clients = []
                try:
                    servers = [("galley", galley), ("floor", floor)] + ([("against", against)] if against else [])
                    for name, executable in servers:
                        content = os.path.join(holder, name, "content")
                        shutil.rmtree(os.path.dirname(content), ignore_errors=True)
                        os.makedirs(content)
                        with open(os.path.join(content, filename), "w", encoding="utf-8") as handle:
                            handle.write(text)
                        command = [executable, content] if name == "floor" else [executable, "serve", content, "--port", "0", "--quiet"]
                        clients.append(Client(name, command, content, filename, style))
                    samples = {client.name: [] for client in clients}
                    # The first saves warm both up; the scheduler's counts start after them.
                    warming = min(5, saves)
                    for n in range(warming + saves):
                        if n == warming:
                            for client in clients:
                                client.counted = client.scheduler_totals()
                        data = text.replace(words, f"{words}{n} ", 1).encode()
                        turn = n % len(clients)
                        for client in clients[turn:] + clients[:turn]:
                            elapsed = client.save(data)
                            if n >= warming:
                                samples[client.name].append(elapsed)
                    for client in clients:
                        ran, waited, slices, watching = (now - before for now, before in zip(client.scheduler_totals(), client.counted))
                        label = f"{case} ({len(text.encode()) / 1000:.1f} KB), {client.name}, {style}"
                        add(label, bench.percentiles(samples[client.name]))
                        add(f"{label}: CPU per save", {"ms": ran / 1e6 / saves})
                        add(f"{label}: the watching thread's CPU per save", {"ms": watching / 1e6 / saves})
                        add(f"{label}: waiting for a CPU per save (woken, not yet run)", {"ms": waited / 1e6 / saves})
                        add(f"{label}: thread time slices per save", {"per_save": slices / saves})
                finally:
                    for client in clients:
                        client.close()
    finally:
        shutil.rmtree(holder, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("galley", nargs="?", default=os.path.join(REPO, ".build", "shipped", "release", "galley"))
    parser.add_argument("--saves", type=int, default=60)
    parser.add_argument("--against", help="another Galley binary, served and saved to in the same turns")
    args = parser.parse_args()
    holder = tempfile.mkdtemp(prefix="inplace-floor-")
    try:
        floor = os.path.join(holder, "floor")
        subprocess.run(["cc", "-O2", "-o", floor, os.path.join(HERE, "floor.c")], check=True)
        run(os.path.abspath(args.galley), floor, args.saves, against=args.against and os.path.abspath(args.against))
    finally:
        shutil.rmtree(holder, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
