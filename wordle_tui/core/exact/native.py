"""The compiled search built ahead of time: compiled.py's functions in an extension module of
their own (numba's pycc), built when the package is (hatch_build.py) and kept beside compiled.py.

The module loads in milliseconds and without the compiler: loading numba and its cached
functions takes about 0.35 s of CPU in each process that searches, a third of a whole tree
after an opener. Its name carries a hash of the sources it was built from (SOURCES), so a module
built from other sources, as an editable install's is once they change, is never loaded.
Building it needs a C compiler; where none worked, the build keeps why in its place and the
search runs from numba's own cache of the same functions instead (see search.prepare).
"""

from __future__ import annotations

import hashlib
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

HERE = Path(__file__).parent
SOURCES = ("compiled.py", "layout.py", "totals.py", "native.py")  # what the module is built from
PATTERN_TYPES = ("uint8", "uint16", "uint32")  # a byte to five letters, two bytes to ten, four at eleven

# What each function the Python around the search calls takes, a letter an argument, and returns
# (several letters: a tuple): "i" an integer, "B" a flag, "P" a 2-D array of the patterns' type
# (an export for each type where a function takes one), the arrays of ARRAYS (C order), the
# tuples of TUPLES.
ARRAYS = {"v": ("int64", 1), "b": ("int8", 1), "w": ("int32", 1), "L": ("uint8", 2), "H": ("int64", 2)}
TUPLES = {
    "D": "PPvvvLvHv",  # the search's data: see search.Search.data
    "M": "vvvvbw",  # the memo: see layout.new_memo
}
FUNCTIONS = {  # name: (arguments, result)
    "solve": ("DMvvviviii", "ii"),
    "lower_bound": ("Dvvi", "i"),
    "gather": ("Pvv", "P"),
    "distinct_columns": ("P", "vvB"),
    "adversary": ("Pvvvi", "vv"),
    "bucket_counts": ("PPvvii", "v"),
    "rehash": ("MMv", ""),
    "feedback_rules": ("Liiv", "v"),
    "allowed": ("vvvHL", "v"),
    "merged": ("vv", "v"),
}


def built_path(folder: Path = HERE) -> Path:
    """Where the module built from the sources in `folder` is (or would be), beside them."""
    digest = hashlib.sha256()
    for name in SOURCES:
        digest.update((folder / name).read_bytes())
    return folder / f"search_{digest.hexdigest()[:16]}{importlib.machinery.EXTENSION_SUFFIXES[0]}"


def module_name(path: Path) -> str:
    """The name of the module at `path` (built_path's, without the suffix)."""
    return path.name.split(".")[0]


def failure_path(path: Path) -> Path:
    """Where build keeps why the module at `path` could not be built."""
    return path.with_name(module_name(path) + "-failed.txt")


def build(path: Path) -> str | None:
    """Build the module at `path` (a built_path) from the sources beside this file: None once it is
    there, else why it cannot be built here in a line (no C compiler, or a numba without pycc), the
    whole story kept at failure_path. Either way, what an earlier build left at `path` is gone."""
    path.unlink(missing_ok=True)
    failure_path(path).unlink(missing_ok=True)
    try:
        with tempfile.TemporaryDirectory(prefix="search-build-") as scratch:
            # Building compiles the functions the exports call, through numba's cache: kept apart, then dropped.
            os.environ["NUMBA_CACHE_DIR"] = scratch
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")  # pycc is marked as pending deprecation
                from numba.pycc import CC
            from . import compiled

            cc = CC(module_name(path))
            cc.output_dir = scratch
            cc.verbose = False
            for export, name, signature in _signatures():
                cc.export(export, signature)(getattr(compiled, name).py_func)
            cc.compile()
            built = next(Path(scratch).glob(module_name(path) + ".*"))
            shutil.move(built, path)
    except Exception as error:  # no compiler, no pycc, a failed link: the search still runs, from numba's cache
        write_text_atomically(failure_path(path), traceback.format_exc())
        said = str(error).strip().splitlines()
        return ": ".join([type(error).__name__, *said[:1]])
    return None


def load(path: Path) -> SimpleNamespace | None:
    """compiled.py's functions from the module at `path` under their own names, or None if it is
    missing or does not load."""
    try:
        spec = importlib.util.spec_from_file_location(module_name(path), path)
        if spec is None or spec.loader is None:
            return None
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        return SimpleNamespace(
            **{name: _checked(module, name, arguments) for name, (arguments, _) in FUNCTIONS.items()}
        )
    except (ImportError, OSError, AttributeError):
        return None


def _checked(module: Any, name: str, arguments: str) -> Any:
    """The export (of the patterns' type) behind `name`, called once its arguments are checked: a
    module built ahead of time takes what it is given as the types it was built for, so an array of
    another type or layout would be read wrong, where numba's own dispatch compiles for it."""
    by_type = _by_type(arguments)
    exports: dict[np.dtype | None, Any] = (
        {np.dtype(kind): getattr(module, f"{name}_{kind}") for kind in PATTERN_TYPES}
        if by_type
        else {None: getattr(module, name)}
    )

    def call(*args: Any) -> Any:
        patterns = None
        if by_type:  # the first argument is the patterns, or the search's data, which starts with them
            first = args[0][0] if isinstance(args[0], tuple) else args[0]
            patterns = getattr(first, "dtype", None)
        export = exports.get(patterns)
        if (
            export is None
            or len(args) != len(arguments)
            or not all(map(_fits, args, arguments, [patterns] * len(args)))
        ):
            raise TypeError(f"{name} was given arguments of other types than it was built for ({arguments}).")
        return export(*args)

    return call


def _by_type(arguments: str) -> bool:
    """Whether a function takes patterns (then it has an export for each type of them)."""
    return "P" in "".join(TUPLES.get(kind, kind) for kind in arguments)


def _fits(value: Any, kind: str, patterns: np.dtype | None) -> bool:
    if kind in TUPLES:
        parts = TUPLES[kind]
        return (
            isinstance(value, tuple)
            and len(value) == len(parts)
            and all(map(_fits, value, parts, [patterns] * len(parts)))
        )
    if kind == "i":
        return isinstance(value, int | np.integer)
    dtype, ndim = (patterns, 2) if kind == "P" else ARRAYS[kind]
    return isinstance(value, np.ndarray) and value.dtype == dtype and value.ndim == ndim and value.flags.c_contiguous


def _signatures() -> list[tuple[str, str, Any]]:
    """(export, the function it is built from, its numba signature) for each export, from FUNCTIONS
    (a read-only table from the cache passes for a writable one: the search only reads it)."""
    from numba import types as t

    def numba_type(kind: str, patterns: str) -> Any:
        if kind in TUPLES:
            return t.Tuple(tuple(numba_type(part, patterns) for part in TUPLES[kind]))
        if kind in "iB":
            return t.int64 if kind == "i" else t.boolean
        dtype, ndim = (patterns, 2) if kind == "P" else ARRAYS[kind]
        return t.Array(getattr(t, dtype), ndim, "C")

    signatures = []
    for name, (arguments, result) in FUNCTIONS.items():
        by_type = _by_type(arguments)
        for patterns in PATTERN_TYPES if by_type else PATTERN_TYPES[:1]:
            returns: Any
            if len(result) > 1:
                returns = t.Tuple(tuple(numba_type(kind, patterns) for kind in result))
            else:
                returns = numba_type(result, patterns) if result else t.none
            args = [numba_type(kind, patterns) for kind in arguments]
            signatures.append((f"{name}_{patterns}" if by_type else name, name, returns(*args)))
    return signatures
