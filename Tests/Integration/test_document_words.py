"""The index's words, an answer of their own beside the document list
(`/api/words`, docs/protocol.md): every document's, or only those of the
documents changed since a version, from the real daemon."""
import os
import shutil
import time

from galley_support import REPO, Daemon, copy_content, save_in_place

EXAMPLE = os.path.join(REPO, "Assets", "Example")


def wait_for(condition, timeout=30):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = condition()
        if found:
            return found
        time.sleep(0.05)
    raise AssertionError("condition not met")


def test_the_list_carries_no_words_and_the_words_come_since_a_version():
    content, holder = copy_content(EXAMPLE)
    daemon = Daemon(content).start()
    try:
        listing = daemon.documents()
        assert all("text" not in d for d in listing["documents"]), listing["documents"][0]
        status, words = daemon.api("/api/words")
        assert status == 200, words
        assert words["version"] == listing["version"]
        assert set(words["words"]) == {d["id"] for d in listing["documents"]}
        assert all(isinstance(text, str) for text in words["words"].values())
        assert any(text for text in words["words"].values()), "no document has words"
        # Nothing changed since this version: no words.
        assert daemon.api(f"/api/words?since={listing['version']}")[1] == {"version": listing["version"], "words": {}}
        # A new file: only its document's words come since the last version.
        save_in_place(os.path.join(content, "marsh.txt"), "Cranes dance in the marshes before they migrate.\n")
        added = wait_for(lambda: next((d for d in daemon.documents()["documents"] if d["path"] == "marsh.txt"), None))
        changed = daemon.api(f"/api/words?since={listing['version']}")[1]
        assert list(changed["words"]) == [added["id"]], changed
        assert "marshes" in changed["words"][added["id"]]
        assert changed["version"] > listing["version"]
    finally:
        daemon.stop()
        shutil.rmtree(holder, ignore_errors=True)
