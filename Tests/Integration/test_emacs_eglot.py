"""A second real editor: Emacs with Eglot (Debian 12's Emacs 28 and
elpa-eglot), in a terminal of its own, running the README's snippet verbatim
against `galley serve`. Keys go in through the terminal as a person types
them, so Emacs's own command loop starts Eglot, asks for code actions and
notices where the cursor rests; the test reads Emacs's state through
`emacsclient --eval`. Galley's diagnostic shows at its line in flymake, a
quick fix changes the buffer as it says, and resting the cursor on a block
makes following pages scroll to it (the daemon's answer carries `follow`)."""
import fcntl
import json
import os
import shutil
import struct
import subprocess
import termios
import threading
import time

import pytest

from galley_support import GALLEY_BIN, REPO, Daemon, HeldPoll, block_locations, copy_content, private_runtime_dir, readme_snippet, run_galley

EXAMPLE = os.path.join(REPO, "Assets", "Example")
DATA = "Resources/speciesData.json"
META = "\x1b"


def wait_until(condition, timeout=30.0, message="condition never held"):
    """A hang guard, not a speed limit: Emacs, Eglot and a debug build share a busy machine."""
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        assert time.monotonic() < deadline, message() if callable(message) else message
        time.sleep(0.05)


def lisp_string(text):
    return json.dumps(text)


