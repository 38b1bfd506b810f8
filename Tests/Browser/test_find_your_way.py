"""Finding one's way in real headless Chromium: the index's search by a word
of a document's text, grouping by file and the keyboard; the document
page's previous/next links and shortcuts; settings carried by the address
across a reload; and printing, which gives the article alone."""
import base64
import json
import os
import subprocess

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from browser_support import save_in_place, wait_until

MORE = [
    {"name": "Stork", "imageName": "stork", "detailText": ["Storks nest on chimneys in spring.", "They clatter their bills."]},
    {"name": "Crane", "imageName": "crane", "detailText": ["Cranes dance in the marshes before they migrate."]},
]


def add_more(content, daemon):
    save_in_place(os.path.join(content, "Resources", "more.json"), json.dumps(MORE))
    wait_until(lambda: any(d["title"] == "Crane" for d in daemon.documents()["documents"]))


def rendered(page):
    wait_until(lambda: page.execute_script("return document.documentElement.dataset.galleyVersion"),
               message="page never rendered a version")


def shown_titles(page):
    return page.execute_script("""
        return [...document.querySelectorAll('#doc-list tr[data-doc-id]')]
          .filter((tr) => tr.getClientRects().length).map((tr) => tr.querySelector('a').textContent);""")


def test_the_index_finds_a_document_by_a_word_of_its_text(page, content, daemon):
    add_more(content, daemon)
    page.get(daemon.url)
    wait_until(lambda: len(shown_titles(page)) == 4)
    search = page.find_element(By.ID, "index-query")
    # "marshes" is in Crane's text only: not in any title or file name.
    search.send_keys("marshes")
    wait_until(lambda: shown_titles(page) == ["Crane"], message="search by a word of the text")
    assert page.find_element(By.ID, "index-matches").text == "1 match"
    # Several words: each must be found; the file name counts too.
    search.clear()
    search.send_keys("more.json bills")
    wait_until(lambda: shown_titles(page) == ["Stork"])
    # The search is kept in the address, so a reload keeps it.
    page.refresh()
    wait_until(lambda: shown_titles(page) == ["Stork"], message="a reload lost the search")
    assert page.find_element(By.ID, "index-query").get_attribute("value") == "more.json bills"
    # The address follows once the browser is idle; a reload in the same task as the key, before that, still keeps it.
    wait_until(lambda: page.execute_script("return new URLSearchParams(location.search).get('q')") == "more.json bills")
    page.execute_script("""
        const search = document.getElementById('index-query');
        search.value = 'crane';
        search.dispatchEvent(new Event('input'));
        location.reload();""")
    wait_until(lambda: shown_titles(page) == ["Crane"], message="a reload right after a key lost the search")
    assert page.find_element(By.ID, "index-query").get_attribute("value") == "crane"
    wait_until(lambda: page.execute_script("return new URLSearchParams(location.search).get('q')") == "crane")
    # A page opened anew takes the search from its address alone.
    page.get(daemon.url + "?q=stork")
    wait_until(lambda: shown_titles(page) == ["Stork"], message="the address's search was not taken")
    # Esc clears it.
    page.find_element(By.ID, "index-query").send_keys(Keys.ESCAPE)
    wait_until(lambda: len(shown_titles(page)) == 4)


def test_the_index_groups_by_file_and_walks_with_the_keyboard(page, content, daemon):
    add_more(content, daemon)
    page.get(daemon.url)
    wait_until(lambda: len(shown_titles(page)) == 4)
    groups = page.execute_script("return [...document.querySelectorAll('#doc-list tr.file-group')].map((tr) => tr.textContent)")
    assert groups == ["Resources/more.json · 2 documents", "Resources/speciesData.json · 2 documents"], groups
    body = page.find_element(By.TAG_NAME, "body")
    body.send_keys("/")
    assert page.switch_to.active_element.get_attribute("id") == "index-query"
    page.switch_to.active_element.send_keys("crane")
    wait_until(lambda: shown_titles(page) == ["Crane"])
    # The other file's header goes with its documents.
    assert page.execute_script("return [...document.querySelectorAll('#doc-list tr.file-group')].filter((tr) => tr.getClientRects().length).length") == 1
    page.switch_to.active_element.send_keys(Keys.ARROW_DOWN)
    assert page.switch_to.active_element.text == "Crane"
    page.switch_to.active_element.send_keys(Keys.ENTER)
    rendered(page)
    assert page.find_element(By.ID, "doc-title").text == "Crane"


def test_previous_next_and_the_shortcuts(page, content, daemon):
    add_more(content, daemon)
    order = [d["title"] for d in daemon.documents()["documents"]]
    assert order == ["Stork", "Crane", "Pelican", "Heron"], order
    page.get(daemon.url + "doc/" + daemon.doc_id("Crane"))
    rendered(page)
    wait_until(lambda: page.find_element(By.ID, "next-doc").is_displayed())
    assert "Pelican" in page.find_element(By.ID, "next-doc").get_attribute("title")
    assert "Stork" in page.find_element(By.ID, "previous-doc").get_attribute("title")
    body = page.find_element(By.TAG_NAME, "body")
    # `?` lists the shortcuts on the page.
    body.send_keys("?")
    dialog = page.find_element(By.ID, "shortcuts")
    wait_until(lambda: dialog.is_displayed())
    assert "next document" in dialog.text and "previous document" in dialog.text
    dialog.send_keys(Keys.ESCAPE)
    wait_until(lambda: not dialog.is_displayed())
    page.find_element(By.TAG_NAME, "body").send_keys("n")
    wait_until(lambda: page.find_element(By.ID, "doc-title").text == "Pelican", message="n did not open the next document")
    wait_until(lambda: page.find_element(By.ID, "previous-doc").is_displayed())
    page.find_element(By.TAG_NAME, "body").send_keys("p")
    wait_until(lambda: page.find_element(By.ID, "doc-title").text == "Crane", message="p did not open the previous document")


