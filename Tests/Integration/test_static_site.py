"""`galley render DIR -o OUT`: a static site whose page names are readable
and stable, whose index looks like the live one, and whose articles are
centred as on the live page."""
import json
import os
import re

from galley_support import REPO, copy_content, run_galley

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
