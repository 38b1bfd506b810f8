"""Patch answers: a page that shows version V and asks with `patch=1` is
told only what changed since V, and that patch rebuilds exactly the
document a client asking for the whole of it gets."""
import json
import os
import re
import shutil

import pytest

from galley_support import CORPUS, REPO, HeldPoll, copy_content, require_corpus, save_in_place

DATA = "Resources/speciesData.json"
EDITED = "コガタペンギンは、現生"


@pytest.fixture
def example():
    """A writable copy of the bundled example (the Little Penguin is its first item)."""
    path, holder = copy_content(os.path.join(REPO, "Assets", "Example"))
    yield path
    shutil.rmtree(holder, ignore_errors=True)


def penguin_of(daemon):
    return [d for d in daemon.documents()["documents"] if d["path"] == DATA and d["item"] == 0][0]


def article_children(html):
    """The renderer writes the article's opening tag, then one child per
    line: the header, or a group (its opening tag, one block a line, `</div>`)."""
    lines = html.split("\n")
    assert lines[-2:] == ["</article>", ""], "the article ends the rendering"
    children, group = [], None
    for line in lines[1:-2]:
        if line.startswith('<div class="blk-group"'):
            group = {"tag": line, "blocks": []}
            children.append(group)
        elif group is not None and line == "</div>":
            group = None
        elif group is not None:
            group["blocks"].append(line)
        else:
            children.append({"html": line})
    return lines[0], children


def key_of(child):
    """What a patch names a child by: a group's id, `header` for the title."""
    return re.search(r' id="([^"]+)"', child["tag"])[1] if "tag" in child else "header"


def shifted(text, names, element):
    """`text` with its first pair of location attributes `names` grown by the run's shift."""
    lines, columns = element.get("lines", 0), element.get("columns", 0)
    return re.sub(rf' {names[0]}="(-?\d+)" {names[1]}="(-?\d+)"',
                  lambda m: f' {names[0]}="{int(m[1]) + lines}" {names[1]}="{int(m[2]) + columns}"', text, count=1)


def apply_patch(old_html, patch):
    """What the page does with a patch, on the HTML text instead of the DOM:
    runs of old children and blocks, checked at their ends and moved by
    their shift, groups given their opening tag and blocks, and new HTML."""
    _, children = article_children(old_html)
    rebuilt = []
    for element in patch["elements"]:
        if "html" in element:
            rebuilt.append(element["html"])
        elif "group" in element:
            if "update" in element:
                assert key_of(children[element["update"]]) == element["first"]
            blocks = []
            for block in element["blocks"]:
                if "html" in block:
                    blocks.append(block["html"])
                    continue
                run = children[block["in"]]["blocks"][block["keep"]:block["keep"] + block["count"]]
                assert len(run) == block["count"] >= 1
                assert f' id="{block["first"]}"' in run[0] and f' id="{block["last"]}"' in run[-1]
                blocks += [shifted(b, ("data-line-offset", "data-column-offset"), block) for b in run]
            rebuilt.append(element["group"] + "\n" + "".join(b + "\n" for b in blocks) + "</div>")
        else:
            run = children[element["keep"]:element["keep"] + element["count"]]
            assert len(run) == element["count"] >= 1
            assert key_of(run[0]) == element["first"] and key_of(run[-1]) == element["last"]
            assert sum(len(child.get("blocks", [])) for child in run) == element["blockCount"]
            for child in run:
                if "tag" not in child:
                    rebuilt.append(child["html"])
                    continue
                whole = child["tag"] + "\n" + "".join(b + "\n" for b in child["blocks"]) + "</div>"
                rebuilt.append(shifted(whole, ("data-line", "data-column"), element))
    return patch["article"] + "\n" + "".join(child + "\n" for child in rebuilt) + "</article>\n"


def runs_and_sent(patch):
    """Every kept run of a patch (of children, and of blocks in groups), and the HTML it sends."""
    runs, sent = [], []
    for element in patch["elements"]:
        for item in [element] + element.get("blocks", []):
            if "keep" in item:
                runs.append(item)
            elif "html" in item:
                sent.append(item["html"])
    return runs, sent


def kinds(patch):
    """How many children and blocks a patch keeps as they are, moves, and sends."""
    runs, sent = runs_and_sent(patch)
    moved = sum(e["count"] for e in runs if e.get("lines") or e.get("columns"))
    return sum(e["count"] for e in runs) - moved, moved, len(sent)


def save_and_poll(daemon, document_id, path, old, new, query="&patch=1"):
    """Saves `path` with `old` replaced by `new` while a page holds a poll;
    returns the version the page had, its answer, and the whole new document."""
    _, before = daemon.api(f"/api/documents/{document_id}")
    poll = HeldPoll(daemon, f"/api/documents/{document_id}?since={before['version']}&wait=20{query}")
    text = open(path, encoding="utf-8").read()
    assert old in text
    save_in_place(path, text.replace(old, new, 1))
    status, answer = poll.result()
    assert status == 200
    _, whole = daemon.api(f"/api/documents/{document_id}")
    assert whole["version"] == answer["version"]
    return before, answer, whole


