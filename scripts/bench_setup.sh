#!/usr/bin/env bash
# Create the separate benchmark venv `.venv-bench` holding RLCard, the peer the
# engine benchmark compares against. RLCard is never a dependency of the game:
# it lives only in this git-ignored venv. Idempotent: re-running does nothing
# that is already done.
#
# Usage: scripts/bench_setup.sh            (from anywhere)
#        PYTHON=/path/to/python3 scripts/bench_setup.sh
set -euo pipefail

# Versions measured together on CPython 3.11.7 (Debian 12). rlcard 1.2.0 only
# declares numpy>=1.16.3 and termcolor, and its UNO game runs on numpy 2.x;
# numpy is pinned anyway so timings stay comparable between runs.
RLCARD_VERSION="1.2.0"
NUMPY_VERSION="2.4.6"

repo_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
venv="${repo_root}/.venv-bench"
python="${PYTHON:-python3}"
vpy="${venv}/bin/python"

echo "bench-setup: repo root ${repo_root}"

if [[ -x "${vpy}" ]]; then
    echo "bench-setup: venv ${venv} exists ($("${vpy}" --version 2>&1)), keeping it"
else
    echo "bench-setup: creating venv ${venv} with $("${python}" --version 2>&1) ($(command -v "${python}"))"
    "${python}" -m venv "${venv}"
fi

installed="$("${vpy}" - <<'EOF' 2>/dev/null || true
import numpy
import rlcard
from rlcard.games.uno.game import UnoGame  # noqa: F401
print(rlcard.__version__, numpy.__version__)
EOF
)"

if [[ "${installed}" == "${RLCARD_VERSION} ${NUMPY_VERSION}" ]]; then
    echo "bench-setup: rlcard ${RLCARD_VERSION} with numpy ${NUMPY_VERSION} already installed, skipping pip"
else
    echo "bench-setup: installing rlcard==${RLCARD_VERSION} numpy==${NUMPY_VERSION}" \
        "(found: ${installed:-nothing})"
    "${vpy}" -m pip install --disable-pip-version-check --quiet \
        "rlcard==${RLCARD_VERSION}" "numpy==${NUMPY_VERSION}"
fi

echo "bench-setup: checking import"
"${vpy}" -c 'import numpy, rlcard; from rlcard.games.uno.game import UnoGame; print("bench-setup: ok: rlcard", rlcard.__version__, "numpy", numpy.__version__)'
echo "bench-setup: run the peer with: ${vpy} scripts/bench_rlcard.py --json"
