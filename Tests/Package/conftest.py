import os
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass

import pytest

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from galley_support import REPO, temp_root  # noqa: E402


@dataclass
class InstalledPackage:
    deb: str
    root: str
    build_seconds: float

    @property
    def binary(self):
        return os.path.join(self.root, "usr", "bin", "galley")

    def path(self, relative):
        return os.path.join(self.root, relative)

    def field(self, name):
        return subprocess.run(["dpkg-deb", "-f", self.deb, name], capture_output=True, text=True, check=True).stdout.strip()


@pytest.fixture(scope="session")
def package():
    """Scripts/package run once (a release build), unpacked with dpkg -x into
    a scratch root. GALLEY_DEB names an already built .deb instead."""
    # Not pytest's tmp_path: pytest prunes old base folders, and other runs on
    # the machine would delete this one under a long session.
    scratch = tempfile.mkdtemp(prefix="galley-package-", dir=temp_root())
    deb = os.environ.get("GALLEY_DEB")
    started = time.monotonic()
    if not deb:
        result = subprocess.run([os.path.join(REPO, "Scripts", "package"), "--output", os.path.join(scratch, "deb")],
                                capture_output=True, text=True, timeout=3600)
        assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
        deb = result.stdout.strip().splitlines()[-1]
    root = os.path.join(scratch, "root")
    subprocess.run(["dpkg", "-x", deb, root], check=True)
    yield InstalledPackage(deb, root, time.monotonic() - started)
    shutil.rmtree(scratch, ignore_errors=True)


@pytest.fixture
def scratch_folder():
    folder = tempfile.mkdtemp(prefix="galley-scratch-", dir=temp_root())
    yield folder
    shutil.rmtree(folder, ignore_errors=True)
