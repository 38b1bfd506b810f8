"""The app's own strings (Localizable.strings, .stringsdict, String
Catalogs): titles in galley.json that are keys, per language and live,
`check`'s three warnings, and the language server's completion and hover,
each against the real binary and daemon."""
import json
import os
import shutil
import sys
import tempfile

import pytest

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import strings_fixture as fx  # noqa: E402
from galley_support import HeldPoll, private_runtime_dir, run_galley, save_by_rename, temp_root  # noqa: E402
from lsp_support import LanguageClient  # noqa: E402


@pytest.fixture
def project():
    holder = tempfile.mkdtemp(prefix="galley-strings-", dir=temp_root())
    root = os.path.join(holder, "App")
    os.makedirs(root)
    fx.make_strings_project(root)
    yield root
    shutil.rmtree(holder, ignore_errors=True)


@pytest.fixture
def runtime_dir():
    with private_runtime_dir() as folder:
        yield folder


def test_check_warns_once_for_each_problem_at_its_entry(project):
    result = run_galley("check", project, "--format", "github")
    assert result.returncode == 0, result.stdout + result.stderr
    warnings = [line for line in result.stdout.splitlines() if line.startswith("::warning")]
    by_id = {}
    for line in warnings:
        rule = line.split("title=", 1)[1].split("::", 1)[0]
        by_id.setdefault(rule, []).append(line)
    assert sorted(by_id) == ["format-mismatch", "missing-translation", "unfinished-translation"], result.stdout
    assert all(len(lines) == 1 for lines in by_id.values()), result.stdout
    # The missing French value is reported where the key is used, the others at their entries.
    config_line, config_column = fx.line_and_column(fx.CONFIG, '"title-HelpView"')
    assert f"file={project}/galley.json,line={config_line},col={config_column}," in by_id["missing-translation"][0]
    assert f"file={project}/fr.lproj/Localizable.strings,line=1,col=1," in by_id["format-mismatch"][0]
    # GitHub's annotations write a percent sign as %25.
    assert "'%@' in 'fr', '%d' in 'en' (en.lproj/Localizable.strings:3:1)" in by_id["format-mismatch"][0].replace("%25", "%")
    state_line, state_column = fx.line_and_column(fx.catalog_text(), '"needs_review"')
    assert f"file={project}/Localizable.xcstrings,line={state_line},col={state_column}," in by_id["unfinished-translation"][0]
    # Checking one strings file names only its own problems.
    single = run_galley("check", os.path.join(project, "fr.lproj", "Localizable.strings"))
    assert [line.split(": warning: ")[0] for line in single.stdout.splitlines() if ": warning: " in line] == \
        [os.path.join(project, "fr.lproj", "Localizable.strings") + ":1:1"], single.stdout


def test_the_title_is_the_value_in_each_documents_language_and_follows_the_strings_live(project, serve):
    daemon = serve(project)
    documents = {d["path"]: d for d in daemon.documents()["documents"]}
    assert {path: d["title"] for path, d in documents.items()} == {
        "en.lproj/Help.rtf": fx.ENGLISH_TITLE,   # from the UTF-16 Localizable.strings
        "ja.lproj/Help.rtf": fx.JAPANESE_TITLE,  # from the String Catalog
        "fr.lproj/Help.rtf": fx.KEY,             # missing: the app shows the key
    }
    status, english = daemon.api("/api/documents/" + documents["en.lproj/Help.rtf"]["id"])
    assert f"<h1>{fx.ENGLISH_TITLE}</h1>" in english["html"]
    assert [d["id"] for d in english["diagnostics"]] == []
    status, french = daemon.api("/api/documents/" + documents["fr.lproj/Help.rtf"]["id"])
    assert [(d["id"], d["path"]) for d in french["diagnostics"]] == [("missing-translation", "galley.json")]
    status, japanese = daemon.api("/api/documents/" + documents["ja.lproj/Help.rtf"]["id"])
    assert [(d["id"], d["path"]) for d in japanese["diagnostics"]] == [("unfinished-translation", "Localizable.xcstrings")]

    # A save of the strings file renders the page again with the new value.
    poll = HeldPoll(daemon, f"/api/documents/{english['id']}?since={english['version']}&wait=20")
    edited = fx.ENGLISH_STRINGS.replace('"Help"', '"Help and tips"')
    save_by_rename(os.path.join(project, "en.lproj", "Localizable.strings"), b"\xff\xfe" + edited.encode("utf-16-le"))
    status, answer = poll.result()
    assert status == 200 and answer["title"] == "Help and tips"
    assert "<h1>Help and tips</h1>" in answer["html"]

    # French gains the key: its warning goes.
    poll = HeldPoll(daemon, f"/api/documents/{french['id']}?since={french['version']}&wait=20")
    save_by_rename(os.path.join(project, "fr.lproj", "Localizable.strings"), (fx.FRENCH_STRINGS + '"title-HelpView" = "Aide";\n').encode())
    status, answer = poll.result()
    assert answer["title"] == "Aide" and answer["diagnostics"] == []

    # A catalog that no longer parses: the key shows, and the page says why.
    poll = HeldPoll(daemon, f"/api/documents/{japanese['id']}?since={japanese['version']}&wait=20")
    save_by_rename(os.path.join(project, "Localizable.xcstrings"), fx.catalog_text().replace('"version"', '"version" "').encode())
    status, broken = poll.result()
    assert broken["title"] == fx.KEY
    assert sorted((d["id"], d["path"], d["severity"]) for d in broken["diagnostics"]) == [
        ("json-syntax", "Localizable.xcstrings", "error"), ("missing-translation", "galley.json", "warning")]

    # The catalog goes away: Japanese has no value any more.
    poll = HeldPoll(daemon, f"/api/documents/{japanese['id']}?since={broken['version']}&wait=20")
    os.remove(os.path.join(project, "Localizable.xcstrings"))
    status, answer = poll.result()
    assert answer["title"] == fx.KEY
    assert [d["id"] for d in answer["diagnostics"]] == ["missing-translation"]


