#!/usr/bin/env python3
"""Save-to-answer latency of an in-place save against an atomic one, through a
Python client that asks as the preview page does (`http.client`, `since`,
`wait`, `patch=1`), beside the C floor (Scripts/bench.d/floor.c) in this run.

The real app's 17 KB data file is copied into a scratch folder; each save
changes one name in it. The clock starts just before the save becomes visible
(`close` for an in-place save, `rename` for an atomic one) and stops when the
whole answer has been read. Loopback only; SAVES saves per case.

usage: inplace_gap.py [GALLEY_BIN] [--saves N]
"""
import argparse
import http.client
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
DATA = os.path.join(REPO, "..", "shared", "corpus", "tagged", "grmagicdog-SpeciesCollection", "Resources", "speciesData.json")


class Server:
    """A server process that prints its URL on its first line."""

    def __init__(self, command):
        self.process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        line = self.process.stdout.readline()
        match = re.search(r":(\d+)/", line)
        if not match:
            self.stop()
            raise RuntimeError(f"no URL from {command[0]}: {line!r}")
        self.port = int(match.group(1))

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=10)


def variant(text, n):
    """The data file with its first name changed, so that every save is a real change."""
    return text.replace('"Toxoplasma"', f'"Toxoplasma {n}"', 1).encode()


def save(path, temporary, data, style):
    """Writes `data` to `path`; returns the clock reading taken just before the save becomes visible."""
    if style == "atomic":
        with open(temporary, "wb") as handle:
            handle.write(data)
        started = time.perf_counter()
        os.rename(temporary, path)
        return started
    handle = open(path, "r+b")
    handle.truncate(0)
    handle.write(data)
    handle.flush()
    started = time.perf_counter()
    handle.close()
    return started


def measure(port, document_path, path, temporary, style, saves, text):
    """Milliseconds from each save to the whole answer of the poll held over it."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    connection.request("GET", document_path)
    since = json.loads(connection.getresponse().read()).get("version", 1)
    samples = []
    for n in range(saves):
        connection.request("GET", f"{document_path}?since={since}&wait=25&patch=1")
        time.sleep(0.005)  # the poll arrives and is held; the push is what is measured
        started = save(path, temporary, variant(text, f"{style} {n}"), style)
        response = connection.getresponse()
        body = response.read()
        samples.append((time.perf_counter() - started) * 1000)
        assert response.status == 200, body[:200]
        since = json.loads(body).get("version", since)
    connection.close()
    return samples


def percentile(samples, fraction):
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("galley", nargs="?", default=os.path.join(REPO, ".build", "release", "galley"))
    parser.add_argument("--saves", type=int, default=30)
    args = parser.parse_args()
    with open(DATA, encoding="utf-8") as handle:
        text = handle.read()
    holder = tempfile.mkdtemp(prefix="inplace-gap-")
    try:
        floor = os.path.join(holder, "floor")
        subprocess.run(["cc", "-O2", "-o", floor, os.path.join(HERE, "floor.c")], check=True)
        content = os.path.join(holder, "content")
        os.makedirs(content)
        path = os.path.join(content, "speciesData.json")
        temporary = os.path.join(holder, "speciesData.json.tmp")  # outside the watched folder, same file system
        results = []
        for name, command in (("galley", [args.galley, "serve", content, "--port", "0", "--quiet"]), ("floor", [floor, content])):
            for style in ("in-place", "atomic"):
                with open(path, "w", encoding="utf-8") as handle:
                    handle.write(text)
                server = Server(command)
                try:
                    document_path = "/"
                    if name == "galley":
                        connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
                        connection.request("GET", "/api/documents")
                        documents = json.loads(connection.getresponse().read())["documents"]
                        connection.close()
                        document_path = "/api/documents/" + documents[0]["id"]
                    samples = measure(server.port, document_path, path, temporary, style, args.saves, text)
                finally:
                    server.stop()
                results.append((name, style, samples))
        print(f"{'server':8} {'save':9} {'n':>3} {'p50 ms':>8} {'p90 ms':>8} {'max ms':>8}")
        for name, style, samples in results:
            print(f"{name:8} {style:9} {len(samples):3} {percentile(samples, 0.5):8.2f} {percentile(samples, 0.9):8.2f} {max(samples):8.2f}")
    finally:
        shutil.rmtree(holder, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
