"""What the simulated device would show, read as pixels in real Chromium:
plain-colour image variants per scale, idiom and appearance (made by the
test), a colour set in both appearances, a template image in its kind's
colour, and a font the app bundles. Device and appearance change without a
reload."""
import base64
import os
import shutil
import sys
import tempfile

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from browser_support import Daemon, decode_png, wait_until

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import catalog_fixture as fx  # noqa: E402
from galley_support import temp_root  # noqa: E402


@pytest.fixture
def catalog_daemon():
    if not os.path.exists(fx.FONT_SOURCE):
        pytest.skip(f"{fx.FONT_SOURCE} is not installed (fonts-liberation)")
    holder = tempfile.mkdtemp(prefix="galley-catalog-", dir=temp_root())
    root = os.path.join(holder, "content")
    os.makedirs(root)
    fx.make_catalog_project(root)
    daemon = Daemon(root).start()
    yield daemon
    daemon.stop()
    shutil.rmtree(holder, ignore_errors=True)


# Tests take the daemon before the page, so the page leaves (and stops
# polling) before the daemon stops: no connection errors for the next test.


def pixel(page, element):
    """The colour Chromium paints at the centre of `element`, from a screenshot of that one pixel."""
    page.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    x, y = page.execute_script(
        "const r = arguments[0].getBoundingClientRect();"
        "return [Math.floor(r.left + r.width / 2) + scrollX, Math.floor(r.top + r.height / 2) + scrollY]", element)
    shot = page.execute_cdp_cmd("Page.captureScreenshot", {"format": "png", "clip": {"x": x, "y": y, "width": 1, "height": 1, "scale": 1}})
    width, height, _, rows = decode_png(base64.b64decode(shot["data"]))
    assert (width, height) == (1, 1)
    return tuple(rows[0][:3])


def close(actual, expected, tolerance=3):
    return all(abs(a - e) <= tolerance for a, e in zip(actual, expected))


def image(page, alt, view="view-a"):
    return page.find_element(By.CSS_SELECTOR, f'#{view} img[alt="{alt}"]')


def wait_pixel(page, alt, colour, what, view="view-a"):
    wait_until(lambda: page.execute_script("const i = arguments[0]; return i.complete && i.naturalWidth > 0", image(page, alt, view))
               and close(pixel(page, image(page, alt, view)), colour),
               message=f"{what}: expected {colour}, saw {pixel(page, image(page, alt, view))}")


def open_swatches(page, daemon):
    page.get(daemon.url + "doc/" + daemon.doc_id("Swatches"))
    wait_until(lambda: page.execute_script("return document.documentElement.dataset.galleyVersion"), message="never rendered")
    page.execute_script("window.__sameDocument = true")


def test_variants_follow_device_and_appearance(catalog_daemon, page):
    open_swatches(page, catalog_daemon)
    Select(page.find_element(By.ID, "appearance")).select_by_value("light")
    # The default iPhone loads the 3x file, at its own pixel width.
    wait_pixel(page, "swatch", fx.UNIVERSAL_3X, "iPhone, light")
    assert "s3.png" in image(page, "swatch").get_attribute("src") and "&w=1074" in image(page, "swatch").get_attribute("src")
    wait_pixel(page, "device", fx.PHONE_3X, "iPhone's own idiom")
    accent = page.find_element(By.CSS_SELECTOR, "#view-a .k-accent")
    assert page.execute_script("return getComputedStyle(arguments[0]).color", accent) == "rgb(204, 26, 26)"
    wait_pixel(page, "Icons/star", fx.BRAND_LIGHT, "template image in the kind's colour")

    Select(page.find_element(By.ID, "device")).select_by_value("820")
    wait_pixel(page, "swatch", fx.UNIVERSAL_2X, "820 pt iPad, light")
    wait_pixel(page, "device", fx.PAD_2X, "iPad's own idiom")
    assert "&w=1576" in image(page, "swatch").get_attribute("src")

    Select(page.find_element(By.ID, "appearance")).select_by_value("dark")
    wait_pixel(page, "swatch", fx.DARK_2X, "iPad, dark")
    wait_until(lambda: page.execute_script("return getComputedStyle(arguments[0]).color", accent) == "rgb(26, 153, 230)",
               message="the colour set's dark value")
    wait_pixel(page, "Icons/star", fx.BRAND_DARK, "template image in the dark colour")

    Select(page.find_element(By.ID, "device")).select_by_value("390")
    wait_pixel(page, "swatch", fx.DARK_3X, "iPhone, dark")

    # System appearance follows the OS setting.
    Select(page.find_element(By.ID, "appearance")).select_by_value("system")
    wait_pixel(page, "swatch", fx.UNIVERSAL_3X, "system appearance, light")
    page.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
    wait_pixel(page, "swatch", fx.DARK_3X, "system appearance, dark")
    page.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "light"},
                                                                     {"name": "prefers-contrast", "value": "more"}]})
    wait_pixel(page, "swatch", fx.HIGH_CONTRAST_3X, "increased contrast")
    page.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-contrast", "value": "no-preference"}]})
    assert page.execute_script("return window.__sameDocument === true"), "the page reloaded"
    page.execute_script("localStorage.clear()")


def test_side_by_side_shows_each_device_its_file(catalog_daemon, page):
    open_swatches(page, catalog_daemon)
    Select(page.find_element(By.ID, "appearance")).select_by_value("light")
    page.find_element(By.ID, "side-by-side").click()
    wait_pixel(page, "swatch", fx.UNIVERSAL_3X, "first device: iPhone")
    wait_pixel(page, "swatch", fx.UNIVERSAL_2X, "second device: iPad", view="view-b")
    page.execute_script("localStorage.clear()")


def test_a_bundled_font_is_loaded_and_used(catalog_daemon, page):
    open_swatches(page, catalog_daemon)
    mono = page.find_element(By.CSS_SELECTOR, "#view-a .k-mono")
    family = page.execute_script("return getComputedStyle(arguments[0]).fontFamily", mono)
    assert family.startswith('"LiberationMono"') or family.startswith("LiberationMono"), family
    wait_until(lambda: page.execute_script(
        "return [...document.fonts].some(f => f.family.replace(/\"/g, '') === 'LiberationMono' && f.status === 'loaded')"),
        message="the bundled font was never loaded")
    # Drawn in the bundled monospaced face: ten M as wide as ten i.
    widths = page.execute_script("""
        const p = arguments[0].querySelector('p') || arguments[0];
        const text = p.firstChild;
        const range = document.createRange();
        const measure = (start, end) => { range.setStart(text, start); range.setEnd(text, end); return range.getBoundingClientRect().width; };
        const s = text.textContent;
        const m = s.indexOf('M'), i = s.indexOf('i');
        return [measure(m, m + 10), measure(i, i + 10)];""", mono)
    assert widths[0] > 0 and abs(widths[0] - widths[1]) < 0.5, widths
