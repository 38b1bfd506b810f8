"""A scripted Language Server Protocol client: `galley lsp` as a child
process over pipes, messages framed as the protocol says."""
import json
import os
import queue
import subprocess
import threading
import time
import urllib.parse

from galley_support import GALLEY_BIN


def file_uri(path):
    return "file://" + urllib.parse.quote(os.path.abspath(path))


def frame(message):
    body = json.dumps(message, ensure_ascii=False).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


class LanguageClient:
    """`galley lsp` with a reader thread; `messages` holds what it sent."""

    def __init__(self, env=None, cwd=None):
        self.proc = subprocess.Popen(
            [GALLEY_BIN, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            env=env, cwd=cwd,
        )
        self.messages = queue.Queue()
        self.seen = []
        self.next_id = 1
        self.stderr = []
        threading.Thread(target=self._read, daemon=True).start()
        threading.Thread(target=self._drain_stderr, daemon=True).start()

    def _drain_stderr(self):
        for line in self.proc.stderr:
            self.stderr.append(line.decode(errors="replace"))

    def _read(self):
        stream = self.proc.stdout
        while True:
            headers = {}
            while True:
                line = stream.readline()
                if not line:
                    self.messages.put(None)
                    return
                line = line.strip()
                if not line:
                    break
                name, _, value = line.decode().partition(":")
                headers[name.strip().lower()] = value.strip()
            body = stream.read(int(headers["content-length"]))
            self.messages.put(json.loads(body))

    def send_raw(self, data):
        self.proc.stdin.write(data)
        self.proc.stdin.flush()

    def send(self, message):
        self.send_raw(frame(message))

    def notify(self, method, params=None):
        message = {"jsonrpc": "2.0", "method": method}
        if params is not None:
            message["params"] = params
        self.send(message)

    def request(self, method, params=None, timeout=20):
        """Sends a request and returns its whole response message."""
        identifier = self.next_id
        self.next_id += 1
        message = {"jsonrpc": "2.0", "id": identifier, "method": method}
        if params is not None:
            message["params"] = params
        self.send(message)
        return self.wait_for(lambda m: m.get("id") == identifier and "method" not in m, timeout)

    def wait_for(self, predicate, timeout=20):
        """The first message (already seen and unclaimed, or new) that matches."""
        for index, message in enumerate(self.seen):
            if predicate(message):
                return self.seen.pop(index)
        deadline = time.monotonic() + timeout
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise AssertionError("no matching message from galley lsp; stderr:\n" + "".join(self.stderr[-20:]))
            try:
                message = self.messages.get(timeout=remaining)
            except queue.Empty:
                continue
            if message is None:
                raise AssertionError("galley lsp closed its output; stderr:\n" + "".join(self.stderr[-20:]))
            if predicate(message):
                return message
            self.seen.append(message)

    def diagnostics(self, uri, version=None, timeout=20):
        """The next publishDiagnostics for `uri` (at `version` when given)."""
        def matches(m):
            if m.get("method") != "textDocument/publishDiagnostics" or m["params"]["uri"] != uri:
                return False
            return version is None or m["params"].get("version") == version
        return self.wait_for(matches, timeout)["params"]["diagnostics"]

    def initialize(self, root=None, encodings=None, show_document=False):
        capabilities = {"window": {"showDocument": {"support": show_document}}}
        if encodings is not None:
            capabilities["general"] = {"positionEncodings": encodings}
        params = {"processId": os.getpid(), "capabilities": capabilities,
                  "rootUri": file_uri(root) if root else None}
        answer = self.request("initialize", params)
        self.notify("initialized", {})
        return answer["result"]

    def open(self, path, text=None, version=1):
        uri = file_uri(path)
        if text is None:
            with open(path, encoding="utf-8") as handle:
                text = handle.read()
        self.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "json", "version": version, "text": text}})
        return uri

    def change(self, uri, version, changes):
        self.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": version}, "contentChanges": changes})

    def shutdown_and_exit(self, timeout=20):
        answer = self.request("shutdown")
        assert answer["result"] is None
        self.notify("exit")
        return self.proc.wait(timeout=timeout)

    def kill(self):
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
