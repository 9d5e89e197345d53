"""The build's one step beyond pyproject.toml: the translations' catalogs compiled.

Each ``uno_access/locale/<lang>/LC_MESSAGES/uno_access.po`` becomes its ``.mo`` beside
it in the build, so a wheel (and a wheel made from the sdist) speaks every language with
no Babel at run time. An editable install gets its ``.mo`` files in the source tree
(``scripts/setup.sh`` compiles them there too).
"""

from __future__ import annotations

from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
CATALOGS = "uno_access/locale/*/LC_MESSAGES/*.po"


def compile_catalog(po: Path, mo: Path) -> None:
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with po.open("rb") as source:
        catalog = read_po(source)
    mo.parent.mkdir(parents=True, exist_ok=True)
    with mo.open("wb") as target:
        write_mo(target, catalog, use_fuzzy=False)


class BuildWithCatalogs(build_py):
    """build_py, then every catalog compiled into the build (or the tree, when editable)."""

    def run(self) -> None:
        super().run()
        target = HERE if self.editable_mode else Path(self.build_lib)
        for po in sorted(HERE.glob(CATALOGS)):
            relative = po.relative_to(HERE).with_suffix(".mo")
            compile_catalog(po, target / relative)


setup(cmdclass={"build_py": BuildWithCatalogs})
