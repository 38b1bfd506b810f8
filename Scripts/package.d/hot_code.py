#!/usr/bin/env python3
"""Writes Scripts/package.d/hot-code.txt: the functions a save runs through,
for the linker to lay side by side in the shipped binary (Scripts/package).

Why: a save runs a few hundred functions once, between long pauses in which
the editor and the browser have the caches. Spread over the binary's text
as the modules happen to hold them, they touch a page of 4 KiB or more
each, every one a TLB miss and cold cache lines: time the Python client of
`Scripts/bench --only inplace` counts and a client that saves back to back
does not. Laid side by side they take about half as many pages, and each
save reaches the page sooner (docs/numbers.md has the figures).

How: the given binary serves a scratch folder under callgrind, and is saved
to as the bench saves (the in-place cases of Scripts/bench.d/inplace_gap.py,
a one-line note and a corpus RTF), each save held by a page-like poll. The
functions run on any thread between the counter's zero and its dump, the
warm-up saves left out, are written in the order callgrind first met them.
A name the binary no longer has is skipped by the linker; `Scripts/bench
--only callgrind` reports the pages one save runs through, so a stale list
shows there. Run it after the save's path changes, on a binary built by
Scripts/package.

usage: Scripts/package.d/hot_code.py [GALLEY_BIN]
"""
import glob
import importlib.machinery
import importlib.util
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
OUTPUT = os.path.join(HERE, "hot-code.txt")


def load(name, path):
    loader = importlib.machinery.SourceFileLoader(name, path)
    module = importlib.util.module_from_spec(importlib.util.spec_from_loader(name, loader))
    loader.exec_module(module)
    return module


inplace = load("inplace_gap", os.path.join(REPO, "Scripts", "bench.d", "inplace_gap.py"))
# Scripts/bench, as inplace_gap.py loads it: its server handling and its readers of nm and callgrind.
bench = inplace.bench
CASES = [(filename, read, words) for _, filename, read, words in inplace.CASES] + [
    ("note.txt", lambda: "Line 0 of a note.\n", "Line 0 "),
    ("credits.rtf", lambda: open(os.path.join(bench.CORPUS, "rtf", "cocoa-TootRain-Credits.rtf"), encoding="utf-8").read(), "Developer"),
]
WARM_UP_SAVES = 3
COUNTED_SAVES = 3


def functions_met(binary, filename, text, words, holder):
    """The functions callgrind met on every thread during the counted saves, in the order it met them."""
    content = os.path.join(holder, "content")
    shutil.rmtree(content, ignore_errors=True)
    os.makedirs(content)
    with open(os.path.join(content, filename), "w", encoding="utf-8") as handle:
        handle.write(text)
    dumps = os.path.join(holder, "callgrind.out")
    for old in glob.glob(dumps + "*"):
        os.remove(old)
    command = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={dumps}", "--separate-threads=yes",
               binary, "serve", content, "--port", "0", "--quiet"]
    client = inplace.Client("galley", command, content, filename, "in place, one write")
    try:
        for n in range(WARM_UP_SAVES + COUNTED_SAVES):
            if n == WARM_UP_SAVES:
                subprocess.run(["callgrind_control", "--zero", str(client.server.proc.pid)], capture_output=True, check=True)
            client.save(text.replace(words, f"{words}{n} ", 1).encode())
        subprocess.run(["callgrind_control", "--dump", str(client.server.proc.pid)], capture_output=True, check=True)
    finally:
        client.close()
    return [name for dump in sorted(glob.glob(dumps + ".*")) for name in bench.callgrind_function_symbols(dump)]


def main():
    binary = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(REPO, ".build", "shipped", "release", "galley"))
    defined = bench.defined_functions(binary)
    holder = tempfile.mkdtemp(prefix="hot-code-")
    try:
        # valgrind cannot read the toolchain's DWARF; the symbols are enough.
        stripped = os.path.join(holder, "galley")
        shutil.copyfile(binary, stripped)
        os.chmod(stripped, 0o755)
        subprocess.run(["strip", "--strip-debug", stripped], check=True)
        met = {}
        for filename, read, words in CASES:
            for name in functions_met(stripped, filename, read(), words, holder):
                if name in defined:
                    met.setdefault(name, None)
    finally:
        shutil.rmtree(holder, ignore_errors=True)
    # Ours first: each of our functions has a section of its own, which the linker can place alone. The runtime's
    # and Foundation's come in sections of many functions each; placed among ours, every one of them pulled a whole
    # section in between, and the save's code spread over megabytes again.
    ours = own_functions(os.path.dirname(binary))
    ordered = [name for name in met if name in ours] + [name for name in met if name not in ours]
    with open(OUTPUT, "w", encoding="utf-8") as handle:
        handle.write("".join(name + "\n" for name in ordered))
    print(f"hot_code: {len(ordered)} functions ({sum(name in ours for name in ordered)} of ours) to {os.path.relpath(OUTPUT, REPO)}")


def own_functions(build_folder):
    """The functions the project's own object files define (the runtime's are in the archives linked with them)."""
    objects = glob.glob(os.path.join(build_folder, "*.build", "*.o"))
    if not objects:
        sys.exit(f"hot_code: no object files under {build_folder}: give a binary Scripts/package built")
    return set(bench.defined_functions(*objects))


if __name__ == "__main__":
    sys.exit(main())
