"""Hostile clients against the real daemon, on loopback only: forged Host and
Origin headers (DNS rebinding), traversal in every encoding and through
symlinks, malformed and oversized requests, slow and dropped clients, and
faults. Every attack is bounded in count and time and stops by itself; a
well-behaved page keeps asking during the attacks and must keep getting
fast answers."""
import base64
import hashlib
import json
import os
import re
import shutil
import signal
import socket
import threading
import time
import uuid
import zlib
import struct

import pytest

from galley_support import Daemon, HeldPoll, copy_content, require_corpus, run_galley, save_by_rename, save_in_place
from hostile_support import (
    LOOPBACK, WellBehavedPage, fd_count, raw_exchange, read_until_closed, request_bytes, rss_kib,
    split_response, status_of, tree_digest, wait_until,
)

from galley_support import SPECIES

DATA = "Resources/speciesData.json"
KNOWN_IMAGE = "Assets.xcassets/lpenguin.imageset/lpenguin.jpg"


# --------------------------------------------------------------------------
# Content with secrets just outside it and symlinks that lead there.

def tiny_png(text_chunk):
    """A valid 1x1 PNG carrying `text_chunk` in a tEXt chunk."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    header = struct.pack(">IIBBBBB", 1, 1, 8, 0, 0, 0, 0)
    pixels = zlib.compress(b"\x00\x00")
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"tEXt", b"Comment\x00" + text_chunk) + chunk(b"IDAT", pixels) + chunk(b"IEND", b"")


IMAGESET_CONTENTS = '{"images": [{"filename": "%s", "idiom": "universal", "scale": "1x"}], "info": {"author": "xcode", "version": 1}}\n'


class Hostile:
    """A copy of the real app's content beside a folder of secrets, with
    symlinks from the content into the secrets."""

    def __init__(self):
        require_corpus(SPECIES)
        self.content, self.holder = copy_content(SPECIES, prefix="galley-hostile-")
        self.marker = "GALLEY-SECRET-" + uuid.uuid4().hex
        self.canary = "listing-canary-" + uuid.uuid4().hex[:12]
        outside = os.path.join(self.holder, "outside")
        self.outside = outside
        os.makedirs(os.path.join(outside, "dir"))
        os.makedirs(os.path.join(outside, "imageset"))
        self.secret_png = tiny_png(self.marker.encode())
        self.secret_files = {}

        def secret(relative, data):
            path = os.path.join(outside, relative)
            with open(path, "wb") as handle:
                handle.write(data)
            self.secret_files[path] = data
            return path

        secret("secret.txt", f"{self.marker} the author's private notes\n".encode())
        secret("secret.png", self.secret_png)
        secret("dir/secret.png", self.secret_png)
        secret("dir/notes.txt", f"{self.marker} notes\n".encode())
        secret("dir/data.json", json.dumps([{"name": self.marker, "imageName": "x", "detailText": [self.marker]}]).encode())
        secret("imageset/leakdir_01.png", self.secret_png)
        secret("imageset/Contents.json", (IMAGESET_CONTENTS % "leakdir_01.png").encode())
        secret(self.canary + "-outside.dat", b"x")
        # A file inside the content folder that no listing may reveal.
        with open(os.path.join(self.content, self.canary + "-inside.dat"), "wb") as handle:
            handle.write(b"not content\n")

        link = lambda target, name: os.symlink(target, os.path.join(self.content, name))  # noqa: E731
        link(os.path.join(outside, "secret.png"), "escape_01.png")           # a symlinked image, absolute target
        link("../outside/secret.txt", "escape.txt")                           # a symlinked text document
        link("../outside/dir/data.json", "escape.json")                       # a symlinked data file
        link("../outside/dir", "escape_dir")                                  # a symlinked folder
        link("/etc", "etc_link")                                              # a symlink to a system folder
        link("../../outside/imageset", "Assets.xcassets/leakdir_01.imageset")  # a symlinked image set folder
        with open(os.path.join(self.content, "Resources", "hostile.json"), "w") as handle:
            json.dump([
                {"name": "Escape", "imageName": "escape", "detailText": ["body", "<image>01</image>"]},
                {"name": "LeakDir", "imageName": "leakdir", "detailText": ["body", "<image>01</image>"]},
            ], handle)

    def add_imageset_symlink_escape(self):
        """An image set inside the folder whose Contents.json names a file
        that is a symlink to a secret outside."""
        folder = os.path.join(self.content, "Assets.xcassets", "leak_01.imageset")
        os.makedirs(folder)
        with open(os.path.join(folder, "Contents.json"), "w") as handle:
            handle.write(IMAGESET_CONTENTS % "leak_01.png")
        os.symlink(os.path.join(self.outside, "secret.png"), os.path.join(folder, "leak_01.png"))
        with open(os.path.join(self.content, "Resources", "leak.json"), "w") as handle:
            json.dump([{"name": "Leak", "imageName": "leak", "detailText": ["body", "<image>01</image>"]}], handle)

    def leaked(self, body):
        """What of the secrets `body` shows, if anything."""
        found = []
        if self.marker.encode() in body:
            found.append("the secret marker")
        if b"root:x:0:0" in body:
            found.append("/etc/passwd")
        for data in self.secret_files.values():
            encoded = base64.b64encode(data)
            if len(data) > 16 and encoded[: len(encoded) - 4] in body:
                found.append("a secret file in base64")
        if self.canary.encode() in body:
            found.append("a folder listing (canary file name)")
        return found

    def inside_images(self):
        """sha256 of every real (non-symlink) image file inside the folder."""
        digests = set()
        for folder, _, files in os.walk(self.content):
            for name in files:
                path = os.path.join(folder, name)
                if os.path.islink(path) or not re.search(r"\.(png|jpe?g|gif|webp|svg)$", name, re.I):
                    continue
                if not os.path.realpath(path).startswith(os.path.realpath(self.content) + "/"):
                    continue
                with open(path, "rb") as handle:
                    digests.add(hashlib.sha256(handle.read()).hexdigest())
        return digests

    def cleanup(self):
        shutil.rmtree(self.holder, ignore_errors=True)


@pytest.fixture
def hostile():
    content = Hostile()
    yield content
    content.cleanup()


def get_raw(daemon, target, **options):
    return raw_exchange(daemon.port, request_bytes(daemon.port, target, **options))


def assert_safe_headers(response, what):
    status, headers, _ = split_response(response)
    assert not any(name.startswith("access-control-") for name in headers), (what, headers)
    if status is not None and status < 500 and "x-content-type-options" not in headers and status not in (400, 413, 414, 431):
        # libmicrohttpd's own error pages (400/413/414/431/505) carry none of
        # Galley's headers; everything Galley answers must.
        raise AssertionError(f"{what}: status {status} without nosniff: {headers}")


# --------------------------------------------------------------------------
# 1. DNS rebinding, origins, methods

def forged_hosts(port):
    other = port + 1 if port < 65535 else port - 1
    return [
        f"evil.example:{port}", "evil.example", f"EVIL.EXAMPLE:{port}",
        "127.0.0.1", "localhost", "[::1]",                                   # missing port
        f"127.0.0.1:{other}", f"localhost:{other}", f"[::1]:{other}",       # wrong port
        f"localhost.evil.com:{port}", f"LOCALHOST.EVIL.COM:{port}", f"127.0.0.1.evil.com:{port}",
        f"localhost.:{port}", f"127.0.0.1.:{port}",                         # trailing dot
        f"[::ffff:127.0.0.1]:{port}", f"[0:0:0:0:0:0:0:1]:{port}", f"::1:{port}", f"[::1%25lo]:{port}",
        f"127.1:{port}", f"2130706433:{port}", f"0x7f000001:{port}", f"0.0.0.0:{port}",
        f"127.0.0.1:{port}.evil.com", f"127.0.0.1:{port}@evil.com", f"evil.com@127.0.0.1:{port}",
        f"127.0.0.1:{port} evil.com", f"127.0.0.1:{port}/", f"127.0.0.1:{port}:{port}", f"127.0.0.1:0{port}",
        f"xn--localhost-evil.com:{port}", f"localhost%2eevil.com:{port}", "", "*",
    ]


def test_forged_hosts_are_refused_on_every_path(hostile, serve):
    daemon = serve(hostile.content)
    port = daemon.port
    document = daemon.documents()["documents"][0]
    paths = ["/", "/index.html", f"/doc/{document['id']}", "/_galley/galley.js", "/api/documents",
             f"/api/documents/{document['id']}", "/api/documents?since=0", f"/files/{KNOWN_IMAGE}", "/nonexistent"]
    # The test can tell: the server's own names are answered.
    for host in [f"127.0.0.1:{port}", f"localhost:{port}", f"[::1]:{port}", f"LOCALHOST:{port}"]:
        assert status_of(get_raw(daemon, "/api/documents", host=host)) == 200, host
    refused = 0
    for host in forged_hosts(port):
        for path in paths:
            response = get_raw(daemon, path, host=host)
            status, _, body = split_response(response)
            assert status in (400, 421), (host, path, response[:200])
            assert b'"documents"' not in body and b'"html"' not in body and b"<script" not in body, (host, path)
            assert_safe_headers(response, (host, path))
            refused += 1
    # No Host at all, in HTTP/1.1 and HTTP/1.0.
    for version in ["HTTP/1.1", "HTTP/1.0"]:
        for path in paths:
            assert status_of(get_raw(daemon, path, host=False, version=version)) in (400, 421), (version, path)
    assert refused >= 250


def test_absolute_form_targets_never_reach_the_api(hostile, serve):
    daemon = serve(hostile.content)
    port = daemon.port
    good = f"127.0.0.1:{port}"
    cases = [
        ("http://evil.example/", good), ("http://evil.example/api/documents", good),
        (f"http://evil.example:{port}/api/documents", good), (f"http://localhost.evil.com:{port}/files/{KNOWN_IMAGE}", good),
        (f"http://{good}/api/documents", "evil.example"), (f"http://{good}/api/documents", f"evil.example:{port}"),
        (f"http://{good}/", "evil.example"), ("//evil.example/api/documents", good), ("evil.example/api/documents", good),
        ("https://evil.example/api/documents", good), ("*", good),
    ]
    for target, host in cases:
        response = get_raw(daemon, target, host=host)
        status, _, body = split_response(response)
        assert status is None or status >= 400, (target, host, response[:200])
        assert b'"documents"' not in body and b'"boot"' not in body, (target, host)


def test_cross_origin_api_use_is_refused(hostile, serve):
    daemon = serve(hostile.content)
    port = daemon.port
    document = daemon.documents()["documents"][0]
    api_paths = ["/api/documents", f"/api/documents/{document['id']}", f"/api/documents/{document['id']}?since=0"]
    for origin in [f"http://127.0.0.1:{port}", f"http://localhost:{port}", f"http://[::1]:{port}"]:
        assert status_of(get_raw(daemon, "/api/documents", headers=[f"Origin: {origin}"])) == 200, origin
    for site in ["same-origin", "none"]:
        assert status_of(get_raw(daemon, "/api/documents", headers=[f"Sec-Fetch-Site: {site}"])) == 200, site
    forged = [
        ["Origin: http://evil.example"], ["Origin: null"], [f"Origin: http://evil.example:{port}"],
        [f"Origin: https://127.0.0.1:{port}"], ["Origin: http://127.0.0.1"], [f"Origin: http://127.0.0.1:{port + 1}"],
        [f"Origin: http://localhost.evil.com:{port}"], [f"Origin: http://127.0.0.1:{port}.evil.com"],
        ["Origin: file://"], [f"Origin: http://127.0.0.1:{port}/"], ["Origin: "],
        ["Sec-Fetch-Site: cross-site"], ["Sec-Fetch-Site: same-site"], ["Sec-Fetch-Site: Cross-Site"],
        ["Sec-Fetch-Site: whatever"],
        [f"Origin: http://127.0.0.1:{port}", "Sec-Fetch-Site: cross-site"],
        ["Origin: http://evil.example", "Sec-Fetch-Site: same-origin"],
    ]
    for headers in forged:
        for path in api_paths:
            response = get_raw(daemon, path, headers=headers)
            status, _, body = split_response(response)
            assert status == 403, (headers, path, response[:200])
            assert b'"boot"' not in body, (headers, path)
            assert_safe_headers(response, (headers, path))


def test_only_get_and_head_and_no_cors(hostile, serve):
    daemon = serve(hostile.content)
    document = daemon.documents()["documents"][0]
    paths = ["/", "/api/documents", f"/api/documents/{document['id']}", f"/doc/{document['id']}", f"/files/{KNOWN_IMAGE}", "/_galley/galley.js"]
    for method in ["POST", "PUT", "DELETE", "OPTIONS", "TRACE", "CONNECT", "PATCH", "PROPFIND", "get", "FOO"]:
        for path in paths:
            headers = ["Content-Length: 5", "Origin: http://evil.example", "Access-Control-Request-Method: GET"]
            response = raw_exchange(daemon.port, request_bytes(daemon.port, path, method=method, headers=headers) + b"hello")
            status, _, body = split_response(response)
            assert status == 405, (method, path, response[:200])
            assert b"evil.example" not in body, "TRACE-like echo"
            assert_safe_headers(response, (method, path))
    head = get_raw(daemon, "/api/documents", method="HEAD")
    assert status_of(head) == 200 and head.endswith(b"\r\n\r\n"), head[-80:]
    for path in paths:
        assert_safe_headers(get_raw(daemon, path, headers=["Origin: http://127.0.0.1:%d" % daemon.port]), path)


def test_duplicate_host_and_origin_headers_are_refused(hostile, serve):
    daemon = serve(hostile.content)
    good = f"127.0.0.1:{daemon.port}"
    for first, second in [("evil.example", good), (good, "evil.example")]:
        raw = f"GET /api/documents HTTP/1.1\r\nHost: {first}\r\nHost: {second}\r\nConnection: close\r\n\r\n".encode()
        assert status_of(raw_exchange(daemon.port, raw)) in (400, 421), (first, second)
    for first, second in [("http://evil.example", f"http://{good}"), (f"http://{good}", "http://evil.example")]:
        response = get_raw(daemon, "/api/documents", headers=[f"Origin: {first}", f"Origin: {second}"])
        assert status_of(response) in (400, 403), (first, second)


# --------------------------------------------------------------------------
# 2. Traversal

DOTDOTS = ["..", "%2e%2e", "%2E%2e", "%2e%2E", ".%2e", "%2e.", "%252e%252e", "%25252e%25252e", "%c0%ae%c0%ae",
           "%e0%80%ae%e0%80%ae", "%f0%80%80%ae%f0%80%80%ae", "%c0%2e%c0%2e", "%e2%80%a4%e2%80%a4", "%e2%80%a5",
           "%ef%bc%8e%ef%bc%8e", "..;", "...", "....", ".%00.", "%2e%2e%00", "%u002e%u002e"]
SEPARATORS = ["/", "%2f", "%2F", "%252f", "\\", "%5c", "%5C", "%255c", "%c0%af", "%c0%2f", "%e0%80%af", "%c1%9c", "//", "/./", ";/"]


def traversal_targets(content, outside):
    targets = set()
    bases = ["/files/", "/_galley/", "/doc/", "/api/documents/", "/"]
    for base in bases:
        for dotdot in DOTDOTS:
            for separator in SEPARATORS:
                targets.add(base + (dotdot + separator) * 1 + "outside/secret.txt")
                targets.add(base + (dotdot + separator) * 2 + os.path.basename(os.path.dirname(content)) + "/outside/secret.png")
                if separator in ("/", "%2f", "\\", "%5c", "%c0%af"):
                    targets.add(base + (dotdot + separator) * 10 + "etc/passwd")
                    targets.add(base + "Assets.xcassets/" + (dotdot + separator) * 2 + "outside/dir/secret.png")
    for base in ["/files/", "/files", "/_galley/", "/doc/", "/api/documents/", "/"]:
        for path in [outside + "/secret.txt", outside + "/secret.png", "/etc/passwd", "/proc/self/environ"]:
            targets.add(base + path.lstrip("/"))
            targets.add(base + "/" + path.lstrip("/"))
            targets.add(base + path.replace("/", "%2f"))
            targets.add(base + "file://" + path)
            targets.add(base + "%2f" + path.lstrip("/").replace("/", "%2f"))
            targets.add(base + "\\\\" + path.lstrip("/").replace("/", "\\"))
    # Tricks with query, fragment, parameters, NUL and case around a known image.
    for trick in ["?", "%3f", "#", "%23", ";", "%3b", "%00", "%00.png", ";.png", "?.png", "#.png"]:
        targets.add(f"/files/../outside/secret.png{trick}")
        targets.add(f"/files/escape_01.png{trick}")
        targets.add(f"/files/{KNOWN_IMAGE}{trick}../../../outside/secret.png")
        targets.add(f"/files/{KNOWN_IMAGE}/{trick}/../../../../outside/secret.png")
        targets.add(f"/files/Resources/speciesData.json{trick}.png")
    targets.update({"/FILES/../outside/secret.txt", "/Files/%2e%2e/outside/secret.txt", "/files/ESCAPE_01.PNG",
                    "/files/./escape_01.png", "/files//escape_01.png", "/files/~/outside/secret.txt", "/files/~root/.bashrc"})
    # Symlinks out of the folder, by every name they have.
    for path in ["escape_01.png", "escape.txt", "escape.json", "escape_dir/secret.png", "escape_dir/notes.txt",
                 "escape_dir/data.json", "escape_dir", "escape_dir/", "etc_link/passwd", "etc_link/hostname",
                 "Assets.xcassets/leakdir_01.imageset/leakdir_01.png", "Assets.xcassets/leakdir_01.imageset/Contents.json",
                 "Assets.xcassets/leak_01.imageset/leak_01.png"]:
        for base in ["/files/", "/_galley/", "/doc/", "/api/documents/"]:
            targets.add(base + path)
            targets.add(base + path.replace("/", "%2f"))
            targets.add(base + "Resources/../" + path)
            targets.add(base + "Resources/%2e%2e/" + path)
    # Folders: never listed.
    targets.update({"/files/", "/files", "/files/.", "/files/Assets.xcassets", "/files/Assets.xcassets/",
                    "/files/Resources/", "/files/Assets.xcassets/lpenguin.imageset/", "/_galley/", "/_galley/.",
                    "/files/escape_dir/", "/files/%2e/", "/files/history", "/doc/", "/api/documents/", "/api/"})
    # Known to the folder but not images: never served.
    targets.update({"/files/Resources/speciesData.json", "/files/Resources/hostile.json", "/files/LICENSE",
                    "/files/Assets.xcassets/lpenguin.imageset/Contents.json", "/files/history/speciesData@a6651e3.json",
                    "/files/Assets.xcassets/Contents.json", f"/files/{os.path.basename(content)}/Resources/speciesData.json"})
    return sorted(targets)


def test_traversal_in_every_encoding_and_symlink_escapes_are_refused(hostile, serve):
    hostile.add_imageset_symlink_escape()
    daemon = serve(hostile.content)
    port = daemon.port
    allowed_bodies = {hashlib.sha256(daemon.get(p)[2]).hexdigest()
                      for p in ["/", "/doc/x", "/_galley/galley.js", "/_galley/galley.css", "/_galley/page.html", "/_galley/index.html"]}
    allowed_bodies |= hostile.inside_images()
    document_ids = {d["id"] for d in daemon.documents()["documents"]}
    targets = traversal_targets(hostile.content, hostile.outside)
    assert len(targets) >= 500, len(targets)
    served = 0
    for target in targets:
        request = f"GET {target} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n".encode("latin-1")
        response = raw_exchange(port, request)
        status, headers, body = split_response(response)
        assert status is not None, (target, response[:100])
        assert not hostile.leaked(response), (target, hostile.leaked(response), response[:300])
        assert_safe_headers(response, target)
        if status == 200:
            served += 1
            if target.startswith("/api/documents/"):
                assert json.loads(body)["id"] in document_ids, target
            else:
                assert hashlib.sha256(body).hexdigest() in allowed_bodies, (target, headers, body[:200])
                if target.lower().startswith("/files"):
                    assert headers["content-type"][0].startswith("image/"), (target, headers)
        else:
            assert status in (400, 404, 414), (target, response[:200])
    # The symlinked escapes and secrets never became documents either.
    listing = get_raw(daemon, "/api/documents")
    assert not hostile.leaked(listing)
    for document_id in document_ids:
        assert not hostile.leaked(get_raw(daemon, f"/api/documents/{document_id}")), document_id
    # Control: the known image is served by its plain name.
    assert status_of(get_raw(daemon, f"/files/{KNOWN_IMAGE}")) == 200
    assert served < len(targets) // 4, f"{served} of {len(targets)} traversal targets answered 200"


def test_image_set_file_symlinked_outside_is_never_used(hostile, serve, tmp_path):
    hostile.add_imageset_symlink_escape()
    daemon = serve(hostile.content)
    leak = next(d for d in daemon.documents()["documents"] if d["title"] == "Leak")
    _, document = daemon.api(f"/api/documents/{leak['id']}")
    # The daemon refuses to serve the file, but the page is told it exists.
    assert "leak_01.png" not in document["html"], "the page links an image whose file lies outside the folder"
    output = tmp_path / "proof.html"
    result = run_galley("render", os.path.join(hostile.content, "Resources", "leak.json"), "-o", str(output))
    assert result.returncode == 0, result.stderr
    assert not hostile.leaked(output.read_bytes()), "render inlined a file from outside the content folder"


# --------------------------------------------------------------------------
# 3. Malformed and oversized requests; slow clients

def attack_connections(port, payloads, hold=0.0, read=True):
    """Sends each payload on its own connection; returns the responses."""
    responses = []
    for payload in payloads:
        with socket.create_connection((LOOPBACK, port), timeout=5) as connection:
            try:
                connection.sendall(payload)
            except (BrokenPipeError, ConnectionResetError):
                responses.append(b"")
                continue
            if hold:
                time.sleep(hold)
            responses.append(read_until_closed(connection, 3.0) if read else b"")
    return responses


def test_malformed_and_oversized_requests_never_crash_or_stall_the_daemon(hostile, serve):
    daemon = serve(hostile.content)
    port = daemon.port
    host = f"Host: 127.0.0.1:{port}\r\n".encode()
    rng = __import__("random").Random(7)
    attacks = {
        "garbage": [bytes(rng.randrange(256) for _ in range(rng.randrange(1, 4000))) for _ in range(60)],
        "garbage lines": [b"\r\n" * 100 + b"GET / HTTP/1.1\r\n" + host + b"\r\n", b"\x00" * 5000, b"GET\r\n\r\n", b"GET /\r\n\r\n",
                          b" / HTTP/1.1\r\n\r\n", b"GET  /  HTTP/1.1\r\n" + host + b"\r\n", b"G\xffT / HTTP/1.1\r\n\r\n",
                          b"GET / HTTP/1.1\n" + host.replace(b"\r\n", b"\n") + b"\n", b"GET / HTTP/1.1\r\n:\r\n\r\n",
                          b"GET / HTTP/1.1\r\nHost\r\n\r\n", b"GET / HTTP/1.1\r\n" + host + b"X: \x00\x01\x02\r\n\r\n"],
        "100 KB request line": [b"GET /" + b"a" * 100_000 + b" HTTP/1.1\r\n" + host + b"\r\n",
                                b"GET /api/documents?" + b"since=1&" * 12_500 + b" HTTP/1.1\r\n" + host + b"\r\n"],
        "10,000 headers": [b"GET /api/documents HTTP/1.1\r\n" + host + b"".join(b"X-%d: y\r\n" % i for i in range(10_000)) + b"\r\n"],
        "1 MB header": [b"GET /api/documents HTTP/1.1\r\n" + host + b"X-Big: " + b"b" * 1_000_000 + b"\r\n\r\n",
                        b"GET /api/documents HTTP/1.1\r\n" + host + b"Cookie: " + b"c=1; " * 200_000 + b"\r\n\r\n"],
        "HTTP versions": [f"GET /api/documents {v}\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode()
                          for v in ["HTTP/9.9", "HTTP/2.0", "HTTP/1.1x", "HTTX/1.1", "HTTP/1", "HTTP/01.01", "HTTP/1.1.1", "http/1.1", "HTTP/-1.1", "HTTP/1.99999999999"]],
        "chunked GET": [request_bytes(port, "/api/documents", headers=["Transfer-Encoding: chunked"]) + body for body in
                        [b"5\r\nhello\r\n0\r\n\r\n", b"ffffffffffffffffffff\r\nx\r\n", b"-1\r\n\r\n", b"zz\r\n\r\n", b"10000\r\n" + b"x" * 70_000 + b"\r\n0\r\n\r\n"]],
        "Content-Length lies": [request_bytes(port, "/api/documents", headers=[f"Content-Length: {n}"]) + b"abc"
                                for n in ["100", "-1", "99999999999999999999999", "0x10", "1 1", "", "3, 4"]]
                               + [request_bytes(port, "/api/documents", headers=["Content-Length: 0"], close=False) + b"GARBAGE GARBAGE\r\n\r\n",
                                  request_bytes(port, "/api/documents", headers=["Content-Length: 3", "Transfer-Encoding: chunked"]) + b"0\r\n\r\n"],
    }
    baseline = fd_count(daemon.proc.pid)
    for name, payloads in attacks.items():
        with WellBehavedPage(port) as page:
            threads = [threading.Thread(target=attack_connections, args=(port, payloads[i::4])) for i in range(4)]
            for thread in threads:
                thread.start()
            time.sleep(0.3)
            for thread in threads:
                thread.join(30)
            time.sleep(0.2)
        assert daemon.proc.poll() is None, f"the daemon died during {name!r}: " + "".join(daemon.output[-20:])
        page.assert_served(name)
    # Answers to what libmicrohttpd let through are still refusals or normal answers.
    for response in attack_connections(port, attacks["10,000 headers"] + attacks["1 MB header"] + attacks["100 KB request line"]):
        assert status_of(response) in (None, 400, 413, 414, 431), response[:120]
    assert wait_until(lambda: fd_count(daemon.proc.pid) <= baseline + 10, 60), (baseline, fd_count(daemon.proc.pid))


def test_slowloris_and_clients_that_never_read(hostile, serve):
    daemon = serve(hostile.content)
    port = daemon.port
    pid = daemon.proc.pid
    baseline = fd_count(pid)
    document = daemon.documents()["documents"][0]
    # 200 connections, each sending one byte of a never-ending request every 100 ms for 4 s.
    slow = []
    for _ in range(200):
        connection = socket.create_connection((LOOPBACK, port), timeout=5)
        connection.setblocking(False)
        slow.append(connection)
    prefix = request_bytes(port, "/api/documents", close=False)[:-2]  # without the final CRLF
    stream = prefix + b"X-Slow: " + b"z" * 10_000
    with WellBehavedPage(port) as page:
        deadline = time.monotonic() + 4.0
        position = 0
        while time.monotonic() < deadline:
            for connection in slow:
                try:
                    connection.send(stream[position:position + 1])
                except (BlockingIOError, BrokenPipeError, ConnectionResetError):
                    pass
            position += 1
            time.sleep(0.1)
    assert daemon.proc.poll() is None
    page.assert_served("slowloris")
    assert fd_count(pid) >= baseline + 150, "the slow connections were not even open; the test measured nothing"
    for connection in slow:
        connection.close()
    assert wait_until(lambda: fd_count(pid) <= baseline + 10, 60), (baseline, fd_count(pid))

    # 100 clients pipeline 200 requests for a document each and never read.
    readers = []
    pipelined = request_bytes(port, f"/api/documents/{document['id']}", close=False) * 200
    with WellBehavedPage(port) as page:
        for _ in range(100):
            connection = socket.create_connection((LOOPBACK, port), timeout=5)
            connection.setblocking(False)
            try:
                connection.send(pipelined)
            except BlockingIOError:
                pass
            readers.append(connection)
        # The daemon has taken every client's requests and answered into its socket (which it cannot
        # empty now) or closed it; the page is then answered ten more times while none of them reads.
        assert wait_until(lambda: all(dealt_with(c) for c in readers), 60), "the clients' requests were never answered"
        answered = page.answers
        assert wait_until(lambda: page.answers >= answered + 10 or page.failures, 60), (answered, page.answers)
    assert daemon.proc.poll() is None
    page.assert_served("clients that never read")
    for connection in readers:
        connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))  # reset, as a killed tab does
        connection.close()
    assert wait_until(lambda: fd_count(pid) <= baseline + 10, 60), (baseline, fd_count(pid))


def dealt_with(connection):
    """Whether the daemon has answered this client (bytes it has not read wait in its socket) or
    closed the connection; False while the client's requests are not taken yet (the socket is non-blocking)."""
    try:
        connection.recv(1, socket.MSG_PEEK)
        return True
    except BlockingIOError:
        return False
    except ConnectionResetError:
        return True


