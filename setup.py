"""Ship the top-level maps/, sprites/ and sounds/ folders inside the installed package.

DESIGN.md keeps them at the top of the repository, where designers and artists find them;
a wheel needs them inside ``game/``. This copies them to ``game/_assets/`` at build time.
``game.assets`` looks in the repository first (editable installs, a checkout) and then there.
"""
from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ASSET_DIRS = ("maps", "sprites", "sounds")
SKIP = shutil.ignore_patterns("__pycache__", "*.pyc", "*.tiled-session")


class build_py_with_assets(build_py):
    def run(self) -> None:
        super().run()
        root = Path(__file__).parent
        target = Path(self.build_lib) / "game" / "_assets"
        for name in ASSET_DIRS:
            src = root / name
            if src.is_dir():
                dst = target / name
                if dst.exists():
                    shutil.rmtree(dst)
                shutil.copytree(src, dst, ignore=SKIP)


setup(cmdclass={"build_py": build_py_with_assets})
