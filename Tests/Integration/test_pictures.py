"""Images a browser cannot show (PDF, HEIC, TIFF, BMP) and photos far wider
than shown, against the real daemon: the answers are PNG or JPEG pictures of
the asked width, widths fall into a few buckets, broken files get a 422 and a
diagnostic (never a crash, never a libvips line on the terminal), and the
content folder is never written."""
import json
import os
import re
import shutil
import sys
import tempfile

import pytest

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from galley_support import CORPUS, require_corpus, run_galley, temp_root  # noqa: E402
import picture_support as pictures  # noqa: E402

RTFD_WITH_PDFS = os.path.join(CORPUS, "rtfd", "FromAViewToAPicture-ReadMe.rtfd")
XCASSETS = os.path.join(CORPUS, "xcassets")

TEXTEDIT_RTF = r"""{\rtf1\ansi\ansicpg1252\cocoartf2639
{\fonttbl\f0\fswiss\fcharset0 Helvetica;}
\pard\tx560\pardirnatural\partightenfactor0
\f0\fs24 \cf0 Before the picture.\
{{\NeXTGraphic Pasted Graphic 1.tiff \width2400 \height1600 \appleattachmentpadding0 \appleembedtype0 \appleaqc
}\'ac}\
After the picture.}
"""

BLOCKS = ["tiff", "heic", "bmp", "pdf", "photo", "broken", "brokenheic", "brokenpdf", "bomb"]


@pytest.fixture(scope="module")
def content():
    """A content folder of every kind of picture, made once for the module."""
    if not pictures.have_tools():
        pytest.skip("vips and heif-enc are not installed (Scripts/setup installs them)")
    holder = tempfile.mkdtemp(prefix="galley-pictures-", dir=temp_root())
    root = os.path.join(holder, "content")
    os.makedirs(os.path.join(root, "Notes.rtfd"))
    pictures.photo(os.path.join(root, "pic_tiff.tiff"), 1600, 1200)
    pictures.photo(os.path.join(root, "pic_heic.heic"), 1600, 1200)
    pictures.photo(os.path.join(root, "pic_bmp.bmp"), 800, 600)
    pictures.pdf(os.path.join(root, "pic_pdf.pdf"), 200, 100)
    pictures.photo(os.path.join(root, "pic_photo.jpg"), 4000, 3000, noise=12)
    pictures.truncated(os.path.join(root, "pic_tiff.tiff"), os.path.join(root, "pic_broken.tiff"), 0.02)
    pictures.truncated(os.path.join(root, "pic_heic.heic"), os.path.join(root, "pic_brokenheic.heic"), 0.5)
    pictures.truncated(os.path.join(root, "pic_pdf.pdf"), os.path.join(root, "pic_brokenpdf.pdf"), 0.3)
    pictures.tiff_bomb(os.path.join(root, "pic_bomb.tiff"))
    pictures.photo(os.path.join(root, "Notes.rtfd", "Pasted Graphic 1.tiff"), 240, 160, rgb=(30, 30, 200))
    with open(os.path.join(root, "Notes.rtfd", "TXT.rtf"), "w") as handle:
        handle.write(TEXTEDIT_RTF)
    items = [{"name": "Pictures", "imageName": "pic", "detailText": [f"<image>{name}</image>" for name in BLOCKS]}]
    with open(os.path.join(root, "data.json"), "w") as handle:
        json.dump(items, handle)
    yield root
    shutil.rmtree(holder, ignore_errors=True)


def document(daemon, title):
    status, body = daemon.api("/api/documents/" + daemon.doc_id(title))
    assert status == 200, body
    return body


def image_urls(html):
    return {alt: src.replace("&amp;", "&") for src, alt in re.findall(r'<img src="([^"]*)"[^>]*alt="([^"]*)"', html)}


def fetch_picture(daemon, url):
    status, headers, body = daemon.get(url)
    return status, headers, body, pictures.picture_size(body)


