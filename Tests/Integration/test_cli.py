"""The galley executable as users and CI call it."""
import json
import os
import re
import shutil
import signal
import socket
import subprocess

import pytest

from galley_support import GALLEY_BIN, REPO, run_galley

EXAMPLE = os.path.join(REPO, "Assets", "Example")


def test_help_and_version():
    result = run_galley("--help")
    assert result.returncode == 0 and "galley serve [DIR]" in result.stdout and result.stderr == ""
    result = run_galley("--version")
    # The release, then the commit when built from git.
    assert result.returncode == 0 and re.fullmatch(r"galley \d+\.\d+\.\d+(\+git\d{8}\.[0-9a-f]{7,}(\.dirty)?)?\n", result.stdout)


def test_each_command_prints_its_own_usage():
    for command in ("serve", "render", "check"):
        for spelling in ("--help", "-h"):
            result = run_galley(command, spelling)
            assert result.returncode == 0 and result.stderr == "", (command, spelling, result.stderr)
            assert result.stdout.startswith(f"usage: galley {command}") and "options:" in result.stdout


def test_usage_errors_exit_64_with_reason_and_usage():
    for arguments, reason in [((), "missing command"), (("serve", "--port", "x"), "invalid port 'x'"), (("launch",), "unknown command 'launch'")]:
        result = run_galley(*arguments)
        assert result.returncode == 64, arguments
        assert reason in result.stderr and "usage: galley serve" in result.stderr


def test_serve_refuses_a_missing_folder():
    result = run_galley("serve", "/nonexistent/galley-content", "--port", "0")
    assert result.returncode == 1
    assert "content folder '/nonexistent/galley-content' does not exist" in result.stderr


def test_serve_reports_a_port_in_use():
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = run_galley("serve", EXAMPLE, "--port", str(port))
    assert result.returncode == 1
    assert f"port {port} on 127.0.0.1 is already in use" in result.stderr


def test_bundled_example_has_only_the_seeds_own_caption_contrast_warning():
    result = run_galley("check", EXAMPLE)
    assert result.returncode == 0, result.stdout
    lines = result.stdout.strip().splitlines()
    assert lines[-1] == "0 errors, 1 warning in 1 file"
    # Said once for the folder, at its first caption (it has no galley.json), under the checked folder's path.
    assert lines[:-1] == [f"{EXAMPLE}/Resources/speciesData.json:16:13: warning: 'caption' text colour 'gray' (#8E8E93) on the "
                          "background #FFFFFF has a contrast ratio of 3.26:1 in light appearance; 16 pt text needs 4.5:1 (WCAG 2.2)"]


def test_the_caption_contrast_is_said_once_per_folder_at_the_configurations_line(tmp_path):
    """Many files, many captions: one warning, at the configuration that sets the colour, or declares the kind,
    or at galley.json's start when it leaves the seed's caption as it is; none for a colour that passes."""
    for name in ("a.json", "b.json"):
        (tmp_path / name).write_text('[{"name": "A", "imageName": "a", "detailText": ["<caption>one</caption>"]},\n'
                                     ' {"name": "B", "imageName": "a", "detailText": ["<caption>two</caption>"]}]\n', encoding="utf-8")
    def contrast(config):
        (tmp_path / "galley.json").write_text(config, encoding="utf-8")
        result = run_galley("check", str(tmp_path), "--json")
        return [(d["path"], d["line"], d["column"]) for d in json.loads(result.stdout) if d["id"] == "low-contrast"]
    folder = str(tmp_path)
    assert contrast('{"device": {"width": 390}}\n') == [(f"{folder}/galley.json", 1, 1)]
    assert contrast('{"kinds": [\n  {"name": "caption"},\n  {"name": "body"}\n]}\n') == [(f"{folder}/galley.json", 2, 12)]
    assert contrast('{"kinds": [\n  {"name": "caption",\n   "style": {"color": "#AAAAAA"}}\n]}\n') == [(f"{folder}/galley.json", 3, 23)]
    assert contrast('{"kinds": [{"name": "caption", "style": {"color": "#767676"}}]}\n') == []
    # Checking galley.json alone says what the folder's check says at its lines.
    contrast('{"device": {"width": 390}}\n')
    alone = run_galley("check", "galley.json", "--json", cwd=folder)
    assert [(d["path"], d["id"], d["line"]) for d in json.loads(alone.stdout)] == [("galley.json", "low-contrast", 1)]


