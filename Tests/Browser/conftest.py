"""Fixtures for the browser tests: the real galley daemon on a temp copy of
the fixture content, and one headless Chromium driven by selenium.

Environment:
  GALLEY_BIN          the daemon binary (default: .build/debug/galley)
  GALLEY_SCREENSHOTS  "1" to write screenshots to Tests/Browser/screenshots/
  CHROMIUM, CHROMEDRIVER  browser and driver paths (defaults: Debian's)
"""
import os
import shutil
import sys
import tempfile

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
FIXTURES = os.path.join(HERE, "fixtures")
sys.path.insert(0, os.path.dirname(HERE))

from galley_support import Daemon, temp_root  # noqa: E402


@pytest.fixture
def content():
    """A fresh copy of fixtures/content; returns its absolute path."""
    root = tempfile.mkdtemp(prefix="galley-browser-", dir=temp_root())
    dest = os.path.join(root, "content")
    shutil.copytree(os.path.join(FIXTURES, "content"), dest)
    yield dest
    shutil.rmtree(root, ignore_errors=True)


@pytest.fixture
def daemon(content):
    d = Daemon(content).start()
    yield d
    d.stop()


@pytest.fixture(scope="session")
def browser():
    options = webdriver.ChromeOptions()
    options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    for arg in ("--headless=new", "--no-sandbox", "--window-size=1000,800",
                "--disable-dev-shm-usage", "--force-device-scale-factor=1",
                "--hide-scrollbars", "--font-render-hinting=none"):
        options.add_argument(arg)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    service = Service(os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver"))
    driver = webdriver.Chrome(service=service, options=options)
    driver.set_script_timeout(30)
    yield driver
    driver.quit()


@pytest.fixture
def page(browser):
    """The browser, reset between tests (blank page, light system appearance)."""
    browser.get("about:blank")
    # Messages of earlier tests' pages (a poll cut off when their daemon
    # stopped) are not this test's.
    browser.get_log("browser")
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "light"}]})
    yield browser
    browser.get("about:blank")


