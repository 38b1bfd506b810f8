"""The Debian package as a user installs it: its files, its metadata, a
binary that runs without the Swift toolchain, and completions, man page and
lintian as Debian's own tools see them."""
import os
import re
import shutil
import subprocess

import pytest

from galley_support import REPO, SPECIES, Daemon, copy_content, require_corpus

HERE = os.path.dirname(os.path.abspath(__file__))
EXAMPLE = os.path.join(REPO, "Assets", "Example")
BASH = "usr/share/bash-completion/completions/galley"
ZSH = "usr/share/zsh/vendor-completions/_galley"
FISH = "usr/share/fish/vendor_completions.d/galley.fish"
MAN = "usr/share/man/man1/galley.1.gz"


def run_clean(package, *arguments):
    """The packaged binary with an empty environment: no toolchain on PATH, no LD_LIBRARY_PATH."""
    return subprocess.run([package.binary, *arguments], capture_output=True, text=True, env={}, timeout=60)


def test_package_holds_binary_man_page_completions_and_copyright(package):
    listing = subprocess.run(["dpkg-deb", "-c", package.deb], capture_output=True, text=True, check=True).stdout
    files = {line.split()[-1].lstrip(".") for line in listing.splitlines()}
    for path in ["usr/bin/galley", MAN, BASH, ZSH, FISH, "usr/share/doc/galley/copyright"]:
        assert "/" + path in files, path
    assert os.path.basename(package.deb) == f"galley_{package.field('Version')}_amd64.deb"
    print(f"package built and unpacked in {package.build_seconds:.0f} s")


def test_metadata_and_generated_depends(package):
    assert package.field("Package") == "galley"
    assert package.field("Section") == "web"
    assert package.field("Priority") == "optional"
    assert package.field("Architecture") == "amd64"
    assert "@" in package.field("Maintainer")
    assert len(package.field("Description").splitlines()) > 3
    depends = package.field("Depends")
    assert re.search(r"\blibmicrohttpd12 \(>= [^)]+\)", depends), depends
    # Opened with dlopen when the first picture is drawn: dpkg-shlibdeps cannot see it.
    assert re.search(r"\blibvips42 \(>= [^)]+\)", depends), depends
    assert "swift" not in depends.lower()
    # fontconfig names the characters no face draws; the Noto faces draw Thai, most other scripts and emoji.
    recommends = [name.strip() for name in package.field("Recommends").split(",")]
    assert {"fontconfig", "fonts-noto-core", "fonts-noto-color-emoji"} <= set(recommends), recommends


def test_binary_resolves_nothing_from_the_toolchain(package):
    ldd = subprocess.run(["ldd", package.binary], capture_output=True, text=True, env={}, check=True).stdout
    assert "not found" not in ldd, ldd
    assert "libmicrohttpd.so.12" in ldd
    for line in ldd.splitlines():
        assert "swift" not in line.lower() and "/opt/" not in line, line
        if "=>" in line:
            assert re.search(r"=> /(usr/)?lib/", line), line


def test_version_matches_the_package(package):
    result = run_clean(package, "--version")
    assert result.returncode == 0, result.stderr
    assert result.stdout == f"galley {package.field('Version')}\n"
    assert re.fullmatch(r"galley \d+\.\d+\.\d+(\+git\d{8}\.[0-9a-f]{7,}(\.dirty)?)?\n", result.stdout)


@pytest.mark.parametrize("content", ["example", "species"])
def test_packaged_binary_serves_content(package, content):
    source = EXAMPLE if content == "example" else SPECIES
    if content == "species":
        require_corpus(source)
    folder, holder = copy_content(source)
    daemon = Daemon(folder, binary=package.binary, env={})
    try:
        daemon.start()
        documents = daemon.documents()["documents"]
        assert documents and not any(document["errors"] for document in documents), documents
        status, answer = daemon.api(f"/api/documents/{documents[0]['id']}")
        assert status == 200 and "<article" in answer["html"]
        status, _, page = daemon.get("/")
        assert status == 200 and b"<html" in page.lower()
    finally:
        daemon.stop()
        shutil.rmtree(holder, ignore_errors=True)


@pytest.fixture
def paths(scratch_folder):
    """A folder with one file and one sub-folder, for path completion."""
    with open(os.path.join(scratch_folder, "notes.rtf"), "w") as handle:
        handle.write("{\\rtf1 hi}")
    os.mkdir(os.path.join(scratch_folder, "site"))
    return scratch_folder


