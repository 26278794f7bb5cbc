"""Building the package builds the exact search ahead of time (wordle_tui/core/exact/native.py), so
that no search and no app start compiles it on the user's machine.

A wheel carries the module beside compiled.py and is tagged for this Python and platform; an
editable install has it built in the checkout, beside compiled.py (git ignores it). Where no C
compiler works (or numba has no pycc), the build still succeeds: the package then carries why in
the module's place, and the search runs from numba's cache instead (docs/solver.md says why this
route).
"""

from __future__ import annotations

import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

PACKAGE = Path("wordle_tui", "core", "exact")


class SearchBuildHook(BuildHookInterface):
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel":
            return
        sources = Path(self.root, PACKAGE)
        if version == "editable":  # imported from the checkout: built there, what was built before gone
            for old in sources.glob("search_*"):
                old.unlink()
            self.build_search(sources)
            return
        self.scratch = Path(tempfile.mkdtemp(prefix="wordle-tui-build-"))
        kept = self.build_search(self.scratch)
        build_data["force_include"][str(kept)] = str(PACKAGE / kept.name)
        if kept.suffix != ".txt":  # an extension module: the wheel is for this Python and platform only
            build_data["pure_python"] = False
            build_data["infer_tag"] = True

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        if hasattr(self, "scratch"):
            shutil.rmtree(self.scratch, ignore_errors=True)

    def build_search(self, folder: Path) -> Path:
        """Build the search from the checkout's sources into `folder`: the module, or why it could not be built."""
        sys.path.insert(0, self.root)
        try:
            from wordle_tui.core.exact import native
        finally:
            sys.path.remove(self.root)
        path = folder / native.built_path().name
        self.app.display_info("Building the exact search ahead of time (about 40-80 s)...")
        if (failure := native.build(path)) is None:
            return path
        self.app.display_warning(
            f"The exact search could not be built ahead of time ({failure}): it will run from numba's cache "
            "instead, compiled at the first search."
        )
        return native.failure_path(path)
