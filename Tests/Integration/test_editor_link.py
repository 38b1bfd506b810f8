"""The editor link: Alt/Ctrl-click opens the author's editor, and no other
web page can use it (issues 6 and 7)."""
import json
import socket
import time

import pytest


def post(daemon, body, headers):
    payload = json.dumps(body).encode()
    lines = ["POST /api/open HTTP/1.1", f"Host: 127.0.0.1:{daemon.port}", "Content-Type: application/json",
             f"Content-Length: {len(payload)}", "Connection: close"] + [f"{k}: {v}" for k, v in headers.items()]
    with socket.create_connection(("127.0.0.1", daemon.port), timeout=5) as connection:
        connection.sendall(("\r\n".join(lines) + "\r\n\r\n").encode() + payload)
        response = b""
        while chunk := connection.recv(65536):
            response += chunk
    return int(response.split(b" ", 2)[1])


@pytest.fixture
def opened(tmp_path):
    return tmp_path / "opened.txt"


def test_editor_opens_at_the_line_only_for_the_page(species, serve, opened):
    daemon = serve(species, "--editor", f"/bin/sh -c 'echo \"$0\" >> {opened}' {{file}}:{{line}}:{{column}}")
    document = next(d for d in daemon.documents()["documents"] if d["path"] == "Resources/speciesData.json")
    _, body = daemon.api("/api/documents/" + document["id"])
    editor = body["editor"]
    assert editor["url"] == "/api/open" and len(editor["token"]) >= 16
    origin = f"http://127.0.0.1:{daemon.port}"
    request = {"path": "Resources/speciesData.json", "line": 107, "column": 13}

    assert post(daemon, request, {"Origin": origin, "X-Galley-Token": editor["token"]}) == 204
    # The shell creates the file for `>>` before echo writes the line: wait for the whole line.
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and not (opened.exists() and opened.read_text().endswith("\n")):
        time.sleep(0.05)
    assert opened.read_text().strip() == f"{species}/Resources/speciesData.json:107:13"

    refused = [
        ({"Origin": origin, "X-Galley-Token": "0" * len(editor["token"])}, request),   # wrong secret
        ({"Origin": origin}, request),                                                  # no secret
        ({"X-Galley-Token": editor["token"]}, request),                                 # no Origin
        ({"Origin": "http://evil.example", "X-Galley-Token": editor["token"]}, request),
        ({"Origin": origin, "X-Galley-Token": editor["token"]}, dict(request, path="../../etc/passwd")),
        ({"Origin": origin, "X-Galley-Token": editor["token"]}, dict(request, path="LICENSE")),
        ({"Origin": origin, "X-Galley-Token": editor["token"]}, {"path": "Resources/speciesData.json"}),
    ]
    for headers, body in refused:
        assert post(daemon, body, headers) in (400, 403, 404), (headers, body)
    # A good request after the refused ones: once its line is written, an
    # editor started for any of them (started earlier) would have written too.
    assert post(daemon, dict(request, line=1, column=1), {"Origin": origin, "X-Galley-Token": editor["token"]}) == 204
    sentinel = f"{species}/Resources/speciesData.json:1:1"
    deadline = time.monotonic() + 30
    while sentinel not in opened.read_text().splitlines():
        assert time.monotonic() < deadline, "the editor never opened for the last request"
        time.sleep(0.05)
    assert opened.read_text().splitlines() == [f"{species}/Resources/speciesData.json:107:13", sentinel], \
        "only the page's own requests opened the editor"


def test_no_editor_no_link(species, serve):
    daemon = serve(species)
    document = daemon.documents()["documents"][0]
    _, body = daemon.api("/api/documents/" + document["id"])
    assert body["editor"] is None
    assert post(daemon, {"path": document["path"], "line": 1}, {"Origin": f"http://127.0.0.1:{daemon.port}", "X-Galley-Token": "x"}) == 404
