"""The compiled search built ahead of time: compiled.py's functions in an extension module of
their own (numba's pycc), built once a machine into the cache folder.

The module loads in milliseconds and without the compiler: loading numba and its cached
functions takes about 0.35 s of CPU in each process that searches, a third of a whole tree
after an opener. Building it needs a C compiler; where none works, the search runs from numba's
own cache of the same functions instead (see search.prepare).
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import os
import shutil
import tempfile
import traceback
import warnings
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import numpy as np

from ..files import write_text_atomically

PATTERN_TYPES = ("uint8", "uint16")  # five letters' patterns fit a byte; six take two
# The functions the Python around the search calls, and whether each has one export per pattern
# type (picked by the type of its first argument's patterns), or a single one.
EXPORTS = {
    "solve": True,
    "lower_bound": True,
    "gather": True,
    "first_of_each": True,
    "adversary": True,
    "bucket_counts": True,
    "rehash": False,
    "feedback_rules": False,
    "allowed": False,
    "merged": False,
}


def file_name(stamp: str) -> str:
    return f"search_{stamp}{importlib.machinery.EXTENSION_SUFFIXES[0]}"


def build(path: Path) -> bool:
    """Build the module at `path` (its name starts with file_name's): True once it is there and
    loads, False if it cannot be built here (no C compiler, or a numba without pycc; the reason is
    kept beside it, see failure_path)."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # pycc is marked as pending deprecation
            from numba.pycc import CC
        # Building compiles the functions the exports call, through numba's cache: kept beside the module.
        os.environ.setdefault("NUMBA_CACHE_DIR", str(path.parent))
        from . import compiled

        with tempfile.TemporaryDirectory(prefix="build-", dir=path.parent) as scratch:
            cc = CC(path.name.split(".")[0])
            cc.output_dir = scratch
            cc.verbose = False
            for name, signature in _signatures().items():
                function = name.rsplit("_", 1)[0] if name.endswith(PATTERN_TYPES) else name
                cc.export(name, signature)(getattr(compiled, function).py_func)
            cc.compile()
            built = next(Path(scratch).glob(path.name.split(".")[0] + ".*"))
            shutil.move(built, path)
    except Exception:  # no compiler, no setuptools, a failed link: the search still runs, from numba's cache
        path.unlink(missing_ok=True)
        write_text_atomically(failure_path(path), traceback.format_exc())
        return False
    failure_path(path).unlink(missing_ok=True)
    return load(path) is not None


def failure_path(path: Path) -> Path:
    """Where build keeps why the module at `path` could not be built."""
    return path.with_name(path.name.split(".")[0] + "-failed.txt")


def load(path: Path) -> SimpleNamespace | None:
    """compiled.py's functions from the module at `path` under their own names, or None if it is
    missing or does not load."""
    try:
        spec = importlib.util.spec_from_file_location(path.name.split(".")[0], path)
        if spec is None or spec.loader is None:
            return None
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        return SimpleNamespace(**{name: _chooser(module, name, by_type) for name, by_type in EXPORTS.items()})
    except (ImportError, OSError, AttributeError):
        return None


def _chooser(module: Any, name: str, by_type: bool) -> Any:
    if not by_type:
        return getattr(module, name)
    exports = {np.dtype(kind): getattr(module, f"{name}_{kind}") for kind in PATTERN_TYPES}

    def call(first: Any, *rest: Any) -> Any:
        patterns = first[0] if isinstance(first, tuple) else first  # the search's data starts with its patterns
        return exports[patterns.dtype](first, *rest)

    return call


def _signatures() -> dict[str, Any]:
    """Each export's numba signature: the types the Python around the search passes (a read-only
    table from the cache is passed where a writable one is typed: the search only reads it)."""
    from numba import types as t

    i64, v = t.int64, t.Array(t.int64, 1, "C")
    letters, has = t.Array(t.uint8, 2, "C"), t.Array(t.int64, 2, "C")
    memo = t.Tuple((v, v, v, v, t.Array(t.int8, 1, "C"), t.Array(t.int32, 1, "C")))
    signatures = {
        "rehash": t.none(memo, memo, v),
        "feedback_rules": v(letters, i64, i64, v),
        "allowed": v(v, v, v, has, letters),
        "merged": v(v, v),
    }
    for kind in PATTERN_TYPES:
        m = t.Array(getattr(t, kind), 2, "C")
        data = t.Tuple((m, m, v, v, v, letters, v, has, v))
        signatures |= {
            f"solve_{kind}": t.UniTuple(i64, 2)(data, memo, v, v, v, i64, v, i64, i64, i64),
            f"lower_bound_{kind}": i64(data, v, v, i64),
            f"gather_{kind}": m(m, v, v),
            f"first_of_each_{kind}": t.Tuple((v, v, t.boolean))(m),
            f"adversary_{kind}": t.UniTuple(v, 2)(m, v, v, v, i64),
            f"bucket_counts_{kind}": v(m, m, v, v, i64, i64),
        }
    return signatures
