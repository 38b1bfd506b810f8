#!/usr/bin/env python3
"""Chromium's task time per save as a client that is not the project's own
measures it (issue 45, item 4): Python, selenium and the DevTools protocol's
`Performance.getMetrics`, with none of Scripts/bench's care.

Each run makes its documents afresh in a new folder and opens them in a new
Chromium at the window size it starts with. Performance is enabled with its
default time domain (wall-clock task time, which counts the main thread
while the machine runs something else), and nothing settles after the page
has loaded: the first saves count. For every save, `TaskDuration` is read,
the file is written in place, the client waits for a MutationObserver on
the article to see a change, and `TaskDuration` is read again; the
difference is the save's task time.

Two floors, each from a fresh folder and Chromium of its own, with the
same questions around each change, say what is not the daemon's or the
page's:
  the client's floor   on the first case's page, an attribute the page sets
                       on itself, which no style reads: the observer's
                       callback and the client's questions, which are
                       Chromium tasks too;
  a word's floor       on each case's page, a word it replaces in a
                       paragraph on screen: what Chromium costs to style,
                       lay out, paint, raster and commit one changed word,
                       with no daemon answer, patch or highlight. A save's
                       figure above it is the page's own work (the answer's
                       arrival, the patch, the next poll, the highlight).

Besides the stranger's run, the same saves with one thing changed at a time
say where a difference from Scripts/bench's browser part comes from:
  --window WxH       the window (Scripts/bench uses 1000x800)
  --time-domain threadTicks   the main thread's own time, as Scripts/bench reads it
  --settle           wait for the page to be idle after loading, as Scripts/bench does
  --skip N           leave the first N saves out of the figures

Its first saves come while Chromium itself is still starting: a freshly
started Chromium preloads its omnibox popup (chrome://omnibox-popup.top-chrome)
in a renderer of its own (`--top-chrome-webui`) for about a second after the
article appears, taking most of a core. On two cores the page's tasks wait for
a CPU meanwhile, and wall-clock task time counts the wait, so each of the
slowest saves is shown with the CPU time that renderer took during it, and a
row leaves out the saves it overlapped. The first change after loading costs
more than the rest even without that preload (`--disable-features=
PreloadTopChromeWebUI`) or with a pause: Chromium rasters again the tiles
around it, where later changes raster only the changed block's. A word's
floor shows both, as the saves do: they are Chromium's, not the page's.

Why its figures are above the browser part's: `Performance.enable` without
a time domain reports wall-clock task time, so every moment the page's main
thread waits for a core while the machine runs other work (the daemon, the
client, anything else) is counted, and its high percentiles are those waits,
in the floor's as in the saves'; read in `threadTicks`, as the browser part
reads it, the same saves cost the page what the browser part reports. The
page does the first save's one-time work of its own before it (its first
frame lays out every group near the screen, and it runs its patching once
before showing the article). What remains is the major garbage collection
that follows loading a large article, a few saves in (the floors' runs have
it too); image decoding (a
word edit decodes no picture) is small, and the window's size (Chromium's
own against the browser part's 1000x800) was not seen to matter above a
busy machine's noise. Each save's work on the page is fixed more than it
grows with the article: the patch, then one frame that lays out, paints
and commits the changed block.

usage: stranger_client.py [GALLEY_BIN] [--saves N] [--case WORDS]...
"""
import argparse
import collections
import importlib.machinery
import importlib.util
import os
import shutil
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
# Only the bench's documents (so that both measure the same bytes) and its server start.
_loader = importlib.machinery.SourceFileLoader("bench", os.path.join(REPO, "Scripts", "bench"))
bench = importlib.util.module_from_spec(importlib.util.spec_from_loader("bench", _loader))
_loader.exec_module(bench)

CASES = [
    ("1 MB RTF, a word edited", "large.rtf", bench.make_large_rtf, lambda original, path: bench.first_section_renamed(original)),
    ("1 MB JSON of 200 items", "large.json", bench.make_large_json, lambda original, path: bench.edits_of(path, 4)),
]

# The floors' "saves", each a change the page makes to itself, seen by the
# same observer. The client's questions alone: an attribute no style reads,
# which no daemon answer, patch or frame follows.
NOTHING_SAVED = """
    setTimeout(() => { document.querySelector('article').parentElement.dataset.strangerFloor = String(performance.now()); }, 50);"""