def test_formats_a_browser_cannot_show_arrive_as_pictures_of_the_asked_width(serve, content):
    before = pictures.snapshot(content)
    daemon = serve(content)
    urls = image_urls(document(daemon, "Pictures")["html"])
    for name in ("tiff", "heic", "bmp"):
        # The page links them with the column's pixels on a 390 pt phone at 3x.
        assert "&w=1074" in urls["pic_" + name], urls
        base = urls["pic_" + name].split("&w=")[0]
        status, headers, body, (kind, width, height) = fetch_picture(daemon, base + "&w=300")
        assert status == 200, body[:200]
        assert headers["Content-Type"] == "image/jpeg" and kind == "jpeg", name
        assert (width, height) == (384, 288), name  # 300 rounded up to the 384 bucket, aspect kept
        assert "immutable" in headers["Cache-Control"]
    # The PDF page is drawn from its vectors at the width asked, as PNG: crisp at 3x.
    status, headers, body, size = fetch_picture(daemon, urls["pic_pdf"])
    assert (status, headers["Content-Type"], size) == (200, "image/png", ("png", 1280, 640))
    # Without a width, a non-web format is still a picture (at its own size).
    status, headers, body, size = fetch_picture(daemon, urls["pic_bmp"].split("&w=")[0])
    assert (status, size) == (200, ("jpeg", 800, 600))
    assert pictures.snapshot(content) == before, "the content folder was written"


def test_widths_fall_into_buckets_and_each_picture_is_made_once(serve, content):
    daemon = serve(content)
    base = image_urls(document(daemon, "Pictures")["html"])["pic_heic"].split("&w=")[0]
    answers = [daemon.get(f"{base}&w={w}") for w in (257, 300, 384)]
    assert len({body for _, _, body in answers}) == 1
    assert len({headers["ETag"] for _, headers, _ in answers}) == 1
    assert pictures.picture_size(answers[0][2])[1] == 384
    assert pictures.picture_size(daemon.get(f"{base}&w=385")[2])[1] == 512
    # Absurd widths are bounded by the largest bucket (and by the source: never enlarged).
    assert pictures.picture_size(daemon.get(f"{base}&w=999999999")[2])[1:] == (1600, 1200)
    status, headers, _ = daemon.get(f"{base}&w=300", headers={"If-None-Match": answers[0][1]["ETag"]})
    assert status == 304


def test_a_photo_far_wider_than_shown_is_downscaled_and_a_small_one_is_not(serve, content):
    daemon = serve(content)
    url = image_urls(document(daemon, "Pictures")["html"])["pic_photo"]
    with open(os.path.join(content, "pic_photo.jpg"), "rb") as handle:
        original = handle.read()
    status, _, whole = daemon.get(url.split("&w=")[0])
    assert status == 200 and whole == original
    status, headers, body, size = fetch_picture(daemon, url)
    assert status == 200 and size == ("jpeg", 1280, 960)
    assert len(body) * 4 < len(original)
    # A source not much wider than asked is sent as it is.
    status, _, body = daemon.get(url.split("&w=")[0] + "&w=3500")
    assert body == original


def test_broken_files_get_a_diagnostic_and_a_placeholder_and_libvips_stays_quiet(serve, content):
    daemon = serve(content)
    urls = image_urls(document(daemon, "Pictures")["html"])
    for name, reason in [("broken", "TIFF"), ("brokenheic", ""), ("brokenpdf", ""), ("bomb", "more than Galley decodes")]:
        status, headers, body = daemon.get(urls["pic_" + name])
        assert status == 422, (name, status)
        text = body.decode()
        assert text.startswith("cannot show 'pic_" + name), text
        assert reason in text, text
        assert headers.get("Cache-Control") == "no-store"
    # The daemon still answers, and the page learns why, in place of the pictures.
    after = document(daemon, "Pictures")
    for _ in range(50):
        if sum("cannot show" in d["message"] for d in after["diagnostics"]) == 4:
            break
        after = document(daemon, "Pictures")
    messages = [d["message"] for d in after["diagnostics"]]
    for name in ("broken", "brokenheic", "brokenpdf", "bomb"):
        assert any(m.startswith(f"cannot show 'pic_{name}.") for m in messages), messages
        assert f"pic_{name}" not in image_urls(after["html"])
    assert after["html"].count('class="attachment-placeholder"') == 4
    for good in ("tiff", "heic", "bmp", "pdf", "photo"):
        assert "pic_" + good in image_urls(after["html"])
    # Only Galley's own lines: its log, and the problems it reports once each
    # (path:line:column: severity: message), which may name a format.
    own = re.compile(r"^(galley: |Galley is serving |[^:]+:\d+:\d+: (error|warning|note): )")
    output = "".join(line for line in "".join(daemon.output).splitlines(keepends=True) if not own.match(line))
    for noise in ("VIPS", "WARNING", "TIFF", "Syntax Error", "libheif", "Magick"):
        assert noise not in output, output


