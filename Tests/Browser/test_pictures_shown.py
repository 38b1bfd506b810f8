"""Images a browser cannot show, as real Chromium shows them on the live
page: a PDF, a TIFF and a HEIC image are decoded pictures of the right
colour, their boxes were sized from the file's header (no jump when the
picture arrives), and the real RTFD bundles of the corpus show every picture."""
import json
import os
import shutil
import sys
import tempfile

import pytest

from browser_support import Daemon, wait_until

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import picture_support as pictures  # noqa: E402
from galley_support import CORPUS, require_corpus, temp_root  # noqa: E402

RED = (200, 30, 30)

# Every image in the first view: decoded size, attribute size, and the colour
# at its centre read back through a canvas (same origin, so readable).
SHOWN_JS = """
const shown = [];
for (const img of document.querySelectorAll('#view-a img')) {
  const canvas = document.createElement('canvas');
  canvas.width = 1; canvas.height = 1;
  let rgb = null;
  if (img.complete && img.naturalWidth > 0) {
    const context = canvas.getContext('2d');
    context.drawImage(img, img.naturalWidth / 2, img.naturalHeight / 2, 1, 1, 0, 0, 1, 1);
    rgb = Array.from(context.getImageData(0, 0, 1, 1).data.slice(0, 3));
  }
  shown.push({alt: img.alt, src: img.getAttribute('src'), complete: img.complete,
              natural: [img.naturalWidth, img.naturalHeight],
              attributes: [Number(img.getAttribute('width')), Number(img.getAttribute('height'))],
              box: [img.getBoundingClientRect().width, img.getBoundingClientRect().height], rgb,
              background: getComputedStyle(img).backgroundColor});
}
return {images: shown,
        placeholders: document.querySelectorAll('#view-a .attachment-placeholder, #view-a .missing-asset').length};
"""


@pytest.fixture
def picture_content():
    if not pictures.have_tools():
        pytest.skip("vips and heif-enc are not installed (Scripts/setup installs them)")
    holder = tempfile.mkdtemp(prefix="galley-browser-pictures-", dir=temp_root())
    root = os.path.join(holder, "content")
    os.makedirs(root)
    pictures.pdf(os.path.join(root, "pic_pdf.pdf"), 200, 100, rgb=RED)
    pictures.photo(os.path.join(root, "pic_tiff.tiff"), 1200, 800, rgb=RED)
    pictures.photo(os.path.join(root, "pic_heic.heic"), 1200, 900, rgb=RED)
    with open(os.path.join(root, "data.json"), "w") as handle:
        json.dump([{"name": "Pictures", "imageName": "pic",
                    "detailText": ["<image>pdf</image>", "Between.", "<image>tiff</image>", "<image>heic</image>"]}], handle)
    rtfd = os.path.join(CORPUS, "rtfd")
    if os.path.isdir(rtfd):
        for bundle in os.listdir(rtfd):
            shutil.copytree(os.path.join(rtfd, bundle), os.path.join(root, bundle))
    yield root
    shutil.rmtree(holder, ignore_errors=True)


def shown_when_settled(page, daemon, document_id):
    page.get(daemon.url + "doc/" + document_id)
    wait_until(lambda: page.execute_script("return document.documentElement.dataset.galleyVersion"),
               message="page never rendered a version")
    wait_until(lambda: page.execute_script("return [...document.querySelectorAll('#view-a img')].every(i => i.complete && i.classList.contains('img-loaded'))"),
               timeout=60, message="pictures never arrived")
    return page.execute_script(SHOWN_JS)


def test_pdf_tiff_and_heic_show_as_decoded_pictures_in_reserved_boxes(page, picture_content):
    daemon = Daemon(picture_content).start()
    try:
        shown = shown_when_settled(page, daemon, daemon.doc_id("Pictures"))
        assert shown["placeholders"] == 0, shown
        by_name = {image["alt"]: image for image in shown["images"]}
        assert sorted(by_name) == ["pic_heic", "pic_pdf", "pic_tiff"], shown
        for name, image in by_name.items():
            assert image["natural"][0] > 0, image
            # The box the page reserved from the header has the picture's shape.
            width, height = image["attributes"]
            assert width > 0 and height > 0, image
            assert abs(image["natural"][0] / image["natural"][1] - width / height) < 0.01, image
            assert abs(image["box"][0] / image["box"][1] - width / height) < 0.02, image
            assert all(abs(got - want) <= 12 for got, want in zip(image["rgb"], RED)), image
            # The grey box it was while the picture was drawn is gone.
            assert image["background"] == "rgba(0, 0, 0, 0)", image
        # An image whose picture has not arrived is a grey box of its header's size.
        waiting = page.execute_script("""
            const img = document.createElement('img');
            img.width = 300; img.height = 100; img.style.width = '150px'; img.style.height = 'auto';
            document.querySelector('#view-a article').append(img);
            const shown = [getComputedStyle(img).backgroundColor, img.getBoundingClientRect().height];
            img.remove();
            return shown;""")
        assert waiting == ["rgba(142, 142, 147, 0.16)", 50], waiting
        # Drawn for the 390 pt phone at 3x: the PDF page is rasterised 1280 px
        # wide (crisp in a 358 pt column), the photos downscaled, not sent whole.
        assert by_name["pic_pdf"]["natural"] == [1280, 640]
        assert by_name["pic_tiff"]["natural"] == [1200, 800]
        assert by_name["pic_heic"]["natural"] == [1200, 900]
    finally:
        daemon.stop()


def test_the_corpus_rtfd_bundles_show_every_picture(page, picture_content):
    require_corpus(os.path.join(CORPUS, "rtfd"))
    bundles = [name for name in os.listdir(picture_content) if name.endswith(".rtfd")]
    daemon = Daemon(picture_content).start()
    try:
        seen = 0
        for document in daemon.documents()["documents"]:
            if not document["path"].endswith(".rtfd"):
                continue
            shown = shown_when_settled(page, daemon, document["id"])
            assert shown["placeholders"] == 0, (document["path"], shown)
            for image in shown["images"]:
                assert image["natural"][0] > 0, (document["path"], image)
            seen += len(shown["images"])
        attachments = sum(1 for bundle in bundles for name in os.listdir(os.path.join(picture_content, bundle)) if name != "TXT.rtf")
        assert seen == attachments
    finally:
        daemon.stop()
