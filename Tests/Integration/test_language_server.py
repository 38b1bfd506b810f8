"""`galley lsp` driven by a scripted client over pipes: the protocol, the
positions, hostile framing, and unsaved buffers reaching a real daemon."""
import json
import os
import re
import shutil
import socket
import stat
import subprocess
import tempfile
import time
import urllib.request

import pytest

from galley_support import REPO, HeldPoll, block_locations, copy_content, private_runtime_dir, temp_root
from lsp_support import LanguageClient, file_uri, frame

EXAMPLE = os.path.join(REPO, "Assets", "Example")
DATA = "Resources/speciesData.json"


@pytest.fixture
def runtime_dir():
    with private_runtime_dir() as folder:
        yield folder


@pytest.fixture
def serve(serve, runtime_dir):
    """The shared fixture's daemons, returned once editors can reach them: the
    URL is printed before the folder is read, the socket opened after it."""
    def start(content, *extra_args, editors=True):
        daemon = serve(content, *extra_args)
        if not editors:
            return daemon
        folder = os.path.join(runtime_dir, "galley")
        deadline = time.monotonic() + 60
        while not (os.path.isdir(folder) and any(name.endswith(".sock") for name in os.listdir(folder))):
            # A hang guard: a daemon that never opens its socket fails here.
            assert time.monotonic() < deadline and daemon.proc.poll() is None, "the daemon never opened its socket for editors"
            time.sleep(0.05)
        return daemon
    return start


@pytest.fixture
def example(runtime_dir):
    path, holder = copy_content(EXAMPLE)
    yield path
    shutil.rmtree(holder, ignore_errors=True)


@pytest.fixture
def client(runtime_dir):
    clients = []

    def start():
        started = LanguageClient()
        clients.append(started)
        return started

    yield start
    for started in clients:
        started.kill()


def get_json(url):
    with urllib.request.urlopen(url, timeout=30) as response:
        return json.loads(response.read())


# ---- lifecycle and JSON-RPC


def test_initialize_offers_incremental_sync_and_utf8_when_the_client_has_it(client):
    server = client()
    result = server.initialize(encodings=["utf-16", "utf-8"])
    assert result["capabilities"]["positionEncoding"] == "utf-8"
    assert result["capabilities"]["textDocumentSync"]["change"] == 2
    assert result["capabilities"]["textDocumentSync"]["openClose"] is True
    assert result["serverInfo"]["name"] == "galley"
    assert server.shutdown_and_exit() == 0


def test_utf16_is_the_default_encoding(client):
    server = client()
    assert server.initialize()["capabilities"]["positionEncoding"] == "utf-16"
    assert server.shutdown_and_exit() == 0


def test_requests_before_initialize_are_refused(client):
    server = client()
    answer = server.request("shutdown")
    assert answer["error"]["code"] == -32002
    server.initialize()
    assert server.request("initialize", {"capabilities": {}})["error"]["code"] == -32600


def test_unknown_methods_get_method_not_found_with_their_id(client):
    server = client()
    server.initialize()
    server.send({"jsonrpc": "2.0", "id": "text-id", "method": "galley/nonsense", "params": {}})
    answer = server.wait_for(lambda m: m.get("id") == "text-id")
    assert answer["error"]["code"] == -32601
    # An unknown notification is ignored; the server still answers.
    server.notify("$/setTrace", {"value": "off"})
    assert server.request("textDocument/nonsense", {})["error"]["code"] == -32601


def test_bad_json_and_bad_messages_get_errors_and_the_server_goes_on(client):
    server = client()
    server.initialize()
    body = b'{"jsonrpc": "2.0", "id": 7, "method": '
    server.send_raw(b"Content-Length: %d\r\n\r\n" % len(body) + body)
    answer = server.wait_for(lambda m: "error" in m and m["error"]["code"] == -32700)
    assert answer["id"] is None
    server.send({"jsonrpc": "1.0", "id": 8, "method": "shutdown"})
    assert server.wait_for(lambda m: m.get("id") == 8)["error"]["code"] == -32600
    server.send({"jsonrpc": "2.0", "id": {"nested": 1}, "method": "shutdown"})
    assert server.wait_for(lambda m: "error" in m and m["id"] is None)["error"]["code"] == -32600
    server.send([1, 2, 3])
    assert server.wait_for(lambda m: "error" in m and m["id"] is None)["error"]["code"] == -32600
    assert server.shutdown_and_exit() == 0


def test_requests_after_shutdown_are_refused_and_exit_without_shutdown_is_status_1(client):
    server = client()
    server.initialize()
    assert server.request("shutdown")["result"] is None
    assert server.request("shutdown")["error"]["code"] == -32600
    server.notify("exit")
    assert server.proc.wait(timeout=20) == 0
    other = client()
    other.initialize()
    other.notify("exit")
    assert other.proc.wait(timeout=20) == 1


def test_end_of_input_ends_the_server(client):
    server = client()
    server.initialize()
    server.proc.stdin.close()
    assert server.proc.wait(timeout=20) == 1


@pytest.mark.parametrize("header", [
    b"Content-Type: application/vscode-jsonrpc\r\n\r\n{}",
    b"Content-Length: 99999999999\r\n\r\n",
    b"Content-Length: 67108865\r\n\r\n",
    b"Content-Length: -5\r\n\r\n",
    b"Content-Length: 12abc\r\n\r\n",
    b"Content-Length: 2\r\nContent-Length: 2\r\n\r\n{}",
    b"Content-Length: 2\n\n{}",
])
def test_broken_framing_is_refused_without_reading_on(client, header):
    server = client()
    server.initialize()
    # What follows the broken header is a valid request: it must not be answered.
    server.send_raw(header + frame({"jsonrpc": "2.0", "id": 99, "method": "shutdown"}))
    refusal = server.wait_for(lambda m: "error" in m)
    assert refusal["id"] is None and refusal["error"]["code"] == -32600
    assert "refused" in refusal["error"]["message"]
    assert server.proc.wait(timeout=20) == 1
    assert all(m.get("id") != 99 for m in server.seen)


