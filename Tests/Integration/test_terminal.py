"""What reaches the author's terminal: control characters from content and
file names are shown escaped, never raw; `--help` and Tab completion offer
every command; `--open` without a browser says what failed and the URL."""
import os
import stat
import subprocess

from galley_support import GALLEY_BIN, REPO, Daemon, copy_content, run_galley, save_in_place

EXAMPLE = os.path.join(REPO, "Assets", "Example")
# A window title, then a line erase and a carriage return that would
# overwrite the line with whatever follows.
HOSTILE = "\x1b]0;T\x07\x1b[2K\r"
RAW = ("\x1b", "\x07", "\r", "\x9b")


def raw_controls(text):
    return [c for c in RAW if c in text]


def test_check_shows_control_characters_from_content_escaped(tmp_path):
    data = tmp_path / "data.json"
    data.write_text('[{"name": "A", "imageName": "a", "detailText": ["<image>\\u001b]0;T\\u0007</image>"]}]\n', encoding="utf-8")
    result = run_galley("check", str(data))
    assert raw_controls(result.stdout + result.stderr) == [], repr(result.stdout)
    # The author still sees what the content holds.
    assert "\\x1B]0;T\\x07" in result.stdout, result.stdout


def test_the_serve_log_shows_a_hostile_file_name_escaped(tmp_path):
    content, holder = copy_content(EXAMPLE)
    daemon = Daemon(content, ["--verbose"]).start()
    try:
        name = "notes" + HOSTILE + "forged.txt"
        save_in_place(os.path.join(content, name), "A note.\n")
        deadline_lines = lambda: [line for line in daemon.output if "forged.txt" in line]
        import time
        deadline = time.monotonic() + 30
        while not deadline_lines() and time.monotonic() < deadline:
            time.sleep(0.05)
        assert deadline_lines(), "".join(daemon.output[-20:])
    finally:
        daemon.stop()
        subprocess.run(["rm", "-rf", holder])
    output = "".join(daemon.output)
    assert raw_controls(output) == [], repr(output[-2000:])
    assert "notes\\x1B]0;T\\x07\\x1B[2K\\rforged.txt" in output


def test_help_lists_every_command_and_tab_completion_offers_them():
    result = run_galley("--help")
    for command in ("serve", "render", "check", "lsp", "completions", "manual"):
        assert f"galley {command}" in result.stdout, (command, result.stdout)
    script = run_galley("completions", "bash").stdout
    offered = subprocess.run(
        ["bash", "-c", 'source /dev/stdin; COMP_WORDS=(galley ""); COMP_CWORD=1; _galley; printf "%s\\n" "${COMPREPLY[@]}"'],
        input=script, capture_output=True, text=True, check=True).stdout.split()
    assert {"completions", "manual", "serve"} <= set(offered), offered


def fake_browser_path(tmp_path, status):
    folder = tmp_path / "bin"
    folder.mkdir()
    opener = folder / "xdg-open"
    opener.write_text(f"#!/bin/sh\necho 'xdg-open: no method available for opening' >&2\necho junk\nexit {status}\n")
    opener.chmod(opener.stat().st_mode | stat.S_IEXEC)
    return str(folder)


def serve_and_open(path_folder):
    env = dict(os.environ, PATH=path_folder + ":/usr/bin:/bin")
    daemon = Daemon(EXAMPLE, ["--open"], env=env).start()
    try:
        import time
        deadline = time.monotonic() + 30
        while not any("--open" in line for line in daemon.output) and time.monotonic() < deadline:
            time.sleep(0.05)
    finally:
        daemon.stop()
    return daemon, "".join(daemon.output)


def test_open_without_a_browser_says_what_failed_and_the_url(tmp_path):
    daemon, output = serve_and_open(fake_browser_path(tmp_path, 3))
    assert "xdg-open: no method" not in output and "junk" not in output, output
    warning = next(line for line in output.splitlines() if "--open" in line)
    assert "found no browser" in warning and daemon.url in warning, warning


def test_open_without_xdg_open_says_so(tmp_path):
    empty = tmp_path / "empty"
    empty.mkdir()
    env = dict(os.environ, PATH=str(empty))
    daemon = Daemon(EXAMPLE, ["--open"], binary=os.path.abspath(GALLEY_BIN), env=env).start()
    daemon.stop()
    warning = next(line for line in daemon.output if "--open" in line)
    assert "cannot run xdg-open" in warning and daemon.url in warning, warning
