"""RTF, RTFD, HTML and plain text documents served live (issue 4)."""
import os
import re
import shutil

import pytest

from galley_support import CORPUS, HeldPoll, copy_content, require_corpus, run_galley, save_in_place

HOSTILE_HTML = """<!doctype html><html><head><title>Help</title>
<script>alert(1)</script><link rel=stylesheet href="https://evil.example/x.css"></head>
<body onload="alert(2)"><h1>Using the app</h1>
<p style="color:#336699">Tap <b>Start</b>, then <a href="javascript:alert(3)">this</a> or <a href="https://example.com/">that</a>.</p>
<img src="https://evil.example/track.png"><img src="pictures/local.png" width="40" height="30">
<ul><li>one</li><li>two</li></ul><table><tr><td>A</td><td>B</td></tr></table>
</body></html>
"""


@pytest.fixture
def library(tmp_path):
    require_corpus(CORPUS)
    root = tmp_path / "library"
    (root / "pictures").mkdir(parents=True)
    shutil.copyfile(os.path.join(CORPUS, "rtf", "cocoa-XspfManager-ja-Credits.rtf"), root / "Credits.rtf")
    shutil.copytree(os.path.join(CORPUS, "rtfd", "Hesperides-Credits.rtfd"), root / "Hesperides.rtfd")
    (root / "Help.html").write_text(HOSTILE_HTML, encoding="utf-8")
    (root / "Notes.txt").write_text("First line of plain notes.\n\nSecond paragraph.\n", encoding="utf-8")
    shutil.copyfile(os.path.join(os.path.dirname(__file__), "..", "Browser", "fixtures", "content", "Assets.xcassets", "pelican_01.imageset", "x.png"), root / "pictures" / "local.png")
    (root / "galley.json").write_text('{"titles": {"Notes.txt": "Release notes"}}', encoding="utf-8")
    path, holder = copy_content(str(root))
    yield path
    shutil.rmtree(holder, ignore_errors=True)


def text_of(html):
    return re.sub(r"<[^>]+>", "", html)


def documents_by_path(daemon):
    return {d["path"]: d for d in daemon.documents()["documents"]}


def test_every_kind_is_listed_with_its_title(library, serve):
    daemon = serve(library)
    documents = documents_by_path(daemon)
    assert {path: (d["kind"], d["title"]) for path, d in documents.items()} == {
        "Credits.rtf": ("rtf", "Credits"),
        "Hesperides.rtfd": ("rtfd", "Hesperides"),
        "Help.html": ("html", "Help"),
        "Notes.txt": ("text", "Release notes"),
    }


def test_rtf_text_and_rtfd_attachment(library, serve):
    daemon = serve(library)
    documents = documents_by_path(daemon)
    _, credits = daemon.api("/api/documents/" + documents["Credits.rtf"]["id"])
    assert "このソフトウェアは以下のライセンスに基づきRemote Control Wrapperを使用しています。" in text_of(credits["html"])
    assert '<header class="navbar" data-display-mode="inline"><h1>Credits</h1></header>' in credits["html"]
    _, bundle = daemon.api("/api/documents/" + documents["Hesperides.rtfd"]["id"])
    source = re.search(r'<img src="([^"]+)"', bundle["html"]).group(1)
    assert source.startswith("/files/Hesperides.rtfd/nousoft.jpg?v=")
    status, headers, data = daemon.get(source)
    assert status == 200 and headers["Content-Type"] == "image/jpeg" and data[:2] == b"\xff\xd8"

    # Saving any file of the bundle pushes the new rendering.
    poll = HeldPoll(daemon, f"/api/documents/{bundle['id']}?since={bundle['version']}")
    text_path = os.path.join(library, "Hesperides.rtfd", "TXT.rtf")
    original = open(text_path, "rb").read()
    save_in_place(text_path, original.replace(b"Diaz", b"DIAZ-EDITED", 1))
    status, answer = poll.result()
    assert "DIAZ-EDITED" in answer["html"]


def test_html_is_shown_sanitised(library, serve):
    daemon = serve(library)
    _, help_page = daemon.api("/api/documents/" + documents_by_path(daemon)["Help.html"]["id"])
    html = help_page["html"]
    for forbidden in ["<script", "onload", "javascript:", "evil.example", "<link"]:
        assert forbidden not in html, forbidden
    assert "Tap Start, then this or that." in text_of(html)
    assert "<b>Start</b>" in html
    assert 'href="https://example.com/"' in html
    assert '<img src="/files/pictures/local.png?v=' in html
    assert "<table>" in html and "list-marker" in html
    assert any("remote image" in d["message"] for d in help_page["diagnostics"])


def test_plain_text_is_paragraphs(library, serve):
    daemon = serve(library)
    _, notes = daemon.api("/api/documents/" + documents_by_path(daemon)["Notes.txt"]["id"])
    assert notes["html"].count('class="blk k-paragraph"') == 2
    assert "\u3000" not in notes["html"]


def test_render_and_check_handle_rich_text(library, tmp_path):
    output = tmp_path / "credits.html"
    result = run_galley("render", os.path.join(library, "Hesperides.rtfd"), "-o", str(output))
    assert result.returncode == 0, result.stderr
    assert 'src="data:image/jpeg;base64,' in output.read_text(encoding="utf-8")
    truncated = os.path.join(library, "Broken.rtf")
    with open(truncated, "w") as handle:
        handle.write("{\\rtf1\\ansi\n{\\fonttbl\\f0 Helvetica;}\n\\f0 Hello {\\b world\n")
    result = run_galley("check", truncated)
    assert result.returncode == 1, result.stdout
    assert re.search(r"Broken\.rtf:\d+:\d+: error: ", result.stdout)