def test_a_one_paragraph_edit_is_sent_as_a_patch_that_rebuilds_the_document(example, serve):
    daemon = serve(example)
    penguin = penguin_of(daemon)
    before, answer, whole = save_and_poll(daemon, penguin["id"], os.path.join(example, DATA),
                                          EDITED, "コガタペンギン（編集）は、現生")
    assert "html" not in answer
    patch = answer["patch"]
    assert patch["base"] == before["version"]
    _, sent = runs_and_sent(patch)
    kept, moved, _ = kinds(patch)
    assert len(sent) == 1 and "（編集）" in sent[0], "only the edited paragraph is sent"
    assert kept >= 5 and moved == 0
    assert apply_patch(before["html"], patch) == whole["html"]
    assert answer["diagnostics"] == whole["diagnostics"] and answer["title"] == whole["title"]
    assert "css" not in answer and whole["css"] == before["css"], "the page has the style sheet, which the edit did not change"


def test_a_patch_carries_the_style_sheet_when_it_changed(example, serve):
    daemon = serve(example)
    penguin = penguin_of(daemon)
    _, before = daemon.api(f"/api/documents/{penguin['id']}")
    assert "#123456" not in before["css"]
    poll = HeldPoll(daemon, f"/api/documents/{penguin['id']}?since={before['version']}&wait=20&patch=1")
    kinds = [{"name": "image", "asset": "{imageName}_{content}"},
             {"name": "caption", "follows": ["image"], "style": {"font": "Baskerville", "size": 16, "color": "gray"}},
             {"name": "body", "style": {"font": "Baskerville", "size": 20, "color": "#123456"}}]
    save_in_place(os.path.join(example, "galley.json"), json.dumps({"kinds": kinds}))
    status, answer = poll.result()
    assert status == 200
    assert "#123456" in answer.get("css", ""), "a style sheet that changed is sent, patch or not"


def styled_rtf(paragraphs):
    """Cocoa-style RTF: two fonts, colours, bold and italic runs, one paragraph
    per line, and words found once each (letters spell the paragraph's number)."""
    def word(prefix, n):
        return prefix + "".join(chr(ord("a") + int(digit)) for digit in str(n)) + "x"
    body = "".join(f"\\f{n % 2}\\cf{n % 2 + 1} \\b {word('Heading', n)}\\b0  text of {word('paragraph', n)} "
                   f"\\i {word('aside', n)}\\i0  {word('words', n)}\\\n" for n in range(paragraphs))
    return ("{\\rtf1\\ansi\\ansicpg1252\\cocoartf2709\n{\\fonttbl\\f0\\fswiss Helvetica;\\f1\\froman Times-Roman;}\n"
            "{\\colortbl;\\red0\\green0\\blue0;\\red200\\green20\\blue20;}\n\\pard\\fs24 " + body + "}")


@pytest.mark.parametrize("source", ["generated", "corpus"])
def test_rich_text_patches_rebuild_the_document_after_edits_anywhere(source, tmp_path, serve):
    content = tmp_path / "content"
    content.mkdir()
    path = str(content / "document.rtf")
    if source == "generated":
        save_in_place(path, styled_rtf(40))
    else:
        credits = require_corpus(os.path.join(CORPUS, "rtf", "cocoa-TootRain-Credits.rtf"))
        shutil.copyfile(credits, path)
    daemon = serve(str(content))
    document = daemon.documents()["documents"][0]
    text = open(path, encoding="utf-8").read()
    words = [word for word in text.split() if word.isalpha() and len(word) > 4 and text.count(word) == 1]
    assert len(words) >= 3
    # An edit near the start, one in the middle, and a new paragraph, which
    # moves every later block's line: those are told their new line only.
    for old, new in [(words[0], words[0] + "X"), (words[len(words) // 2], "changed"), (words[0], words[0] + "\\\nNew paragraph.")]:
        before, answer, whole = save_and_poll(daemon, document["id"], path, old, new)
        assert answer["patch"]["base"] == before["version"]
        assert apply_patch(before["html"], answer["patch"]) == whole["html"]
    kept, moved, sent = kinds(answer["patch"])
    assert moved >= 3 and sent <= 3, (kept, moved, sent)


def test_a_page_two_versions_behind_or_without_patch_gets_the_whole_document(example, serve):
    daemon = serve(example)
    penguin = penguin_of(daemon)
    path = os.path.join(example, DATA)
    first, _, _ = save_and_poll(daemon, penguin["id"], path, EDITED, "A、現生")
    _, _, latest = save_and_poll(daemon, penguin["id"], path, "A、現生", "B、現生")
    status, behind = daemon.api(f"/api/documents/{penguin['id']}?since={first['version']}&patch=1")
    assert status == 200 and "patch" not in behind and behind["html"] == latest["html"]
    _, answer, whole = save_and_poll(daemon, penguin["id"], path, "B、現生", "C、現生", query="")
    assert "patch" not in answer and answer["html"] == whole["html"]


def test_a_held_patch_poll_that_times_out_is_answered_in_a_few_bytes(example, serve):
    daemon = serve(example)
    penguin = penguin_of(daemon)
    _, current = daemon.api(f"/api/documents/{penguin['id']}")
    status, headers, body = daemon.get(f"/api/documents/{penguin['id']}?since={current['version']}&wait=0.2&patch=1")
    assert status == 200 and len(body) < 200, body
    assert b'"unchanged":true' in body and f'"version":{current["version"]}'.encode() in body
