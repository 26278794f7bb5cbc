"""A machine's first run, where the exact search was not built at install: numba compiles it in a worker process,
once, and a notice says so for as long as that takes (a compile cut short keeps what it did)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.notifications import Notification, Notify

from ..compat import withdraw_notification

if TYPE_CHECKING:
    from collections.abc import Callable

    from textual.app import App

    from ..core.position.model import CandidateModel
    from ..core.strategies.ranking import Ranker

SHOWN = 24 * 3600.0  # the notice stays until the solver is ready, however long that takes


def preparing_notice() -> str:
    """What the first run says it does, and how long it takes."""
    from ..core.exact import search

    low, high = search.COMPILE_SECONDS
    if (damaged := search.set_aside()) is not None:
        what = (
            f"The exact solver's compiled cache under {search.compiled_folder()} was damaged ({damaged.damage}): "
            f"set aside as {damaged.path}; preparing it again, {low}-{high} s."
        )
    else:
        what = f"The exact solver runs a slower way here, as {search.slower_way()}: preparing it for this machine, "
        what += f"once, {low}-{high} s."
    return what + " Optimal figures and the analysis follow when it is done."


def prepare_solver(app: App[object], ranker: Callable[[], Ranker], model: CandidateModel) -> None:
    """Have a worker process compile the search for `model`'s lists, a notice in sight meanwhile."""
    preparing = Notification(preparing_notice(), title="First run", timeout=SHOWN)
    app.post_message(Notify(preparing))

    def prepare() -> None:
        engine = ranker()
        try:
            engine.prepare_search(model)
        finally:  # done or failed, the notice goes: it said it was under way
            engine.close()
            app.call_from_thread(withdraw_notification, app, preparing)
        app.call_from_thread(app.notify, "The exact solver is ready.", title="First run")

    app.run_worker(prepare, thread=True, exclusive=True, group="prepare", exit_on_error=False)
