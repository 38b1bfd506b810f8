"""`galley check` in a CI pipeline: exit statuses, --strict, and the
github, sarif and json formats, read as a CI tool reads them."""
import json
import os
import struct
import time
import unicodedata
import zlib

import jsonschema
import pytest

from galley_support import Daemon, run_galley

SCHEMA = os.path.join(os.path.dirname(__file__), "schemas", "sarif-schema-2.1.0.json")
# A folder name with the characters GitHub's property escaping is about.
FOLDER = "ci, stage: 1"


def png(width=4, height=4):
    """A valid RGB PNG of one colour."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    rows = b"".join(b"\x00" + b"\x80\x80\x80" * width for _ in range(height))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))


@pytest.fixture
def folder(tmp_path):
    """A content folder with one error (a missing comma) and one warning (a missing image)."""
    root = tmp_path / FOLDER
    root.mkdir()
    (root / "p_01.png").write_bytes(png())
    (root / "articles.json").write_text(
        '[{"name": "A", "imageName": "p", "detailText": [\n  "<image>07</image>"\n]}]\n', encoding="utf-8")
    (root / "broken.json").write_text('[\n  "a" "b"\n]\n', encoding="utf-8")
    return tmp_path


def check(folder, *arguments):
    return run_galley("check", FOLDER, *arguments, cwd=str(folder))


def test_text_lists_both_and_fails_on_the_error(folder):
    result = check(folder)
    assert result.returncode == 1
    assert result.stdout.splitlines() == [
        f"{FOLDER}/articles.json:2:3: warning: no image set or image file named 'p_07'; did you mean 'p_01'?",
        f"{FOLDER}/broken.json:2:6: error: missing ',' between array elements",
        "1 error, 1 warning in 2 files",
    ]


def test_strict_fails_on_a_warning_alone(folder):
    os.remove(folder / FOLDER / "broken.json")
    assert check(folder).returncode == 0
    result = check(folder, "--strict")
    assert result.returncode == 1, result.stdout
    assert "1 warning" in result.stdout.splitlines()[-1]
    assert check(folder, "--strict", "--format", "github").returncode == 1


def test_missing_path_is_status_2_and_help_explains_the_statuses(folder):
    result = run_galley("check", str(folder / "nothing-here"))
    assert result.returncode == 2 and "does not exist" in result.stderr
    usage = run_galley("check", "--help").stdout
    assert "Exit status: 0 when" in " ".join(usage.split()) and "--strict" in usage and "sarif" in usage


def test_github_workflow_commands_escape_properties(folder):
    result = check(folder, "--format", "github")
    assert result.returncode == 1
    escaped = "ci%2C stage%3A 1"
    assert result.stdout.splitlines() == [
        f"::warning file={escaped}/articles.json,line=2,col=3,endLine=2,endColumn=22,title=missing-image"
        "::no image set or image file named 'p_07'; did you mean 'p_01'?",
        f"::error file={escaped}/broken.json,line=2,col=6,endLine=2,endColumn=7,title=json-syntax::missing ',' between array elements",
    ]


def test_sarif_validates_against_the_published_schema(folder):
    result = check(folder, "--format", "sarif")
    assert result.returncode == 1
    log = json.loads(result.stdout)
    with open(SCHEMA, encoding="utf-8") as handle:
        schema = json.load(handle)
    jsonschema.Draft4Validator.check_schema(schema)
    jsonschema.Draft4Validator(schema, format_checker=jsonschema.FormatChecker()).validate(log)
    [run] = log["runs"]
    assert run["columnKind"] == "unicodeCodePoints"
    rules = [rule["id"] for rule in run["tool"]["driver"]["rules"]]
    assert sorted(rules) == ["json-syntax", "missing-image"]
    warning, error = run["results"]
    assert (warning["ruleId"], warning["level"], error["ruleId"], error["level"]) == ("missing-image", "warning", "json-syntax", "error")
    assert rules[warning["ruleIndex"]] == "missing-image" and rules[error["ruleIndex"]] == "json-syntax"
    location = warning["locations"][0]["physicalLocation"]
    assert location["artifactLocation"]["uri"] == "ci%2C%20stage%3A%201/articles.json"
    assert location["region"] == {"startLine": 2, "startColumn": 3, "endLine": 2, "endColumn": 22}
    [fix] = warning["fixes"]
    [change] = fix["artifactChanges"]
    [replacement] = change["replacements"]
    assert replacement["deletedRegion"] == location["region"]
    assert replacement["insertedContent"]["text"] == '"<image>01</image>"'
    [comma] = error["fixes"]
    assert comma["artifactChanges"][0]["replacements"][0]["insertedContent"]["text"] == ","


def test_json_gives_the_id_range_and_fix_its(folder):
    result = check(folder, "--json")
    assert result.returncode == 1
    warning, error = json.loads(result.stdout)
    assert {k: warning[k] for k in ("path", "line", "column", "endLine", "endColumn", "severity", "id")} == {
        "path": f"{FOLDER}/articles.json", "line": 2, "column": 3, "endLine": 2, "endColumn": 22, "severity": "warning", "id": "missing-image"}
    assert warning["fixIts"] == [{"message": "Change 'p_07' to 'p_01'", "edits": [
        {"line": 2, "column": 3, "endLine": 2, "endColumn": 22, "text": '"<image>01</image>"'}]}]
    assert error["id"] == "json-syntax" and error["fixIts"][0]["edits"][0]["text"] == ","


def test_a_config_named_directly_is_checked_like_any_file(tmp_path):
    (tmp_path / "galley.json").write_text('{\n  "devise": {"width": 390},\n  "language": "ja",\n}\n', encoding="utf-8")
    result = run_galley("check", "galley.json", "--json", cwd=str(tmp_path))
    assert result.returncode == 1
    [error] = json.loads(result.stdout)
    assert (error["path"], error["id"], error["line"], error["column"]) == ("galley.json", "json-syntax", 4, 1)
    assert "trailing comma" in error["message"]
    (tmp_path / "galley.json").write_text('{\n  "devise": {"width": 390}\n}\n', encoding="utf-8")
    result = run_galley("check", "galley.json", "--json", cwd=str(tmp_path))
    assert result.returncode == 0
    [warning] = json.loads(result.stdout)
    assert (warning["id"], warning["line"], warning["column"], warning["endColumn"]) == ("unknown-key", 2, 3, 11)
    assert warning["fixIts"][0]["edits"][0]["text"] == '"device"'
    assert run_galley("check", "galley.json", "--strict", cwd=str(tmp_path)).returncode == 1


def test_an_unescaped_quote_is_named_with_its_fix(tmp_path):
    (tmp_path / "a.json").write_text('[{"name": "A", "detailText": [\n  "say "hi" now"\n]}]\n', encoding="utf-8")
    result = run_galley("check", "a.json", "--json", cwd=str(tmp_path))
    assert result.returncode == 1
    [error] = json.loads(result.stdout)
    assert "found 'h'" in error["message"] and '\\"' in error["message"]
    assert error["fixIts"] == [{"message": "Insert '\\' before the quote",
                                "edits": [{"line": 2, "column": 8, "endLine": 2, "endColumn": 8, "text": "\\"}]}]


def test_a_tagged_text_file_names_assets_by_the_tag_or_the_configured_prefix(tmp_path):
    (tmp_path / "littlepenguin_01.png").write_bytes(png())
    (tmp_path / "note.txt").write_text("<image>littlepenguin_01</image>\n<caption>c</caption>\n<image>01</image>\n", encoding="utf-8")
    result = run_galley("check", "note.txt", "--json", cwd=str(tmp_path))
    # The seed's grey caption is also too faint on white, said at the folder's first caption.
    contrast, warning = json.loads(result.stdout)
    assert (contrast["id"], contrast["line"], contrast["severity"]) == ("low-contrast", 2, "warning")
    assert (warning["id"], warning["line"]) == ("missing-image", 3)
    assert warning["fixIts"][0]["edits"][0]["text"] == "<image>littlepenguin_01</image>", "a suggestion that works"
    (tmp_path / "galley.json").write_text('{"textImageName": "littlepenguin"}\n', encoding="utf-8")
    (tmp_path / "note.txt").write_text("<image>01</image>\n", encoding="utf-8")
    result = run_galley("check", "note.txt", "--json", cwd=str(tmp_path))
    assert json.loads(result.stdout) == []


def wait_for_lines(daemon, pattern, count):
    """The daemon's output lines matching `pattern`, once there are `count` (a hang guard, not a timing)."""
    import re
    import time
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        found = [line.rstrip("\n") for line in list(daemon.output) if re.search(pattern, line)]
        if len(found) >= count:
            return found
        time.sleep(0.05)
    raise AssertionError(f"fewer than {count} lines matching {pattern!r}:\n" + "".join(daemon.output))


