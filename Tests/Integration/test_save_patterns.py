"""Real programs' save patterns against a running daemon: every save ends in
the right final content, published exactly once (issue 5)."""
import json
import os
import shutil
import signal
import subprocess
import time

import pytest

from galley_support import HeldPoll, copy_content, show_sentinel

ITEM = {"name": "Penguin", "imageName": "p", "detailText": ["First paragraph.", "Second paragraph."]}


def data(text):
    return json.dumps([dict(ITEM, detailText=[text, "Second paragraph."])], ensure_ascii=False, indent=4) + "\n"


@pytest.fixture
def project(tmp_path):
    root = tmp_path / "project"
    root.mkdir()
    (root / "article.json").write_text(data("Original."), encoding="utf-8")
    path, holder = copy_content(str(root))
    yield path
    shutil.rmtree(holder, ignore_errors=True)


def document(daemon, path="article.json"):
    [entry] = [d for d in daemon.documents()["documents"] if d["path"] == path]
    status, body = daemon.api("/api/documents/" + entry["id"])
    assert status == 200
    return body


def expect_one_update(daemon, save, expected, path="article.json"):
    """Runs `save`; the held poll must bring `expected`, and no second
    version may follow before a sentinel file written afterwards shows."""
    before = document(daemon, path)
    poll = HeldPoll(daemon, f"/api/documents/{before['id']}?since={before['version']}")
    save()
    status, answer = poll.result()
    assert status == 200, answer
    assert expected in answer["html"], answer["html"]
    show_sentinel(daemon)
    assert document(daemon, path)["version"] == answer["version"], "a second update followed the save"


def run(*command, cwd=None):
    subprocess.run(command, cwd=cwd, check=True, capture_output=True, timeout=30)


def vim(path, backupcopy, text):
    # backupskip= because vim's default skips backups (and renames) under /tmp.
    run("vim", "-u", "NONE", "-i", "NONE", "-N", "-n", "-es",
        "-c", f"set backupcopy={backupcopy} backupskip=",
        "-c", f"%s/Original\\.\\|Saved by [a-z ]*\\./{text}/", "-c", "wq", path)


@pytest.mark.skipif(shutil.which("vim") is None, reason="vim is not installed")
@pytest.mark.parametrize("mode", ["yes", "no", "auto"])
def test_vim(project, serve, mode):
    daemon = serve(project)
    path = os.path.join(project, "article.json")
    expect_one_update(daemon, lambda: vim(path, mode, f"Saved by vim {mode}."), f"Saved by vim {mode}.")
    leftovers = [name for name in os.listdir(project) if name != "article.json"]
    assert leftovers == [] and len(daemon.documents()["documents"]) == 1


def test_sed_in_place(project, serve):
    daemon = serve(project)
    expect_one_update(daemon, lambda: run("sed", "-i", "s/Original./Saved by sed./", os.path.join(project, "article.json")), "Saved by sed.")


def test_chunked_in_place_write(project, serve):
    daemon = serve(project)
    path = os.path.join(project, "article.json")

    def save():
        encoded = data("Saved in chunks.").encode()
        descriptor = os.open(path, os.O_WRONLY | os.O_TRUNC)
        for start in range(0, len(encoded), 7):
            os.write(descriptor, encoded[start:start + 7])
            time.sleep(0.001)
        os.close(descriptor)

    expect_one_update(daemon, save, "Saved in chunks.")


def test_rename_from_another_folder(project, serve, tmp_path):
    daemon = serve(project)
    elsewhere = os.path.join(os.path.dirname(project), "elsewhere")
    os.makedirs(elsewhere, exist_ok=True)

    def save():
        temporary = os.path.join(elsewhere, "article.json.tmp")
        with open(temporary, "w", encoding="utf-8") as handle:
            handle.write(data("Saved through another folder."))
        os.rename(temporary, os.path.join(project, "article.json"))

    expect_one_update(daemon, save, "Saved through another folder.")


def test_jetbrains_safe_write(project, serve):
    daemon = serve(project)
    path = os.path.join(project, "article.json")

    def save():
        with open(path + "___jb_tmp___", "w", encoding="utf-8") as handle:
            handle.write(data("Saved by an IDE."))
        os.rename(path, path + "___jb_old___")
        os.rename(path + "___jb_tmp___", path)
        os.remove(path + "___jb_old___")

    expect_one_update(daemon, save, "Saved by an IDE.")


