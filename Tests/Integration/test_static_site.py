"""`galley render DIR -o OUT`: a static site whose page names are readable
and stable, whose index looks like the live one, and whose articles are
centred as on the live page."""
import json
import os
import re
import resource
import shutil
import signal
import subprocess

from galley_support import GALLEY_BIN, REPO, copy_content, run_galley
from hostile_support import tree_digest

EXAMPLE = os.path.join(REPO, "Assets", "Example")


def render(content, site):
    result = run_galley("render", content, "-o", str(site))
    assert result.returncode == 0, result.stderr
    return sorted(p.name for p in site.iterdir() if p.suffix == ".html")


def test_page_names_are_readable_unique_and_stable(tmp_path):
    content, _ = copy_content(EXAMPLE)
    resources = os.path.join(content, "Resources")
    # Two items of one title and one whose title has no Latin letters.
    with open(os.path.join(resources, "more.json"), "w", encoding="utf-8") as f:
        json.dump([{"name": "Crane", "imageName": "c", "detailText": ["One."]},
                   {"name": "Crane", "imageName": "c", "detailText": ["Two."]},
                   {"name": "ペリカン", "imageName": "p", "detailText": ["Three."]}], f, ensure_ascii=False)
    with open(os.path.join(resources, "speciesData.json"), encoding="utf-8") as f:
        titles = [item["name"] for item in json.load(f)]
    first = render(content, tmp_path / "one")
    second = render(content, tmp_path / "two")
    assert first == second, "names changed between two renders of the same content"
    assert "index.html" in first
    for number, title in enumerate(titles, start=1):
        slug = re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-") or str(number)
        assert f"resources-speciesdata-{slug}.html" in first, (slug, first)
    assert {"resources-more-crane.html", "resources-more-crane-2.html", "resources-more-3.html"} <= set(first), first
    assert all(re.fullmatch(r"[a-z0-9-]+\.html", name) for name in first), first
    assert not any(re.fullmatch(r"[0-9a-f]{16}\.html", name) for name in first), first
    # The index links every page by its name.
    index = (tmp_path / "one" / "index.html").read_text(encoding="utf-8")
    for name in first:
        if name != "index.html":
            assert f'href="{name}"' in index, name


def test_the_index_and_pages_look_like_the_live_ones(tmp_path):
    render(EXAMPLE, tmp_path)
    index = (tmp_path / "index.html").read_text(encoding="utf-8")
    # The live index's style sheet and markup: toolbar, table, file groups.
    assert '<header class="toolbar"' in index and '<table class="doc-table">' in index
    assert '<tr class="file-group">' in index and "Resources/speciesData.json · 4 documents" in index
    assert ".doc-table th" in index, "the index carries the page's style sheet"
    page = (tmp_path / "resources-speciesdata-little-penguin.html").read_text(encoding="utf-8")
    assert '<main class="stage">' in page and '<div class="device-screen" style="--device-width:390px">' in page


def site_content(tmp_path):
    """A content folder with one article and its image, and a folder
    outside it that nothing may write into; returns both."""
    content = tmp_path / "content"
    content.mkdir()
    with open(os.path.join(EXAMPLE, "Resources", "speciesData.json"), encoding="utf-8") as f:
        first = json.load(f)[0]
    image = f"{first['imageName']}_01"
    (content / "a.json").write_text(json.dumps([dict(first, detailText=["Body.", "<image>01</image>"])]), encoding="utf-8")
    shutil.copytree(os.path.join(EXAMPLE, "Assets.xcassets", image + ".imageset"),
                    content / "Assets.xcassets" / (image + ".imageset"))
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "notes.txt").write_text("the author's own file\n", encoding="utf-8")
    return content, outside


def test_symlinks_in_the_output_folder_lead_no_byte_outside_it(tmp_path):
    content, outside = site_content(tmp_path)
    site = tmp_path / "site"
    site.mkdir()
    # An index that points into the content, a page name that points at another file, a folder that points outside.
    (site / "index.html").symlink_to(content / "a.json")
    (site / "a.html").symlink_to(outside / "notes.txt")
    (site / "files").symlink_to(outside)
    before = tree_digest(content), tree_digest(outside)
    result = run_galley("render", str(content), "-o", str(site))
    assert result.returncode == 1
    assert f"'{site}/files' is a symbolic link" in result.stderr, result.stderr
    assert (tree_digest(content), tree_digest(outside)) == before
    # The links to files were replaced by the pages, not written through.
    for name in ("index.html", "a.html"):
        assert not (site / name).is_symlink() and "<!doctype html>" in (site / name).read_text(encoding="utf-8")
    (site / "files").unlink()
    result = run_galley("render", str(content), "-o", str(site))
    assert result.returncode == 0, result.stderr
    assert (tree_digest(content), tree_digest(outside)) == before
    pictures = [name for _, _, names in os.walk(site / "files") for name in names]
    assert pictures, "the image is written into a real folder of the site"
    assert not [name for name in os.listdir(site) if name.startswith(".galley-")], "no temporary file is left"


def test_an_output_folder_that_is_a_symlink_is_refused(tmp_path):
    content, outside = site_content(tmp_path)
    (tmp_path / "site").symlink_to(outside)
    before = tree_digest(outside)
    result = run_galley("render", str(content), "-o", str(tmp_path / "site"))
    assert result.returncode == 1 and "is a symbolic link" in result.stderr, result.stderr
    assert tree_digest(outside) == before


def run_with_file_size_limit(limit, *arguments):
    """galley with files limited to `limit` bytes: a write past it fails with
    EFBIG (SIGXFSZ ignored), as on a full disk, without needing one."""
    def limited():
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
    return subprocess.run([GALLEY_BIN, *arguments], capture_output=True, text=True, timeout=60, preexec_fn=limited)


def test_a_failed_write_leaves_no_partial_file(tmp_path):
    content, _ = site_content(tmp_path)
    page = tmp_path / "proof.html"
    page.write_text("the last proof\n", encoding="utf-8")
    result = run_with_file_size_limit(4096, "render", str(content / "a.json"), "-o", str(page))
    assert result.returncode == 1 and "File too large" in result.stderr, result.stderr
    assert page.read_text(encoding="utf-8") == "the last proof\n"
    missing = tmp_path / "new.html"
    result = run_with_file_size_limit(4096, "render", str(content / "a.json"), "-o", str(missing))
    assert result.returncode == 1 and not missing.exists()
    site = tmp_path / "site"
    result = run_with_file_size_limit(4096, "render", str(content), "-o", str(site))
    assert result.returncode == 1 and "File too large" in result.stderr, result.stderr
    assert os.listdir(site) == [], "neither a cut page nor its temporary file is left"
    assert not [name for name in os.listdir(tmp_path) if name.startswith(".galley-")]