# What Chromium costs to show a word changed on screen, with no daemon,
# answer or patch: the first word of the first paragraph wholly on screen is
# replaced, and the frame that shows it is styled, laid out, painted,
# rastered and committed as a save's is. The paragraph is found once, before
# the first change, as a save's word is always in the same one.
WORD_FOUND = """
    const words = (p) => {
      const walker = document.createTreeWalker(p, NodeFilter.SHOW_TEXT);
      for (let text = walker.nextNode(); text; text = walker.nextNode()) if (/\\S/.test(text.data)) return text;
      return null;
    };
    const shown = Array.from(document.querySelectorAll('article .blk p')).find((p) => {
      const box = p.getBoundingClientRect();
      return box.top >= 0 && box.bottom <= innerHeight && words(p);
    });
    window.strangerWord = words(shown);"""
WORD_EDITED = """
    setTimeout(() => {
      const word = window.strangerWord;
      word.data = word.data.replace(/\\S+/, 'edit' + performance.now().toFixed(0));
    }, 50);"""

# A floor: its label, whether it is taken on every case's page (else on the first case's only), what the page is
# made ready with (unmeasured), and its change in place of each save.
Floor = collections.namedtuple("Floor", "label on_every_page ready change")
FLOORS = {
    "questions": Floor("the client's floor (no save)", False, None, NOTHING_SAVED),
    # What Chromium costs for a word depends on the page around it: each case's own.
    "word": Floor("the floor of a word the page edits itself (no save)", True, WORD_FOUND, WORD_EDITED),
}

# Resolves at the article's first change, wherever the page puts the article.
AWAIT_MUTATION = """
    const done = arguments[0];
    const target = document.querySelector('article') || document.body;
    const giveUp = setTimeout(() => { observer.disconnect(); done(false); }, 10000);
    const observer = new MutationObserver(() => { observer.disconnect(); clearTimeout(giveUp); done(true); });
    observer.observe(target.parentElement || target, {childList: true, subtree: true, characterData: true, attributes: true});"""


def driver_for(window):
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage"):
        options.add_argument(argument)
    if window:
        options.add_argument(f"--window-size={window}")
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def chromium_own_cpu_ms():
    """CPU time (ms) so far of Chromium's own top-chrome WebUI renderers (what it preloads after starting, the
    omnibox popup), every thread, from the kernel's scheduler statistics."""
    total = 0
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as handle:
                if b"--top-chrome-webui" not in handle.read():
                    continue
            for thread in os.listdir(f"/proc/{pid}/task"):
                with open(f"/proc/{pid}/task/{thread}/schedstat") as handle:
                    total += int(handle.read().split()[0])
        except OSError:  # a process or thread that ended meanwhile
            continue
    return total / 1e6


def metrics(driver):
    return {m["name"]: m["value"] for m in driver.execute_cdp_cmd("Performance.getMetrics", {})["metrics"]}


def run_case(galley, case, args, floor=None):
    """The save-by-save task time (ms) and heap of one case, from a fresh folder and a fresh Chromium; with
    `floor` (a key of FLOORS), of the page's own change instead of each save."""
    name, filename, make, make_edits = case
    holder = tempfile.mkdtemp(prefix="stranger-")
    content = os.path.join(holder, "content")
    os.makedirs(content)
    shutil.copytree(os.path.join(bench.EXAMPLE, "Assets.xcassets"), os.path.join(content, "Assets.xcassets"))
    path = os.path.join(content, filename)
    make(path)
    edits = make_edits(open(path, "rb").read(), path)
    server = bench.Server([galley, "serve", content, "--port", "0", "--quiet"])
    driver = driver_for(args.window)
    try:
        document = bench.first_document(server.port, filename)
        driver.execute_cdp_cmd("Performance.enable", {"timeDomain": args.time_domain} if args.time_domain else {})
        driver.get(f"http://127.0.0.1:{server.port}/doc/{document['id']}")
        deadline = time.monotonic() + 120
        while not driver.execute_script("return !!document.querySelector('article .blk')"):
            if time.monotonic() > deadline:
                raise RuntimeError("the article never appeared")
            time.sleep(0.05)
        if floor and FLOORS[floor].ready:
            driver.execute_script(FLOORS[floor].ready)
        if args.settle:
            driver.execute_async_script(bench.SETTLE)
        print(f"  {name}: the page is {driver.execute_script('return innerWidth + ' + repr('x') + ' + innerHeight')} CSS pixels", flush=True)
        samples = []
        for save in range(args.saves):
            chromium_before = chromium_own_cpu_ms()
            before = metrics(driver)
            data = edits[save % len(edits)]

            def write(data=data):
                time.sleep(0.05)  # once the observer is in place
                with open(path, "wb") as handle:
                    handle.write(data)
            if floor:
                seen = driver.execute_async_script(FLOORS[floor].change + AWAIT_MUTATION)
            else:
                writer = threading.Thread(target=write)
                writer.start()
                seen = driver.execute_async_script(AWAIT_MUTATION)
                writer.join()
            after = metrics(driver)
            chromium_during = chromium_own_cpu_ms() - chromium_before
            if not seen:
                raise RuntimeError(f"{name}: save {save} changed nothing on the page")
            samples.append({
                "task": (after["TaskDuration"] - before["TaskDuration"]) * 1000,
                "script": (after["ScriptDuration"] - before["ScriptDuration"]) * 1000,
                "layout": (after["LayoutDuration"] - before["LayoutDuration"]) * 1000,
                "style": (after["RecalcStyleDuration"] - before["RecalcStyleDuration"]) * 1000,
                "heap_mb": after["JSHeapUsedSize"] / 1e6,
                "chromium_ms": chromium_during,
            })
            time.sleep(0.1)
        return samples
    finally:
        driver.quit()
        server.stop()
        shutil.rmtree(holder, ignore_errors=True)