def test_delete_and_recreate(project, serve):
    daemon = serve(project)
    path = os.path.join(project, "article.json")

    def save():
        os.remove(path)
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(data("Recreated."))

    expect_one_update(daemon, save, "Recreated.")


def test_touch_is_no_new_version(project, serve):
    daemon = serve(project)
    before = document(daemon)
    os.utime(os.path.join(project, "article.json"))
    show_sentinel(daemon)
    assert document(daemon)["version"] == before["version"]


def test_move_in_and_out_and_folder_rename(project, serve):
    daemon = serve(project)
    outside = os.path.join(os.path.dirname(project), "outside.json")
    with open(outside, "w", encoding="utf-8") as handle:
        handle.write(data("Moved in."))
    index = daemon.documents()
    poll = HeldPoll(daemon, f"/api/documents?since={index['version']}")
    os.makedirs(os.path.join(project, "chapters"))
    os.rename(outside, os.path.join(project, "chapters", "moved.json"))
    deadline = time.monotonic() + 60  # a hang guard, not a speed bound
    while time.monotonic() < deadline and len(daemon.documents()["documents"]) < 2:
        time.sleep(0.02)
    poll.result()
    assert "Moved in." in document(daemon, "chapters/moved.json")["html"]

    os.rename(os.path.join(project, "chapters"), os.path.join(project, "renamed"))
    deadline = time.monotonic() + 60  # a hang guard, not a speed bound
    while time.monotonic() < deadline and {d["path"] for d in daemon.documents()["documents"]} != {"article.json", "renamed/moved.json"}:
        time.sleep(0.02)
    assert {d["path"] for d in daemon.documents()["documents"]} == {"article.json", "renamed/moved.json"}

    moved = document(daemon, "renamed/moved.json")
    poll = HeldPoll(daemon, f"/api/documents/{moved['id']}?since={moved['version']}")
    os.rename(os.path.join(project, "renamed", "moved.json"), outside)
    status, answer = poll.result()
    assert status == 404 and answer["removed"] is True


def test_editor_temporaries_never_render(project, serve):
    daemon = serve(project)
    article = document(daemon, "article.json")
    for name in [".article.json.swp", "article.json~", "#article.json#", ".#article.json", "4913", "article.json.tmp", "x___jb_tmp___"]:
        with open(os.path.join(project, name), "w", encoding="utf-8") as handle:
            handle.write(data("temporary"))
    os.makedirs(os.path.join(project, ".git"))
    with open(os.path.join(project, ".git", "index.json"), "w", encoding="utf-8") as handle:
        handle.write(data("vcs"))
    # Once a file written after them shows, the temporaries have been seen (and must have done nothing).
    show_sentinel(daemon)
    assert {d["path"] for d in daemon.documents()["documents"]} == {"article.json"}
    assert document(daemon, "article.json")["version"] == article["version"]


@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
def test_checkout_storm_updates_each_document_once(tmp_path, serve):
    repository = tmp_path / "repo"
    repository.mkdir()
    count = 2000
    for index in range(count):
        folder = repository / f"part{index // 100:02d}"
        folder.mkdir(exist_ok=True)
        (folder / f"a{index:04d}.json").write_text(data(f"Version A of {index}."), encoding="utf-8")
    git = ["git", "-c", "user.email=t@example.com", "-c", "user.name=t"]
    run(*git, "init", "-q", cwd=repository)
    run(*git, "add", "-A", cwd=repository)
    run(*git, "commit", "-qm", "A", cwd=repository)
    run(*git, "checkout", "-qb", "b", cwd=repository)
    for index in range(count):
        (repository / f"part{index // 100:02d}" / f"a{index:04d}.json").write_text(data(f"Version B of {index}."), encoding="utf-8")
    run(*git, "commit", "-qam", "B", cwd=repository)
    run(*git, "checkout", "-q", "-", cwd=repository)
    path, holder = copy_content(str(repository))
    try:
        daemon = serve(path)
        documents = {d["path"]: d for d in daemon.documents()["documents"]}
        assert len(documents) == count
        sample = [f"part{index // 100:02d}/a{index:04d}.json" for index in range(0, count, 97)]
        polls = {p: HeldPoll(daemon, f"/api/documents/{documents[p]['id']}?since={documents[p]['version']}", timeout=60) for p in sample}
        run(*git, "checkout", "-q", "b", cwd=path)
        answers = {}
        for relative, poll in polls.items():
            status, answers[relative] = poll.result(timeout=60)
            index = int(relative[-9:-5])
            assert f"Version B of {index}." in answers[relative]["html"]
        show_sentinel(daemon, timeout=60)
        final = {d["path"]: d for d in daemon.documents()["documents"]}
        for relative, answer in answers.items():
            assert daemon.api("/api/documents/" + answer["id"])[1]["version"] == answer["version"], f"{relative} was updated twice"
        assert len(final) == count
        changed = sum(1 for p in final if final[p]["version"] != documents[p]["version"])
        assert changed == count
    finally:
        shutil.rmtree(holder, ignore_errors=True)


