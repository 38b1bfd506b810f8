"""`galley diff` and `galley render --since`: the content against a git
revision, read through git, with exactly the changed blocks marked."""
import json
import os
import re
import subprocess

from galley_support import run_galley
from history_support import DATA, edit, edit_a_paragraph_and_remove_an_image, git, marks


def snapshot(folder):
    """Every file's bytes and mode: what Galley must leave as it was."""
    found = {}
    for top, _, files in os.walk(folder):
        for name in files:
            path = os.path.join(top, name)
            with open(path, "rb") as stream:
                found[path] = (stream.read(), os.stat(path).st_mode)
    return found


def test_diff_of_the_last_commit_marks_the_edited_paragraph_and_the_removed_image(history):
    edit(history, edit_a_paragraph_and_remove_an_image)
    git(history, "commit", "-q", "-am", "edit")
    before = snapshot(history)
    result = run_galley("diff", "HEAD~1", history, timeout=300)
    assert result.returncode == 0, result.stderr
    page = result.stdout
    # The changed paragraph is marked within: what was added, not its old version beside it ("before").
    assert marks(page) == ["changed", "removed"], marks(page)
    removed = re.search(r'<div data-review="removed"[^>]*>(.*?)</div>', page).group(1)
    assert "<img" in removed
    changed = re.search(r'<div data-review="changed"[^>]*>(.*?)</div>', page).group(1)
    assert "<ins> (edited)</ins>" in changed
    assert 'data-review-status="changed"' in page
    assert page.count('data-review-status=') == 2, "only the two documents that changed are shown"
    assert re.search(r"2 documents changed, \d+ unchanged", page)
    assert snapshot(history) == before, "the content folder is left as it was"


def test_uncommitted_changes_against_head_and_a_range(history):
    edit(history, lambda species: species[0]["detailText"].append("A new last paragraph."))
    result = run_galley("diff", "HEAD", history, timeout=300)
    assert result.returncode == 0, result.stderr
    assert marks(result.stdout) == ["added"]
    git(history, "commit", "-q", "-am", "add")
    result = run_galley("diff", "HEAD~1..HEAD", history, timeout=300)
    assert result.returncode == 0, result.stderr
    assert marks(result.stdout) == ["added"]
    result = run_galley("diff", "HEAD..HEAD", history, timeout=300)
    assert marks(result.stdout) == []
    assert "0 documents changed" in result.stdout


def test_a_renamed_file_is_followed_and_a_new_file_is_a_new_document(history):
    git(history, "mv", DATA, os.path.join("Resources", "animals.json"))
    with open(os.path.join(history, "Resources", "plants.json"), "w", encoding="utf-8") as stream:
        json.dump([{"name": "Moss", "imageName": "moss", "detailText": ["Green."]}], stream)
    git(history, "add", "-A")
    git(history, "commit", "-q", "-m", "rename")
    result = run_galley("diff", "HEAD~1", history, timeout=300)
    assert result.returncode == 0, result.stderr
    page = result.stdout
    assert page.count("renamed from Resources/speciesData.json") == 4
    assert page.count('data-review-status="added"') == 1
    assert marks(page) == ["added"]


