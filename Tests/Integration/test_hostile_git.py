"""The content's git repository is hostile input: its configuration names
programs (fsmonitor, filters, external diff, textconv, pager, hooks), a
committed folder can be a repository by itself, its warnings can fill a
pipe, a revision can be a regular expression that backtracks for ever, and
a device on the local network can ask. `galley diff`, `render --since` and
the changes view run none of those programs, answer within their deadline,
tell a device nothing of the author's paths or refs, and leave no
temporary folder behind when stopped."""
import json
import os
import signal
import subprocess
import tempfile
import time
import urllib.parse

import pytest

from galley_support import GALLEY_BIN, Daemon, temp_root
from history_support import git, marks
from test_lan import Machine, can_make_namespaces, printed_url, sign_in

NOTES = "First paragraph.\n\nSecond paragraph.\n"
ITEMS = [{"name": "Penguin", "imageName": "penguin", "detailText": ["Small.", "Blue."]}]


@pytest.fixture
def holder():
    folder = tempfile.mkdtemp(prefix="galley-hostile-git-", dir=temp_root())
    yield folder
    subprocess.run(["rm", "-rf", folder])


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as stream:
        stream.write(text)


def committed_content(holder):
    """A work tree whose content folder is `Content/` (so that git reads a
    folder below the top), two commits; returns (top, content folder)."""
    top = os.path.join(holder, "project")
    content = os.path.join(top, "Content")
    write(os.path.join(content, "Notes.txt"), NOTES)
    write(os.path.join(content, "data.json"), json.dumps(ITEMS))
    git(holder, "init", "-q", "-b", "main", top)
    git(top, "add", "-A")
    git(top, "commit", "-q", "-m", "one")
    write(os.path.join(content, "Notes.txt"), NOTES + "\nThird paragraph.\n")
    git(top, "commit", "-q", "-am", "two")
    return top, content


def make_hostile(git_dir, markers):
    """Every setting that names a program, each touching its own marker file."""
    hooks = os.path.join(markers, "hooks")
    os.makedirs(hooks, exist_ok=True)
    for hook in ["pre-commit", "post-checkout", "post-index-change", "reference-transaction", "fsmonitor-watchman", "pre-auto-gc"]:
        path = os.path.join(hooks, hook)
        write(path, f"#!/bin/sh\ntouch {markers}/hook-{hook}\n")
        os.chmod(path, 0o755)
        write(os.path.join(git_dir, "hooks", hook), f"#!/bin/sh\ntouch {markers}/own-hook-{hook}\n")
        os.chmod(os.path.join(git_dir, "hooks", hook), 0o755)
    settings = {
        "core.fsmonitor": f"touch {markers}/fsmonitor; false",
        "filter.evil.clean": f"touch {markers}/clean; cat",
        "filter.evil.smudge": f"touch {markers}/smudge; cat",
        "filter.evil.required": "true",
        "diff.external": f"touch {markers}/external; true",
        "diff.evil.textconv": f"touch {markers}/textconv; cat",
        "diff.evil.command": f"touch {markers}/diff-command; true",
        "core.pager": f"touch {markers}/pager; cat",
        "pager.diff": f"touch {markers}/pager-diff; cat",
        "core.hooksPath": hooks,
        "core.sshCommand": f"touch {markers}/ssh",
        "gpg.program": f"touch {markers}/gpg",
        "core.editor": f"touch {markers}/editor",
    }
    config = os.path.join(git_dir, "config")
    for key, value in settings.items():
        subprocess.run(["git", "config", "-f", config, key, value], check=True)
    write(os.path.join(git_dir, "info", "attributes"), "* filter=evil diff=evil\n")


def hostile_environment(markers, **extra):
    """Galley's own environment, with git's variables set as an attacker would like them."""
    return {**os.environ, "GIT_EXTERNAL_DIFF": f"touch {markers}/env-external",
            "GIT_CONFIG_COUNT": "1", "GIT_CONFIG_KEY_0": "core.fsmonitor", "GIT_CONFIG_VALUE_0": f"touch {markers}/env-fsmonitor; false",
            "GIT_PAGER": f"touch {markers}/env-pager; cat", **extra}


def ran(markers):
    return sorted(name for name in os.listdir(markers) if name != "hooks")


def galley(*arguments, env=None, timeout=300):
    # The timeout is a hang guard.
    return subprocess.run([GALLEY_BIN, *arguments], capture_output=True, text=True, timeout=timeout, env=env)


