"""Asset catalogs resolved for the simulated device, colour sets, bundled
fonts and their warnings, against the real daemon and `galley check`."""
import os
import plistlib
import re
import shutil
import sys
import time
import urllib.request

import pytest

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from catalog_fixture import FONT_SOURCE, make_catalog_project  # noqa: E402
from galley_support import run_galley, save_in_place  # noqa: E402


@pytest.fixture
def project(tmp_path):
    if not os.path.exists(FONT_SOURCE):
        pytest.skip(f"{FONT_SOURCE} is not installed (fonts-liberation)")
    root = tmp_path / "project"
    root.mkdir()
    make_catalog_project(str(root))
    yield str(root)
    shutil.rmtree(str(root), ignore_errors=True)


def document(daemon):
    [entry] = daemon.documents()["documents"]
    status, body = daemon.api("/api/documents/" + entry["id"])
    assert status == 200
    return body


def image_tag(html, alt):
    match = re.search(r'<img [^>]*alt="' + re.escape(alt) + r'"[^>]*>', html)
    assert match, f"no image '{alt}' in {html}"
    return match.group(0)


def test_each_device_and_appearance_gets_its_file(project, serve):
    body = document(serve(project))
    swatch = image_tag(body["html"], "swatch")
    # The default 390 pt iPhone loads the 3x file (a small PNG, sent as it is).
    assert 'src="/files/Assets.xcassets/swatch.imageset/s3.png?v=' in swatch
    assert re.search(r'data-src-iphone-light="/files/Assets.xcassets/swatch.imageset/s3.png\?v=\w+"', swatch)
    assert re.search(r'data-src-iphone-dark="/files/Assets.xcassets/swatch.imageset/d3.png\?v=\w+"', swatch)
    assert re.search(r'data-src-ipad-light="/files/Assets.xcassets/swatch.imageset/s2.png\?v=\w+"', swatch)
    assert re.search(r'data-src-ipad-dark="/files/Assets.xcassets/swatch.imageset/d2.png\?v=\w+"', swatch)
    assert re.search(r'data-src-iphone-light-high="/files/Assets.xcassets/swatch.imageset/h3.png\?v=\w+"', swatch)
    assert re.search(r'data-src-ipad-light-high="/files/Assets.xcassets/swatch.imageset/h3.png\?v=\w+"', swatch)
    device = image_tag(body["html"], "device")
    assert "device.imageset/phone.png" in device and re.search(r'data-src-ipad-light="[^"]*pad.png', device)
    star = image_tag(body["html"], "Icons/star")
    assert "data-src-" not in star, "a set every device resolves alike needs no variants"
    assert '<span class="template-image" style="--template-mask:url(&quot;/files/Assets.xcassets/Icons/star.imageset/star.png' in body["html"]


def test_colour_sets_and_bundled_fonts_in_the_css(project, serve):
    daemon = serve(project)
    body = document(daemon)
    css = body["css"]
    assert ".k-accent{" in css and "color:var(--galley-color-Brand, currentColor)" in css
    assert ":root{--galley-color-Brand:rgb(204 26 26 / 1)}" in css
    assert ':root[data-appearance="dark"]{--galley-color-Brand:rgb(26 153 230 / 1)}' in css
    font_face = re.search(r'@font-face\{font-family:"LiberationMono";src:url\("(/files/App/Fonts/BrandMono.ttf\?v=\w+)"\)\}', css)
    assert font_face, css
    with urllib.request.urlopen(daemon.url.rstrip("/") + font_face.group(1)) as response:
        assert response.status == 200 and response.headers["Content-Type"] == "font/ttf"
        with open(FONT_SOURCE, "rb") as f:
            assert response.read() == f.read()
    assert '@font-face{font-family:"Galley SF";src:local("Liberation Sans")' in css


def test_check_reports_every_asset_problem(project):
    result = run_galley("check", project)
    lines = result.stdout.splitlines() + result.stderr.splitlines()
    text = "\n".join(lines)
    assert "Assets.xcassets/artwork.imageset/Contents.json:4:19: warning" in text
    assert "warning: 'artwork.psd' in image set 'artwork' cannot be shown: a Photoshop document" in text
    assert re.search(r"Assets.xcassets/padonly.imageset/Contents.json:\d+:\d+: warning: an iPhone would find no file in image set 'padonly' \(it has files for ipad only\)", text)
    assert re.search(r"Assets.xcassets/partial.imageset/Contents.json:\d+:\d+: warning: image set 'partial' names 'p2.png', which is not in 'partial.imageset'", text)
    assert re.search(r"galley.json:\d+:\d+: warning: unknown colour 'Brnad': no colour set of that name, and no SwiftUI colour or '#rrggbb'; did you mean 'Brand'\?", text)
    assert re.search(r"galley.json:\d+:\d+: warning: font 'Comic Neue' is neither bundled", text)
    assert re.search(r"App/Info.plist:\d+:\d+: warning: 'UIAppFonts' lists 'Gone.otf', which is not in the content folder", text)
    assert "swatch" not in text, "a set without problems is not mentioned"
    assert result.returncode == 0, "warnings alone do not fail the check"


def test_a_lowercase_contents_json_is_read_as_xcode_reads_it(project):
    # actool reads 'contents.json' on the case-insensitive disk a Mac builds on;
    # Galley listed it as the set's contents and then ignored it, so the set vanished.
    folder = os.path.join(project, "Assets.xcassets", "partial.imageset")
    os.rename(os.path.join(folder, "Contents.json"), os.path.join(folder, "contents.json"))
    text = "\n".join(run_galley("check", project).stdout.splitlines())
    assert re.search(r"Assets.xcassets/partial.imageset/contents.json:\d+:\d+: warning: image set 'partial' names 'p2.png'", text), text


def test_editing_a_catalog_updates_the_page(project, serve):
    daemon = serve(project)
    before = image_tag(document(daemon)["html"], "swatch")
    assert "s3.png" in before
    contents = os.path.join(project, "Assets.xcassets", "swatch.imageset", "Contents.json")
    with open(contents, encoding="utf-8") as f:
        text = f.read()
    # Dropping the 3x entry: the iPhone takes the nearest smaller scale.
    save_in_place(contents, text.replace('"s3.png"', '"s3-gone.png"').encode())

    def updated():
        return "s2.png" in image_tag(document(daemon)["html"], "swatch").split("data-src")[0]

    deadline = time.monotonic() + 15
    while not updated():
        assert time.monotonic() < deadline, "the page was not told about the catalog change"
        time.sleep(0.05)
    body = document(daemon)
    assert any("names 's3-gone.png'" in d["message"] for d in body["diagnostics"])


def test_a_binary_info_plist_lists_fonts_too(project, serve):
    with open(os.path.join(project, "App", "Info.plist"), "wb") as f:
        plistlib.dump({"CFBundleName": "Swatches", "UIAppFonts": ["BrandMono.ttf"]}, f, fmt=plistlib.FMT_BINARY)
    body = document(serve(project))
    assert re.search(r'@font-face\{font-family:"LiberationMono";src:url\("/files/App/Fonts/BrandMono.ttf\?v=\w+"\)\}', body["css"])
    assert not any(d["path"].endswith("Info.plist") for d in body["diagnostics"])