def test_a_bare_range_of_branches_follows_a_renamed_and_edited_file_and_a_removed_one(history):
    """A pull request's review: on a branch, the data file is renamed and one paragraph edited, a history file removed."""
    removed = os.path.join("history", sorted(os.listdir(os.path.join(history, "history")))[0])
    git(history, "checkout", "-q", "-b", "feature")
    # Edited in place, its layout kept, so that git still sees the rename (a file rewritten whole would not be one).
    path = os.path.join(history, DATA)
    text = open(path, encoding="utf-8").read()
    paragraph = json.loads(text)[3]["detailText"][3]
    assert text.count(json.dumps(paragraph, ensure_ascii=False)) == 1
    with open(path, "w", encoding="utf-8") as stream:
        stream.write(text.replace(json.dumps(paragraph, ensure_ascii=False), json.dumps(paragraph + " (edited)", ensure_ascii=False)))
    git(history, "mv", DATA, os.path.join("Resources", "animals.json"))
    git(history, "rm", "-q", removed)
    git(history, "commit", "-q", "-am", "rename, edit, remove")
    on_branch = run_galley("diff", "main..HEAD", history, timeout=300)
    assert on_branch.returncode == 0, on_branch.stderr
    page = on_branch.stdout
    assert page.count("renamed from Resources/speciesData.json") == 4
    # Through the rename, only the edited paragraph is marked; the removed file's documents are shown removed, whole.
    old_items = len(json.loads(subprocess.run(["git", "-C", history, "show", f"main:{removed}"], capture_output=True, check=True).stdout))
    assert page.count('data-review-status="removed"') == old_items
    edited = re.search(r'<div data-review="changed"[^>]*>(.*?)</div>', page).group(1)
    assert "(edited)" in edited
    assert marks(page).count("changed") == 1 and marks(page).count("before") == 0 and "added" not in marks(page)
    # The same from main's work tree: both ends come from git, not from the folder.
    git(history, "checkout", "-q", "main")
    assert run_galley("diff", "main..feature", history, timeout=300).stdout == page.replace("main..HEAD", "main..feature")
    # A...B reviews B since it left A; with main moved on since, only the branch's own changes show.
    edit(history, lambda species: species[0]["detailText"].append("Only on main."))
    git(history, "commit", "-q", "-am", "main moves on")
    since_fork = run_galley("diff", "main...feature", history, timeout=300).stdout
    assert "Only on main." not in since_fork
    assert since_fork == page.replace("main..HEAD", "main...feature")
    assert "Only on main." in run_galley("diff", "main..feature", history, timeout=300).stdout, "A..B compares the two ends"
    # An end left out is HEAD, as git reads it: from main's work tree, ..feature is main..feature.
    assert run_galley("diff", "..feature", history, timeout=300).stdout == run_galley(
        "diff", "main..feature", history, timeout=300).stdout.replace("main..feature", "..feature")
    bad = run_galley("diff", "..", history)
    assert bad.returncode == 1 and "neither a revision nor a range" in bad.stderr


def test_render_since_writes_a_site_outside_the_content_folder(history, tmp_path):
    edit(history, edit_a_paragraph_and_remove_an_image)
    out = tmp_path / "review"
    result = run_galley("render", "--since", "HEAD", history, "-o", str(out), timeout=300)
    assert result.returncode == 0, result.stderr
    assert marks((out / "index.html").read_text(encoding="utf-8")) == ["changed", "removed"]
    inside = run_galley("render", "--since", "HEAD", history, "-o", os.path.join(history, "review"))
    assert inside.returncode == 1
    assert "never writes there" in inside.stderr


def test_bad_revisions_and_folders_outside_git_are_clear_errors(history, tmp_path):
    result = run_galley("diff", "no-such-revision", history)
    assert result.returncode == 1
    assert "no revision 'no-such-revision'" in result.stderr
    result = run_galley("diff")
    assert result.returncode == 64
    assert "diff needs a revision" in result.stderr
    result = run_galley("diff", "HEAD", history, "third")
    assert result.returncode == 64
    plain = tmp_path / "plain"
    plain.mkdir()
    result = run_galley("diff", "HEAD", str(plain))
    assert result.returncode == 1
    assert "is not in a git work tree" in result.stderr
    result = run_galley("diff", "HEAD", str(tmp_path / "missing"))
    assert result.returncode == 1
    assert "does not exist" in result.stderr


def test_a_two_character_edit_is_marked_as_two_characters_and_unchanged_runs_fold(history):
    """Issue 43, item 15: a two-character edit of a Japanese paragraph once struck the whole paragraph out."""
    def two_characters_and_markup(species):
        paragraph = species[0]["detailText"][5]
        assert paragraph[9:11] == "活環", paragraph
        species[0]["detailText"][5] = paragraph[:9] + "命周" + paragraph[11:]
        # Text that looks like markup is marked as text, escaped: content never adds markup to the page.
        species[1]["detailText"][0] = species[1]["detailText"][0] + " <b onclick=x>&</b>"
    edit(history, two_characters_and_markup)
    result = run_galley("diff", "HEAD", history, timeout=300)
    assert result.returncode == 0, result.stderr
    page = result.stdout
    assert marks(page) == ["changed", "changed"], marks(page)
    changed = re.findall(r'<div data-review="changed"[^>]*>(.*?)</div>', page)
    assert "生<del>活環</del><ins>命周</ins>の中で" in changed[0]
    assert re.findall(r"<(?:del|ins)>(.*?)</(?:del|ins)>", changed[0]) == ["活環", "命周"]
    assert changed[1].endswith("<ins> &lt;b onclick=x&gt;&amp;&lt;/b&gt;</ins></p>"), changed[1]
    assert "<b onclick" not in page
    # The first article's 18 blocks: the four before the change's neighbour folded, and the eleven after the one
    # after it; the second's 16: all but its first (changed) and the one beside it.
    folds = [int(count) for count in re.findall(r'<details class="review-fold"[^>]*><summary>(\d+) unchanged blocks</summary>', page)]
    assert folds == [4, 11, 14], folds
    assert all(count >= 2 for count in folds)
