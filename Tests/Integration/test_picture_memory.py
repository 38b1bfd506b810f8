"""Pictures are bounded by the memory their decoding takes, not by their
pixels: against the real daemon, a 1 MB PNG that decodes to 1.1 GB is
refused from its header at every width, with a 422 and a diagnostic, and
pictures whose decoding takes more than half the budget each are drawn one
after the other, however many are asked for at once: the daemon's peak
resident memory (VmHWM) grows by less than the budget."""
import concurrent.futures
import json
import os
import re
import shutil
import sys
import tempfile

import pytest

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from galley_support import temp_root  # noqa: E402
import picture_support as pictures  # noqa: E402

# DecodeCost.budgetBytes: what the pictures drawn at once may hold in all.
BUDGET = 512 << 20
# 12,000² × 8 bytes: 1,152,000,000 bytes, 1099 MB.
REFUSAL = "decoding it takes 1099 MB of memory, more than Galley gives pictures (at most 512 MB)"


@pytest.fixture(scope="module")
def content():
    holder = tempfile.mkdtemp(prefix="galley-picture-memory-", dir=temp_root())
    root = os.path.join(holder, "content")
    os.makedirs(root)
    pictures.transparent_png(os.path.join(root, "pic_huge.png"), 12000, 12000)
    # Interlaced, so libvips holds all of each while it draws it: 269 MB
    # apiece, more than half the budget, so two never decode at once.
    pictures.transparent_png(os.path.join(root, "pic_first.png"), 5800, 5800, interlaced=True)
    pictures.transparent_png(os.path.join(root, "pic_second.png"), 5808, 5808, interlaced=True)
    for name in ("pic_huge.png", "pic_first.png", "pic_second.png"):
        assert os.path.getsize(os.path.join(root, name)) < 2 << 20
    items = [{"name": "Pictures", "imageName": "pic", "detailText": ["<image>huge</image>", "<image>first</image>", "<image>second</image>"]}]
    with open(os.path.join(root, "data.json"), "w") as handle:
        json.dump(items, handle)
    yield root
    shutil.rmtree(holder, ignore_errors=True)


def memory_kib(pid, field):
    with open(f"/proc/{pid}/status") as handle:
        for line in handle:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    raise AssertionError(f"no {field} for {pid}")


def document(daemon, title="Pictures"):
    status, body = daemon.api("/api/documents/" + daemon.doc_id(title))
    assert status == 200, body
    return body


def image_urls(html):
    return {alt: src.replace("&amp;", "&").split("&w=")[0] for src, alt in re.findall(r'<img src="([^"]*)"[^>]*alt="([^"]*)"', html)}


def test_decoding_is_bounded_by_bytes_and_by_their_sum_over_concurrent_pictures(serve, content):
    daemon = serve(content)
    pid = daemon.proc.pid
    peak_before = memory_kib(pid, "VmHWM")
    urls = image_urls(document(daemon)["html"])
    asked = [urls["pic_huge"] + f"&w={width}" for width in (256, 512, 1024, 2048, 4096)]
    # 300 and 384 fall in one bucket: one picture each, asked for twice.
    asked += [urls[name] + f"&w={width}" for name in ("pic_first", "pic_second") for width in (300, 384)]
    with concurrent.futures.ThreadPoolExecutor(len(asked)) as pool:
        # The timeout only catches a hang: each drawing takes seconds on a busy machine.
        answers = list(pool.map(lambda url: daemon.get(url, timeout=300), asked))

    for url, (status, headers, body) in zip(asked, answers):
        if "pic_huge" in url:
            assert status == 422, (url, status, body[:200])
            assert body.decode() == f"cannot show 'pic_huge.png': {REFUSAL}\n"
            assert headers.get("Cache-Control") == "no-store"
        else:
            assert status == 200, (url, status, body[:200])
            assert pictures.picture_size(body)[:2] == ("png", 384), url

    grown = (memory_kib(pid, "VmHWM") - peak_before) * 1024
    assert grown < BUDGET, f"the daemon's peak memory grew by {grown >> 20} MiB, more than the {BUDGET >> 20} MiB budget"

    # The page learns why, as the typed diagnostic of a picture that cannot be shown.
    for _ in range(100):
        diagnostics = document(daemon)["diagnostics"]
        if any(REFUSAL in d["message"] for d in diagnostics):
            break
    refused = [d for d in diagnostics if REFUSAL in d["message"]]
    assert [d["id"] for d in refused] == ["unreadable-image"], diagnostics
