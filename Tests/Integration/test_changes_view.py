"""The changes view of `galley serve` (/changes?since=REV, its page from
/api/changes): the folder as it is now against a git revision, marked as
`galley diff` marks it, following every save; and clear statuses for what
it cannot compare."""
import os
import re
import urllib.parse

from galley_support import Daemon, HeldPoll, run_galley
from history_support import edit, edit_a_paragraph_and_remove_an_image, git, marks


def changes(daemon, since):
    # A hang guard: the first page unpacks and renders a commit.
    status, headers, body = daemon.get("/api/changes?since=" + urllib.parse.quote(since), timeout=300)
    return status, headers, body.decode()


def block(page, mark):
    return [match.group(1) for match in re.finditer(rf'<div data-review="{mark}"[^>]*>(.*?)</div>', page)]


def saved(daemon, change):
    """Makes `change` to the folder and waits until the daemon has published it."""
    version = daemon.documents()["version"]
    poll = HeldPoll(daemon, f"/api/documents?since={version}")
    change()
    status, answer = poll.result()
    assert status == 200 and answer["version"] != version, answer


def unpacked(scratch):
    """The daemon's folders for unpacked commits under `scratch`, with the files each holds."""
    return {name: [files for _, _, files in os.walk(os.path.join(scratch, name)) if files]
            for name in os.listdir(scratch) if name.startswith("galley-diff-")}


def test_the_view_marks_an_edited_paragraph_and_a_removed_image_and_follows_a_save(history, tmp_path):
    edit(history, edit_a_paragraph_and_remove_an_image)
    git(history, "commit", "-q", "-am", "edit")
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    daemon = Daemon(history, env={**os.environ, "TMPDIR": str(scratch)}).start()
    try:
        follows_a_save(daemon, history)
        # The commits were unpacked outside the content folder, and only until rendered.
        assert list(unpacked(scratch).values()) == [[]], unpacked(scratch)
    finally:
        assert daemon.stop() == 0
    assert unpacked(scratch) == {}, "the daemon's temporary folder outlived it"


def follows_a_save(daemon, history):
    status, headers, page = changes(daemon, "HEAD~1")
    assert status == 200, page
    assert headers["Content-Type"].startswith("text/html")
    assert headers["Cache-Control"] == "no-store"
    assert marks(page) == ["changed", "removed"], marks(page)
    assert "<img" in block(page, "removed")[0]
    assert "(edited)" in block(page, "changed")[0]
    assert "Changes since HEAD~1" in page
    # The same page `galley diff` writes: one way of comparing, two ways of asking.
    assert page == run_galley("diff", "HEAD~1", history, timeout=300).stdout
    status, _, shell = daemon.get("/changes?since=HEAD~1")
    assert status == 200 and b'data-page="changes"' in shell

    # A save is in the next page, against the commit unpacked before.
    saved(daemon, lambda: edit(history, lambda species: species[3]["detailText"].__setitem__(
        3, species[3]["detailText"][3].replace("(edited)", "(saved again)"))))
    status, _, page = changes(daemon, "HEAD~1")
    assert status == 200, page
    assert marks(page) == ["changed", "removed"], marks(page)
    assert "<ins> (saved again)</ins>" in block(page, "changed")[0]
    assert "edited" not in block(page, "changed")[0]
    # Against the last commit, only the paragraph saved since is marked.
    status, _, page = changes(daemon, "HEAD")
    assert status == 200, page
    assert marks(page) == ["changed"], marks(page)
    assert "(<del>edited</del><ins>saved again</ins>)" in block(page, "changed")[0]


def test_bad_revisions_and_folders_outside_git_are_clear_statuses(history, serve, tmp_path):
    daemon = serve(history)
    status, headers, body = changes(daemon, "no-such-revision")
    assert status == 404 and "no revision 'no-such-revision'" in body, (status, body)
    assert headers["Content-Type"].startswith("text/plain")
    status, _, body = changes(daemon, "main..HEAD")
    assert status == 400 and "is a range" in body, (status, body)
    status, _, body = changes(daemon, "--output=/tmp/x")
    assert status == 400, (status, body)
    # The daemon goes on serving after each.
    assert changes(daemon, "HEAD")[0] == 200

    # Outside the test's own content copies, which are inside Galley's work tree.
    plain = tmp_path / "plain"
    plain.mkdir()
    (plain / "Notes.txt").write_text("Nothing to compare with.\n")
    outside = serve(str(plain))
    status, _, body = changes(outside, "HEAD")
    assert status == 404 and "is not in a git work tree" in body, (status, body)
    status, _, body = outside.get("/api/changes")
    assert status == 404
