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
DATA = os.path.join(bench.CORPUS, "tagged", "grmagicdog-SpeciesCollection", "Resources", "speciesData.json")


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
                server = bench.Server(command)
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
            summary = bench.percentiles(samples)
            print(f"{name:8} {style:9} {summary['n']:3} {summary['p50']:8.2f} {summary['p90']:8.2f} {summary['max']:8.2f}")
    finally:
        shutil.rmtree(holder, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
