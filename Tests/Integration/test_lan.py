"""`galley serve --lan` reached from another machine: a network namespace of
the test's own whose loopback carries TEST-NET addresses, so a connection to
192.0.2.7 arrives from a non-loopback peer. Nothing leaves this machine."""
import json
import os
import re
import subprocess
import sys
import textwrap
import urllib.parse
import uuid

import pytest

from galley_support import GALLEY_BIN, REPO, Daemon, run_galley

EXAMPLE = os.path.join(REPO, "Assets", "Example")
PHONE = "192.0.2.7"
ANOTHER_PHONE = "192.0.2.8"
LAN_URL_RE = re.compile(r"On the local network: (http://192\.0\.2\.7:(\d+)/\?key=([0-9a-f]+))")

# Runs inside the namespace: one HTTP request from `source`, printed as JSON.
CLIENT = textwrap.dedent("""
    import http.client, json, sys
    host, port, source, method, path, headers, body = json.loads(sys.argv[1])
    connection = http.client.HTTPConnection(host, port, source_address=(source, 0), timeout=20)
    connection.putrequest(method, path, skip_host=True)
    for name, value in headers:
        connection.putheader(name, value)
    connection.endheaders(body.encode() if body else None)
    response = connection.getresponse()
    body = response.read()
    print(json.dumps({"status": response.status, "headers": response.getheaders(), "body": body.decode("utf-8", "replace")}))
""")


def can_make_namespaces():
    if os.geteuid() != 0:
        return False
    name = "galley-probe-" + uuid.uuid4().hex[:8]
    made = subprocess.run(["ip", "netns", "add", name], capture_output=True).returncode == 0
    if made:
        subprocess.run(["ip", "netns", "del", name], capture_output=True)
    return made


pytestmark = pytest.mark.skipif(not can_make_namespaces(), reason="needs root and ip netns")


class Machine:
    """A network namespace whose `lo` holds the phones' TEST-NET addresses."""

    def __init__(self):
        self.name = "galley-lan-" + uuid.uuid4().hex[:8]
        subprocess.run(["ip", "netns", "add", self.name], check=True)
        subprocess.run(["ip", "-n", self.name, "link", "set", "lo", "up"], check=True)
        for address in (PHONE, ANOTHER_PHONE):
            subprocess.run(["ip", "-n", self.name, "addr", "add", address + "/32", "dev", "lo"], check=True)

    def request(self, port, path, host=None, source=PHONE, method="GET", headers=(), to=PHONE, body=""):
        headers = [("Host", host or f"{to}:{port}")] + list(headers)
        out = subprocess.run(
            ["ip", "netns", "exec", self.name, sys.executable, "-c", CLIENT, json.dumps([to, port, source, method, path, headers, body])],
            capture_output=True, text=True, timeout=30, check=True,
        ).stdout
        answer = json.loads(out)
        answer["headers"] = {name.lower(): value for name, value in answer["headers"]}
        return answer

    def remove(self):
        subprocess.run(["ip", "netns", "del", self.name], capture_output=True)


@pytest.fixture
def machine():
    made = Machine()
    yield made
    made.remove()


@pytest.fixture
def lan_daemon(machine):
    daemon = Daemon(EXAMPLE, ["--lan", "--editor", "true {file}"], command_prefix=["ip", "netns", "exec", machine.name]).start()
    yield daemon
    daemon.stop()


def printed_url(daemon):
    for line in daemon.output:
        match = LAN_URL_RE.search(line)
        if match:
            return match.group(1), int(match.group(2)), match.group(3)
    raise AssertionError("no LAN URL printed:\n" + "".join(daemon.output))


def wait_for_output(daemon, pattern):
    import time
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        if any(re.search(pattern, line) for line in daemon.output):
            return
        time.sleep(0.05)
    raise AssertionError(f"no line matching {pattern!r}:\n" + "".join(daemon.output))


def sign_in(machine, port, key, source=PHONE):
    answer = machine.request(port, f"/?key={key}", source=source)
    assert answer["status"] == 303, answer
    return answer


def test_nothing_is_served_without_the_key(machine, lan_daemon):
    url, port, key = printed_url(lan_daemon)
    assert len(key) >= 32  # 128 bits in hex
    forged = ("0" if key[0] != "0" else "1") + key[1:]
    for path in ["/", "/api/documents", "/doc/x", "/changes?since=HEAD", "/api/changes?since=HEAD", "/files/Assets.xcassets/sugi.imageset/sugi.png", "/_galley/galley.css",
                 f"/?key={forged}", f"/?key={key[:-1]}", f"/?key={key}0", "/?key="]:
        answer = machine.request(port, path)
        assert answer["status"] == 403, (path, answer)
        assert answer["body"] == "", path
    # A cookie that is not the one the daemon gave.
    answer = machine.request(port, "/api/documents", headers=[("Cookie", f"galley_device={key}")])
    assert answer["status"] == 403