def test_nul_in_the_path_is_refused(hostile, serve):
    daemon = serve(hostile.content)
    for suffix in ["%00", "%00.json", "%00/../../outside/secret.txt"]:
        assert status_of(get_raw(daemon, f"/files/{KNOWN_IMAGE}{suffix}")) in (400, 404), suffix


def test_conflicting_content_lengths_are_refused(hostile, serve):
    daemon = serve(hostile.content)
    response = raw_exchange(daemon.port, request_bytes(daemon.port, "/api/documents", headers=["Content-Length: 5", "Content-Length: 6"]) + b"hello!")
    assert status_of(response) == 400, response[:120]


# --------------------------------------------------------------------------
# 4. A flood of dropped polls

def test_flood_of_dropped_polls_returns_descriptors_and_memory(hostile, serve):
    daemon = serve(hostile.content)
    port = daemon.port
    pid = daemon.proc.pid
    documents = [d for d in daemon.documents()["documents"] if d["path"] == DATA]
    versions = {}
    for document in documents:
        versions[document["id"]] = daemon.api(f"/api/documents/{document['id']}")[1]["version"]
    # Warm up: one round of everything, so the baseline includes lazily built state.
    for _ in range(50):
        get_raw(daemon, "/api/documents")
    baseline_fds = fd_count(pid)
    baseline_rss = rss_kib(pid)
    penguin = documents[3]["id"]
    path = os.path.join(hostile.content, DATA)
    text = open(path, encoding="utf-8").read()
    dropped = 0
    with WellBehavedPage(port) as page:
        page_poll = HeldPoll(daemon, f"/api/documents/{penguin}?since={versions[penguin]}", timeout=30)
        started = time.monotonic()
        ids = list(versions)
        for round_number in range(100):  # 100 rounds of 30 every 100 ms: 3,000 dropped polls in ~10 s
            for index in range(30):
                document_id = ids[(round_number + index) % len(ids)]
                request = request_bytes(port, f"/api/documents/{document_id}?since={versions[document_id]}&wait=1", close=False)
                connection = socket.create_connection((LOOPBACK, port), timeout=5)
                connection.sendall(request)
                if index % 3 == 0:
                    connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
                connection.close()
                dropped += 1
            if round_number == 50:
                # A save in the middle of the flood reaches the well-behaved page.
                save_in_place(path, text.replace("Little Penguin", "Little Penguin (flood)", 1))
                status, answer = page_poll.result(timeout=60)
                assert status == 200 and "(flood)" in answer["title"], answer
                during = fd_count(pid)
            time.sleep(max(0.0, started + (round_number + 1) * 0.1 - time.monotonic()))
    assert daemon.proc.poll() is None
    page.assert_served("flood of dropped polls")
    assert during > baseline_fds + 20, "the dropped polls were never parked; the test measured nothing"
    # Dropped polls are noticed when their 1 s deadline passes.
    settled = wait_until(lambda: fd_count(pid) <= baseline_fds + 10, 60)
    assert settled, f"descriptors: baseline {baseline_fds}, after the flood {fd_count(pid)}"
    rss = rss_kib(pid)
    print(f"dropped-poll flood: fds {baseline_fds} -> {during} during -> {fd_count(pid)} after; RSS {baseline_rss} -> {rss} KiB")
    assert rss <= baseline_rss + 20 * 1024, f"RSS: baseline {baseline_rss} KiB, after {rss} KiB"
    # And a save after the flood still reaches a page.
    _, current = daemon.api(f"/api/documents/{penguin}")
    poll = HeldPoll(daemon, f"/api/documents/{penguin}?since={current['version']}")
    save_by_rename(path, text.replace("Little Penguin", "Little Penguin (after)", 1))
    status, answer = poll.result(timeout=60)
    assert status == 200 and "(after)" in answer["title"]
    assert dropped == 3000