def test_no_program_the_repository_names_runs(holder, serve):
    top, content = committed_content(holder)
    markers = os.path.join(holder, "markers")
    os.makedirs(markers)
    make_hostile(os.path.join(top, ".git"), markers)
    # An edit, and a file renamed without git (exact: the same bytes under another name).
    write(os.path.join(content, "Notes.txt"), NOTES + "\nThird paragraph, edited.\n")
    os.rename(os.path.join(content, "data.json"), os.path.join(content, "animals.json"))
    # The control: git itself, asked as Galley used to ask, runs them.
    subprocess.run(["git", "-C", content, "diff", "HEAD"], capture_output=True, check=True)
    assert {"fsmonitor", "clean", "smudge", "diff-command"} <= set(ran(markers)), ran(markers)
    for name in ran(markers):
        os.remove(os.path.join(markers, name))

    env = hostile_environment(markers)
    result = galley("diff", "HEAD", content, env=env)
    assert ran(markers) == []
    assert result.returncode == 0, result.stderr
    assert marks(result.stdout) == ["changed"], marks(result.stdout)
    assert result.stdout.count("renamed from data.json") == 1
    result = galley("diff", "HEAD~1..HEAD", content, env=env)
    assert ran(markers) == []
    assert result.returncode == 0, result.stderr
    assert marks(result.stdout) == ["added"], marks(result.stdout)
    out = os.path.join(holder, "review")
    result = galley("render", "--since", "HEAD~1", content, "-o", out, env=env)
    assert ran(markers) == []
    assert result.returncode == 0, result.stderr
    assert "Third paragraph, edited." in open(os.path.join(out, "index.html"), encoding="utf-8").read()

    daemon = Daemon(content, env=env).start()
    try:
        for since, marked in [("HEAD", ["changed"]), ("HEAD~1", ["added"])]:
            status, _, body = daemon.get("/api/changes?since=" + since, timeout=300)
            assert ran(markers) == []
            assert status == 200, body
            assert marks(body.decode()) == marked and body.count(b"renamed from data.json") == 1
    finally:
        daemon.stop()
    assert ran(markers) == []


def test_a_committed_bare_repository_or_a_git_file_is_refused(holder, serve):
    top = os.path.join(holder, "project")
    content = os.path.join(top, "Content")
    markers = os.path.join(holder, "markers")
    os.makedirs(markers)
    write(os.path.join(content, "Notes.txt"), NOTES)
    # Content/ is a repository by itself (HEAD, objects/, refs/, config), committed in the project's.
    subprocess.run(["git", "init", "-q", "--bare", content], check=True)
    make_hostile(content, markers)
    subprocess.run(["git", "config", "-f", os.path.join(content, "config"), "core.bare", "false"], check=True)
    subprocess.run(["git", "config", "-f", os.path.join(content, "config"), "core.worktree", ".."], check=True)
    git(holder, "init", "-q", "-b", "main", top)
    git(top, "add", "-A")
    git(top, "commit", "-q", "-m", "one")
    subprocess.run(["git", "-C", content, "diff", "HEAD"], capture_output=True)
    assert "fsmonitor" in ran(markers), "the control: git itself runs the embedded repository's fsmonitor"
    for name in ran(markers):
        os.remove(os.path.join(markers, name))

    # A .git file that puts the repository elsewhere.
    elsewhere = os.path.join(holder, "elsewhere")
    pointed = os.path.join(holder, "pointed")
    write(os.path.join(pointed, "Notes.txt"), NOTES)
    subprocess.run(["git", "init", "-q", "-b", "main", "--separate-git-dir", elsewhere, pointed], check=True)
    git(pointed, "add", "-A")
    git(pointed, "commit", "-q", "-m", "one")
    make_hostile(elsewhere, markers)
    write(os.path.join(pointed, "Notes.txt"), NOTES + "\nMore.\n")

    for folder, reason in [(content, "is not in a git work tree"), (pointed, "is not its work tree's own .git")]:
        result = galley("diff", "HEAD", folder)
        assert result.returncode == 1 and reason in result.stderr, result.stderr
        result = galley("render", "--since", "HEAD", folder, "-o", os.path.join(holder, "out"))
        assert result.returncode == 1 and reason in result.stderr, result.stderr
        daemon = serve(folder)
        status, _, body = daemon.get("/api/changes?since=HEAD", timeout=300)
        assert status == 404 and reason in body.decode(), (status, body)
        assert holder.encode() not in body, "no absolute path in an answer"
    assert ran(markers) == []