def test_the_printed_url_trades_the_key_for_a_cookie(machine, lan_daemon):
    url, port, key = printed_url(lan_daemon)
    answer = sign_in(machine, port, key)
    assert answer["headers"]["location"] == "/"
    cookie = answer["headers"]["set-cookie"]
    parts = [part.strip() for part in cookie.split(";")]
    name, value = parts[0].split("=", 1)
    assert name == "galley_device" and value and value != key
    assert {"HttpOnly", "SameSite=Strict", "Path=/"} <= set(parts)
    # Other parameters survive the redirect, the key does not.
    answer = machine.request(port, f"/doc/abc?key={key}&device=820")
    assert answer["status"] == 303 and answer["headers"]["location"] == "/doc/abc?device=820"
    # The redirect never leaves this server, however the path is written.
    for path in ["//evil.example/", "/%2F%2Fevil.example/", "/%2F/evil.example/"]:
        answer = machine.request(port, f"{path}?key={key}")
        assert answer["status"] == 303 and answer["headers"]["location"] == "/evil.example/", (path, answer)
    with_cookie = [("Cookie", f"{name}={value}")]
    page = machine.request(port, "/", headers=with_cookie)
    assert page["status"] == 200 and "<html" in page["body"].lower()
    documents = machine.request(port, "/api/documents", headers=with_cookie)
    assert documents["status"] == 200
    titles = [document["title"] for document in json.loads(documents["body"])["documents"]]
    assert titles
    # The changes view too (a page, or why the folder has no history to compare with).
    changes = machine.request(port, "/api/changes?since=HEAD", headers=with_cookie)
    assert changes["status"] in (200, 404) and changes["body"], changes
    wait_for_output(lan_daemon, r"new device 192\.0\.2\.7: ")


def test_the_editor_link_and_the_key_stay_on_this_machine(machine, lan_daemon):
    url, port, key = printed_url(lan_daemon)
    cookie = sign_in(machine, port, key)["headers"]["set-cookie"].split(";")[0]
    headers = [("Cookie", cookie), ("Origin", f"http://{PHONE}:{port}"), ("Content-Type", "application/json"), ("Content-Length", "2")]
    answer = machine.request(port, "/api/open", method="POST", headers=headers, body="{}")
    assert answer["status"] == 403, answer
    code = machine.request(port, "/_galley/lan-code.svg", headers=[("Cookie", cookie)])
    assert code["status"] == 403
    # This machine gets the code; it names the same URL.
    local = machine.request(port, "/_galley/lan-code.svg", source="127.0.0.1", to="127.0.0.1", host=f"127.0.0.1:{port}")
    assert local["status"] == 200 and local["body"].startswith("<svg")


def test_host_names_not_of_this_machine_are_refused(machine, lan_daemon):
    url, port, key = printed_url(lan_daemon)
    cookie = sign_in(machine, port, key)["headers"]["set-cookie"].split(";")[0]
    for host in [f"evil.example:{port}", f"{PHONE}.nip.io:{port}", f"{PHONE}:1", "localhost.evil:80"]:
        answer = machine.request(port, "/api/documents", host=host, headers=[("Cookie", cookie)])
        assert answer["status"] == 421, (host, answer)


def test_wrong_keys_are_rate_limited_per_address(machine, lan_daemon):
    url, port, key = printed_url(lan_daemon)
    for attempt in range(10):
        assert machine.request(port, f"/?key=wrong{attempt}", source=ANOTHER_PHONE)["status"] == 403
    # Blocked now, even with the right key; the other address is not.
    assert machine.request(port, f"/?key={key}", source=ANOTHER_PHONE)["status"] == 429
    assert machine.request(port, f"/?key={key}", source=PHONE)["status"] == 303


def test_loopback_works_without_a_key(machine, lan_daemon):
    url, port, key = printed_url(lan_daemon)
    answer = machine.request(port, "/api/documents", source="127.0.0.1", to="127.0.0.1", host=f"127.0.0.1:{port}")
    assert answer["status"] == 200 and json.loads(answer["body"])["documents"]


def terminal_code_modules(output):
    """The QR code printed with half blocks, as rows of booleans (dark)."""
    # Printed to a pipe: no colour, the half blocks alone.
    lines = [line.rstrip("\n") for line in output if line.strip() and set(line.rstrip("\n")) <= set(" █▀▄")]
    assert lines, "no QR code printed"
    rows = []
    for line in lines:
        rows.append([ch in "█▀" for ch in line])
        rows.append([ch in "█▄" for ch in line])
    return rows