# --------------------------------------------------------------------------
# 5. Never writes into the content folder

def test_a_whole_session_never_writes_into_the_content_folder(hostile, serve, tmp_path):
    content = hostile.content
    before = tree_digest(hostile.holder)
    daemon = serve(content)
    data = os.path.join(content, DATA)
    text = open(data, encoding="utf-8").read()
    documents = daemon.documents()["documents"]
    penguin = next(d for d in documents if d["title"] == "Little Penguin")
    own_edits = {}

    def edit(relative, new_text, save):
        _, current = daemon.api(f"/api/documents/{penguin['id']}")
        poll = HeldPoll(daemon, f"/api/documents/{penguin['id']}?since={current['version']}")
        save(os.path.join(content, relative), new_text)
        assert poll.result(timeout=60)[0] == 200
        own_edits[relative] = new_text.encode()

    edit(DATA, text.replace("Little Penguin", "Penguin A", 1), save_in_place)
    edit(DATA, text.replace("Little Penguin", "Penguin B", 1), save_by_rename)
    # A new file and a removed one, a new image set, a config with errors and a fixed one.
    with open(os.path.join(content, "Resources", "extra.txt"), "w") as handle:
        handle.write("<h>x</h>\nline\n")
    own_edits["Resources/extra.txt"] = b"<h>x</h>\nline\n"
    with open(os.path.join(content, "galley.json"), "w") as handle:
        handle.write('{"device": {"width": 820,}}')
    time.sleep(0.3)
    with open(os.path.join(content, "galley.json"), "w") as handle:
        handle.write('{"device": {"width": 820}}')
    own_edits["galley.json"] = b'{"device": {"width": 820}}'
    os.kill(daemon.proc.pid, signal.SIGHUP)
    for document in daemon.documents()["documents"]:
        daemon.api(f"/api/documents/{document['id']}")
        daemon.get(f"/doc/{document['id']}")
    for target in traversal_targets(content, hostile.outside)[:200]:
        raw_exchange(daemon.port, f"GET {target} HTTP/1.1\r\nHost: 127.0.0.1:{daemon.port}\r\nConnection: close\r\n\r\n".encode("latin-1"))
    daemon.get(f"/files/{KNOWN_IMAGE}")
    # Renders to outside, and a render aimed inside that must be refused.
    assert run_galley("render", data, "-o", str(tmp_path / "one.html")).returncode == 0
    assert run_galley("render", content, "-o", str(tmp_path / "site")).returncode == 0
    assert run_galley("render", content, "-o", os.path.join(content, "site")).returncode != 0
    assert run_galley("check", content).returncode in (0, 1)
    assert daemon.stop() == 0
    after = tree_digest(hostile.holder)
    expected = dict(before)
    for relative, data_bytes in own_edits.items():
        expected[os.path.join(os.path.basename(content), relative)] = ("file", len(data_bytes), hashlib.sha256(data_bytes).hexdigest())
    added = sorted(set(after) - set(expected))
    removed = sorted(set(expected) - set(after))
    changed = sorted(k for k in set(after) & set(expected) if after[k] != expected[k])
    assert not (added or removed or changed), f"added {added}, removed {removed}, changed {changed}"