def test_warnings_that_fill_a_pipe_do_not_hang_and_the_next_request_is_served(holder, serve):
    """`* text eol=crlf` and 500 files saved with LF: git diff warns of each (past 64 KiB)."""
    top = os.path.join(holder, "crlf")
    os.makedirs(top)
    git(holder, "init", "-q", "-b", "main", top)
    write(os.path.join(top, ".gitattributes"), "* text eol=crlf\n")
    for index in range(500):
        write(os.path.join(top, f"a-rather-long-name-for-a-note-so-that-warnings-add-up-{index:04}.txt"), f"Note {index}.\n")
    git(top, "add", "-A")
    git(top, "commit", "-q", "-m", "notes")
    # Saved again, with LF as before (and a time git cannot take for the one it saw): git reads each again, and warns of each.
    later = time.time() + 60
    for index in range(500):
        path = os.path.join(top, f"a-rather-long-name-for-a-note-so-that-warnings-add-up-{index:04}.txt")
        write(path, f"Note {index}.\n")
        os.utime(path, (later, later))
    write(os.path.join(top, "a-rather-long-name-for-a-note-so-that-warnings-add-up-0000.txt"), "Note 0, edited.\n")
    control = subprocess.run(["git", "-C", top, "diff", "HEAD"], capture_output=True)
    assert len(control.stderr) > 64 * 1024, len(control.stderr)

    result = galley("diff", "HEAD", top)
    assert result.returncode == 0, result.stderr
    assert marks(result.stdout) == ["before", "changed"], marks(result.stdout)
    daemon = serve(top)
    for _ in range(2):
        status, _, body = daemon.get("/api/changes?since=HEAD", timeout=300)
        assert status == 200 and marks(body.decode()) == ["before", "changed"], (status, body[:300])
    assert daemon.get("/api/documents")[0] == 200


def test_a_revision_that_searches_messages_is_refused_and_the_next_is_served(holder, serve):
    top, content = committed_content(holder)
    backtracking = "HEAD^{/(.*)(.*)(.*)(.*)(.*)(.*)(.*)(.*)\\1x}"
    daemon = serve(content)
    for revision in [backtracking, ":/(.*)(.*)\\1x", "main^{/two}"]:
        status, _, body = daemon.get("/api/changes?since=" + urllib.parse.quote(revision), timeout=300)
        assert status == 400 and b"searches commit messages" in body, (status, body)
    status, _, body = daemon.get("/api/changes?since=HEAD~1", timeout=300)
    assert status == 200 and marks(body.decode()) == ["added"], (status, body[:300])
    result = galley("diff", backtracking, content)
    assert result.returncode == 1 and "searches commit messages" in result.stderr, result.stderr


@pytest.mark.skipif(not can_make_namespaces(), reason="needs root and ip netns")
def test_a_device_learns_no_path_and_no_ref(holder):
    top, content = committed_content(holder)
    git(top, "branch", "feature")
    # Outside any work tree (the tests' own folder is inside Galley's).
    plain = tempfile.mkdtemp(prefix="galley-plain-")
    write(os.path.join(plain, "Notes.txt"), NOTES)
    machine = Machine()
    daemons = []
    try:
        for folder in [content, plain]:
            daemons.append(Daemon(folder, ["--lan"], command_prefix=["ip", "netns", "exec", machine.name]).start())
        answers = {}
        for daemon in daemons:
            _, port, key = printed_url(daemon)
            cookie = sign_in(machine, port, key)["headers"]["set-cookie"].split(";")[0]
            for since in ["HEAD", "HEAD~1", "feature", "no-such-branch", "HEAD^{/two}", "main..HEAD", "--output=x"]:
                answer = machine.request(port, "/api/changes?since=" + urllib.parse.quote(since), headers=[("Cookie", cookie)])
                assert holder not in answer["body"] and plain not in answer["body"] and "/work" not in answer["body"], answer["body"]
                answers[(daemon.content, since)] = (answer["status"], answer["body"].replace(since, "REV"))
        assert answers[(content, "HEAD")][0] == 200 and answers[(content, "HEAD~1")][0] == 200
        # A branch that exists, one that does not, and what a device may not ask: one answer.
        refused = {answers[(content, since)] for since in ["feature", "no-such-branch", "HEAD^{/two}", "main..HEAD", "--output=x"]}
        assert len(refused) == 1 and next(iter(refused))[0] == 404, refused
        assert answers[(plain, "HEAD")][0] == 404 and "not in a git work tree" in answers[(plain, "HEAD")][1]
    finally:
        for daemon in daemons:
            daemon.stop()
        machine.remove()
        subprocess.run(["rm", "-rf", plain])


SLOW_GIT = """#!/bin/sh
# git, but stopping for good where a revision's blobs are read: the point to catch Galley at.
for argument in "$@"; do
    if [ "$argument" = cat-file ]; then
        echo $$ > "{reached}"
        exec sleep 600
    fi
done
exec {git} "$@"
"""


def scratch_folders(scratch):
    return sorted(name for name in os.listdir(scratch) if name.startswith("galley-diff-"))


