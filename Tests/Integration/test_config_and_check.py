"""Project-defined block kinds (galley.json), author diagnostics and
`galley check`, against the real executable and daemon."""
import json
import os
import shutil

import pytest

from galley_support import HeldPoll, copy_content, run_galley, save_in_place

CONFIG = {
    "kinds": [
        {"name": "heading", "pattern": "^<h>(.*)</h>$", "style": {"font": "Avenir Next", "size": 26, "weight": "bold", "alignment": "leading", "paddingTop": 24}},
        {"name": "quote", "pattern": "^<quote>(.*)</quote>$", "style": {"italic": True, "color": "secondary", "size": 18}, "prefix": "“"},
        {"name": "image"},
        # A grey that reads on white and on black (4.54:1 and 4.62:1), unlike the seed's.
        {"name": "caption", "style": {"color": "#767676"}},
        {"name": "body"},
    ],
    "device": {"width": 430, "appearance": "light"},
}

DATA = """[
    {
        "name": "Little Penguin",
        "imageName": "lpenguin",
        "detailText": [
            "<h>At night</h>",
            "<quote>Fairy penguins come home after dark.</quote>",
            "Body text.",
            "<image>01</image>",
            "<caption>Our drawing</caption>"
        ]
    }
]
"""


@pytest.fixture
def project(tmp_path):
    root = tmp_path / "project"
    (root / "Resources").mkdir(parents=True)
    (root / "galley.json").write_text(json.dumps(CONFIG, indent=2), encoding="utf-8")
    (root / "Resources" / "data.json").write_text(DATA, encoding="utf-8")
    images = root / "Assets.xcassets" / "lpenguin_01.imageset"
    images.mkdir(parents=True)
    shutil.copyfile(os.path.join(os.path.dirname(__file__), "..", "Browser", "fixtures", "content", "Assets.xcassets", "pelican_01.imageset", "x.png"), images / "x.png")
    (images / "Contents.json").write_text('{"images": [{"filename": "x.png", "idiom": "universal", "scale": "1x"}]}', encoding="utf-8")
    path, holder = copy_content(str(root))
    yield path
    shutil.rmtree(holder, ignore_errors=True)


def test_configured_kinds_render_live_and_in_render(project, serve, tmp_path):
    daemon = serve(project)
    [document] = daemon.documents()["documents"]
    status, body = daemon.api("/api/documents/" + document["id"])
    assert status == 200 and body["diagnostics"] == []
    assert '<div class="blk k-heading"' in body["html"] and "<p>At night</p>" in body["html"]
    assert '<div class="blk k-quote"' in body["html"] and "<p>“Fairy penguins come home after dark.</p>" in body["html"]
    assert ".k-heading{" in body["css"] and "font-weight:700" in body["css"] and "font-style:italic" in body["css"]
    assert body["layout"]["deviceWidth"] == 430 and body["layout"]["appearance"] == "light"
    devices = [{key: d[key] for key in ("name", "minWidth", "scale")} for d in body["layout"]["devices"]]
    assert devices == [{"name": "iphone", "minWidth": 0, "scale": 3}, {"name": "ipad", "minWidth": 600, "scale": 2}]
    assert [w["width"] for d in body["layout"]["devices"] for w in d["widths"]] == [375, 390, 393, 430, 820]

    output = tmp_path / "proof.html"
    result = run_galley("render", os.path.join(project, "Resources", "data.json"), "-o", str(output))
    assert result.returncode == 0, result.stderr
    page = output.read_text(encoding="utf-8")
    assert '<div class="blk k-heading"' in page and ".k-quote{" in page