def test_render_of_one_file_refuses_an_output_inside_the_content_folder(hostile):
    inside = os.path.join(hostile.content, "proof.html")
    result = run_galley("render", os.path.join(hostile.content, DATA), "-o", inside)
    exists = os.path.exists(inside)
    if exists:
        os.remove(inside)
    assert result.returncode != 0 and not exists, "render wrote into the content folder"


# --------------------------------------------------------------------------
# 6. Faults

def title_poll(daemon, title):
    document_id = daemon.doc_id(title)
    _, current = daemon.api(f"/api/documents/{document_id}")
    return HeldPoll(daemon, f"/api/documents/{document_id}?since={current['version']}&wait=50", timeout=60)


def test_a_data_file_replaced_by_a_folder_and_back(hostile, serve):
    daemon = serve(hostile.content)
    path = os.path.join(hostile.content, DATA)
    text = open(path, encoding="utf-8").read()
    penguin = daemon.doc_id("Little Penguin")
    os.remove(path)
    os.mkdir(path)
    os.mkdir(os.path.join(path, "inner"))
    assert wait_until(lambda: daemon.api(f"/api/documents/{penguin}")[0] == 404, 60), "the document did not go away"
    os.rmdir(os.path.join(path, "inner"))
    os.rmdir(path)
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(text.replace("Little Penguin", "Penguin Back", 1))
    assert wait_until(lambda: any(d["title"] == "Penguin Back" for d in daemon.documents()["documents"]), 60)
    assert daemon.proc.poll() is None


