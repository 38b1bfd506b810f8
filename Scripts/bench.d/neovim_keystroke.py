#!/usr/bin/env python3
"""Keystroke to pixels through a real editor (issue 45, item 5): headless
Neovim runs the README's snippet (`galley lsp` as its language server) while
`galley serve` shows the same file in headless Chromium. A key is fed to
Neovim (`nvim_input` over its socket, in insert mode, one character into the
first body paragraph or the RTF's first heading) and the clock stops at
Chromium's paint of the changed block (Element Timing on every element the
patch adds, as Scripts/bench's browser part reads it).

Keys come at a typist's pace, ten a second (the next one 100 ms after the
last, or once the last is painted if that takes longer). The editor's share
is told by typing the same keys twice: with the snippet as the README gives
it, and with the snippet's client left at Neovim's own
`debounce_text_changes` (150 ms), which holds a change back until 150 ms
have passed since it last sent one; the difference is the editor's wait.

usage: neovim_keystroke.py [GALLEY_BIN] [--keys N] [--nvim PATH]
"""
import argparse
import importlib.machinery
import importlib.util
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
_loader = importlib.machinery.SourceFileLoader("bench", os.path.join(REPO, "Scripts", "bench"))
bench = importlib.util.module_from_spec(importlib.util.spec_from_loader("bench", _loader))
_loader.exec_module(bench)
# The snippet as the tests take it from the README.
sys.path.insert(0, os.path.join(REPO, "Tests"))
from galley_support import readme_snippet  # noqa: E402


def with_neovim_default_debounce(snippet):
    """The snippet without what it sets about debouncing: Neovim then waits its own 150 ms before sending a change."""
    return re.sub(r",?\s*flags = \{ debounce_text_changes = \d+ \}", "", snippet)


def msgpack_request(message_id, method, arguments):
    """A msgpack-RPC request of strings only, the one shape this client sends."""
    def string(text):
        data = text.encode()
        return (bytes([0xA0 | len(data)]) if len(data) < 32 else bytes([0xD9, len(data)])) + data
    return bytes([0x94, 0x00, message_id]) + string(method) + bytes([0x90 | len(arguments)]) + b"".join(string(a) for a in arguments)