def test_the_address_carries_the_settings_across_a_reload(page, daemon):
    page.get(daemon.url + "doc/" + daemon.doc_id("Pelican") + "?text=AX3&appearance=dark&device=820")
    rendered(page)

    def shown():
        return page.execute_script("""
            const view = document.getElementById('view-a');
            return {width: Math.round(view.querySelector('article').getBoundingClientRect().width),
                    background: getComputedStyle(view).backgroundColor,
                    size: document.getElementById('text-size').value,
                    appearance: document.getElementById('appearance').value};""")

    expected = {"width": 820, "background": "rgb(0, 0, 0)", "size": "AX3", "appearance": "dark"}
    wait_until(lambda: shown() == expected, message=f"the link's settings were not applied: {shown()}")
    # A setting chosen on the page joins the address, and a reload keeps all.
    page.find_element(By.ID, "side-by-side").click()
    wait_until(lambda: "side=1" in page.current_url)
    page.refresh()
    rendered(page)
    wait_until(lambda: shown() == expected, message=f"a reload lost the settings: {shown()}")
    assert page.find_element(By.ID, "view-b").is_displayed()
    # A link's settings are that page's, not this browser's choice.
    stored = page.execute_script("return JSON.parse(localStorage.getItem('galley.settings.v1') || '{}')")
    assert stored == {"sideBySide": True}, stored
    page.execute_script("localStorage.clear()")


def test_the_address_carries_one_language_beside_another(page, content):
    from browser_support import Daemon
    resources = os.path.join(content, "Resources")
    with open(os.path.join(resources, "speciesData.json"), encoding="utf-8") as f:
        items = json.load(f)
    for language in ("en", "ja"):
        os.makedirs(os.path.join(resources, language + ".lproj"))
        save_in_place(os.path.join(resources, language + ".lproj", "speciesData.json"),
                      json.dumps([dict(item, detailText=[language.upper() + " " + t if not t.startswith("<") else t for t in item["detailText"]]) for item in items]))
    daemon = Daemon(content).start()
    try:
        english = next(d for d in daemon.documents()["documents"] if "/en.lproj/" in d["path"] and d["item"] == 0)
        page.get(daemon.url + "doc/" + english["id"] + "?beside=ja&text=AX3")
        rendered(page)
        wait_until(lambda: "JA " in page.find_element(By.ID, "view-b").text, message="ja was not shown beside en")
        page.refresh()
        rendered(page)
        wait_until(lambda: "JA " in page.find_element(By.ID, "view-b").text, message="a reload lost the second language")
        assert "beside=ja" in page.current_url
    finally:
        daemon.stop()
        page.execute_script("localStorage.clear()")


def pdf_text(page):
    pdf = page.execute_cdp_cmd("Page.printToPDF", {"printBackground": False, "paperWidth": 8.27, "paperHeight": 11.69})
    data = base64.b64decode(pdf["data"])
    return subprocess.run(["pdftotext", "-layout", "-", "-"], input=data, capture_output=True, check=True).stdout.decode()


def test_printing_gives_the_article_alone_with_its_title_and_file(page, daemon):
    page.get(daemon.url + "doc/" + daemon.doc_id("Heron"))
    rendered(page)
    page.execute_script("return document.fonts.ready.then(() => true)")
    # Heron has a warning: its panel and badge are the screen's, not the paper's.
    wait_until(lambda: page.find_element(By.ID, "diagnostics").is_displayed())
    text = pdf_text(page)
    article = page.find_element(By.ID, "view-a").text
    first_line = article.splitlines()[0].strip()
    assert first_line[:30] in " ".join(text.split()), text[:800]
    for screen_only in ("Documents", "Appearance", "Text size", "Side by side", "Outline", "Follow", "Problems", "warning", "live"):
        assert screen_only not in text, (screen_only, text[:800])
    # The title and the file name are in the page margins, on every page.
    pages = [p for p in text.split("\f") if p.strip()]
    for printed in pages:
        head = printed.strip().splitlines()[0]
        assert "Heron" in head and "Resources/speciesData.json" in head, head
    # One column at the device's width, as the print style sheet lays it out.
    page.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
    try:
        printed = page.execute_script("""
            const shown = (el) => el.getClientRects().length > 0;
            return {width: Math.round(document.querySelector('#view-a article').getBoundingClientRect().width),
                    toolbar: shown(document.querySelector('.toolbar')), second: shown(document.getElementById('device-b'))};""")
    finally:
        page.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})
    assert printed == {"width": 390, "toolbar": False, "second": False}, printed