def test_an_endless_header_is_refused(client):
    server = client()
    server.initialize()
    server.send_raw(b"X-Padding: " + b"a" * 20000)
    refusal = server.wait_for(lambda m: "error" in m)
    assert "header block longer" in refusal["error"]["message"]
    assert server.proc.wait(timeout=20) == 1


# ---- documents, positions, diagnostics


def broken_line_document(folder, line):
    """A data file in `folder` whose second line is `line` (inside an array)."""
    path = os.path.join(folder, "broken.json")
    with open(path, "w", encoding="utf-8") as handle:
        handle.write('[\n' + line + '\n]\n')
    return path


@pytest.mark.parametrize("encodings,character", [(["utf-8", "utf-16"], 17), (["utf-16"], 9), (None, 9)])
def test_diagnostic_columns_after_japanese_and_emoji(client, example, encodings, character):
    # '[' '"' 日 本 😀 語 '"' ' ' then ':' — 17 bytes, 9 UTF-16 units, 8 scalars.
    path = broken_line_document(example, '["日本😀語" : 1]')
    server = client()
    server.initialize(root=example, encodings=encodings)
    uri = server.open(path)
    diagnostics = server.diagnostics(uri)
    assert len(diagnostics) == 1
    diagnostic = diagnostics[0]
    assert diagnostic["range"]["start"] == {"line": 1, "character": character}
    assert diagnostic["range"]["end"]["line"] == 1 and diagnostic["range"]["end"]["character"] > character
    assert diagnostic["severity"] == 1 and diagnostic["source"] == "galley" and diagnostic["code"] == "json-syntax"


def test_a_caption_past_its_kinds_line_limit_is_a_line_limit_diagnostic_in_the_editor(client, example):
    with open(os.path.join(example, "galley.json"), "w", encoding="utf-8") as handle:
        json.dump({"kinds": [{"name": "image"}, {"name": "caption", "follows": ["image"], "maxLines": 1}, {"name": "body"}]}, handle)
    server = client()
    server.initialize(root=example)
    uri = server.open(os.path.join(example, DATA))
    limits = [d for d in server.diagnostics(uri) if d["code"] == "line-limit"]
    assert limits, "no caption of the example is over one line at some text size"
    text = open(os.path.join(example, DATA), encoding="utf-8").read().split("\n")
    for diagnostic in limits:
        assert diagnostic["severity"] == 2 and "(limit 1) at 390 pt" in diagnostic["message"], diagnostic
        # At the caption's string.
        assert "<caption>" in text[diagnostic["range"]["start"]["line"]][diagnostic["range"]["start"]["character"]:], diagnostic
    assert server.shutdown_and_exit() == 0


def test_quick_fixes_come_from_the_diagnostics_fix_its(client, example):
    # A quote inside a string, after a Japanese word: the fix inserts the backslash before it.
    path = broken_line_document(example, '"日本 "hi" now"')
    server = client()
    server.initialize(root=example, encodings=["utf-16"])
    uri = server.open(path)
    [diagnostic] = server.diagnostics(uri)
    assert diagnostic["code"] == "json-syntax" and "found 'h'" in diagnostic["message"]
    assert diagnostic["range"] == {"start": {"line": 1, "character": 5}, "end": {"line": 1, "character": 6}}
    actions = server.request("textDocument/codeAction", {"textDocument": {"uri": uri}, "range": diagnostic["range"],
                                                         "context": {"diagnostics": [diagnostic]}})["result"]
    assert [(a["title"], a["edit"]["changes"][uri]) for a in actions] == [
        ("Insert '\\' before the quote", [{"range": {"start": {"line": 1, "character": 4}, "end": {"line": 1, "character": 4}}, "newText": "\\"}])]
    # A diagnostic the client sends without Galley's data has no fix.
    bare = {key: value for key, value in diagnostic.items() if key != "data"}
    assert server.request("textDocument/codeAction", {"textDocument": {"uri": uri}, "range": diagnostic["range"],
                                                      "context": {"diagnostics": [bare]}})["result"] == []
    assert server.shutdown_and_exit() == 0


@pytest.mark.parametrize("encodings", [["utf-8"], ["utf-16"]])
def test_incremental_edits_after_emoji_in_either_encoding(client, example, encodings):
    path = broken_line_document(example, '["日本😀語" : 1]')
    server = client()
    utf8 = server.initialize(root=example, encodings=encodings)["capabilities"]["positionEncoding"] == "utf-8"
    uri = server.open(path)
    assert len(server.diagnostics(uri)) == 1
    colon = 17 if utf8 else 9
    # Replace ' : 1' with ', "ok"' by range, then insert after the emoji.
    server.change(uri, 2, [{"range": {"start": {"line": 1, "character": colon - 1}, "end": {"line": 1, "character": colon + 3}},
                            "text": ', "ok"'}])
    assert server.diagnostics(uri, version=2) == []
    after_emoji = 12 if utf8 else 6
    server.change(uri, 3, [{"range": {"start": {"line": 1, "character": after_emoji}, "end": {"line": 1, "character": after_emoji}},
                            "text": "\" \""}])
    # '"日本😀" "語"' is two strings with no comma: an error right after the emoji's string.
    diagnostics = server.diagnostics(uri, version=3)
    assert [d["message"] for d in diagnostics] == ["missing ',' between array elements"]
    assert diagnostics[0]["range"]["start"] == {"line": 1, "character": after_emoji + 1}
    # A change without a range replaces the whole text.
    server.change(uri, 4, [{"text": '["ok"]\n'}])
    assert server.diagnostics(uri, version=4) == []