class Editor:
    """`nvim --headless` with an init file, on one file; keys go in over its socket."""

    def __init__(self, binary, init, path, folder, env):
        self.binary = binary
        self.address = os.path.join(folder, "nvim.sock")
        self.proc = subprocess.Popen([binary, "--headless", "--clean", "-n", "-i", "NONE", "--listen", self.address, "-u", init, path],
                                     stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
        deadline = time.monotonic() + 30
        while not os.path.exists(self.address):
            if time.monotonic() > deadline:
                raise RuntimeError("nvim never listened")
            time.sleep(0.05)
        self.connection = socket.socket(socket.AF_UNIX)
        self.connection.connect(self.address)
        self.message_id = 0

    def lua(self, expression):
        code = "vim.fn.json_encode(" + expression + ")"
        result = subprocess.run([self.binary, "--server", self.address, "--remote-expr", "luaeval('" + code.replace("'", "''") + "')"],
                                capture_output=True, text=True, timeout=30)
        return json.loads(result.stdout or result.stderr)

    def command(self, keys):
        subprocess.run([self.binary, "--server", self.address, "--remote-send", keys], capture_output=True, timeout=30)

    def feed(self, keys):
        """Sends `keys` as typed; returns the clock just before they went (ms, monotonic)."""
        self.message_id = (self.message_id + 1) % 100
        request = msgpack_request(self.message_id, "nvim_input", [keys])
        sent = time.monotonic() * 1000
        self.connection.sendall(request)
        self.connection.recv(64)  # [1, id, nil, count]
        return sent

    def quit(self):
        self.connection.close()
        self.command("<Esc>:qa!<CR>")
        try:
            self.proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


# Ten keys a second: a steady typist.
KEY_INTERVAL_SECONDS = 0.1
ATTACHED = ("(function() local c = vim.lsp.get_clients and vim.lsp.get_clients({ bufnr = 0 }) or vim.tbl_values(vim.lsp.buf_get_clients(0)) "
            "return #c == 1 and c[1].initialized == true end)()")


def measure(galley, nvim, heading, snippet, case, keys, driver):
    """Key-to-paint samples (ms) for one file and one init file."""
    name, prepare, position = case
    holder = bench.scratch("neovim-")
    runtime = tempfile.mkdtemp(prefix="xdg-", dir="/tmp")
    os.chmod(runtime, 0o700)
    # The snippet runs `galley` from PATH: the binary measured, whatever its file is called.
    tools = os.path.join(holder, "bin")
    os.makedirs(tools)
    os.symlink(galley, os.path.join(tools, "galley"))
    env = dict(os.environ, XDG_RUNTIME_DIR=runtime, PATH=tools + os.pathsep + os.environ["PATH"])
    content = os.path.join(holder, "content")
    relative = prepare(content)
    path = os.path.join(content, relative)
    init = os.path.join(holder, "init.lua")
    with open(init, "w") as handle:
        handle.write(snippet)
    server = bench.Server([galley, "serve", content, "--port", "0", "--quiet"], env=env)
    editor = None
    try:
        document = bench.first_document(server.port, relative)
        driver.get(f"http://127.0.0.1:{server.port}/doc/{document['id']}")
        deadline = time.monotonic() + 120
        while not bench.page_is_live(driver):
            if time.monotonic() > deadline:
                raise RuntimeError("the preview page never went live")
            time.sleep(0.05)
        editor = Editor(nvim, init, path, holder, env)
        deadline = time.monotonic() + 60
        while not editor.lua(ATTACHED):
            if time.monotonic() > deadline:
                raise RuntimeError(f"{heading}: the README's snippet never attached galley to {relative}")
            time.sleep(0.1)
        line, column = position(path)
        editor.command(f"<Esc>:call cursor({line + 1}, {column + 1})<CR>i")
        driver.execute_async_script(bench.SETTLE)
        driver.execute_script(bench.WATCH_SCREEN)
        page_origin = bench.page_clock_origin(driver)
        samples = []
        for index in range(keys + 1):
            version = driver.execute_script(
                "window.__screen = {mutated: 0, frame: 0, painted: 0, shown: 0, added: false, addedNodes: []}; return galley.version")
            # The key goes in once the page waits, from another thread's clock reading: see Scripts/bench's browser part.
            typed = {}

            def type_soon():
                time.sleep(0.01)  # once the page waits
                typed["at"] = editor.feed("k")
            typist = threading.Thread(target=type_soon)
            typist.start()
            screen = driver.execute_async_script(bench.AWAIT_SCREEN, version)
            typist.join()
            if screen is None:
                raise RuntimeError(f"{name}: a key typed in Neovim never reached the page")
            moment = screen["shown"] or screen["painted"]
            if index:  # the first compiles the page's patching code
                samples.append(moment - (typed["at"] - page_origin))
            time.sleep(max(0.0, KEY_INTERVAL_SECONDS - 0.01 - (time.monotonic() * 1000 - typed["at"]) / 1000))
        return samples
    finally:
        if editor:
            editor.quit()
        driver.get("about:blank")
        server.stop()
        shutil.rmtree(holder, ignore_errors=True)
        shutil.rmtree(runtime, ignore_errors=True)


def example(content):
    shutil.copytree(bench.EXAMPLE, content)
    return "Resources/speciesData.json"


def large_rtf(content):
    os.makedirs(content)
    bench.make_large_rtf(os.path.join(content, "large.rtf"))
    return "large.rtf"


CASES = [("example", example, bench.first_paragraph_position), ("1 MB RTF", large_rtf, bench.first_heading_position)]


def editors(nvim):
    """(binary, README heading) of each Neovim to measure: the one given, else
    both the README's snippets are for: the current release Scripts/setup
    installs and Debian's 0.7."""
    if nvim:
        version = subprocess.run([nvim, "--version"], capture_output=True, text=True).stdout
        return [(nvim, "Neovim 0.7" if version.startswith("NVIM v0.7") else "Neovim 0.8 and later")]
    found = []
    current = os.path.join(REPO, ".build", "tools", "neovim", "bin", "nvim")
    if os.path.exists(current):
        found.append((current, "Neovim 0.8 and later"))
    if shutil.which("nvim"):
        found.append((shutil.which("nvim"), "Neovim 0.7"))
    return found


def run(galley, keys, nvim=None, report=None):
    driver = bench.chromium_driver()
    if not editors(nvim) or not driver:
        print("neovim: Neovim or Chromium is not installed", file=sys.stderr)
        return
    try:
        for binary, heading in editors(nvim):
            version = subprocess.run([binary, "--version"], capture_output=True, text=True).stdout.split("\n")[0]
            snippet = readme_snippet(heading, "lua")
            for case in CASES:
                for label, init in (("the README's snippet", snippet), ("Neovim's own debounce", with_neovim_default_debounce(snippet))):
                    samples = measure(galley, binary, heading, init, case, keys, driver)
                    summary = bench.percentiles(samples)
                    row = f"{case[0]}, {version}, {label}: key to the paint of the change"
                    if report:
                        report.add("neovim", row, summary)
                    else:
                        print(f"{row:<90} p50 {summary['p50']:7.2f}  p99 {summary['p99']:7.2f}  max {summary['max']:7.2f} ms (n={summary['n']})",
                              flush=True)
    finally:
        driver.quit()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("galley", nargs="?", default=os.path.join(REPO, ".build", "shipped", "release", "galley"))
    parser.add_argument("--keys", type=int, default=40)
    parser.add_argument("--nvim", help="Neovim to run (default: both the current release Scripts/setup installs and Debian's)")
    args = parser.parse_args()
    run(os.path.abspath(args.galley), args.keys, args.nvim)


if __name__ == "__main__":
    sys.exit(main())