class Emacs:
    """`emacs -nw` on a file, in a pseudo-terminal of its own, with a server
    for `emacsclient`; its init file is `$HOME/.emacs.d/init.el`, and Emacs
    activates Debian's packages (Eglot) before it, as at every start."""

    def __init__(self, file, folder, env):
        self.server = os.path.join(folder, "emacs-server")
        os.mkdir(self.server, 0o700)
        started = f"(progn (setq server-socket-dir {lisp_string(self.server)}) (server-start))"
        controller, terminal = os.openpty()
        fcntl.ioctl(terminal, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
        self.proc = subprocess.Popen(
            ["emacs", "-nw", "--no-splash", "--eval", started, file],
            stdin=terminal, stdout=terminal, stderr=terminal, env=env, start_new_session=True,
            preexec_fn=lambda: fcntl.ioctl(0, termios.TIOCSCTTY, 0),
        )
        os.close(terminal)
        self.terminal = controller
        self.screen = []
        threading.Thread(target=self._drain, daemon=True).start()
        try:
            wait_until(lambda: os.path.exists(os.path.join(self.server, "server")) or self.proc.poll() is not None,
                       message=lambda: "emacs never started its server:\n" + self.output())
            assert self.proc.poll() is None, "emacs exited:\n" + self.output()
        except AssertionError:
            self.proc.kill()
            self.proc.wait()
            os.close(self.terminal)
            raise

    def _drain(self):
        # The terminal must be read, or Emacs blocks redrawing it.
        while True:
            try:
                chunk = os.read(self.terminal, 65536)
            except OSError:
                return
            if not chunk:
                return
            self.screen.append(chunk)

    def output(self):
        return b"".join(self.screen)[-4000:].decode(errors="replace")

    def keys(self, keys):
        os.write(self.terminal, keys.encode())

    def value(self, expression):
        """The value of an Emacs Lisp expression, through `json-encode` and a file in UTF-8."""
        answer = os.path.join(self.server, "value.json")
        written = (f"(let ((coding-system-for-write 'utf-8-unix)) "
                   f"(with-temp-file {lisp_string(answer)} (insert (json-encode {expression}))))")
        result = subprocess.run(["emacsclient", "-s", os.path.join(self.server, "server"), "--eval", written],
                                capture_output=True, text=True, timeout=30)
        assert result.returncode == 0, result.stderr
        with open(answer, encoding="utf-8") as handle:
            return json.load(handle)

    def quit(self):
        if self.proc.poll() is None:
            subprocess.run(["emacsclient", "-s", os.path.join(self.server, "server"), "--eval", "(kill-emacs 0)"],
                           capture_output=True, timeout=30)
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        os.close(self.terminal)


@pytest.fixture
def runtime_dir():
    with private_runtime_dir() as folder:
        yield folder


def in_buffer(path, expression):
    return f"(with-current-buffer (find-buffer-visiting {lisp_string(path)}) {expression})"


def line_text(emacs, path, line):
    return emacs.value(in_buffer(path, f"(save-excursion (goto-char (point-min)) (forward-line {line - 1}) "
                                       "(buffer-substring-no-properties (line-beginning-position) (line-end-position)))"))


def flymake_diagnostics(emacs, path):
    """(line, type, text) of each flymake diagnostic in the file's buffer."""
    found = emacs.value(in_buffer(path, "(vconcat (mapcar (lambda (d) (vector (line-number-at-pos (flymake-diagnostic-beg d)) "
                                        "(symbol-name (flymake-diagnostic-type d)) (flymake-diagnostic-text d))) "
                                        "(flymake-diagnostics)))"))
    return sorted(tuple(d) for d in found)


def test_the_readme_snippet_for_emacs_eglot_shows_diagnostics_fixes_follows_and_completes(runtime_dir):
    if not shutil.which("emacs"):
        pytest.skip("emacs is not installed")
    example, holder = copy_content(EXAMPLE)
    editor = daemon = None
    try:
        path = os.path.join(example, DATA)
        text = open(path, encoding="utf-8").read()
        lines = text.split("\n")
        line = next(i for i, content in enumerate(lines) if '"<image>01</image>",' in content) + 1
        # The known error: a missing comma between two blocks, whose fix inserts it.
        broken = text.replace('"<image>01</image>",', '"<image>01</image>"', 1)
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(broken)
        checked = json.loads(run_galley("check", "--format", "json", path).stdout)
        error = next(d for d in checked if d["severity"] == "error")
        fix = error["fixIts"][0]
        fixed_lines = broken.split("\n")
        for edit in reversed(fix["edits"]):
            assert edit["line"] == edit["endLine"] == line
            text_line = fixed_lines[line - 1]
            fixed_lines[line - 1] = text_line[:edit["column"] - 1] + edit["text"] + text_line[edit["endColumn"] - 1:]
        assert fixed_lines == lines
        # A galley.json at the top: the server is rooted there, not in the file's folder.
        with open(os.path.join(example, "galley.json"), "w", encoding="utf-8") as handle:
            handle.write("{}\n")
        daemon = Daemon(example).start()

        # The snippet as the README gives it, where it says to put it, with `galley` found on PATH.
        os.mkdir(os.path.join(holder, ".emacs.d"))
        with open(os.path.join(holder, ".emacs.d", "init.el"), "w", encoding="utf-8") as handle:
            handle.write(readme_snippet("Emacs with Eglot", "elisp"))
        env = dict(os.environ, HOME=holder, TERM="xterm-256color",
                   PATH=os.path.dirname(GALLEY_BIN) + os.pathsep + os.environ["PATH"])
        editor = Emacs(path, holder, env)

        # The first command (going to the broken line) lets eglot-ensure start the server.
        editor.keys(f"{META}gg{line}\r")
        wait_until(lambda: editor.value(in_buffer(path, "(and (bound-and-true-p eglot--managed-mode) t)")),
                   message=lambda: "eglot never managed the buffer:\n" + editor.output())
        root = editor.value(in_buffer(path, "(expand-file-name (project-root (eglot--project (eglot-current-server))))"))
        assert os.path.realpath(root) == os.path.realpath(example)
        diagnostics = wait_until(lambda: [d for d in flymake_diagnostics(editor, path) if d[1] == "eglot-error"],
                                 message="no error diagnostic in flymake")
        assert diagnostics == [(line, "eglot-error", f"galley [{error['id']}]: {error['message']}")], diagnostics

        # Point where the comma is missing, then the quick fix, picked as the default from Eglot's menu.
        editor.keys(f"{META}gg{line}\r\x05")
        editor.keys(f"{META}xeglot-code-actions\r")
        prompt = wait_until(lambda: editor.value("(and (active-minibuffer-window) (minibuffer-prompt))"),
                            message=lambda: "eglot never offered the quick fix:\n" + editor.output())
        assert fix["message"] in prompt, prompt
        editor.keys("\r")
        wait_until(lambda: line_text(editor, path, line) == fixed_lines[line - 1],
                   message="the fix never changed the line as it says")
        assert editor.value(in_buffer(path, "(buffer-string)")) == text
        wait_until(lambda: flymake_diagnostics(editor, path) == [], message="the diagnostic stayed after the fix")
        # The fixed buffer reaches the daemon unsaved; the file is never written.
        penguin = daemon.doc_id("Little Penguin")
        # Left standing: the seed's grey caption, said once for the folder on the penguin's page.
        wait_until(lambda: [d["id"] for d in daemon.api("/api/documents/" + penguin)[1]["diagnostics"]] == ["low-contrast"],
                   message="the daemon never showed the fixed buffer")
        assert open(path, encoding="utf-8").read() == broken

        # The cursor rests inside the last block: following pages are told to scroll to it.
        _, current = daemon.api("/api/documents/" + penguin)
        last = max(line for _, line, _ in block_locations(current["html"]))
        assert last > line
        version = current["version"]
        poll = HeldPoll(daemon, f"/api/documents/{penguin}?since={version}&patch=1")
        editor.keys(f"{META}gg{last}\r{META}m\x06\x06")
        followed = []
        deadline = time.monotonic() + 60
        while True:
            status, answer = poll.result()
            assert status == 200, answer
            followed.append(answer.get("follow"))
            if (answer.get("follow") or {}).get("line") == last:
                break
            assert time.monotonic() < deadline, f"the page was never told to follow line {last}: {followed}"
            version = answer.get("version", version)
            poll = HeldPoll(daemon, f"/api/documents/{penguin}?since={version}&patch=1")

        # Completion (C-M-i) in a new string after the first image: the tag typed so far becomes the whole block.
        for typed, completed in [("<ima", '"<image></image>",'), ("<cap", '"<caption></caption>",')]:
            editor.keys(f"{META}gg{line}\r\x05\r\"\",\x02\x02{typed}{META}\t")
            wait_until(lambda: line_text(editor, path, line + 1).strip() == completed,
                       message=lambda: f"{typed}: {line_text(editor, path, line + 1)!r}:\n" + editor.output())
            editor.keys("\x01\x0b\x0b")
    finally:
        try:
            if editor:
                editor.quit()
        finally:
            if daemon:
                daemon.stop()
            shutil.rmtree(holder, ignore_errors=True)