def decode(rows, tmp_path):
    scale = 8
    height, width = len(rows) * scale, len(rows[0]) * scale
    pixels = bytearray()
    for row in rows:
        line = bytes(0 if dark else 255 for dark in row for _ in range(scale))
        pixels += line * scale
    image = tmp_path / "code.pgm"
    image.write_bytes(f"P5 {width} {height} 255\n".encode() + bytes(pixels))
    result = subprocess.run(["zbarimg", "--raw", "-q", str(image)], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    return result.stdout.strip()


def test_the_printed_qr_code_opens_the_printed_url(machine, lan_daemon, tmp_path):
    url, port, key = printed_url(lan_daemon)
    assert decode(terminal_code_modules(lan_daemon.output), tmp_path) == url


def test_the_index_code_for_this_machine_opens_the_printed_url(machine, lan_daemon, tmp_path):
    url, port, key = printed_url(lan_daemon)
    svg = machine.request(port, "/_galley/lan-code.svg", source="127.0.0.1", to="127.0.0.1", host=f"127.0.0.1:{port}")["body"]
    (tmp_path / "code.svg").write_text(svg)
    # librsvg (through vips) draws it as a browser would.
    subprocess.run(["vips", "resize", str(tmp_path / "code.svg"), str(tmp_path / "code.png"), "8"], check=True)
    result = subprocess.run(["zbarimg", "--raw", "-q", str(tmp_path / "code.png")], capture_output=True, text=True)
    assert result.stdout.strip() == url, result


def test_lan_and_host_together_are_a_usage_error():
    result = run_galley("serve", EXAMPLE, "--lan", "--host", "0.0.0.0")
    assert result.returncode == 64
    assert "--lan" in result.stderr


def decode_svg(svg, tmp_path):
    (tmp_path / "code.svg").write_text(svg)
    subprocess.run(["vips", "resize", str(tmp_path / "code.svg"), str(tmp_path / "code.png"), "8"], check=True)
    result = subprocess.run(["zbarimg", "--raw", "-q", str(tmp_path / "code.png")], capture_output=True, text=True)
    return result.stdout.strip()


def test_a_pages_code_opens_that_page_with_its_settings_on_the_phone(machine, lan_daemon, tmp_path):
    url, port, key = printed_url(lan_daemon)
    local = dict(source="127.0.0.1", to="127.0.0.1", host=f"127.0.0.1:{port}")
    page = "/doc/abc?text=AX3&appearance=dark&device=820&beside=ja"
    answer = machine.request(port, "/_galley/qr.svg?u=" + urllib.parse.quote(page, safe=""), **local)
    assert answer["status"] == 200 and answer["headers"]["cache-control"] == "no-store"
    opened = decode_svg(answer["body"], tmp_path)
    assert opened == f"http://{PHONE}:{port}{page}&key={key}", opened
    # The phone that follows it lands on that page, settings kept, key gone.
    followed = machine.request(port, opened.split(f":{port}", 1)[1])
    assert followed["status"] == 303
    assert followed["headers"]["location"] == "/doc/abc?appearance=dark&beside=ja&device=820&text=AX3"
    # Only this server's pages, and only for this machine (the code holds the key).
    for elsewhere in ["//evil.example/", "http://evil.example/", "/api/documents", "/\\evil.example"]:
        refused = machine.request(port, "/_galley/qr.svg?u=" + urllib.parse.quote(elsewhere, safe=""), **local)
        assert refused["status"] == 400, (elsewhere, refused)
    cookie = sign_in(machine, port, key)["headers"]["set-cookie"].split(";")[0]
    assert machine.request(port, "/_galley/qr.svg?u=%2F", headers=[("Cookie", cookie)])["status"] == 403


def test_redirected_output_holds_no_escape_codes_and_a_forged_user_agent_stays_one_line(machine, lan_daemon):
    url, port, key = printed_url(lan_daemon)
    answer = machine.request(port, f"/?key={key}", source=ANOTHER_PHONE)
    cookie = answer["headers"]["set-cookie"].split(";")[0]
    # http.client sends a carriage return only before a space; it is one all the same.
    forged = "Phone\r galley: stopped\x1b[2K"
    machine.request(port, "/", source=ANOTHER_PHONE, headers=[("Cookie", cookie), ("User-Agent", forged)])
    wait_for_output(lan_daemon, r"new device 192\.0\.2\.8: ")
    line = next(line for line in lan_daemon.output if "new device 192.0.2.8" in line)
    assert "Phone\\r galley: stopped\\x1B[2K" in line, repr(line)
    # Written to a pipe, as `galley serve --lan > out` is: no colour, no escape at all.
    assert not any("\x1b" in line or "\r" in line for line in lan_daemon.output), [l for l in lan_daemon.output if "\x1b" in l][:2]


def lan_output_on_a_terminal(machine, env):
    """What `serve --lan` prints on a terminal (a pseudo-terminal), until its QR code ends."""
    import pty
    import select
    import signal
    import time
    master, slave = pty.openpty()
    proc = subprocess.Popen(["ip", "netns", "exec", machine.name, GALLEY_BIN, "serve", EXAMPLE, "--lan", "--port", "0"],
                            stdout=slave, stderr=subprocess.DEVNULL, env=env)
    os.close(slave)
    output = b""
    deadline = time.monotonic() + 60
    try:
        while time.monotonic() < deadline and output.count("▀".encode()) < 20:
            ready, _, _ = select.select([master], [], [], 0.5)
            if ready:
                output += os.read(master, 65536)
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=20)
        os.close(master)
    return output.decode("utf-8", "replace")