def test_files_galley_does_not_preview_are_ignored(client, example):
    path = os.path.join(example, "notes.md")
    with open(path, "w") as handle:
        handle.write("# not previewed\n")
    server = client()
    server.initialize(root=example)
    uri = server.open(path)
    server.change(uri, 2, [{"text": "still ignored"}])
    assert server.shutdown_and_exit() == 0
    assert all(m.get("params", {}).get("uri") != uri for m in server.seen)


# ---- a running galley serve


def species_penguin(daemon):
    return [d for d in daemon.documents()["documents"] if d["path"] == DATA][3]


def socket_folder_for(runtime_dir):
    return os.path.join(runtime_dir, "galley")


def test_the_daemon_listens_in_a_private_folder_outside_the_content(example, serve, runtime_dir):
    serve(example)
    folder = socket_folder_for(runtime_dir)
    assert stat.S_IMODE(os.stat(folder).st_mode) == 0o700
    sockets = os.listdir(folder)
    assert len(sockets) == 1 and sockets[0].endswith(".sock")
    assert stat.S_ISSOCK(os.stat(os.path.join(folder, sockets[0])).st_mode)
    for _, _, files in os.walk(example):
        assert not any(name.endswith(".sock") for name in files)


def test_another_user_cannot_reach_the_daemon(example, serve, runtime_dir):
    if os.getuid() != 0 or not shutil.which("setpriv"):
        pytest.skip("needs root to act as another user")
    serve(example)
    folder = socket_folder_for(runtime_dir)
    socket_path = os.path.join(folder, os.listdir(folder)[0])
    os.chmod(runtime_dir, 0o755)
    script = f"import socket; s = socket.socket(socket.AF_UNIX); s.connect({socket_path!r})"
    result = subprocess.run(["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "python3", "-c", script],
                            capture_output=True, text=True, timeout=30)
    assert result.returncode != 0 and "Permission denied" in result.stderr


def test_a_daemon_refuses_a_shared_socket_folder(example, serve, runtime_dir):
    os.makedirs(socket_folder_for(runtime_dir), mode=0o777)
    os.chmod(socket_folder_for(runtime_dir), 0o777)
    daemon = serve(example, "--verbose", editors=False)
    # The socket would be opened once the documents are read: by the time they are listed.
    assert daemon.documents()["documents"]
    assert os.listdir(socket_folder_for(runtime_dir)) == []


def test_twenty_unsaved_edits_reach_the_held_poll_and_the_file_is_never_written(species, serve, client):
    daemon = serve(species)
    path = os.path.join(species, DATA)
    before = open(path, "rb").read()
    mtime = os.stat(path).st_mtime_ns
    server = client()
    server.initialize(root=species, encodings=["utf-16"])
    uri = server.open(path)
    # Only the seed's grey caption, too faint on white, said at the folder's first caption.
    assert [d["code"] for d in server.diagnostics(uri)] == ["low-contrast"]
    penguin = species_penguin(daemon)
    lines = before.decode().split("\n")
    line = next(i for i, text in enumerate(lines) if "コガタペンギンの平均寿命" in text)
    column = len(lines[line].split("コガタペンギンの平均寿命")[0].encode("utf-16-le")) // 2
    _, current = daemon.api("/api/documents/" + penguin["id"])
    typed = ""
    for version, letter in enumerate("UNSAVED-TYPING-ABCDE", start=2):
        poll = HeldPoll(daemon, f"/api/documents/{penguin['id']}?since={current['version']}")
        position = {"line": line, "character": column + len(typed)}
        server.change(uri, version, [{"range": {"start": position, "end": position}, "text": letter}])
        typed += letter
        status, answer = poll.result()
        assert status == 200
        assert typed + "コガタペンギンの平均寿命" in answer["html"]
        assert answer["unsaved"] is True
        current = answer
    assert typed == "UNSAVED-TYPING-ABCDE"
    index = daemon.documents()["documents"]
    assert [d["unsaved"] for d in index if d["path"] == DATA] == [True] * 4

    # A broken edit: an error at its line, published to the editor.
    comma_line = next(i for i, text in enumerate(lines) if i > line and text.rstrip().endswith('",'))
    end = len(lines[comma_line].rstrip().encode("utf-16-le")) // 2
    server.change(uri, 30, [{"range": {"start": {"line": comma_line, "character": end - 1}, "end": {"line": comma_line, "character": end}}, "text": ""}])
    diagnostics = server.diagnostics(uri, version=30)
    assert [(d["severity"], d["range"]["start"]["line"]) for d in diagnostics] == [(1, comma_line)]
    assert diagnostics[0]["message"] == "missing ',' between array elements"

    # didClose without a save: the page shows the file on disk again.
    poll = HeldPoll(daemon, f"/api/documents/{penguin['id']}?since={daemon.api('/api/documents/' + penguin['id'])[1]['version']}")
    server.notify("textDocument/didClose", {"textDocument": {"uri": uri}})
    status, answer = poll.result()
    assert status == 200 and answer["unsaved"] is False
    assert "UNSAVED-TYPING" not in answer["html"] and not [d for d in answer["diagnostics"] if d["severity"] == "error"]
    assert [d["code"] for d in server.diagnostics(uri)] == ["low-contrast"]

    assert open(path, "rb").read() == before
    assert os.stat(path).st_mtime_ns == mtime
    assert server.shutdown_and_exit() == 0


def test_a_large_file_read_aside_gets_the_diagnostics_of_the_edit_itself(example, serve, client):
    # A data file of 256 KiB or more is read and rendered off the workspace
    # queue; the editor's answer must still describe the text just sent, not
    # the reading before it (which an editor would show until the next keystroke).
    path = os.path.join(example, "large.json")
    items = [{"name": f"Item {index}", "detailText": [f"Paragraph {p} of item {index}. " * 8 for p in range(10)]} for index in range(150)]
    with open(path, "w", encoding="utf-8") as handle:
        json.dump(items, handle, indent=2)
    assert os.path.getsize(path) > 256 * 1024
    daemon = serve(example)
    server = client()
    server.initialize(root=example)
    uri = server.open(path)
    assert not [d for d in server.diagnostics(uri) if d["severity"] == 1]
    lines = open(path, encoding="utf-8").read().split("\n")
    comma_line = next(i for i, text in enumerate(lines) if text.rstrip().endswith('",'))
    end = len(lines[comma_line].rstrip())
    for version in range(2, 6):
        # Each edit removes the comma, the next puts it back: every answer differs from the last.
        if version % 2 == 0:
            change = {"range": {"start": {"line": comma_line, "character": end - 1}, "end": {"line": comma_line, "character": end}}, "text": ""}
        else:
            change = {"range": {"start": {"line": comma_line, "character": end - 1}, "end": {"line": comma_line, "character": end - 1}}, "text": ","}
        server.change(uri, version, [change])
        errors = [(d["range"]["start"]["line"], d["message"]) for d in server.diagnostics(uri, version=version) if d["severity"] == 1]
        assert errors == ([(comma_line, "missing ',' between object members")] if version % 2 == 0 else []), version
    assert os.path.getsize(path) == len("\n".join(lines))
    assert daemon.documents()["documents"]
    assert server.shutdown_and_exit() == 0


def bytes_written(process):
    """What the process wrote to pipes and sockets so far, as the kernel counts it."""
    with open(f"/proc/{process.pid}/io") as counters:
        return int(re.search(r"^wchar: (\d+)$", counters.read(), re.M).group(1))


def test_keystrokes_into_a_megabyte_buffer_reach_the_daemon_as_their_edits(example, serve, client):
    # Keystrokes into a 1 MB file of CRLF lines, in UTF-16 columns after an
    # emoji, two changes to a didChange: each reaches the daemon as the bytes
    # it changed, so the language server writes a few hundred bytes a
    # keystroke, not the text (the first after the open sends it whole: the
    # daemon then holds the file, not a buffer an edit could name).
    path = os.path.join(example, "large.json")
    items = [{"name": f"Item {index} 😀", "detailText": [f"日本 paragraph {p} of item {index}. " * 8 for p in range(10)]}
             for index in range(400)]
    text = json.dumps(items, indent=2, ensure_ascii=False).replace("\n", "\r\n")
    with open(path, "w", encoding="utf-8", newline="") as handle:
        handle.write(text)
    assert os.path.getsize(path) > 1_000_000
    daemon = serve(example)
    server = client()
    server.initialize(root=example, encodings=["utf-16"])
    uri = server.open(path)
    server.diagnostics(uri)
    lines = text.split("\r\n")
    line = lines.index('    "name": "Item 150 😀",')
    after_emoji = len('    "name": "Item 150 😀'.encode("utf-16-le")) // 2
    def place(character):
        return {"line": line, "character": character}
    server.change(uri, 2, [{"range": {"start": place(after_emoji), "end": place(after_emoji)}, "text": "!"}])
    server.diagnostics(uri, version=2)
    before = bytes_written(server.proc)
    typed = ""
    for version, letter in enumerate("ABCDEFGHIJ", start=3):
        # The letter after what was typed, and the `!` before it taken out and put back.
        end = after_emoji + 1 + len(typed)
        server.change(uri, version, [
            {"range": {"start": place(end), "end": place(end)}, "text": letter},
            {"range": {"start": place(after_emoji), "end": place(after_emoji + 1)}, "text": "!"},
        ])
        typed += letter
        assert not [d for d in server.diagnostics(uri, version=version) if d["severity"] == 1]
    written = bytes_written(server.proc) - before
    assert written < 10 * 4096, f"{written} bytes written for ten keystrokes"
    titles = [d["title"] for d in daemon.documents()["documents"]]
    assert "Item 150 😀!" + typed in titles and "Item 151 😀" in titles
    assert server.shutdown_and_exit() == 0


def test_did_save_shows_the_file_and_a_closed_connection_drops_its_buffers(example, serve, client):
    daemon = serve(example)
    path = os.path.join(example, DATA)
    server = client()
    server.initialize(root=example)
    uri = server.open(path)
    server.diagnostics(uri)
    penguin = daemon.documents()["documents"][0]
    text = open(path, encoding="utf-8").read()
    server.change(uri, 2, [{"text": text.replace("Little Penguin", "Little Penguin EDITED")}])
    server.diagnostics(uri, version=2)
    assert any(d["title"] == "Little Penguin EDITED" for d in daemon.documents()["documents"])
    # The editor writes the file and says so: the page follows the file, not the buffer.
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(text.replace("Little Penguin", "Little Penguin SAVED"))
    server.notify("textDocument/didSave", {"textDocument": {"uri": uri}})
    server.diagnostics(uri)
    _, answer = daemon.api("/api/documents/" + penguin["id"])
    assert answer["title"] == "Little Penguin SAVED" and answer["unsaved"] is False
    server.change(uri, 3, [{"text": text.replace("Little Penguin", "Little Penguin AGAIN")}])
    server.diagnostics(uri, version=3)
    assert daemon.api("/api/documents/" + penguin["id"])[1]["unsaved"] is True
    # The editor goes away without a word: its buffer goes with it.
    server.kill()
    for _ in range(200):
        _, answer = daemon.api("/api/documents/" + penguin["id"])
        if not answer["unsaved"]:
            break
        HeldPoll(daemon, f"/api/documents/{penguin['id']}?since={answer['version']}&wait=1").result(timeout=60)
    assert answer["unsaved"] is False and answer["title"] == "Little Penguin SAVED"


# ---- no daemon: the server previews by itself


def test_without_a_daemon_the_server_serves_the_open_buffer_and_says_where(example, client):
    path = os.path.join(example, DATA)
    server = client()
    server.initialize(root=example, show_document=True)
    uri = server.open(path)
    message = server.wait_for(lambda m: m.get("method") == "window/showMessage")["params"]
    page_url = re.search(r"http://127\.0\.0\.1:\d+/doc/[0-9a-f]+", message["message"]).group(0)
    url = page_url.split("/doc/")[0] + "/"
    shown = server.wait_for(lambda m: m.get("method") == "window/showDocument")
    assert shown["params"] == {"uri": page_url, "external": True}
    server.send({"jsonrpc": "2.0", "id": shown["id"], "result": {"success": True}})
    server.diagnostics(uri)
    text = open(path, encoding="utf-8").read()
    server.change(uri, 2, [{"text": text.replace("Little Penguin", "Typed Penguin")}])
    server.diagnostics(uri, version=2)
    document = get_json(url + "api/" + page_url.split(url)[1].replace("doc/", "documents/"))
    assert document["title"] == "Typed Penguin" and document["unsaved"] is True
    page = urllib.request.urlopen(page_url, timeout=30).read().decode()
    assert 'id="unsaved"' in page
    assert open(path, encoding="utf-8").read() == text
    assert server.shutdown_and_exit() == 0


# ---- fixes, completions, hovers, definitions, the cursor


def position_of(text, needle, line_hint=None, offset=0):
    """(line, UTF-16 character) of `needle` (plus `offset` characters) in `text`."""
    lines = text.split("\n")
    line = next(i for i, content in enumerate(lines) if needle in content and (line_hint is None or line_hint in content))
    before = lines[line][:lines[line].index(needle) + offset]
    return {"line": line, "character": len(before.encode("utf-16-le")) // 2}


def at(uri, position):
    return {"textDocument": {"uri": uri}, "position": position}


@pytest.fixture
def example_session(example, serve, client):
    """A daemon on the example, and an initialised client with the data file open."""
    daemon = serve(example)
    server = client()
    server.initialize(root=example)
    path = os.path.join(example, DATA)
    uri = server.open(path)
    # Only the seed's grey caption, too faint on white, said at the folder's first caption.
    assert [d["code"] for d in server.diagnostics(uri)] == ["low-contrast"]
    return daemon, server, uri, open(path, encoding="utf-8").read()


def test_quick_fixes_for_a_misspelt_tag_an_image_name_and_a_config_key(example_session, example):
    daemon, server, uri, text = example_session
    tag = position_of(text, "<image>01</image>", offset=1)
    server.change(uri, 2, [{"range": {"start": tag, "end": {"line": tag["line"], "character": tag["character"] + 5}}, "text": "imgae"}])
    digit = position_of(text, "<image>02</image>", offset=8)
    server.change(uri, 3, [{"range": {"start": digit, "end": {"line": digit["line"], "character": digit["character"] + 1}}, "text": "7"}])
    diagnostics = server.diagnostics(uri, version=3)
    wanted = [d for d in diagnostics if d["code"] in ("unknown-tag", "mismatched-tag", "missing-image")]
    assert {d["code"] for d in wanted} >= {"missing-image"}
    actions = server.request("textDocument/codeAction", {"textDocument": {"uri": uri}, "range": wanted[0]["range"],
                                                         "context": {"diagnostics": wanted}})["result"]
    edits = {a["title"]: a["edit"]["changes"][uri][0]["newText"] for a in actions}
    assert edits["Change 'imgae' to 'image'"] == '"<image>01</image>"'
    image_fix = next(title for title in edits if "littlepenguin_07" in title)
    suggested = re.search(r"to 'littlepenguin_(\d+)'", image_fix).group(1)
    assert edits[image_fix] == f'"<image>{suggested}</image>"'
    assert all(a["kind"] == "quickfix" for a in actions)

    config = os.path.join(example, "galley.json")
    config_text = '{\n  "kinds": [{"name": "caption", "style": {"colr": "gray"}}]\n}\n'
    config_uri = server.open(config, text=config_text)
    config_diagnostics = server.diagnostics(config_uri)
    # The misspelt key leaves the caption the seed's grey: too faint, said at the kind's name in galley.json.
    assert [(d["code"], d["range"]["start"]) for d in config_diagnostics] == [
        ("unknown-key", {"line": 1, "character": 42}), ("low-contrast", {"line": 1, "character": 21})]
    actions = server.request("textDocument/codeAction", {"textDocument": {"uri": config_uri}, "range": config_diagnostics[0]["range"],
                                                         "context": {"diagnostics": config_diagnostics}})["result"]
    assert [(a["title"], a["edit"]["changes"][config_uri][0]["newText"]) for a in actions] == [("Change 'colr' to 'color'", '"color"')]
    assert not os.path.exists(config), "galley.json was only ever a buffer"


def test_completion_offers_image_names_tags_and_config_keys(example_session, example):
    daemon, server, uri, text = example_session
    image = position_of(text, "<image>01</image>", line_hint="<image>01", offset=7)
    server.change(uri, 2, [{"range": {"start": image, "end": {"line": image["line"], "character": image["character"] + 2}}, "text": ""}])
    items = server.request("textDocument/completion", at(uri, image))["result"]
    assert [i["label"] for i in items] == ["01", "02", "03"]
    assert items[0]["detail"].startswith("littlepenguin_01")

    tag = position_of(text, "<image>02</image>", offset=2)
    server.change(uri, 3, [{"range": {"start": {"line": tag["line"], "character": tag["character"] - 1},
                                      "end": {"line": tag["line"], "character": tag["character"] + 15}}, "text": "i"}])
    items = server.request("textDocument/completion", at(uri, tag))["result"]
    # Filtered by what is typed: Neovim 0.11 shows every item that carries an edit.
    assert {i["label"] for i in items} == {"<image>"}

    config_uri = server.open(os.path.join(example, "galley.json"), text='{\n  "device": {"wi": 390},\n  "kinds": [{"style": {"co": 1}}]\n}\n')
    server.diagnostics(config_uri)
    config_text = '{\n  "device": {"wi": 390},\n  "kinds": [{"style": {"co": 1}}]\n}\n'
    device = server.request("textDocument/completion", at(config_uri, position_of(config_text, '"wi"', offset=3)))["result"]
    assert [i["label"] for i in device] == ["width"]
    style = server.request("textDocument/completion", at(config_uri, position_of(config_text, '"co"', offset=3)))["result"]
    assert "color" in [i["label"] for i in style] and "name" not in [i["label"] for i in style]


def test_hover_shows_the_image_from_the_daemon_and_a_colour(example_session, example):
    daemon, server, uri, text = example_session
    hover = server.request("textDocument/hover", at(uri, position_of(text, "<image>02</image>", offset=8)))["result"]
    value = hover["contents"]["value"]
    assert hover["contents"]["kind"] == "markdown"
    url = re.search(r"\]\((http://[^)]+)\)", value).group(1)
    assert url.startswith(daemon.url) and "littlepenguin_02" in url
    with urllib.request.urlopen(url, timeout=30) as response:
        assert response.headers["Content-Type"] == "image/png"
    config_text = '{"kinds": [{"name": "caption", "style": {"color": "gray"}}]}\n'
    config_uri = server.open(os.path.join(example, "galley.json"), text=config_text)
    server.diagnostics(config_uri)
    colour = server.request("textDocument/hover", at(config_uri, position_of(config_text, '"gray"', offset=2)))["result"]
    assert "#8e8e93" in colour["contents"]["value"]
    assert server.request("textDocument/hover", at(uri, {"line": 0, "character": 0}))["result"] is None


def test_definition_of_an_image_name_is_its_image_set(example_session, example):
    daemon, server, uri, text = example_session
    location = server.request("textDocument/definition", at(uri, position_of(text, "<image>03</image>", offset=8)))["result"]
    assert location["uri"] == file_uri(os.path.realpath(os.path.join(example, "Assets.xcassets", "littlepenguin_03.imageset", "Contents.json")))


def test_document_highlight_answers_the_block_and_moves_following_pages(example_session):
    daemon, server, uri, text = example_session
    penguin = daemon.documents()["documents"][0]
    _, current = daemon.api("/api/documents/" + penguin["id"])
    position = position_of(text, "<image>03</image>", offset=3)
    poll = HeldPoll(daemon, f"/api/documents/{penguin['id']}?since={current['version']}&patch=1")
    highlights = server.request("textDocument/documentHighlight", at(uri, position))["result"]
    assert [h["range"]["start"]["line"] for h in highlights] == [position["line"]]
    status, answer = poll.result()
    assert status == 200 and answer["follow"]["line"] == position["line"] + 1
    assert position["line"] + 1 in [line for _, line, _ in block_locations(current["html"])]


def test_alt_click_on_a_block_asks_the_editor_to_show_its_line(example, serve, client):
    daemon = serve(example)
    document = daemon.documents()["documents"][0]
    assert daemon.api("/api/documents/" + document["id"])[1]["editor"] is None, "no editor yet"
    server = client()
    server.initialize(root=example, show_document=True)
    uri = server.open(os.path.join(example, DATA))
    server.diagnostics(uri)
    # The editor reaches the daemon on its own connection: wait until it is
    # announced (bounded; only a hang fails here).
    for _ in range(100):
        _, body = daemon.api("/api/documents/" + document["id"])
        if body["editor"] is not None:
            break
        HeldPoll(daemon, "/api/documents?since=-1&wait=0.1").result()
    editor = body["editor"]
    assert editor is not None, "the connected editor was never announced"
    assert editor["url"] == "/api/open"
    line = block_locations(body["html"])[2][1]
    request = urllib.request.Request(daemon.url.rstrip("/") + editor["url"], method="POST",
                                     data=json.dumps({"path": DATA, "line": line, "column": 13}).encode(),
                                     headers={"Origin": daemon.url.rstrip("/"), "X-Galley-Token": editor["token"], "Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as response:
        assert response.status == 204
    shown = server.wait_for(lambda m: m.get("method") == "window/showDocument")["params"]
    assert shown["uri"] == file_uri(os.path.realpath(os.path.join(example, DATA)))
    assert shown["selection"]["start"] == {"line": line - 1, "character": 0} and shown["takeFocus"] is True
    # The editor goes away: the link is no longer offered.
    assert server.shutdown_and_exit() == 0
    for _ in range(100):
        if daemon.api("/api/documents/" + document["id"])[1]["editor"] is None:
            break
        HeldPoll(daemon, "/api/documents?since=-1&wait=0.1").result()
    assert daemon.api("/api/documents/" + document["id"])[1]["editor"] is None


def test_a_daemon_that_goes_away_is_replaced_by_the_next_one(example, serve, client):
    first = serve(example)
    path = os.path.join(example, DATA)
    server = client()
    server.initialize(root=example)
    uri = server.open(path)
    server.diagnostics(uri)
    text = open(path, encoding="utf-8").read()
    first.stop()
    server.change(uri, 2, [{"text": text.replace("Little Penguin", "Penguin Two")}])
    warning = server.wait_for(lambda m: m.get("method") == "window/showMessage")["params"]
    assert warning["type"] == 2 and "lost the preview" in warning["message"]
    second = serve(example)
    document = second.documents()["documents"][0]
    _, current = second.api("/api/documents/" + document["id"])
    poll = HeldPoll(second, f"/api/documents/{document['id']}?since={current['version']}")
    server.change(uri, 3, [{"text": text.replace("Little Penguin", "Penguin Three")}])
    status, answer = poll.result()
    assert status == 200 and answer["title"] == "Penguin Three" and answer["unsaved"] is True
    assert server.shutdown_and_exit() == 0


def test_the_daemon_socket_refuses_bad_requests_and_paths_outside_the_folder(example, serve, runtime_dir):
    daemon = serve(example)
    folder = socket_folder_for(runtime_dir)
    socket_path = os.path.join(folder, os.listdir(folder)[0])
    outside = os.path.join(os.path.dirname(example), "outside.json")
    attempts = [
        b"not json\n",
        b'{"op":"set","path":"../outside.json","length":2}\n[]',
        b'{"op":"set","path":"/etc/passwd","length":2}\n[]',
        b'{"op":"set","path":"Resources/speciesData.json","length":1e12}\n',
        b'{"op":"set","path":"Resources/speciesData.json","length":-1}\n',
        b'{"op":"drop"}\n',
        b'{"op":"unknown"}\n',
        b"x" * 200000,
    ]
    for attempt in attempts:
        with socket.socket(socket.AF_UNIX) as connection:
            connection.settimeout(20)
            connection.connect(socket_path)
            answer = b""
            try:
                connection.sendall(attempt)
                connection.shutdown(socket.SHUT_WR)
                while chunk := connection.recv(65536):
                    answer += chunk
            except (ConnectionResetError, BrokenPipeError):
                pass  # closed with the rest of the attempt unread: refused too
            assert b"diagnostics" not in answer, attempt
    assert not os.path.exists(outside)
    assert all(not d["unsaved"] for d in daemon.documents()["documents"])
    # The daemon still serves editors.
    with socket.socket(socket.AF_UNIX) as connection:
        connection.settimeout(20)
        connection.connect(socket_path)
        connection.sendall(b'{"op":"hello"}\n')
        assert json.loads(connection.makefile("rb").readline())["url"] == daemon.url


def test_a_tagged_text_file_gets_its_diagnostics_on_whole_lines(client, example):
    path = os.path.join(example, "Resources", "note.txt")
    with open(path, "w", encoding="utf-8") as handle:
        handle.write("ペンギンの話 😀\n<caption>一行目</caption>\n")
    server = client()
    server.initialize(root=example)
    uri = server.open(path)
    # The note sorts before the data file: its caption is the folder's first, where the seed's grey is said to be faint.
    assert [(d["code"], d["range"]) for d in server.diagnostics(uri)] == [
        ("misplaced-block", {"start": {"line": 1, "character": 0}, "end": {"line": 1, "character": 22}}),
        ("low-contrast", {"start": {"line": 1, "character": 0}, "end": {"line": 1, "character": 0}})]
    # Tagged once a line uses a known tag; a misspelt one is then a warning on its whole line.
    server.change(uri, 2, [{"range": {"start": {"line": 2, "character": 0}, "end": {"line": 2, "character": 0}}, "text": "<imgae>01</imgae>  \n"}])
    diagnostics = server.diagnostics(uri, version=2)
    assert [(d["code"], d["range"]) for d in diagnostics if d["code"] not in ("misplaced-block", "low-contrast")] == [
        ("unknown-tag", {"start": {"line": 2, "character": 0}, "end": {"line": 2, "character": 17}})]
    assert server.shutdown_and_exit() == 0


def process_status(pid):
    """Threads and resident memory (kB) of a process, from /proc."""
    fields = dict(line.split(":", 1) for line in open(f"/proc/{pid}/status", encoding="ascii"))
    return int(fields["Threads"]), int(fields["VmRSS"].split()[0])


def connect_despite_full_backlog(connection, path):
    """Connects to a Unix socket whose backlog may be full for a moment: it
    refuses at once (EAGAIN) rather than waiting, so try again, bounded."""
    for _ in range(3000):
        try:
            connection.connect(path)
            return
        except BlockingIOError:
            time.sleep(0.01)
    raise AssertionError("the daemon stopped accepting connections")


# Clean-clone CI runs counted two, then (after an editor's requests) two more, dispatch workers.
DISPATCH_WORKERS_ALLOWED = 4


def test_a_thousand_idle_connections_leave_the_daemon_bounded_and_editors_served(example, serve, client, runtime_dir):
    import resource
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, 4096), hard))
    daemon = serve(example)
    folder = socket_folder_for(runtime_dir)
    socket_path = os.path.join(folder, os.listdir(folder)[0])
    # The address is out before the folder is read: count from a daemon that answers editors.
    with socket.socket(socket.AF_UNIX) as ready:
        ready.settimeout(30)
        connect_despite_full_backlog(ready, socket_path)
        ready.sendall(b'{"op":"hello"}\n')
        assert json.loads(ready.makefile("rb").readline())["url"] == daemon.url
    threads_before, memory_before = process_status(daemon.proc.pid)
    idle = []
    try:
        for _ in range(1000):
            connection = socket.socket(socket.AF_UNIX)
            connection.settimeout(30)
            idle.append(connection)
            connect_despite_full_backlog(connection, socket_path)
        # A request after them all: once it is answered, the daemon has accepted (or shed) every one.
        with socket.socket(socket.AF_UNIX) as probe:
            probe.settimeout(30)
            connect_despite_full_backlog(probe, socket_path)
            probe.sendall(b'{"op":"hello"}\n')
            assert json.loads(probe.makefile("rb").readline())["url"] == daemon.url
        threads, memory = process_status(daemon.proc.pid)
        # Requests are carried out on dispatch workers (each connection's queue), and
        # libdispatch starts a few: a handful of threads, never one a connection.
        assert threads <= threads_before + DISPATCH_WORKERS_ALLOWED, (threads_before, threads)
        assert memory - memory_before < 64 * 1024, (memory_before, memory)
        assert len(os.listdir(f"/proc/{daemon.proc.pid}/fd")) < 200

        # A real editor reaches the daemon while the idle ones are still open.
        server = client()
        server.initialize(root=example)
        path = os.path.join(example, DATA)
        uri = server.open(path)
        server.diagnostics(uri)
        text = open(path, encoding="utf-8").read()
        server.change(uri, 2, [{"text": text.replace("Little Penguin", "Little Penguin EDITED")}])
        server.diagnostics(uri, version=2)
        assert any(d["title"] == "Little Penguin EDITED" and d["unsaved"] for d in daemon.documents()["documents"])
        threads_after_editor = process_status(daemon.proc.pid)[0]
        assert threads_after_editor <= threads_before + DISPATCH_WORKERS_ALLOWED, (threads_before, threads_after_editor)
    finally:
        for connection in idle:
            connection.close()
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


# ---- where the server's own preview may be rooted


def preview_messages(server):
    return [m for m in server.seen if m.get("method") == "window/showMessage" and "Galley preview:" in m["params"]["message"]]


def test_a_file_outside_the_workspace_gets_no_preview_and_the_workspace_keeps_its_own(example, client):
    holder = tempfile.mkdtemp(prefix="galley-outside-", dir=temp_root())
    try:
        outside = os.path.join(holder, "notes.txt")
        with open(outside, "w", encoding="utf-8") as handle:
            handle.write("An outside note.\n")
        server = client()
        server.initialize(root=example)
        server.open(outside)
        warning = server.wait_for(lambda m: m.get("method") == "window/showMessage")["params"]
        assert warning["type"] == 2 and "outside" in warning["message"] and outside in warning["message"], warning
        # The workspace's own document, opened after it, is previewed from the workspace and gets its diagnostics.
        uri = server.open(os.path.join(example, DATA))
        message = server.wait_for(lambda m: m.get("method") == "window/showMessage" and "Galley preview:" in m["params"]["message"])
        server.diagnostics(uri)
        url = re.search(r"http://127\.0\.0\.1:\d+/", message["params"]["message"]).group(0)
        paths = {document["path"] for document in get_json(url + "api/documents")["documents"]}
        assert DATA in paths and not any("notes" in path for path in paths), paths
        assert server.shutdown_and_exit() == 0
        assert preview_messages(server) == []
    finally:
        shutil.rmtree(holder, ignore_errors=True)


@pytest.mark.parametrize("root", [None, "/"])
def test_a_folder_as_wide_as_home_or_root_is_not_previewed_without_a_galley_json(runtime_dir, root):
    home = tempfile.mkdtemp(prefix="galley-home-", dir=temp_root())
    server = LanguageClient(env=dict(os.environ, HOME=home))
    try:
        with open(os.path.join(home, "notes.txt"), "w", encoding="utf-8") as handle:
            handle.write("A note in the home folder.\n")
        server.initialize(root=root)
        server.open(os.path.join(home, "notes.txt"))
        warning = server.wait_for(lambda m: m.get("method") == "window/showMessage")["params"]
        wide = os.path.realpath(home) if root is None else "/"
        assert warning["type"] == 2 and f"does not preview '{wide}'" in warning["message"] and "galley.json" in warning["message"], warning
        if root is None:
            # A galley.json says the folder is content: then it is previewed.
            with open(os.path.join(home, "galley.json"), "w", encoding="utf-8") as handle:
                handle.write("{}\n")
            with open(os.path.join(home, "more.txt"), "w", encoding="utf-8") as handle:
                handle.write("Another note.\n")
            uri = server.open(os.path.join(home, "more.txt"))
            server.wait_for(lambda m: m.get("method") == "window/showMessage" and "Galley preview:" in m["params"]["message"])
            server.diagnostics(uri)
        assert server.shutdown_and_exit() == 0
        assert len(preview_messages(server)) == 0
    finally:
        server.kill()
        shutil.rmtree(home, ignore_errors=True)
