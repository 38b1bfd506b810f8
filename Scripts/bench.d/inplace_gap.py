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
has been read. Loopback only; SAVES saves per case.

usage: inplace_gap.py [GALLEY_BIN] [--saves N]
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


def measure(port, document_path, path, temporary, style, saves, text, words):
    """Milliseconds from each save to the whole answer of the poll held over it."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    connection.request("GET", document_path)
    since = json.loads(connection.getresponse().read()).get("version", 1)
    samples = []
    for n in range(saves):
        connection.request("GET", f"{document_path}?since={since}&wait=25&patch=1")
        time.sleep(0.005)  # the poll arrives and is held; the push is what is measured
        started = save(path, temporary, text.replace(words, f"{words}{n} ", 1).encode(), style)
        response = connection.getresponse()
        body = response.read()
        samples.append((time.perf_counter() - started) * 1000)
        assert response.status == 200, body[:200]
        since = json.loads(body).get("version", since)
    connection.close()
    return samples


def run(galley, floor, saves, report=None):
    """Every case, Galley and the floor, each save style; rows to `report` (Scripts/bench's) or printed."""
    holder = tempfile.mkdtemp(prefix="inplace-gap-")
    try:
        for case, filename, read, words in CASES:
            text = read()
            content = os.path.join(holder, "content")
            shutil.rmtree(content, ignore_errors=True)
            os.makedirs(content)
            path = os.path.join(content, filename)
            temporary = os.path.join(holder, filename + ".new")  # outside the watched folder, same file system
            for name, command in (("galley", [galley, "serve", content, "--port", "0", "--quiet"]), ("floor", [floor, content])):
                for style in STYLES:
                    with open(path, "w", encoding="utf-8") as handle:
                        handle.write(text)
                    server = bench.Server(command)
                    try:
                        document_path = "/"
                        if name == "galley":
                            document_path = "/api/documents/" + bench.first_document(server.port, filename)["id"]
                        samples = measure(server.port, document_path, path, temporary, style, saves, text, words)
                    finally:
                        server.stop()
                    summary = bench.percentiles(samples)
                    label = f"{case} ({len(text.encode()) / 1000:.1f} KB), {name}, {style}"
                    if report:
                        report.add("inplace", label, summary)
                    else:
                        print(f"{label:<70} p50 {summary['p50']:6.2f}  p90 {summary['p90']:6.2f}  max {summary['max']:6.2f} ms"
                              f"  (n={summary['n']})", flush=True)
    finally:
        shutil.rmtree(holder, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("galley", nargs="?", default=os.path.join(REPO, ".build", "shipped", "release", "galley"))
    parser.add_argument("--saves", type=int, default=60)
    args = parser.parse_args()
    holder = tempfile.mkdtemp(prefix="inplace-floor-")
    try:
        floor = os.path.join(holder, "floor")
        subprocess.run(["cc", "-O2", "-o", floor, os.path.join(HERE, "floor.c")], check=True)
        run(os.path.abspath(args.galley), floor, args.saves)
    finally:
        shutil.rmtree(holder, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