def save_reaches(daemon, content, title, new_title, timeout=60):
    poll = title_poll(daemon, title)
    path = os.path.join(content, DATA)
    save_in_place(path, open(path, encoding="utf-8").read().replace(title, new_title, 1))
    status, answer = poll.result(timeout=timeout)
    assert status == 200 and answer["title"] == new_title, answer


def test_fifos_in_the_content_folder_do_not_hang_the_daemon(hostile, serve):
    """A FIFO fails every open for root too (it blocks); Galley must never
    open one. Present at start, created while serving, renamed over a name."""
    os.mkfifo(os.path.join(hostile.content, "Resources", "early.json"))
    os.mkfifo(os.path.join(hostile.content, "early_01.png"))
    daemon = serve(hostile.content)
    os.mkfifo(os.path.join(hostile.content, "Resources", "fifo.json"))
    os.mkfifo(os.path.join(hostile.content, "fifo_02.png"))
    os.mkfifo(os.path.join(hostile.content, "Resources", "tmpfifo"))
    os.rename(os.path.join(hostile.content, "Resources", "tmpfifo"), os.path.join(hostile.content, "Resources", "notes.txt"))
    save_reaches(daemon, hostile.content, "Little Penguin", "Penguin After FIFO")


def test_a_fifo_named_by_an_image_set_does_not_hang_the_daemon(hostile, serve):
    daemon = serve(hostile.content)
    folder = os.path.join(hostile.content, "Assets.xcassets", "fifo_01.imageset")
    fifo = os.path.join(folder, "fifo_01.png")
    os.makedirs(folder)
    os.mkfifo(fifo)
    with open(os.path.join(folder, "Contents.json"), "w") as handle:
        handle.write(IMAGESET_CONTENTS % "fifo_01.png")
    try:
        save_reaches(daemon, hostile.content, "Little Penguin", "Penguin After FIFO")
    finally:
        # Unblock a daemon stuck in open(2), so that it can be stopped cleanly.
        try:
            os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
        except OSError:
            pass


