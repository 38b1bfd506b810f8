"""`Scripts/bench --only images`: what drawing pictures costs and saves.

- the cost of drawing a 12 MP HEIC and a PDF page for a phone (the first
  request, which draws; the next, answered from the cache);
- a page of 20 full-size photos in headless Chromium: bytes sent and the time
  until every picture is decoded, served as they are (what a 2000 pt device
  still gets) and drawn at the phone's width;
- a text save's latency while 50 large photos are being drawn, beside the
  same saves with nothing drawn and the floor program, all in this run; and
  the daemon's RSS while the 50 are drawn.
"""
import json
import os
import re
import shutil
import sys
import threading
import time
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(HERE)), "Tests"))
import picture_support as pictures  # noqa: E402

IMG_SRC = re.compile(r'<img src="([^"]*)"')


def get(port, path, timeout=120):
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", headers={"Host": f"127.0.0.1:{port}"})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


def image_urls(port, title):
    documents = json.loads(get(port, "/api/documents")[1])["documents"]
    document = next(d for d in documents if d["title"] == title)
    html = json.loads(get(port, "/api/documents/" + document["id"])[1])["html"]
    return document["id"], [src.replace("&amp;", "&") for src in IMG_SRC.findall(html)]


def write_items(path, title, prefix, count):
    with open(path, "w") as handle:
        json.dump([{"name": title, "imageName": prefix, "detailText": [f"<image>{n}</image>" for n in range(count)]}], handle)


def conversion_cost(bench, galley, args, report, holder):
    content = os.path.join(holder, "cost")
    os.makedirs(content)
    heic = pictures.photo(os.path.join(content, "cost_0.heic"), 4032, 3024, noise=12)
    pdf_source = os.path.join(bench.CORPUS, "rtfd", "FromAViewToAPicture-ReadMe.rtfd", "Plasma Exhibits I Class Hierarchy.pdf")
    pdf = os.path.join(content, "cost_1.pdf")
    if os.path.exists(pdf_source):
        shutil.copyfile(pdf_source, pdf)
    else:
        pictures.pdf(pdf, 612, 792)
    pictures.photo(os.path.join(content, "warm_0.bmp"), 64, 64)
    write_items(os.path.join(content, "cost.json"), "Cost", "cost", 2)
    with open(os.path.join(content, "warm.json"), "w") as handle:
        json.dump([{"name": "Warm", "imageName": "warm", "detailText": ["<image>0</image>"]}], handle)
    runs = 3 if args.quick else 8
    samples = {"heic": [], "pdf": [], "cached": []}
    for _ in range(runs):
        server = bench.Server([galley, "serve", content, "--port", "0", "--quiet"])
        try:
            get(server.port, image_urls(server.port, "Warm")[1][0])  # libvips started, workers up
            _, (heic_url, pdf_url) = image_urls(server.port, "Cost")
            for name, url in (("heic", heic_url), ("pdf", pdf_url)):
                started = time.perf_counter()
                status, body = get(server.port, url)
                samples[name].append((time.perf_counter() - started) * 1000)
                assert status == 200, body[:200]
            started = time.perf_counter()
            get(server.port, heic_url)
            samples["cached"].append((time.perf_counter() - started) * 1000)
        finally:
            server.stop()
    size = os.path.getsize(heic)
    report.add("images", f"12 MP HEIC ({size / 1e6:.1f} MB) → 1280 px JPEG, first request", bench.percentiles(samples["heic"]))
    report.add("images", "PDF page (1387 × 4474 pt) → 1280 px PNG, first request", bench.percentiles(samples["pdf"]))
    report.add("images", "the same picture again (from the cache)", bench.percentiles(samples["cached"]))


