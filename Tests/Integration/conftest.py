import os
import shutil
import sys

import pytest

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from galley_support import SPECIES, Daemon, copy_content, require_corpus  # noqa: E402
from history_support import committed_species, remove_history  # noqa: E402


@pytest.fixture
def species():
    """A writable copy of the real app's content (failing without ../shared/corpus)."""
    require_corpus(SPECIES)
    path, holder = copy_content(SPECIES)
    yield path
    shutil.rmtree(holder, ignore_errors=True)


@pytest.fixture
def history():
    """The real app's content in a git work tree of its own, one commit."""
    path, holder = committed_species()
    yield path
    remove_history(holder)


@pytest.fixture
def serve():
    """Starts daemons on content folders; stops each cleanly afterwards."""
    daemons = []

    def start(content, *extra_args):
        daemon = Daemon(content, extra_args).start()
        daemons.append(daemon)
        return daemon

    yield start
    for daemon in daemons:
        daemon.stop()