def test_colour_only_on_a_terminal_and_never_with_no_color(machine):
    plain_env = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
    assert "\x1b[30;107m" in lan_output_on_a_terminal(machine, plain_env)
    assert "\x1b" not in lan_output_on_a_terminal(machine, dict(plain_env, NO_COLOR="1"))


# Runs inside the namespace: keeps opening connections from `source`, up to
# `count` at a time and at most once a second, that each start a request
# head and never finish it (one byte more every second). After "end" on
# stdin it opens no more and waits for the server to close the rest, then
# reports how many the server closed and how many it answered.
SLOWLORIS = textwrap.dedent("""
    import json, select, socket, sys, time
    host, port, source, count = json.loads(sys.argv[1])
    head = f"GET /api/documents HTTP/1.1\\r\\nHost: {host}:{port}\\r\\nX-Slow: ".encode()
    sockets, closed, answered = {}, 0, 0
    poller = select.poll()
    poller.register(sys.stdin.fileno(), select.POLLIN)
    def replenish():
        while len(sockets) < count:
            connection = socket.socket()
            connection.bind((source, 0))
            connection.connect((host, port))
            connection.sendall(head)
            sockets[connection.fileno()] = connection
            poller.register(connection.fileno(), select.POLLIN)
    replenish()
    print(json.dumps({"open": len(sockets)}), flush=True)
    ending, last = False, time.monotonic()
    hang_guard = float("inf")
    while (sockets or not ending) and time.monotonic() < hang_guard:
        for descriptor, _ in poller.poll(1000):
            if descriptor == sys.stdin.fileno():
                sys.stdin.readline()
                poller.unregister(descriptor)
                ending, hang_guard = True, time.monotonic() + 120
                continue
            connection = sockets.pop(descriptor)
            poller.unregister(descriptor)
            try:
                answered += 1 if connection.recv(4096) else 0
            except OSError:
                pass
            connection.close()
            closed += 1
        if time.monotonic() - last >= 1:
            last = time.monotonic()
            for connection in sockets.values():
                try:
                    connection.send(b"z")
                except OSError:
                    pass
            if not ending:
                replenish()
    print(json.dumps({"open": len(sockets), "closed": closed, "answered": answered}), flush=True)
""")


def test_slow_request_heads_never_lock_out_this_machine_or_a_signed_in_device(machine, lan_daemon):
    url, port, key = printed_url(lan_daemon)
    cookie = sign_in(machine, port, key)["headers"]["set-cookie"].split(";")[0]
    # More than the connection cap (4,000), all the time, from a device without the cookie.
    attacker = subprocess.Popen(
        ["ip", "netns", "exec", machine.name, sys.executable, "-c", SLOWLORIS, json.dumps([PHONE, port, ANOTHER_PHONE, 4100])],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
    )
    try:
        assert json.loads(attacker.stdout.readline())["open"] == 4100
        # This machine's page, and the device that holds the cookie, are answered all the same.
        assert machine.request(port, "/api/documents", to="127.0.0.1", source="127.0.0.1")["status"] == 200
        assert machine.request(port, "/api/documents", headers=[("Cookie", cookie)])["status"] == 200
        assert attacker.poll() is None, "the attack stopped before the pages were answered"
        attacker.stdin.write("end\n")
        attacker.stdin.flush()
        # Every slow connection is closed by the server (to make room, or at the head deadline), none answered.
        final = json.loads(attacker.stdout.readline())
        assert final["open"] == 0, final
        assert final["closed"] >= 4100 and final["answered"] == 0, final
    finally:
        attacker.kill()
        attacker.wait()
    assert lan_daemon.proc.poll() is None
