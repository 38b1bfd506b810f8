"""A content folder of more folders than inotify has watches for: the daemon
says so once, polls the folders it could not watch, and a save in one of
them reaches the page's long-poll.

The limit is lowered inside a user namespace of the daemon's own
(`unshare -U -r`, where `/proc/sys/user/max_inotify_watches` belongs to it)
rather than in `/proc/sys/fs/inotify/max_user_watches`, which every watcher
of the user on the machine shares: nothing outside the test is affected."""
import json
import os
import re
import shutil
import subprocess
import tempfile
import time

import pytest

from galley_support import Daemon, HeldPoll, save_in_place, temp_root

FOLDERS = 30
# The root and a few folders are watched; more than twenty folders are not.
WATCHES = 8
POLLING = "Galley looks for changes in those folders every second instead."


def low_watch_limit_prefix():
    """The command prefix that runs the daemon under a watch limit of WATCHES, or why it cannot."""
    unshare = shutil.which("unshare")
    if unshare is None:
        return None, "unshare is not installed"
    script = f'echo {WATCHES} > /proc/sys/user/max_inotify_watches && exec "$@"'
    probe = subprocess.run([unshare, "-U", "-r", "/bin/sh", "-c", script, "sh", "true"], capture_output=True, text=True)
    if probe.returncode != 0:
        return None, "cannot lower the watch limit in a user namespace: " + probe.stderr.strip()
    return [unshare, "-U", "-r", "/bin/sh", "-c", script, "sh"], None


@pytest.fixture
def content():
    holder = tempfile.mkdtemp(prefix="galley-watch-limit-", dir=temp_root())
    root = os.path.join(holder, "content")
    for index in range(FOLDERS):
        folder = os.path.join(root, f"f{index:02}")
        os.makedirs(folder)
        with open(os.path.join(folder, "doc.json"), "w") as handle:
            json.dump([{"name": f"Doc {index:02}", "detailText": ["first words"]}], handle)
    yield root
    shutil.rmtree(holder, ignore_errors=True)


def test_a_folder_beyond_the_watch_limit_still_updates_its_page(content):
    prefix, reason = low_watch_limit_prefix()
    if prefix is None:
        pytest.skip(reason)
    daemon = Daemon(content, command_prefix=prefix).start()
    try:
        # The watcher warns from its own thread, maybe after the URL line.
        deadline = time.monotonic() + 60
        while POLLING not in "".join(daemon.output):
            assert time.monotonic() < deadline, "no warning of the watch limit:\n" + "".join(daemon.output)
            time.sleep(0.05)
        log = "".join(daemon.output)
        assert log.count(POLLING) == 1, log
        unwatched = re.search(r"inotify_add_watch\((/[^)]*)\): No space left on device", log)
        assert unwatched, log
        folder = os.path.relpath(unwatched.group(1), content)
        assert re.fullmatch(r"f\d\d", folder), folder

        documents = daemon.documents()["documents"]
        [document] = [d for d in documents if d["path"] == f"{folder}/doc.json"]
        _, current = daemon.api("/api/documents/" + document["id"])
        assert "first words" in current["html"]
        poll = HeldPoll(daemon, f"/api/documents/{document['id']}?since={current['version']}", timeout=60)
        save_in_place(os.path.join(content, folder, "doc.json"), json.dumps([{"name": "Doc", "detailText": ["polled words"]}]))
        status, answer = poll.result()
        assert status == 200, answer
        assert "polled words" in answer["html"]
        assert "".join(daemon.output).count(POLLING) == 1, "the limit is explained once"
    finally:
        daemon.stop()
