"""The NYT's puzzle of a day: its number, and its answer, fetched from the NYT only when asked and kept offline."""

from __future__ import annotations

import datetime as dt
import http.client
import json
import os
import ssl
import threading
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass
from typing import IO

from ..core.echo import echoed
from ..core.rules.daily import day_number, puzzle_title
from ..core.rules.words import WordLists, capitals
from .store import Store

BASE_URL = "https://www.nytimes.com"
URL_VARIABLE = "WORDLE_TUI_NYT_URL"  # replaces BASE_URL: tests serve the puzzles from a local server
DEADLINE = 15.0  # seconds for the whole request: connecting, the headers and the body
LARGEST = 64 * 1024  # bytes: a puzzle is about 150


class NytError(ValueError):
    """The answer could not be had; the message is one sentence."""


@dataclass(frozen=True)
class Puzzle:
    date: dt.date
    answer: str | None = None  # None while it is not known here

    @property
    def number(self) -> int:
        return day_number(self.date)

    @property
    def title(self) -> str:
        """`Wordle 1,983 (2026-11-23)`."""
        return f"{puzzle_title(self.number)} ({self.date.isoformat()})"

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
    except ValueError:
        raise NytError(f"{base_url()} is not a web address: check {URL_VARIABLE}.") from None
    try:
        return _parse_reply(_within_deadline(request), date)
    except NytError:
        raise
    except Exception as error:  # whatever went wrong, the user gets one sentence
        raise NytError(_failure(error, date)) from None


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
    """The reply's body, LARGEST + 1 bytes at most (enough to tell it is too large); IncompleteRead if cut short."""
    try:
        with WEB_ONLY.open(request, timeout=timeout) as reply:
            body = reply.read(LARGEST + 1)
            promised = reply.headers.get("Content-Length", "").strip()
    except urllib.error.HTTPError as error:
        error.close()  # the error reply's connection; its status says all there is to say
        raise
    if promised.isdigit() and len(body) < min(int(promised), LARGEST + 1):  # read(n) stops at an early close
        raise http.client.IncompleteRead(body, int(promised) - len(body))
    return body


class WebRedirects(urllib.request.HTTPRedirectHandler):
    """Redirects followed only to the web (http and https): not to a file, nor to FTP."""

    def redirect_request(
        self,
        req: urllib.request.Request,
        fp: IO[bytes],
        code: int,
        msg: str,
        headers: http.client.HTTPMessage,
        newurl: str,
    ) -> urllib.request.Request | None:
        address = urllib.parse.urljoin(req.full_url, newurl)
        if urllib.parse.urlsplit(address).scheme.lower() not in ("http", "https"):
            raise OutsideTheWeb(_brief(address))
        return super().redirect_request(req, fp, code, msg, headers, newurl)


class OutsideTheWeb(Exception):
    """A redirect to an address that is not on the web."""


WEB_ONLY = urllib.request.build_opener(WebRedirects)


def _failure(error: Exception, date: dt.date) -> str:
    """What went wrong with the fetch of `date`'s answer, in one sentence."""
    day = date.isoformat()
    if isinstance(error, OutsideTheWeb):
        return f"The NYT's address for {day} redirects to {error}, which is not on the web, so it was not followed."
    if isinstance(error, urllib.error.HTTPError):
        if error.reason.startswith(urllib.request.HTTPRedirectHandler.inf_msg):
            return f"The NYT's address for {day} redirects in a loop or too many times."
        if error.code == 404:
            return f"The NYT has no puzzle for {day} (yet)."
        return f"The NYT answered {error.code} ({_brief(error.reason)}) for {day}."
    if isinstance(error, urllib.error.URLError):  # raised while connecting; its reason says why
        if not isinstance(error.reason, TimeoutError | ssl.SSLError):
            return f"Could not reach the NYT at {base_url()} ({_brief(error.reason)}); are you online?"
        error = error.reason
    if isinstance(error, TimeoutError):
        return f"The NYT did not answer within {DEADLINE:g} seconds; try again later."
    if isinstance(error, ssl.SSLError):
        return f"The secure connection to the NYT at {base_url()} failed ({_brief(error.reason or error)})."
    if isinstance(error, http.client.InvalidURL):
        return f"{base_url()} is not a web address: check {URL_VARIABLE}."
    if isinstance(error, http.client.RemoteDisconnected):
        return f"The NYT closed the connection without answering for {day}; try again later."
    if isinstance(error, http.client.IncompleteRead):
        return f"The NYT's reply for {day} was cut off; try again later."
    if isinstance(error, http.client.HTTPException):
        return f"The NYT's reply for {day} is not a web page ({type(error).__name__})."
    if isinstance(error, OSError):
        return f"The connection to the NYT broke as it answered for {day} ({_brief(error.strerror or error)})."
    return f"The NYT's reply for {day} could not be read ({type(error).__name__}: {_brief(error)})."


def _brief(reason: object) -> str:
    """An error's own words on one line, and not too many of them (a server chooses some of them)."""
    return echoed(" ".join(str(reason).split()), 100)


def _parse_reply(body: bytes, date: dt.date) -> tuple[str, str | None]:
    if len(body) > LARGEST:
        raise NytError(f"The NYT's reply for {date.isoformat()} is over {LARGEST // 1024} KB: not a puzzle.")
    try:
        data = json.loads(body.decode("utf-8"))
        solution = data["solution"]
    except (UnicodeDecodeError, ValueError, KeyError, TypeError, RecursionError):
        raise NytError(f"The NYT's reply for {date.isoformat()} is not a puzzle.") from None
    if not isinstance(solution, str) or not (solution.isascii() and solution.isalpha()):
        raise NytError(f"The NYT's reply for {date.isoformat()} holds no word as its answer.")
    if data.get("print_date") not in (None, date.isoformat()):
        raise NytError(f"The NYT sent the puzzle of {data['print_date']} when asked for {date.isoformat()}.")
    editor = data.get("editor")
    return solution.lower(), editor if isinstance(editor, str) else None


def unplayable(puzzle: Puzzle, lists: WordLists) -> str | None:
    """Why the answer of `puzzle` cannot be played with `lists` (a sentence without its full stop), or None."""
    if puzzle.answer is None or puzzle.answer in lists.guess_index:
        return None
    return (
        f"The NYT's answer of {puzzle.title}, {shown_word(puzzle.answer)}, is not one of the "
        f"{lists.length}-letter words the {lists.name} lists accept"
    )


def shown_word(word: str, most: int = 16) -> str:
    """A word from elsewhere as a sentence shows it: in capitals, and cut short if it is long."""
    return capitals(word) if len(word) <= most else f"{capitals(word[:most])}… ({len(word):,} letters)"


def puzzle_of(date: dt.date, store: Store, lists: WordLists, fetch: bool = False) -> Puzzle:
    """The puzzle of `date` with its answer if it is kept here, or fetched now when `fetch` says so.

    A fetched answer is kept only if it can be played with `lists`.
    """
    known = store.nyt_answer(date.isoformat())
    if known or not fetch:
        return Puzzle(date, known)
    answer, editor = fetch_answer(date)
    puzzle = Puzzle(date, answer)
    if reason := unplayable(puzzle, lists):
        raise NytError(f"{reason}, so it was not kept.")
    store.keep_nyt_answer(date.isoformat(), day_number(date), answer, editor)
    return puzzle