def test_check_warns_once_per_caption_that_wraps_past_its_kinds_line_limit(tmp_path):
    """The example's captions limited to two lines: a warning at each caption that takes more at some text
    size, naming the smallest, with every size's line count in the JSON; none with a limit no caption reaches."""
    folder = tmp_path / "Example"
    shutil.copytree(EXAMPLE, folder)
    def limits(max_lines):
        (folder / "galley.json").write_text(json.dumps({"kinds": [{"name": "image"}, {"name": "caption", "follows": ["image"], "maxLines": max_lines},
                                                                  {"name": "body"}]}), encoding="utf-8")
        result = run_galley("check", str(folder), "--json")
        assert result.returncode == 0, result.stdout
        return [d for d in json.loads(result.stdout) if d["id"] == "line-limit"]
    found = limits(2)
    assert found, "no caption of the example wraps past two lines at AX5"
    for warning in found:
        assert warning["severity"] == "warning" and warning["path"].endswith("speciesData.json")
        counts = warning["lineCounts"]
        assert len(counts) == 12 and counts == sorted(counts), counts
        first = next(index for index, count in enumerate(counts) if count > 2)
        size = ["xSmall", "Small", "Medium", "Large", "xLarge", "xxLarge", "xxxLarge", "AX1", "AX2", "AX3", "AX4", "AX5"][first]
        assert f"wraps to {counts[first]} lines from " in warning["message"] and warning["message"].endswith(f"{size} (limit 2) at 390 pt"), warning
    assert len({(d["line"], d["column"]) for d in found}) == len(found), "one warning per caption"
    assert limits(100) == []


def test_check_reports_positions_and_exits_1(tmp_path):
    data = tmp_path / "data.json"
    data.write_text('[{"name": "A", "imageName": "a", "detailText": [\n  "<imgae>01</imgae>",\n  "x" "y"\n]}]\n', encoding="utf-8")
    result = run_galley("check", str(data))
    assert result.returncode == 1
    assert result.stdout.splitlines() == [f"{data}:3:6: error: missing ',' between array elements", "1 error, 0 warnings in 1 file"]
    data.write_text('[{"name": "A", "imageName": "a", "detailText": [\n  "<imgae>01</imgae>"\n]}]\n', encoding="utf-8")
    result = run_galley("check", str(data), "--json")
    assert result.returncode == 0
    [warning] = json.loads(result.stdout)
    assert (warning["line"], warning["column"], warning["severity"]) == (2, 3, "warning")
    assert warning["message"].startswith("'<imgae>' matches no block kind")


def test_render_writes_one_self_contained_page(tmp_path):
    output = tmp_path / "proof.html"
    result = run_galley("render", os.path.join(EXAMPLE, "Resources", "speciesData.json"), "-o", str(output))
    assert result.returncode == 0, result.stderr
    page = output.read_text(encoding="utf-8")
    assert page.count('<article class="galley-doc') == 4, "every item, one after another"
    assert "/files/" not in page and page.count('src="data:image/png;base64,') >= 8
    assert "<script" not in page


class SentPoll:
    """A long-poll whose request has been sent in full when the constructor
    returns; nothing reads its answer until asked, so an answer that came
    early is still waiting in the socket."""

    def __init__(self, daemon, path):
        self.socket = socket.create_connection(("127.0.0.1", daemon.port), timeout=30)
        self.socket.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{daemon.port}\r\nConnection: close\r\n\r\n".encode())

    def has_answer(self):
        self.socket.setblocking(False)
        try:
            return len(self.socket.recv(1, socket.MSG_PEEK)) > 0
        except BlockingIOError:
            return False
        finally:
            self.socket.setblocking(True)
            self.socket.settimeout(30)

    def status(self):
        response = b""
        while chunk := self.socket.recv(65536):
            response += chunk
        self.socket.close()
        return int(response.split(b" ", 2)[1]) if response else None


def test_sigterm_answers_held_polls_and_exits_0(species, serve):
    daemon = serve(species)
    documents = daemon.documents()
    polls = [SentPoll(daemon, f"/api/documents/{d['id']}?since={d['version']}&wait=120") for d in documents["documents"][:5]]
    polls.append(SentPoll(daemon, f"/api/documents?since={documents['version']}&wait=120"))
    # A request sent after theirs, answered at once: by the time its answer is
    # here, an early answer to any poll (the bug this test catches) would be too.
    assert daemon.documents()["version"] == documents["version"]
    assert [poll.has_answer() for poll in polls] == [False] * len(polls), "a poll was answered before SIGTERM"
    assert daemon.stop() == 0
    assert [poll.status() for poll in polls] == [200] * len(polls)


