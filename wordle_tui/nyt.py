"""The NYT's puzzle of a day: its number, and its answer, fetched from the NYT only when asked and kept offline."""

from __future__ import annotations

import datetime as dt
import http.client
import json
import os
import threading
import urllib.error
import urllib.request
from dataclasses import dataclass

from .core.daily import day_number
from .store import Store

BASE_URL = "https://www.nytimes.com"
URL_VARIABLE = "WORDLE_TUI_NYT_URL"  # replaces BASE_URL: tests serve the puzzles from a local server
DEADLINE = 15.0  # seconds for the whole request: connecting, the headers and the body


class NytError(ValueError):
    """The answer could not be had; the message is one sentence."""


@dataclass(frozen=True)
class Puzzle:
    date: dt.date
    answer: str | None = None  # None while it is not known here

    @property
    def number(self) -> int:
        return day_number(self.date)

    def as_dict(self, reveal: bool) -> dict:
        answer = self.answer if reveal else None
        return {"date": self.date.isoformat(), "number": self.number, "answer": answer, "known": bool(self.answer)}


def base_url() -> str:
    return os.environ.get(URL_VARIABLE, BASE_URL).rstrip("/")


def puzzle_url(date: dt.date) -> str:
    return f"{base_url()}/svc/wordle/v2/{date.isoformat()}.json"


def fetch_answer(date: dt.date) -> tuple[str, str | None]:
    """(the answer, its editor) from the NYT within DEADLINE; NytError with one sentence if there is none to be had."""
    try:
        request = urllib.request.Request(puzzle_url(date), headers={"User-Agent": "wordle-tui"})
        body = _within_deadline(request)
    except ValueError:
        raise NytError(f"{base_url()} is not a web address: check {URL_VARIABLE}.") from None
    except http.client.HTTPException as error:
        raise NytError(f"The NYT's reply for {date.isoformat()} is not a web page ({type(error).__name__}).") from None
    except urllib.error.HTTPError as error:
        if error.code == 404:
            raise NytError(f"The NYT has no puzzle for {date.isoformat()} (yet).") from None
        raise NytError(f"The NYT answered {error.code} ({error.reason}) for {date.isoformat()}.") from None
    except TimeoutError:
        raise NytError(f"The NYT did not answer within {DEADLINE:g} seconds; try again later.") from None
    except (urllib.error.URLError, OSError) as error:
        reason = getattr(error, "reason", error)
        if isinstance(reason, TimeoutError):
            raise NytError(f"The NYT did not answer within {DEADLINE:g} seconds; try again later.") from None
        raise NytError(f"Could not reach the NYT at {base_url()} ({reason}); are you online?") from None
    return _parse_reply(body, date)


def _within_deadline(request: urllib.request.Request) -> bytes:
    """The body of the reply to `request`, or TimeoutError once DEADLINE has passed, whatever the server does.

    The request runs on a daemon thread because no socket timeout bounds a DNS look-up or a reply
    that trickles in; a thread left waiting past the deadline never holds up the program's exit.
    """
    deadline = DEADLINE
    outcome: list[bytes | BaseException] = []

    def download() -> None:
        try:
            outcome.append(_download(request, deadline))
        except BaseException as error:  # handed over to be put into words
            outcome.append(error)

    worker = threading.Thread(target=download, name="NYT fetch", daemon=True)
    worker.start()
    worker.join(deadline)
    if not outcome:
        raise TimeoutError
    if isinstance(outcome[0], BaseException):
        raise outcome[0]
    return outcome[0]


def _download(request: urllib.request.Request, timeout: float) -> bytes:
    """The reply's body, up to 64 KB."""
    try:
        with urllib.request.urlopen(request, timeout=timeout) as reply:
            return reply.read(64 * 1024)
    except urllib.error.HTTPError as error:
        error.close()  # the error reply's connection; its status says all there is to say
        raise


def _parse_reply(body: bytes, date: dt.date) -> tuple[str, str | None]:
    try:
        data = json.loads(body.decode("utf-8"))
        solution = data["solution"]
    except (UnicodeDecodeError, ValueError, KeyError, TypeError):
        raise NytError(f"The NYT's reply for {date.isoformat()} is not a puzzle.") from None
    if not isinstance(solution, str) or not (solution.isascii() and solution.isalpha()):
        raise NytError(f"The NYT's reply for {date.isoformat()} holds no word as its answer.")
    if data.get("print_date") not in (None, date.isoformat()):
        raise NytError(f"The NYT sent the puzzle of {data['print_date']} when asked for {date.isoformat()}.")
    editor = data.get("editor")
    return solution.lower(), editor if isinstance(editor, str) else None


def puzzle_of(date: dt.date, store: Store, fetch: bool = False) -> Puzzle:
    """The puzzle of `date` with its answer if it is kept here, or fetched now when `fetch` says so (then kept)."""
    known = store.nyt_answer(date.isoformat())
    if known or not fetch:
        return Puzzle(date, known)
    answer, editor = fetch_answer(date)
    store.keep_nyt_answer(date.isoformat(), day_number(date), answer, editor)
    return Puzzle(date, answer)
