"""The README a newcomer reads: its first screen says what Galley is, how to
install it and how to start it, and every command the README shows names a
script that exists or a `galley` command and options that `--help` knows."""
import os
import re
import shlex

import json

from galley_support import README_SCREENSHOTS, REPO, page_assets_digest, run_galley

README = os.path.join(REPO, "README.md")
# What a browser or a terminal shows before the first scroll.
FIRST_SCREEN_LINES = 50
# An author's part of the README, before the reference: its prose, code aside.
AUTHORS_PART_WORDS = 800


def shell_lines():
    """Each command line of the README's ```sh blocks, without its comment."""
    text = open(README, encoding="utf-8").read()
    for block in re.findall(r"```sh\n(.*?)```", text, re.S):
        for line in block.splitlines():
            command = line.split("  #")[0].split(" # ")[0].strip()
            if command:
                yield command


def test_the_first_screen_says_what_galley_is_how_to_install_and_start_it():
    lines = open(README, encoding="utf-8").read().split("\n")
    screen = "\n".join(lines[:FIRST_SCREEN_LINES])
    assert lines[0] == "# Galley" and "live preview" in screen
    headings = [line for line in lines[:FIRST_SCREEN_LINES] if line.startswith("## ")]
    assert headings[:2] == ["## Start", "## Install"], headings
    for shown in ("Scripts/demo", "Scripts/test",                           # the two commands
                  "sudo apt install ./.build/package/galley_",              # the package
                  "swift build -c release --product galley",                # from source
                  "galley serve"):
        assert shown in screen, shown


def test_every_script_and_galley_command_shown_exists():
    commands = [shlex.split(line) for line in shell_lines()]
    scripts = {word for words in commands for word in words if word.startswith("Scripts/")}
    assert {"Scripts/demo", "Scripts/test", "Scripts/setup", "Scripts/package"} <= scripts, scripts
    for script in scripts:
        assert os.access(os.path.join(REPO, script), os.X_OK), script
    invocations = [words for words in commands if words[0] == "galley"]
    assert invocations, "the README shows no galley command"
    for words in invocations:
        subcommand = words[1]
        usage = run_galley(subcommand, "--help")
        assert usage.returncode == 0, (words, usage.stderr)
        for option in (word.split("=")[0] for word in words[2:] if word.startswith("-")):
            assert option in usage.stdout, (words, option)


def test_the_authors_part_is_short_and_the_rest_is_in_docs():
    """What an author needs (what Galley is, the two commands, the first
    edit, the editor, galley.json, the phone) stays under 800 words of prose;
    the reference, the protocol and the numbers live in docs/, and every
    document the README links exists."""
    text = open(README, encoding="utf-8").read()
    authors = text[:text.index("\n## Reference")]
    prose = re.sub(r"```.*?```", "", authors, flags=re.S)
    assert len(prose.split()) < AUTHORS_PART_WORDS, len(prose.split())
    headings = [line for line in authors.split("\n") if line.startswith("## ")]
    for wanted in ("## Start", "## The first edit", "## Your editor", "## `galley.json`", "## On your phone"):
        assert wanted in headings, (wanted, headings)
    for link in re.findall(r"\]\((docs/[^)#]+)", text):
        assert os.path.isfile(os.path.join(REPO, link)), link
    headings = [line.lstrip("#").strip() for line in text.split("\n") if line.startswith("#")]
    for moved in ("HTTP API", "Numbers", "Building and testing"):
        assert not any(heading.startswith(moved) for heading in headings), f"{moved} belongs in docs/"


def test_the_screenshots_show_the_current_page():
    """The README's pictures were taken of the page as it is now: any change
    to its HTML, CSS or scripts asks for them again
    (GALLEY_SCREENSHOTS=1 pytest Tests/Browser/test_live_page.py -k readme_screenshots)."""
    with open(os.path.join(README_SCREENSHOTS, "readme.json")) as f:
        taken = json.load(f)
    assert taken["page"] == page_assets_digest(), "the README's screenshots predate the page; take them again"
    text = open(README, encoding="utf-8").read()
    for picture in re.findall(r"\((Tests/Browser/screenshots/[^)]+\.png)\)", text):
        assert os.path.isfile(os.path.join(REPO, picture)), picture