def test_two_daemons_on_one_folder_both_work(hostile, serve):
    first = serve(hostile.content)
    second = serve(hostile.content)
    assert first.port != second.port
    polls = [title_poll(first, "Little Penguin"), title_poll(second, "Little Penguin")]
    path = os.path.join(hostile.content, DATA)
    save_by_rename(path, open(path, encoding="utf-8").read().replace("Little Penguin", "Shared Penguin", 1))
    for poll in polls:
        status, answer = poll.result(timeout=60)
        assert status == 200 and answer["title"] == "Shared Penguin"
    # The same folder on a port that is taken gives a clear message.
    result = run_galley("serve", hostile.content, "--port", str(first.port), timeout=10)
    assert result.returncode == 1 and "already in use" in result.stderr


def test_sigint_with_held_polls_and_hostile_clients_answers_or_closes_and_exits_0(hostile):
    daemon = Daemon(hostile.content).start()
    port = daemon.port
    try:
        documents = daemon.documents()
        polls = [HeldPoll(daemon, f"/api/documents/{d['id']}?since={d['version']}") for d in documents["documents"]]
        polls.append(HeldPoll(daemon, f"/api/documents?since={documents['version']}"))
        # Alongside: a half-sent request, a client that never reads, dropped polls.
        half = socket.create_connection((LOOPBACK, port))
        half.sendall(b"GET /api/documents HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nX-Slow: aaa" % port)
        deaf = socket.create_connection((LOOPBACK, port))
        deaf.sendall(request_bytes(port, f"/api/documents/{documents['documents'][0]['id']}", close=False) * 100)
        for d in documents["documents"][:20]:
            connection = socket.create_connection((LOOPBACK, port))
            connection.sendall(request_bytes(port, f"/api/documents/{d['id']}?since={d['version']}", close=False))
            connection.close()
        time.sleep(0.5)
        daemon.proc.send_signal(signal.SIGINT)
        code = daemon.proc.wait(timeout=60)  # a hang guard, not a speed bound
        assert code == 0, "".join(daemon.output[-20:])
        for poll in polls:
            status, _ = poll.result(timeout=60)
            assert status == 200
        for connection in (half, deaf):
            connection.close()
    finally:
        if daemon.proc.poll() is None:
            daemon.proc.kill()
            daemon.proc.wait()