def test_serve_logs_each_new_problem_once(folder, serve):
    content = str(folder / FOLDER)
    daemon = serve(content)
    warning = "articles.json:2:3: warning: no image set or image file named 'p_07'; did you mean 'p_01'?"
    assert wait_for_lines(daemon, "p_07", 1) == [warning]
    assert wait_for_lines(daemon, "broken.json", 1) == ["broken.json:2:6: error: missing ',' between array elements"]
    # A save that keeps the problem tells nothing new: the update's own log line is the sentinel.
    path = os.path.join(content, "articles.json")

    def save(text):
        # Written beside the content folder and moved in: one whole save, never a half-written file.
        staged = folder / "articles.json.new"
        staged.write_text(text, encoding="utf-8")
        os.replace(staged, path)
    save('[{"name": "A", "imageName": "p", "detailText": [\n  "<image>07</image>",\n  "More text."\n]}]\n')
    wait_for_lines(daemon, r"articles\.json: 1 document updated", 1)
    assert wait_for_lines(daemon, "p_07", 1) == [warning]
    save('[{"name": "A", "imageName": "p", "detailText": [\n  "<image>07</image>",\n  "<imgae>01</imgae>"\n]}]\n')
    assert wait_for_lines(daemon, "imgae", 1) == [
        "articles.json:3:3: warning: '<imgae>' matches no block kind and is shown as body text; did you mean 'image'?"]
    wait_for_lines(daemon, r"articles\.json: 1 document updated", 2)
    assert wait_for_lines(daemon, "p_07", 1) == [warning]