def test_forged_host_and_traversal_are_refused(species, serve):
    daemon = serve(species)
    status, _, _ = daemon.get("/api/documents", headers={"Host": "evil.example:%d" % daemon.port})
    assert status == 421
    status, _, _ = daemon.get("/api/documents", headers={"Origin": "http://evil.example"})
    assert status == 403
    for path in ["/files/../../../../etc/passwd", "/files/%2e%2e/%2e%2e/etc/passwd", "/files/Resources/speciesData.json",
                 "/files//etc/passwd", "/files/Assets.xcassets/..%2f..%2fLICENSE", "/files/LICENSE"]:
        raw = f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{daemon.port}\r\nConnection: close\r\n\r\n".encode()
        with socket.create_connection(("127.0.0.1", daemon.port), timeout=5) as connection:
            connection.sendall(raw)
            response = b""
            while chunk := connection.recv(65536):
                response += chunk
        assert response.startswith(b"HTTP/1.1 404"), (path, response[:80])


def test_render_reports_a_full_disk():
    if not os.path.exists("/dev/full"):
        pytest.skip("no /dev/full")
    result = run_galley("render", os.path.join(EXAMPLE, "Resources", "speciesData.json"), "-o", "/dev/full")
    assert result.returncode == 1
    assert "cannot write /dev/full: " in result.stderr and "No space left on device" in result.stderr


def test_black_written_into_an_rtf_is_warned_about_for_dark_appearance_and_the_default_colour_is_not(tmp_path):
    (tmp_path / "help.rtf").write_text(r"{\rtf1\ansi{\colortbl;\red0\green0\blue0;}\f0\fs24\cf1 Black text.\par Second.\par}", encoding="ascii")
    (tmp_path / "adapts.rtf").write_text(r"{\rtf1\ansi\f0\fs24 The default colour adapts.\par}", encoding="ascii")
    result = run_galley("check", str(tmp_path), "--json")
    assert result.returncode == 0, result.stdout
    [warning] = json.loads(result.stdout)
    assert (warning["path"], warning["id"], warning["severity"]) == (f"{tmp_path}/help.rtf", "low-contrast", "warning")
    assert "1:1 on the text view's background #000000 in dark appearance" in warning["message"]


def run_into(stdout, *arguments, cwd=None, ignore_sigpipe=False):
    """galley with its standard output sent to `stdout` (a descriptor)."""
    def prepare():
        if ignore_sigpipe:
            signal.signal(signal.SIGPIPE, signal.SIG_IGN)
    return subprocess.run([GALLEY_BIN, *arguments], stdout=stdout, stderr=subprocess.PIPE, text=True, timeout=120,
                          cwd=cwd, preexec_fn=prepare)


def committed_content(tmp_path):
    """A one-file content folder in a git work tree with one commit, then edited."""
    content = tmp_path / "content"
    content.mkdir()
    (content / "a.json").write_text('[{"name": "A", "imageName": "p", "detailText": ["One."]}]\n', encoding="utf-8")
    git = ["git", "-C", str(content), "-c", "user.name=T", "-c", "user.email=t@example.com"]
    subprocess.run(git + ["init", "-q"], check=True)
    subprocess.run(git + ["add", "-A"], check=True)
    subprocess.run(git + ["commit", "-q", "-m", "one"], check=True)
    (content / "a.json").write_text('[{"name": "A", "imageName": "p", "detailText": ["Two."]}]\n', encoding="utf-8")
    return content


def test_output_that_cannot_be_written_fails_with_a_message(tmp_path):
    content = committed_content(tmp_path)
    commands = [["check", "."], ["check", ".", "--format", "json"], ["check", ".", "--format", "sarif"],
                ["check", ".", "--format", "github"], ["render", "a.json"], ["diff", "HEAD", "."],
                ["--version"], ["--help"], ["completions", "bash"]]
    with open("/dev/full", "w") as full:
        for arguments in commands:
            result = run_into(full, *arguments, cwd=str(content))
            assert result.returncode != 0, arguments
            assert "No space left on device" in result.stderr, (arguments, result.stderr)
        for arguments in (["render", "a.json", "-o", "/dev/full"], ["diff", "HEAD", ".", "-o", "/dev/full"]):
            result = run_into(subprocess.DEVNULL, *arguments, cwd=str(content))
            assert result.returncode == 1 and "No space left on device" in result.stderr, (arguments, result.stderr)
    # A reader that went away, when SIGPIPE is ignored (as some CI runners' children inherit it).
    reading, writing = os.pipe()
    os.close(reading)
    try:
        result = run_into(writing, "render", "a.json", cwd=str(content), ignore_sigpipe=True)
    finally:
        os.close(writing)
    assert result.returncode == 1 and "Broken pipe" in result.stderr, result.stderr
    # Where the output can be written, the same commands succeed.
    for arguments in (["render", "a.json"], ["diff", "HEAD", "."], ["check", ".", "--format", "json"]):
        assert run_into(subprocess.DEVNULL, *arguments, cwd=str(content)).returncode == 0, arguments
