"""Images nested in blocks (an HTML table cell) are found like top-level
ones: `check` reports a missing one, and the page shows it once it appears."""
import os
import re

import pytest

from galley_support import TESTS, HeldPoll, run_galley, save_by_rename

PNG = os.path.join(TESTS, "Browser", "fixtures", "content", "Assets.xcassets", "pelican_01.imageset", "x.png")

TABLE = """<!doctype html><title>Table</title>
<table><tr><td>Cell text</td>
<td><img src="pictures/late.png"></td></tr></table>
"""


@pytest.fixture
def folder(tmp_path):
    root = tmp_path / "content"
    (root / "pictures").mkdir(parents=True)
    (root / "Table.html").write_text(TABLE, encoding="utf-8")
    return str(root)


def test_check_reports_a_missing_image_in_a_table_cell(folder):
    result = run_galley("check", folder)
    assert result.returncode == 0, result.stdout + result.stderr
    assert f"{folder}/Table.html:3:5: warning: missing image 'pictures/late.png'" in result.stdout.splitlines()


def test_an_image_in_a_table_cell_appears_when_its_file_does(folder, serve):
    daemon = serve(folder)
    document = next(d for d in daemon.documents()["documents"] if d["path"] == "Table.html")
    _, current = daemon.api("/api/documents/" + document["id"])
    assert "missing image “pictures/late.png”" in current["html"]
    [warning] = current["diagnostics"]
    assert (warning["line"], warning["column"], warning["message"]) == (3, 5, "missing image 'pictures/late.png'")
    # The page points at the table that holds the image.
    assert re.search(r'<div class="blk k-table is-missing" id="%s"' % re.escape(warning["block"]), current["html"]), current["html"]

    poll = HeldPoll(daemon, f"/api/documents/{document['id']}?since={current['version']}")
    with open(PNG, "rb") as image:
        save_by_rename(os.path.join(folder, "pictures", "late.png"), image.read())
    status, answer = poll.result()
    assert status == 200, answer
    assert re.search(r'<td><img src="/files/pictures/late\.png\?v=[0-9a-f]+"', answer["html"]), answer["html"]
    assert "is-missing" not in answer["html"]
    assert answer["diagnostics"] == []
