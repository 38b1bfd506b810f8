"""The page when it is the device: Chromium emulating a 390 × 844 phone at
3x with touch, as a phone reaching `serve --lan` shows it."""
import pytest
from selenium.webdriver.common.by import By

from browser_support import wait_until


@pytest.fixture
def phone(page):
    page.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 390, "height": 844, "deviceScaleFactor": 3, "mobile": True})
    page.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})
    yield page
    page.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": False})
    page.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def open_first_document(page, daemon):
    documents = daemon.documents()["documents"]
    tagged = next(d for d in documents if d["kind"] == "tagged")
    page.get(daemon.url + "doc/" + tagged["id"])
    wait_until(lambda: page.execute_script("return document.documentElement.dataset.galleyVersion"),
               message="page never rendered a version")


def layout(page):
    return page.execute_script("""
        const screen = document.getElementById('view-a');
        const label = document.querySelector('#device-a .device-label');
        const rect = screen.getBoundingClientRect();
        return {
          onDevice: document.documentElement.dataset.onDevice,
          left: rect.left, width: rect.width, innerWidth: window.innerWidth,
          scrollWidth: document.documentElement.scrollWidth,
          shadow: getComputedStyle(screen).boxShadow,
          label: getComputedStyle(label).display,
          deviceGroup: getComputedStyle(document.querySelector('.tb-group[aria-label="Device"]')).display,
          menu: getComputedStyle(document.getElementById('tb-menu')).display,
          badge: getComputedStyle(document.querySelector('.on-device-badge')).display,
          connection: getComputedStyle(document.getElementById('connection')).display,
          bodyPadding: getComputedStyle(document.querySelector('#view-a .galley-doc')).paddingLeft,
        };
    """)


def test_on_a_phone_the_page_is_the_device(phone, daemon):
    open_first_document(phone, daemon)
    shown = layout(phone)
    assert shown["onDevice"] == "true", shown
    # No device frame: the column is the phone's own width, edge to edge.
    assert shown["label"] == "none" and shown["shadow"] == "none", shown
    assert shown["left"] == 0 and shown["width"] == shown["innerWidth"] == 390, shown
    assert shown["scrollWidth"] <= shown["innerWidth"], shown
    # The SwiftUI padding holds as CSS pixels.
    assert shown["bodyPadding"] == "16px", shown
    # The toolbar folds into a menu, in one row; the connection stays, the indicator is in the menu.
    assert shown["deviceGroup"] == "none" and shown["menu"] != "none", shown
    assert shown["badge"] == "none" and shown["connection"] != "none", shown
    assert phone.execute_script("return document.getElementById('toolbar').getBoundingClientRect().height") <= 60
    phone.find_element(By.ID, "tb-menu").click()
    opened = phone.execute_script("return getComputedStyle(document.getElementById('appearance').parentElement).display")
    assert opened != "none"
    assert phone.execute_script("return getComputedStyle(document.querySelector('.on-device-badge')).display") != "none"
    assert phone.find_element(By.ID, "tb-menu").get_attribute("aria-expanded") == "true"


def test_on_a_desk_the_page_simulates_the_device(page, daemon):
    open_first_document(page, daemon)
    shown = layout(page)
    assert shown["onDevice"] == "false", shown
    assert shown["width"] == 390 and shown["left"] > 0 and shown["label"] != "none", shown
    assert shown["menu"] == "none" and shown["badge"] == "none", shown