def test_changing_the_config_rerenders_open_pages(project, serve):
    daemon = serve(project)
    [document] = daemon.documents()["documents"]
    _, current = daemon.api("/api/documents/" + document["id"])
    poll = HeldPoll(daemon, f"/api/documents/{document['id']}?since={current['version']}")
    config = dict(CONFIG)
    config["kinds"] = [kind for kind in CONFIG["kinds"] if kind["name"] != "quote"]
    save_in_place(os.path.join(project, "galley.json"), json.dumps(config))
    status, answer = poll.result()
    assert status == 200
    assert "k-quote" not in answer["html"] and "&lt;quote&gt;" in answer["html"], "without the kind, the quote is body text"
    assert any("'<quote>' matches no block kind" in d["message"] for d in answer["diagnostics"])

    # An invalid config is reported at its position and the last valid one stays.
    poll = HeldPoll(daemon, f"/api/documents/{document['id']}?since={answer['version']}")
    save_in_place(os.path.join(project, "galley.json"), '{"kinds": [{"name": "heading", "pattern": "^<h>(.*$"}]}')
    status, broken = poll.result()
    assert broken["html"] == answer["html"]
    assert {"path": "galley.json", "line": 1, "column": 43, "endLine": 1, "endColumn": 53, "severity": "error", "id": "invalid-value",
            "message": "invalid regular expression '^<h>(.*$'", "block": None, "fixIts": []} in broken["diagnostics"]


def test_check_reports_each_mistake_at_its_position(project):
    data = os.path.join(project, "Resources", "data.json")
    with open(data, "w", encoding="utf-8") as handle:
        handle.write("""[
    {
        "name": "Little Penguin",
        "imageName": "lpenguin",
        "detailText": [
            "<caption>stray</caption>",
            "<imgae>01</imgae>",
            "<image>09</image>",
            "<caption>ok</captoin>"
        ]
    }
]
""")
    with open(os.path.join(project, "Resources", "broken.json"), "w", encoding="utf-8") as handle:
        handle.write('[\n    {"name": "Broken", "detailText": ["a" "b"]}\n]\n')
    result = run_galley("check", project)
    assert result.returncode == 1
    prefix = project + "/Resources/data.json"
    assert result.stdout.splitlines() == [
        f"{project}/Resources/broken.json:2:42: error: missing ',' between array elements",
        f"{prefix}:6:13: warning: caption does not directly follow an image",
        f"{prefix}:7:13: warning: '<imgae>' matches no block kind and is shown as body text; did you mean 'image'?",
        f"{prefix}:8:13: warning: no image set or image file named 'lpenguin_09'; did you mean 'lpenguin_01'?",
        f"{prefix}:9:13: warning: '<caption>' is closed by '</captoin>'; did you mean '</caption>'?",
        "1 error, 4 warnings in 2 files",
    ]


def test_static_site_of_a_folder(project, tmp_path):
    site = tmp_path / "site"
    result = run_galley("render", project, "-o", str(site))
    assert result.returncode == 0, result.stderr
    pages = sorted(p.name for p in site.iterdir() if p.suffix == ".html")
    assert "index.html" in pages and len(pages) == 2
    document_page = next(p for p in site.iterdir() if p.suffix == ".html" and p.name != "index.html").read_text(encoding="utf-8")
    assert 'src="files/Assets.xcassets/lpenguin_01.imageset/x.png"' in document_page
    assert (site / "files" / "Assets.xcassets" / "lpenguin_01.imageset" / "x.png").is_file()
    refused = run_galley("render", project, "-o", os.path.join(project, "site"))
    assert refused.returncode == 1 and "inside the content folder" in refused.stderr
    assert not os.path.exists(os.path.join(project, "site"))


def test_check_verbose_names_the_faces_that_stand_in(project):
    """The config asks for Avenir Next (the heading), the quote names no
    font (iOS's system font), the seed's kinds Baskerville: none is on this
    machine, and `check --verbose` says what draws each."""
    quiet = run_galley("check", project)
    assert "note:" not in quiet.stdout
    verbose = run_galley("check", "--verbose", project)
    notes = [line for line in verbose.stdout.splitlines() if ": note: font " in line]
    print("\n".join(notes))
    assert any(line.startswith(project + ": note: font Baskerville: drawn with ") for line in notes), verbose.stdout
    assert any("font System: drawn with Liberation Sans, with System's line height" in line for line in notes), notes
    assert any("font Avenir Next: drawn with Noto Sans CJK JP, with Hiragino Sans's line height" in line for line in notes), notes
    as_json = run_galley("check", "--verbose", "--json", project)
    json.loads(as_json.stdout)
    assert "note: font Baskerville" in as_json.stderr