def describe(args):
    changed = []
    if args.window:
        changed.append(f"window {args.window}")
    if args.time_domain:
        changed.append(args.time_domain)
    if args.settle:
        changed.append("settled")
    if args.skip:
        changed.append(f"first {args.skip} left out")
    return ", ".join(changed) or "as a stranger runs it"


def run(galley, args, report=None):
    """Every case; rows to `report` (Scripts/bench's) or printed."""
    cases = [case for case in CASES if not args.case or any(word in case[0] for word in args.case)]
    # Each case, then its floors: the client's own questions, as it asks them around each save (on the first case's
    # page), and Chromium's showing of a word changed on screen, as a save's patch changes one (on each page).
    runs = []
    for index, case in enumerate(cases):
        runs.append((case[0], run_case(galley, case, args)))
        for key, floor in FLOORS.items():
            if floor.on_every_page or index == 0:
                label = f"{case[0]}: {floor.label}" if floor.on_every_page else floor.label
                runs.append((label, run_case(galley, case, args, floor=key)))
    def add(label, summary):
        if report:
            report.add("stranger", label, summary)
        else:
            print(f"{label}  p50 {summary['p50']:6.2f}  p90 {summary['p90']:6.2f}  p99 {summary['p99']:6.2f}  "
                  f"max {summary['max']:6.2f} ms (n={summary['n']})", flush=True)

    for name, samples in runs:
        samples = samples[args.skip:]
        label = f"{name}, {describe(args)}"
        for key, what in (("task", "TaskDuration"), ("script", "ScriptDuration"), ("layout", "LayoutDuration"), ("style", "RecalcStyleDuration")):
            add(f"{label}: Chromium {what} per save", bench.percentiles([sample[key] for sample in samples]))
        # The same saves but those during which Chromium's own start-up took a CPU (see above): what the page costs.
        quiet = [sample["task"] for sample in samples if sample["chromium_ms"] < 1]
        if quiet:
            add(f"{label}: Chromium TaskDuration per save, Chromium's own start-up not running meanwhile", bench.percentiles(quiet))
        worst = sorted(range(len(samples)), key=lambda index: -samples[index]["task"])[:3]
        print("  slowest saves: " + ", ".join(f"#{index + args.skip} {samples[index]['task']:.1f} ms (script {samples[index]['script']:.1f}, "
                                              f"layout {samples[index]['layout']:.1f}, heap {samples[index]['heap_mb']:.0f} MB, "
                                              f"Chromium's own WebUI {samples[index]['chromium_ms']:.0f} ms)" for index in worst),
              flush=True)


def arguments(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("galley", nargs="?", default=os.path.join(REPO, ".build", "shipped", "release", "galley"))
    parser.add_argument("--saves", type=int, default=100)
    parser.add_argument("--case", action="append", metavar="WORDS", help="only the cases whose name contains WORDS")
    parser.add_argument("--window", metavar="WxH", help="the window's size (default: Chromium's own)")
    parser.add_argument("--time-domain", choices=["timeTicks", "threadTicks"], help="Performance.enable's time domain (default: its own)")
    parser.add_argument("--settle", action="store_true", help="wait for the page to be idle before the first save")
    parser.add_argument("--skip", type=int, default=0, help="leave the first N saves out of the figures")
    return parser.parse_args(argv)


if __name__ == "__main__":
    parsed = arguments()
    run(os.path.abspath(parsed.galley), parsed)