def test_overflow_while_stopped_is_followed_by_a_rescan(project, serve):
    daemon = serve(project)
    flood = os.path.join(project, "flood")
    os.makedirs(flood)
    # Once a file written after it shows, the new folder is watched.
    show_sentinel(daemon)
    limit = int(open("/proc/sys/fs/inotify/max_queued_events").read())
    files = limit // 2 + 2000
    os.kill(daemon.proc.pid, signal.SIGSTOP)
    try:
        for index in range(files):
            with open(os.path.join(flood, f"f{index:05d}.txt"), "w") as handle:
                handle.write(f"line {index}\n")
        with open(os.path.join(project, "article.json"), "w", encoding="utf-8") as handle:
            handle.write(data("Saved during the overflow."))
    finally:
        os.kill(daemon.proc.pid, signal.SIGCONT)
    # Only catches a hang: reading 10,000 new files takes 8 s of CPU in a debug
    # build, and over 40 s of wall time on a 2-core machine busy with builds.
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline:
        documents = daemon.documents()["documents"]
        if len(documents) == files + 1:
            break
        time.sleep(0.1)
    assert len(documents) == files + 1
    assert "Saved during the overflow." in document(daemon)["html"]
    assert any("overflowed" in line for line in daemon.output)


def test_content_folder_removed_and_recreated(project, serve):
    daemon = serve(project)
    before = document(daemon)
    poll = HeldPoll(daemon, f"/api/documents/{before['id']}?since={before['version']}")
    backup = project + ".backup"
    shutil.copytree(project, backup)
    shutil.rmtree(project)
    status, answer = poll.result()
    assert status == 404 and answer["removed"] is True
    shutil.copytree(backup, project)
    deadline = time.monotonic() + 60  # a hang guard, not a speed bound
    while time.monotonic() < deadline and not daemon.documents()["documents"]:
        time.sleep(0.05)
    assert "Original." in document(daemon)["html"]
    expect_one_update(daemon, lambda: open(os.path.join(project, "article.json"), "w").write(data("After the return.")), "After the return.")


def test_sighup_reads_the_config_again(project, serve):
    # Polling once an hour: the watcher will not see the edit, only SIGHUP can.
    daemon = serve(project, "--poll=3600")
    before = document(daemon)
    assert before["layout"]["deviceWidth"] == 390
    with open(os.path.join(project, "galley.json"), "w", encoding="utf-8") as handle:
        handle.write('{"device": {"width": 430}}')
    poll = HeldPoll(daemon, f"/api/documents/{before['id']}?since={before['version']}&wait=10")
    os.kill(daemon.proc.pid, signal.SIGHUP)
    status, answer = poll.result()
    assert status == 200 and answer["layout"]["deviceWidth"] == 430
    assert daemon.proc.poll() is None


def test_polling_fallback_sees_saves_adds_and_removals(project, serve):
    daemon = serve(project, "--poll=0.1")
    expect_one_update(daemon, lambda: open(os.path.join(project, "article.json"), "w").write(data("Seen by polling.")), "Seen by polling.")
    with open(os.path.join(project, "second.json"), "w", encoding="utf-8") as handle:
        handle.write(data("A second file."))
    deadline = time.monotonic() + 60  # a hang guard, not a speed bound
    while time.monotonic() < deadline and len(daemon.documents()["documents"]) < 2:
        time.sleep(0.05)
    assert "A second file." in document(daemon, "second.json")["html"]
    os.remove(os.path.join(project, "second.json"))
    deadline = time.monotonic() + 60  # a hang guard, not a speed bound
    while time.monotonic() < deadline and len(daemon.documents()["documents"]) > 1:
        time.sleep(0.05)
    assert [d["path"] for d in daemon.documents()["documents"]] == ["article.json"]