def page_of_photos(bench, galley, args, report, holder):
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        return
    if not (os.path.exists("/usr/bin/chromium") and os.path.exists("/usr/bin/chromedriver")):
        return
    photos = os.path.join(holder, "photos.jpg")
    pictures.photo(photos, 4032, 3024, noise=12)
    original = open(photos, "rb").read()
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--window-size=1000,800", "--disable-dev-shm-usage"):
        options.add_argument(argument)
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    runs = 2 if args.quick else 4
    try:
        for label, device in (("served as they are (a 2000 pt device)", 2000), ("drawn for a 390 pt phone at 3x", 390)):
            times, firsts, sent = [], [], []
            for run in range(runs):
                content = os.path.join(holder, f"page-{device}-{run}")
                os.makedirs(content)
                for index in range(20):
                    # Distinct bytes (a trailer after the JPEG's end) so each is its own file.
                    with open(os.path.join(content, f"photo_{index}.jpg"), "wb") as handle:
                        handle.write(original + f"{run}-{index}".encode())
                write_items(os.path.join(content, "photos.json"), "Photos", "photo", 20)
                with open(os.path.join(content, "galley.json"), "w") as handle:
                    json.dump({"device": {"width": device}}, handle)
                server = bench.Server([galley, "serve", content, "--port", "0", "--quiet"])
                try:
                    document_id, _ = image_urls(server.port, "Photos")
                    driver.get(f"http://127.0.0.1:{server.port}/doc/{document_id}")
                    shown = driver.execute_async_script("""
                        const done = arguments[arguments.length - 1];
                        const check = () => {
                          const images = [...document.querySelectorAll('#view-a img')];
                          if (images.length === 20 && images.every(i => i.complete)) {
                            Promise.all(images.map(i => i.decode().catch(() => null))).then(() => {
                              const at = performance.now();
                              const files = performance.getEntriesByType('resource').filter(e => e.name.includes('/files/'));
                              done({at, first: Math.min(...files.map(e => e.responseEnd)),
                                    bytes: files.reduce((sum, e) => sum + e.transferSize, 0)});
                            });
                          } else setTimeout(check, 5);
                        };
                        check();""")
                    times.append(shown["at"])
                    firsts.append(shown["first"])
                    sent.append(shown["bytes"])
                finally:
                    server.stop()
                    shutil.rmtree(content, ignore_errors=True)
            report.add("images", f"20 photos of 12 MP, {label}: until the first has arrived", bench.percentiles(firsts))
            report.add("images", f"20 photos of 12 MP, {label}: until all are shown", bench.percentiles(times))
            report.add("images", f"20 photos of 12 MP, {label}: bytes sent", {"kib": sum(sent) / len(sent) / 1024})
    finally:
        driver.quit()


def saves_while_drawing(bench, galley, floor, args, report, holder):
    content = os.path.join(holder, "busy")
    shutil.copytree(bench.EXAMPLE, content)
    photo = os.path.join(holder, "large.jpg")
    pictures.photo(photo, 4032, 3024, noise=12)
    data = open(photo, "rb").read()
    for index in range(50):
        with open(os.path.join(content, f"large_{index}.jpg"), "wb") as handle:
            handle.write(data + str(index).encode())
    write_items(os.path.join(content, "large.json"), "Large", "large", 50)
    elsewhere = os.path.join(holder, "busy-elsewhere")
    os.makedirs(elsewhere)
    data_path = "Resources/speciesData.json"
    path = os.path.join(content, data_path)
    edits = bench.edits_of(path, 8)
    saves = 40 if args.quick else 150
    server = bench.Server([galley, "serve", content, "--port", "0", "--quiet"])
    try:
        document = bench.first_document(server.port, data_path)
        _, urls = image_urls(server.port, "Large")
        time.sleep(0.5)
        report.add("images", "text save, nothing drawn", bench.measure_saves(server.port, document["id"], path, edits, saves, 1, "in-place", elsewhere))
        stop = threading.Event()
        drawn = [0]
        peak = [server.rss_kib()]

        def ask(url):
            status, _ = get(server.port, url, timeout=600)
            drawn[0] += status == 200

        def keep_drawing():
            # All 50 at once, then again at the next bucket, until the saves are measured.
            for width in (1074, 1600, 700, 2500, 500, 3000, 300):
                threads = [threading.Thread(target=ask, args=(url.split("&w=")[0] + f"&w={width}",)) for url in urls]
                for thread in threads:
                    thread.start()
                for thread in threads:
                    while thread.is_alive():
                        peak[0] = max(peak[0], server.rss_kib())
                        thread.join(0.05)
                if stop.is_set():
                    return

        drawer = threading.Thread(target=keep_drawing)
        drawer.start()
        time.sleep(1.0)
        result = bench.measure_saves(server.port, document["id"], path, edits, saves, 1, "in-place", elsewhere)
        stop.set()
        drawer.join()
        report.add("images", f"text save while 50 photos of 12 MP are drawn ({drawn[0]} drawn)", result)
        report.add("memory", "RSS peak while 50 photos of 12 MP are drawn", {"kib": peak[0]})
        report.add("memory", "RSS after (the cache holds at most 96 MiB)", {"kib": server.rss_kib()})
    finally:
        server.stop()
    floor_folder = os.path.join(holder, "floor")
    os.makedirs(floor_folder)
    floor_path = os.path.join(floor_folder, "speciesData.json")
    shutil.copyfile(path, floor_path)
    server = bench.Server([floor, floor_folder])
    try:
        report.add("images", "floor, in-place, 1 page (same run)", bench.measure_saves(server.port, "floor", floor_path, bench.edits_of(floor_path, 8), saves, 1, "in-place", elsewhere))
    finally:
        server.stop()


def images_suite(bench, galley, floor, args, report):
    if not pictures.have_tools():
        print("images: vips and heif-enc are not installed; skipped", file=sys.stderr)
        return
    holder = bench.scratch("images-")
    try:
        conversion_cost(bench, galley, args, report, holder)
        page_of_photos(bench, galley, args, report, holder)
        saves_while_drawing(bench, galley, floor, args, report, holder)
    finally:
        shutil.rmtree(holder, ignore_errors=True)
