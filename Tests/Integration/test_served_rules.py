"""Rules the daemon once wrote twice, checked through the real binary over
real HTTP: every JSON answer's headers, the page's embedded files, and the
names by which this machine reaches itself."""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from galley_support import REPO  # noqa: E402

PAGE_FOLDER = os.path.join(REPO, "Assets", "Page")


def test_every_json_answer_says_utf8_and_is_never_cached(species, serve):
    daemon = serve(species)
    document = daemon.documents()["documents"][0]["id"]
    # The layout answer was sent as bare 'application/json' with no Cache-Control.
    for path in ["/api/documents", f"/api/documents/{document}", "/api/documents/no-such-document", f"/api/layout/{document}?blocks="]:
        status, headers, _ = daemon.get(path)
        assert status in (200, 404), (path, status)
        assert headers["Content-Type"] == "application/json; charset=utf-8", (path, headers)
        assert headers["Cache-Control"] == "no-store", (path, headers)


def test_every_file_of_the_page_folder_is_served(species, serve):
    # Package.swift's resources are the page's only file list; a file there
    # and not in PageFiles (or the other way round) was not served.
    daemon = serve(species)
    names = sorted(name for name in os.listdir(PAGE_FOLDER) if not name.endswith(".swift"))
    assert "connection.js" in names and "page.html" in names
    types = {".js": "text/javascript; charset=utf-8", ".html": "text/html; charset=utf-8", ".css": "text/css; charset=utf-8"}
    for name in names:
        status, headers, body = daemon.get("/_galley/" + name)
        assert status == 200, name
        assert headers["Content-Type"] == types[os.path.splitext(name)[1]], name
        with open(os.path.join(PAGE_FOLDER, name), "rb") as f:
            assert body == f.read(), f"{name} is not what the binary serves (rebuild?)"


def test_the_page_knows_this_machine_by_the_names_the_server_answers_to(species, serve):
    daemon = serve(species)
    status, _, module = daemon.get("/_galley/thisMachine.js")
    assert status == 200
    names = re.findall(r"'([^']+)'", module.decode())
    assert names == ["127.0.0.1", "localhost", "[::1]"]
    for name in names:
        status, _, _ = daemon.get("/api/documents", headers={"Host": f"{name}:{daemon.port}"})
        assert status == 200, name
    _, _, connection = daemon.get("/_galley/connection.js")
    assert b"from './thisMachine.js'" in connection


def test_serving_on_localhost_is_this_machine_only(species, serve):
    # '--host localhost' was warned about as if other machines could read the content.
    daemon = serve(species, "--host", "localhost")
    status, _ = daemon.api("/api/documents")
    assert status == 200
    output = "".join(daemon.output)
    assert "other machines" not in output, output