def test_check_reports_the_pictures_that_cannot_be_shown(content):
    result = run_galley("check", content)
    lines = [line for line in result.stdout.splitlines() if "cannot show" in line]
    assert len(lines) == 4, result.stdout
    assert all(line.startswith(os.path.join(content, "data.json") + ":1:") and ": warning: cannot show 'pic_" in line for line in lines), lines
    assert any("pic_bomb.tiff': 100000 × 100000 pixels is more than Galley decodes" in line for line in lines), lines
    assert result.returncode == 0 and result.stderr == ""


def test_a_rendered_proof_holds_pictures_at_the_shown_width(content):
    output = os.path.join(tempfile.mkdtemp(dir=temp_root()), "proof.html")
    result = run_galley("render", os.path.join(content, "data.json"), "-o", output)
    assert result.returncode == 0, result.stderr
    with open(output) as handle:
        html = handle.read()
    sources = image_urls(html)
    for name in ("tiff", "heic", "bmp", "photo"):
        assert sources["pic_" + name].startswith("data:image/jpeg;base64,"), name
    assert sources["pic_pdf"].startswith("data:image/png;base64,")
    assert "attachment “" not in html
    # The 4000 px photo alone is bigger than the whole proof.
    assert len(html) < os.path.getsize(os.path.join(content, "pic_photo.jpg"))


def test_a_static_site_copies_pictures_not_sources(content):
    site = os.path.join(tempfile.mkdtemp(dir=temp_root()), "site")
    result = run_galley("render", content, "-o", site)
    assert result.returncode == 0, result.stderr
    names = sorted(os.path.relpath(os.path.join(d, f), site) for d, _, files in os.walk(os.path.join(site, "files")) for f in files)
    assert "files/pic_heic.heic.w1280.jpg" in names, names  # 1600 px shown 1074 px wide: the 1280 bucket
    assert "files/pic_photo.jpg.w1280.jpg" in names, names
    assert not any(name.endswith((".heic", ".tiff", ".bmp", ".pdf")) for name in names), names
    with open(os.path.join(site, "files", "pic_pdf.pdf.w1280.png"), "rb") as handle:
        assert pictures.picture_size(handle.read()) == ("png", 1280, 640)


def test_an_rtfd_tiff_attachment_is_a_picture_at_its_entrys_size(serve, content):
    daemon = serve(content)
    html = document(daemon, "Notes")["html"]
    assert "attachment-placeholder" not in html
    tag = re.search(r'<img src="([^"]*Pasted%20Graphic%201\.tiff[^"]*)"[^>]*>', html)
    assert tag, html
    assert "width:min(100%, 120px)" in tag.group(0)  # \width2400 twips
    status, headers, body = daemon.get(tag.group(1).replace("&amp;", "&"))
    assert status == 200 and pictures.picture_size(body) == ("jpeg", 240, 160)


def test_the_corpus_rtfd_shows_its_pdfs_as_pictures(serve):
    require_corpus(RTFD_WITH_PDFS)
    holder = tempfile.mkdtemp(prefix="galley-rtfd-", dir=temp_root())
    shutil.copytree(RTFD_WITH_PDFS, os.path.join(holder, "ReadMe.rtfd"))
    daemon = serve(holder)
    documents = daemon.documents()["documents"]
    status, body = daemon.api("/api/documents/" + documents[0]["id"])
    urls = re.findall(r'<img src="([^"]*)"', body["html"])
    assert len(urls) == 2 and "attachment-placeholder" not in body["html"], body["html"][:2000]
    for url in urls:
        status, headers, data = daemon.get(url.replace("&amp;", "&"))
        assert status == 200 and headers["Content-Type"] == "image/png", url
        assert pictures.picture_size(data)[1] > 0
    shutil.rmtree(holder, ignore_errors=True)