def test_the_language_server_completes_and_hovers_title_keys_from_the_daemon(runtime_dir, project, serve):
    daemon = serve(project)
    server = LanguageClient()
    try:
        server.initialize(root=project)
        config = os.path.join(project, "galley.json")
        uri = server.open(config)
        diagnostics = server.diagnostics(uri)
        assert [(d["code"], d["range"]["start"]["line"]) for d in diagnostics] == [("missing-translation", 1)]
        line, column = fx.line_and_column(fx.CONFIG, '"title-HelpView"')
        inside = {"line": line - 1, "character": column + 2}
        # Just inside the quote nothing is typed yet: every key is offered (after a letter, only the keys it starts).
        opening = {"line": line - 1, "character": column}
        items = server.request("textDocument/completion", {"textDocument": {"uri": uri}, "position": opening})["result"]
        labels = {item["label"]: item["detail"] for item in items}
        assert labels == {"birds-seen": "en: %d birds · fr: %@ oiseaux", fx.KEY: f"en: {fx.ENGLISH_TITLE} · ja: {fx.JAPANESE_TITLE}"}
        hover = server.request("textDocument/hover", {"textDocument": {"uri": uri}, "position": inside})["result"]
        value = hover["contents"]["value"]
        assert f"`en`: {fx.ENGLISH_TITLE} (`en.lproj/Localizable.strings:2:1`)" in value
        assert f"`ja`: {fx.JAPANESE_TITLE} (`Localizable.xcstrings:" in value
        definitions = server.request("textDocument/definition", {"textDocument": {"uri": uri}, "position": inside})["result"]
        assert [(d["uri"].rsplit("/App/", 1)[1], d["range"]["start"]["line"]) for d in definitions] == [
            ("en.lproj/Localizable.strings", 1), ("Localizable.xcstrings", fx.line_and_column(fx.catalog_text(), '"ja"')[0] - 1)]
        # The catalog open in the editor: its own warning, at its entry.
        catalog = server.open(os.path.join(project, "Localizable.xcstrings"))
        codes = [d["code"] for d in server.diagnostics(catalog)]
        assert codes == ["unfinished-translation"]
        # Typed, not saved: the Japanese title follows the catalog's buffer.
        typed = fx.catalog_text().replace('"needs_review"', '"translated"').replace(fx.JAPANESE_TITLE, "ヘルプとヒント")
        server.change(catalog, 2, [{"text": typed}])
        assert server.diagnostics(catalog, version=2) == []
        japanese = next(d for d in daemon.documents()["documents"] if d["path"] == "ja.lproj/Help.rtf")
        assert japanese["title"] == "ヘルプとヒント"
        assert fx.JAPANESE_TITLE in open(os.path.join(project, "Localizable.xcstrings"), encoding="utf-8").read()
        assert server.shutdown_and_exit() == 0
    finally:
        server.kill()


def nested_variations(levels):
    """The Japanese value's `other` form holding only variations, `levels`
    deep, with no string unit: a 1.5 kB file at 40 levels, where looking
    into `other` and then into every form again doubled the work per level."""
    form = {}
    for _ in range(levels):
        form = {"variations": {"plural": {"one": {}, "other": form}}}
    catalog = json.loads(json.dumps(fx.CATALOG))
    catalog["strings"][fx.KEY]["localizations"]["ja"] = form
    return json.dumps(catalog, ensure_ascii=False, separators=(",", ":")) + "\n"


def test_a_catalog_nesting_variations_40_deep_is_read_with_a_warning_at_its_entry(runtime_dir, project, serve):
    # Each timeout below is a hang guard only: the old reader never finished.
    text = nested_variations(40)
    assert len(text) < 2048
    catalog = os.path.join(project, "Localizable.xcstrings")
    with open(catalog, "w", encoding="utf-8") as f:
        f.write(text)
    line, column = fx.line_and_column(text, '"ja"')
    result = run_galley("check", project, timeout=120)
    warning = f"{catalog}:{line}:{column}: warning: the 'ja' value of '{fx.KEY}' nests variations deeper than 8 levels"
    assert warning in result.stdout, result.stdout + result.stderr

    daemon = serve(project)
    documents = {d["path"]: d for d in daemon.documents()["documents"]}
    assert documents["ja.lproj/Help.rtf"]["title"] == fx.KEY, "no value: the app shows the key"

    server = LanguageClient()
    try:
        server.initialize(root=project)
        codes = [d["code"] for d in server.diagnostics(server.open(catalog), timeout=120)]
        assert codes == ["limit-reached"]
        assert server.shutdown_and_exit() == 0
    finally:
        server.kill()
