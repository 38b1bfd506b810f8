"""The real app's content in a git work tree of a test's own, and the edits
the review tests make to it: shared by `galley diff`'s tests and the live
changes view's."""
import json
import os
import re
import shutil
import subprocess

from galley_support import SPECIES, copy_content

DATA = os.path.join("Resources", "speciesData.json")


def git(folder, *arguments):
    subprocess.run(["git", "-C", folder, *arguments], check=True, capture_output=True,
                   env={**os.environ, "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.com",
                        "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.com"})


def committed_species():
    """A copy of the real app's content, committed once; returns (its path, the folder to delete)."""
    path, holder = copy_content(SPECIES)
    git(path, "init", "-q", "-b", "main")
    git(path, "add", "-A")
    git(path, "commit", "-q", "-m", "the app's content")
    return path, holder


def remove_history(holder):
    shutil.rmtree(holder, ignore_errors=True)


def edit(folder, change):
    file = os.path.join(folder, DATA)
    with open(file, encoding="utf-8") as stream:
        species = json.load(stream)
    change(species)
    with open(file, "w", encoding="utf-8") as stream:
        json.dump(species, stream, ensure_ascii=False, indent=2)


def edit_a_paragraph_and_remove_an_image(species):
    species[3]["detailText"][3] = species[3]["detailText"][3] + " (edited)"
    cheetah = species[1]["detailText"]
    cheetah.remove(next(block for block in cheetah if block.startswith("<image>")))


def marks(page):
    return sorted(re.findall(r'data-review="([a-z]+)"', page))