def test_corpus_heic_and_pdf_assets_are_drawn_quietly(serve):
    require_corpus(XCASSETS)
    files = [os.path.join(d, f) for d, _, names in os.walk(XCASSETS) for f in names if f.lower().endswith((".heic", ".pdf"))]
    holder = tempfile.mkdtemp(prefix="galley-corpus-pictures-", dir=temp_root())
    for index, path in enumerate(files):
        shutil.copy(path, os.path.join(holder, f"corpus_{index}" + os.path.splitext(path)[1].lower()))
    with open(os.path.join(holder, "data.json"), "w") as handle:
        json.dump([{"name": "Corpus", "imageName": "corpus", "detailText": [f"<image>{i}</image>" for i in range(len(files))]}], handle)
    # What this machine's libheif cannot decode either (a 32 px HEIC with
    # alpha, with libde265 1.0.11) must be a clear 422, not a broken picture.
    undecodable = {f"corpus_{index}" for index, path in enumerate(files)
                   if path.lower().endswith(".heic") and not pictures.heif_decodes(path)}
    daemon = serve(holder)
    urls = image_urls(document(daemon, "Corpus")["html"])
    assert len(urls) == len(files)
    for name, url in urls.items():
        status, _, data = daemon.get(url)
        if name in undecodable:
            assert status == 422 and b"heif: " in data, data
        else:
            assert status == 200 and pictures.picture_size(data)[1] > 0, url
    assert "VIPS" not in "".join(daemon.output) and "nclx" not in "".join(daemon.output)
    shutil.rmtree(holder, ignore_errors=True)


def test_a_pdf_of_ten_thousand_pages_is_drawn_from_its_first_page(serve):
    holder = tempfile.mkdtemp(prefix="galley-long-pdf-", dir=temp_root())
    pictures.pdf(os.path.join(holder, "long_0.pdf"), 300, 150, pages=10_000)
    with open(os.path.join(holder, "data.json"), "w") as handle:
        json.dump([{"name": "Long", "imageName": "long", "detailText": ["<image>0</image>"]}], handle)
    daemon = serve(holder)
    html = document(daemon, "Long")["html"]
    assert 'width="300" height="150"' in html  # the first page's box, from the file itself
    status, headers, data = daemon.get(image_urls(html)["long_0"], timeout=60)
    assert status == 200 and pictures.picture_size(data) == ("png", 1280, 640)
    shutil.rmtree(holder, ignore_errors=True)


def test_svg_is_served_as_an_image_never_inlined(serve):
    holder = tempfile.mkdtemp(prefix="galley-svg-", dir=temp_root())
    svg = b'<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"><script>alert(1)</script><rect width="40" height="20"/></svg>'
    with open(os.path.join(holder, "shape_0.svg"), "wb") as handle:
        handle.write(svg)
    with open(os.path.join(holder, "data.json"), "w") as handle:
        json.dump([{"name": "Shape", "imageName": "shape", "detailText": ["<image>0</image>"]}], handle)
    daemon = serve(holder)
    html = document(daemon, "Shape")["html"]
    assert "<svg" not in html and "<script" not in html
    url = image_urls(html)["shape_0"]
    assert "&w=" not in url and 'width="40" height="20"' in html
    status, headers, data = daemon.get(url + "&w=2000")
    assert status == 200 and data == svg and headers["Content-Type"] == "image/svg+xml"
    # Opened on its own, its script cannot run.
    directives = [d.strip() for d in headers["Content-Security-Policy"].split(";")]
    assert "sandbox" in directives and "script-src 'none'" in directives, directives
    assert not any(d.startswith("script-src 'self'") for d in directives)
    shutil.rmtree(holder, ignore_errors=True)
