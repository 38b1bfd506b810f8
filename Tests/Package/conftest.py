import os
import subprocess
import sys
import time
from dataclasses import dataclass

import pytest

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from galley_support import REPO  # noqa: E402


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
def package(tmp_path_factory):
    """Scripts/package run once (a release build), unpacked with dpkg -x into
    a scratch root. GALLEY_DEB names an already built .deb instead."""
    deb = os.environ.get("GALLEY_DEB")
    started = time.monotonic()
    if not deb:
        output = tmp_path_factory.mktemp("deb")
        result = subprocess.run([os.path.join(REPO, "Scripts", "package"), "--output", str(output)],
                                capture_output=True, text=True, timeout=3600)
        assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
        deb = result.stdout.strip().splitlines()[-1]
    root = tmp_path_factory.mktemp("root")
    subprocess.run(["dpkg", "-x", deb, str(root)], check=True)
    return InstalledPackage(deb, str(root), time.monotonic() - started)