def bash_complete(package, line, cwd):
    script = (
        'source "$1"; complete -p galley; read -ra COMP_WORDS <<< "$2"; '
        '[[ $2 == *" " ]] && COMP_WORDS+=(""); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); '
        '_galley; printf "%s\\n" "${COMPREPLY[@]}"'
    )
    result = subprocess.run(["bash", "--norc", "--noprofile", "-c", script, "bash", package.path(BASH), line],
                            capture_output=True, text=True, cwd=cwd, timeout=30)
    assert result.returncode == 0, result.stderr
    registration, *matches = result.stdout.splitlines()
    assert registration == "complete -F _galley galley"
    return sorted(match.rstrip("/") for match in matches if match)


def zsh_complete(package, line, cwd):
    result = subprocess.run(["zsh", "-f", os.path.join(HERE, "zsh_complete.zsh"), package.path(os.path.dirname(ZSH)), line],
                            capture_output=True, text=True, cwd=cwd, timeout=30)
    assert result.returncode == 0, result.stderr
    return sorted(match.rstrip("/") for match in result.stdout.splitlines() if match)


def fish_complete(package, line, cwd):
    # fish finds vendor completions through XDG_DATA_DIRS, as it does in
    # /usr/share, and loads them only for a command on the PATH.
    home = os.path.join(cwd, ".home")
    env = {"HOME": home, "XDG_CONFIG_HOME": home, "XDG_DATA_HOME": home,
           "XDG_DATA_DIRS": package.path("usr/share"), "PATH": package.path("usr/bin") + ":/usr/bin:/bin"}
    result = subprocess.run(["fish", "-c", "complete -C $argv[1]", line],
                            capture_output=True, text=True, cwd=cwd, env=env, timeout=30)
    assert result.returncode == 0, result.stderr
    return sorted(match.split("\t")[0].rstrip("/") for match in result.stdout.splitlines() if match)


# What each line completes to, in a folder holding notes.rtf and site/.
EXPECTED = [
    ("galley se", ["serve"]),
    ("galley serve --p", ["--poll", "--port"]),
    ("galley completions ", ["bash", "fish", "zsh"]),
    ("galley serve ", ["site"]),
    ("galley render -o ", ["notes.rtf", "site"]),
    ("galley check --j", ["--json"]),
]


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_completions_through_their_shells(package, paths, shell):
    complete = {"bash": bash_complete, "zsh": zsh_complete, "fish": fish_complete}[shell]
    for line, expected in EXPECTED:
        assert complete(package, line, paths) == expected, f"{shell}: {line!r}"


def test_man_page_has_no_groff_warnings_and_covers_every_option(package, scratch_folder):
    page = os.path.join(scratch_folder, "galley.1")
    subprocess.run(f"gzip -dc '{package.path(MAN)}' > '{page}'", shell=True, check=True)
    result = subprocess.run(["groff", "-man", "-ww", "-Tutf8", page], capture_output=True, text=True)
    assert result.returncode == 0 and result.stderr == "", result.stderr
    text = subprocess.run(["groff", "-man", "-Tascii", "-P-cbou", page], capture_output=True, text=True, check=True).stdout
    for section in ["SYNOPSIS", "COMMANDS", "CONFIGURATION", "ENVIRONMENT", "EXIT STATUS", "FILES", "EXAMPLES"]:
        assert "\n" + section + "\n" in text, section
    assert "galley.json" in text and "64" in text
    for command in ["serve", "render", "check"]:
        usage = run_clean(package, command, "--help")
        assert usage.returncode == 0 and usage.stdout.startswith(f"usage: galley {command}")
        for option in set(re.findall(r"(?<![\w-])--?[a-z][a-z-]*", usage.stdout.split("options:")[1])):
            assert option in text, f"the man page lacks {command} {option}"


def test_lintian_reports_no_errors(package):
    result = subprocess.run(["lintian", "--tag-display-limit", "0", package.deb], capture_output=True, text=True, timeout=600)
    tags = [line for line in result.stdout.splitlines() if re.match(r"[EWIPNOX]: ", line)]
    print("lintian:\n" + "\n".join(tags))
    assert not [tag for tag in tags if tag.startswith("E: ")], tags
    assert result.returncode == 0, result.stdout + result.stderr