# File names that GitHub's runner would obey as workflow commands were they
# printed first on a line (after white space, or a zero-width space, which
# .NET's culture-aware StartsWith skips), or anywhere (the older `##[` form).
COMMAND_NAMES = ["::error title=X::owned.json", " ::warning::spaced.json", "\u200b::notice::hidden.json",
                 "##[error]legacy.json"]
TAGGED = '[{"name": "A", "imageName": "p", "detailText": ["<imgae>1</imgae>"]}]\n'


def runner_commands(text):
    """The lines of `text` that GitHub's runner would take as commands."""
    def visible(line):
        return "".join(c for c in line if unicodedata.category(c) != "Cf")
    return [line for line in text.splitlines()
            if visible(line).lstrip().startswith("::") or "##[" in visible(line)]


@pytest.fixture
def commanding(tmp_path):
    """A content folder whose files are named like workflow commands, each with one warning."""
    root = tmp_path / "content"
    root.mkdir()
    for name in COMMAND_NAMES:
        (root / name).write_text(TAGGED, encoding="utf-8")
    return root


def test_no_output_but_githubs_holds_a_workflow_command(commanding):
    for arguments in ([], ["--format", "text"], ["--format", "json"], ["--format", "sarif"], ["--verbose"]):
        result = run_galley("check", ".", *arguments, cwd=str(commanding))
        assert result.returncode == 0, result.stderr
        assert runner_commands(result.stdout + result.stderr) == [], arguments
    for name in COMMAND_NAMES:
        for arguments in (["check", name], ["render", name]):
            result = run_galley(*arguments, cwd=str(commanding))
            assert result.returncode == 0 and "unknown" not in result.stderr, (arguments, result.stderr)
            assert runner_commands(result.stderr) == [], (arguments, result.stderr)
            if arguments[0] == "check":
                assert runner_commands(result.stdout) == [], (arguments, result.stdout)


def test_a_command_named_file_is_still_found_by_its_line_and_keeps_its_name_in_json(commanding):
    text = run_galley("check", ".", cwd=str(commanding)).stdout.splitlines()
    assert "./::error title=X::owned.json:1:49: warning: '<imgae>' matches no block kind and is shown as body text; " \
        "did you mean 'image'?" in text, text
    for line in text[:-1]:
        path = line.split(":1:49: ")[0]
        if "##" not in path:
            assert os.path.isfile(commanding / path), path
    for form in ("json", "sarif"):
        output = run_galley("check", ".", "--format", form, cwd=str(commanding)).stdout
        assert "##[" not in output and json.loads(output), form
    # The same strings, read as JSON.
    found = json.loads(run_galley("check", ".", "--format", "json", cwd=str(commanding)).stdout)
    assert sorted(diagnostic["path"] for diagnostic in found) == sorted(COMMAND_NAMES)
    # GitHub's own format is made of commands, each about the file it names.
    github = run_galley("check", ".", "--format", "github", cwd=str(commanding)).stdout.splitlines()
    assert len(github) == len(COMMAND_NAMES) and all(line.startswith("::warning file=") for line in github), github


def test_the_daemons_log_holds_no_workflow_command(commanding):
    daemon = Daemon(str(commanding)).start()
    try:
        (commanding / "::error title=Y::later.json").write_text(TAGGED, encoding="utf-8")
        deadline = time.monotonic() + 60  # a hang guard only
        while time.monotonic() < deadline and not any("later.json" in line for line in daemon.output):
            time.sleep(0.1)
        assert any("later.json" in line for line in daemon.output), "".join(daemon.output)
    finally:
        daemon.stop()
    assert runner_commands("".join(daemon.output)) == [], daemon.output