@pytest.mark.parametrize("command,stop", [(["diff", "HEAD"], signal.SIGTERM), (["render", "--since", "HEAD"], signal.SIGINT)])
def test_a_stopped_run_leaves_no_temporary_folder(holder, command, stop):
    top, content = committed_content(holder)
    scratch = os.path.join(holder, "tmp")
    os.makedirs(scratch)
    bin_folder = os.path.join(holder, "bin")
    reached = os.path.join(holder, "reached")
    real_git = subprocess.run(["sh", "-c", "command -v git"], capture_output=True, text=True, check=True).stdout.strip()
    write(os.path.join(bin_folder, "git"), SLOW_GIT.replace("{reached}", reached).replace("{git}", real_git))
    os.chmod(os.path.join(bin_folder, "git"), 0o755)
    env = {**os.environ, "TMPDIR": scratch, "PATH": bin_folder + os.pathsep + os.environ["PATH"]}
    arguments = [GALLEY_BIN, *command, content] + (["-o", os.path.join(holder, "out")] if command[0] == "render" else [])
    process = subprocess.Popen(arguments, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    sleeper = None
    try:
        deadline = time.monotonic() + 120  # a hang guard
        while not (os.path.exists(reached) and open(reached).read().strip()):
            assert process.poll() is None, process.stderr.read()
            assert time.monotonic() < deadline, "galley never read a blob"
            time.sleep(0.05)
        sleeper = int(open(reached).read())
        # Mid-run: its folder is there, with the old version's folder in it.
        folders = scratch_folders(scratch)
        assert len(folders) == 1 and folders[0].startswith(f"galley-diff-{process.pid}-"), folders
        assert os.listdir(os.path.join(scratch, folders[0])) == ["old"]
        process.send_signal(stop)
        assert process.wait(timeout=60) == -stop
        assert scratch_folders(scratch) == []
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        if sleeper:
            os.kill(sleeper, signal.SIGKILL)


def test_the_folder_of_a_killed_run_is_removed_by_the_next(holder):
    top, content = committed_content(holder)
    scratch = os.path.join(holder, "tmp")
    os.makedirs(scratch)
    # What a run killed with SIGKILL (which no process can clean up after) leaves.
    dead = subprocess.Popen(["true"])
    dead.wait()
    leftover = os.path.join(scratch, f"galley-diff-{dead.pid}-0a1b2c3d")
    write(os.path.join(leftover, "old", "Notes.txt"), NOTES)
    alive = os.path.join(scratch, f"galley-diff-{os.getpid()}-0a1b2c3d")
    os.makedirs(alive)
    result = galley("diff", "HEAD", content, env={**os.environ, "TMPDIR": scratch})
    assert result.returncode == 0, result.stderr
    assert scratch_folders(scratch) == [os.path.basename(alive)], "a living process's folder is its own"


STUCK_GIT = """#!/bin/sh
# git, but never ending where a tree is listed while the flag file is there.
for argument in "$@"; do
    if [ "$argument" = ls-tree ] && [ -e "{flag}" ]; then
        echo $$ > "{reached}"
        exec sleep 600
    fi
done
exec {git} "$@"
"""


def test_git_past_its_deadline_is_stopped_and_the_view_says_so(holder):
    top, content = committed_content(holder)
    bin_folder = os.path.join(holder, "bin")
    flag = os.path.join(holder, "stuck")
    reached = os.path.join(holder, "reached")
    write(flag, "")
    real_git = subprocess.run(["sh", "-c", "command -v git"], capture_output=True, text=True, check=True).stdout.strip()
    write(os.path.join(bin_folder, "git"), STUCK_GIT.replace("{flag}", flag).replace("{reached}", reached).replace("{git}", real_git))
    os.chmod(os.path.join(bin_folder, "git"), 0o755)
    daemon = Daemon(content, env={**os.environ, "PATH": bin_folder + os.pathsep + os.environ["PATH"]}).start()
    try:
        # The view's own deadline ends it; the client's timeout is only a hang guard.
        status, _, body = daemon.get("/api/changes?since=HEAD", timeout=300)
        assert status == 504 and b"git ls-tree took longer than" in body and b"was stopped" in body, (status, body)
        stuck = int(open(reached).read())
        assert not os.path.exists(f"/proc/{stuck}"), "the stuck git was killed and reaped"
        assert daemon.get("/api/documents")[0] == 200
        os.remove(flag)
        status, _, body = daemon.get("/api/changes?since=HEAD~1", timeout=300)
        assert status == 200 and marks(body.decode()) == ["added"], (status, body[:300])
    finally:
        daemon.stop()
