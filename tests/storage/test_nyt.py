"""The NYT's puzzles: numbers of dates, and answers fetched from a real (local) HTTP server, only when asked."""

from __future__ import annotations

import datetime as dt
import json
import socket
import struct
import threading
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from wordle_tui.cli import main
from wordle_tui.core.rules.daily import day_number, parse_day, puzzle_date, puzzle_title
from wordle_tui.core.rules.game import Difficulty
from wordle_tui.core.rules.share import share_text
from wordle_tui.storage import nyt
from wordle_tui.storage.store import Store

GOOD, MISSING, GARBAGE, SLOW, OTHER_DAY = "2026-11-23", "2026-12-25", "2026-11-20", "2026-11-21", "2026-11-22"
BROKEN, LISTED, NOT_HTTP = "2026-11-19", "2026-11-18", "2026-11-17"
HEADERS_TRICKLE, BODY_TRICKLES, SILENT = "2026-10-20", "2026-10-21", "2026-10-22"  # each past the deadline
REDIRECTED, CUT_OFF, RESET, TOO_LARGE, DEEP = "2026-10-23", "2026-10-24", "2026-10-25", "2026-10-26", "2026-10-27"
UNACCEPTED, SIX_LETTERS, ENDLESS, TO_FTP = "2026-10-28", "2026-10-29", "2026-10-30", "2026-10-31"
ENDLESS_WORD = "z" * 60_000  # a reply that is a puzzle in every way but its answer's length
ANSWERS = {GOOD: "guano", SLOW: "guano", OTHER_DAY: "guano", UNACCEPTED: "qwxyz", SIX_LETTERS: "zzzzzz"}
ANSWERS |= {ENDLESS: ENDLESS_WORD}
ANSWERS |= {HEADERS_TRICKLE: "guano", BODY_TRICKLES: "guano"}
TRICKLE = 0.1  # seconds between two bytes of a trickling reply, well within any timeout on one read
PADDING = 300  # bytes trickled before the rest of the reply: 30 s, far past the tests' deadline


def puzzle(day: str) -> bytes:
    printed = "2026-11-01" if day == OTHER_DAY else day
    body = {"id": 1, "solution": ANSWERS[day], "print_date": printed, "days_since_launch": 1983, "editor": "T. B."}
    return json.dumps(body).encode()


class Puzzles(BaseHTTPRequestHandler):
    """The NYT's endpoint as it answers: a puzzle, a 404, garbage, a reply too slow, the wrong day's puzzle..."""

    def do_GET(self) -> None:
        self.server.paths.append(self.path)
        day = self.path.removeprefix("/svc/wordle/v2/").removesuffix(".json")
        if day == SLOW:
            self.server.closing.wait(1.5)
        if day == HEADERS_TRICKLE:
            head = self.head(200, len(puzzle(day)), **{"X-Padding": ""}).removesuffix(b"\r\n\r\n")
            self.send(head, b"p" * PADDING, b"\r\n\r\n" + puzzle(day))
        elif day == BODY_TRICKLES:
            self.send(self.head(200, PADDING + len(puzzle(day))), b" " * PADDING, puzzle(day))
        elif day in ANSWERS:
            self.reply(200, puzzle(day))
        elif day == GARBAGE:
            self.reply(200, b"<html>We are down for maintenance</html>")
        elif day == LISTED:
            self.reply(200, b'["guano"]')
        elif day == BROKEN:
            self.reply(503, b"Service Unavailable")
        elif day == NOT_HTTP:
            self.wfile.write(b"garbage\r\n\r\n")
        elif day == SILENT:
            self.server.closing.wait()
        elif day == REDIRECTED:
            self.send(self.head(302, 0, Location=self.path))
        elif day == TO_FTP:
            self.send(self.head(302, 0, Location="ftp://127.0.0.1/puzzle.json"))
        elif day == CUT_OFF:
            self.send(self.head(200, 200) + b'{"solution": "gu')
        elif day == RESET:
            self.send(self.head(200, 200) + b'{"solution": "gu')
            self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            self.rfile.close()
            self.connection.close()  # with no linger: a reset, not an end of file
        elif day == TOO_LARGE:
            self.reply(200, b" " * (nyt.LARGEST + 1))
        elif day == DEEP:
            self.reply(200, b"[" * 30_000 + b"]" * 30_000)  # deep enough to exhaust json's recursion
        else:
            self.reply(404, b'{"status":"ERROR"}')

    def head(self, status: int, length: int, **headers: str) -> bytes:
        fields = {"Content-Type": "application/json", "Content-Length": str(length), **headers}
        lines = [
            f"HTTP/1.0 {status} {HTTPStatus(status).phrase}",
            *(f"{key}: {value}" for key, value in fields.items()),
        ]
        return "\r\n".join([*lines, "", ""]).encode()

    def reply(self, status: int, body: bytes) -> None:
        self.send(self.head(status, len(body)) + body)

    def send(self, start: bytes, trickled: bytes = b"", rest: bytes = b"") -> None:
        """`start`, then `trickled` a byte every TRICKLE seconds while the test lasts, then `rest`."""
        try:
            self.wfile.write(start)
            for byte in trickled:
                if self.server.closing.wait(TRICKLE):
                    return
                self.wfile.write(bytes([byte]))
            self.wfile.write(rest)
        except OSError:
            pass  # the client gave up waiting

    def log_message(self, *args) -> None:
        pass


class LocalNyt(ThreadingHTTPServer):
    daemon_threads = False  # server_close waits for every request's thread: none outlives its test


@pytest.fixture
def server(monkeypatch, tmp_path):
    """A local NYT, and a user data folder of this test's own; no thread or socket outlives the test."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    before = set(threading.enumerate())
    httpd = LocalNyt(("127.0.0.1", 0), Puzzles)
    httpd.paths = []
    httpd.closing = threading.Event()
    thread = threading.Thread(target=httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    monkeypatch.setenv(nyt.URL_VARIABLE, f"http://127.0.0.1:{httpd.server_address[1]}")
    monkeypatch.setattr(nyt, "DEADLINE", 0.5)
    yield httpd
    httpd.closing.set()
    httpd.shutdown()
    httpd.server_close()
    for left in set(threading.enumerate()) - before:  # a fetch given up at its deadline ends with its connection
        left.join(10)
        assert not left.is_alive(), f"{left.name} is still running"


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_puzzle_numbers_count_days_from_cigar():
    assert day_number(dt.date(2021, 6, 19)) == 0
    assert day_number(dt.date(2022, 11, 16)) == 515
    assert day_number(dt.date(2026, 11, 23)) == 1983
    assert puzzle_date(515) == dt.date(2022, 11, 16)
    assert puzzle_title(1983) == "Wordle 1,983"


def test_a_day_is_a_date_a_word_or_a_puzzle_number():
    today = dt.date(2026, 11, 23)
    assert (
        parse_day("2022-11-16", today) == parse_day("515", today) == parse_day("#515", today) == dt.date(2022, 11, 16)
    )
    assert parse_day("#1,983", today) == parse_day("today", today) == today
    assert parse_day("yesterday", today) == dt.date(2026, 11, 22)
    with pytest.raises(ValueError, match="before the first Wordle, #0 on 2021-06-19"):
        parse_day("2021-06-18", today)
    with pytest.raises(ValueError, match="neither a date"):
        parse_day("next tuesday", today)


def test_nyt_games_share_with_the_puzzle_number_and_the_hard_mode_star():
    history = (("salet", 3), ("guano", 242))
    assert (
        share_text(history, True, hard_mode=Difficulty.HARD, title=puzzle_title(1983)).splitlines()[0]
        == "Wordle 1,983 2/6*"
    )


def test_the_number_alone_never_touches_the_network(server, capsys):
    code, out, _ = run(capsys, "nyt", GOOD, "--json")
    assert code == 0 and json.loads(out) == {"date": GOOD, "number": 1983, "answer": None, "known": False}
    code, out, _ = run(capsys, "nyt", GOOD)
    assert code == 0 and "Wordle 1,983" in out and "--fetch" in out
    assert server.paths == []


def test_a_fetched_answer_is_kept_and_shown_only_when_revealed(server, capsys):
    code, out, _ = run(capsys, "nyt", GOOD, "--fetch", "--json")
    assert code == 0 and json.loads(out) == {"date": GOOD, "number": 1983, "answer": None, "known": True}
    assert server.paths == [f"/svc/wordle/v2/{GOOD}.json"]
    server.shutdown()  # offline from now on: the answer was kept
    code, out, _ = run(capsys, "nyt", "1983", "--reveal", "--json")
    assert code == 0 and json.loads(out)["answer"] == "guano"
    code, out, _ = run(capsys, "nyt", "1983", "--reveal")
    assert "The answer: GUANO" in out


@pytest.mark.parametrize(
    ("day", "message"),
    [
        (MISSING, f"The NYT has no puzzle for {MISSING} (yet)."),
        (GARBAGE, f"The NYT's reply for {GARBAGE} is not a puzzle."),
        (SLOW, "The NYT did not answer within 0.5 seconds; try again later."),
        (OTHER_DAY, f"The NYT sent the puzzle of 2026-11-01 when asked for {OTHER_DAY}."),
        (LISTED, f"The NYT's reply for {LISTED} is not a puzzle."),
        (BROKEN, f"The NYT answered 503 (Service Unavailable) for {BROKEN}."),
        (NOT_HTTP, f"The NYT's reply for {NOT_HTTP} is not a web page (BadStatusLine)."),
        (REDIRECTED, f"The NYT's address for {REDIRECTED} redirects in a loop or too many times."),
        (
            TO_FTP,
            f"The NYT's address for {TO_FTP} redirects to ftp://127.0.0.1/puzzle.json, which is not on the web, "
            "so it was not followed.",
        ),
        (CUT_OFF, f"The NYT's reply for {CUT_OFF} was cut off; try again later."),
        (RESET, f"The connection to the NYT broke as it answered for {RESET} (Connection reset by peer)."),
        (TOO_LARGE, f"The NYT's reply for {TOO_LARGE} is over 64 KB: not a puzzle."),
        (DEEP, f"The NYT's reply for {DEEP} is not a puzzle."),
    ],
)
def test_a_failed_fetch_is_one_sentence_and_keeps_what_was_saved(server, capsys, day, message):
    assert run(capsys, "nyt", GOOD, "--fetch")[0] == 0
    code, out, err = run(capsys, "nyt", day, "--fetch", "--reveal")
    assert code == 2 and out == "" and err == f"wordle-tui: {message}\n"
    assert Store().nyt_answer(GOOD) == "guano" and Store().nyt_answer(day) is None


@pytest.mark.parametrize("day", [HEADERS_TRICKLE, BODY_TRICKLES, SILENT])
def test_one_deadline_bounds_the_whole_fetch_whatever_the_server_does(server, capsys, day):
    # The server trickles a byte every TRICKLE seconds for 30 s: a timeout on each read would wait it out.
    code, out, err = run(capsys, "nyt", day, "--fetch", "--reveal")
    assert (
        code == 2 and out == "" and err == "wordle-tui: The NYT did not answer within 0.5 seconds; try again later.\n"
    )
    assert Store().nyt_answer(day) is None


def test_play_nyt_gives_up_at_the_deadline_too(server, opened, capsys):
    code, _, err = run(capsys, "play", "--nyt", BODY_TRICKLES, "--fetch")
    assert code == 2 and err == "wordle-tui: The NYT did not answer within 0.5 seconds; try again later.\n"
    assert opened == [] and Store().nyt_answer(BODY_TRICKLES) is None


@pytest.mark.parametrize(
    ("day", "word"), [(UNACCEPTED, "QWXYZ"), (SIX_LETTERS, "ZZZZZZ"), (ENDLESS, "ZZZZZZZZZZZZZZZZ… (60,000 letters)")]
)
def test_an_answer_that_cannot_be_played_is_said_and_not_kept(server, opened, capsys, day, word):
    number = day_number(dt.date.fromisoformat(day))
    title = f"Wordle {number:,} ({day})"
    said = f"wordle-tui: The NYT's answer of {title}, {word}, is not one of the 5-letter words the nyt lists accept"
    code, out, err = run(capsys, "nyt", day, "--fetch", "--reveal")
    assert code == 2 and out == "" and err == f"{said}, so it was not kept.\n"
    code, _, err = run(capsys, "play", "--nyt", day, "--fetch", "--lists", "nyt")
    assert code == 2 and err == f"{said}, so it was not kept.\n" and opened == []
    assert Store().nyt_answer(day) is None and len(server.paths) == 2  # nothing kept: asked again
    Store().keep_nyt_answer(day, number, ANSWERS[day], None)  # kept while other lists were in use
    code, _, err = run(capsys, "play", "--nyt", day, "--lists", "nyt")
    assert code == 2 and err == f"{said}.\n" and opened == []


def test_a_failed_secure_connection_is_one_sentence(server, monkeypatch, capsys):
    address = f"https://127.0.0.1:{server.server_address[1]}"  # the local server speaks plain HTTP
    monkeypatch.setenv(nyt.URL_VARIABLE, address)
    code, _, err = run(capsys, "nyt", GOOD, "--fetch")
    assert code == 2 and err.startswith(f"wordle-tui: The secure connection to the NYT at {address} failed (")
    assert err.count("\n") == 1 and Store().nyt_answer(GOOD) is None


def test_offline_is_one_sentence(server, monkeypatch, capsys):
    with socket.socket() as closed:
        closed.bind(("127.0.0.1", 0))
        port = closed.getsockname()[1]
    monkeypatch.setenv(nyt.URL_VARIABLE, f"http://127.0.0.1:{port}")
    code, _, err = run(capsys, "nyt", GOOD, "--fetch")
    assert code == 2 and err.startswith(f"wordle-tui: Could not reach the NYT at http://127.0.0.1:{port} (")
    assert err.endswith("are you online?\n") and err.count("\n") == 1


def test_a_bad_address_is_one_sentence(server, monkeypatch, capsys):
    monkeypatch.setenv(nyt.URL_VARIABLE, "http://[::1")
    code, _, err = run(capsys, "nyt", GOOD, "--fetch")
    assert code == 2 and err == f"wordle-tui: http://[::1 is not a web address: check {nyt.URL_VARIABLE}.\n"


def test_a_damaged_answers_file_is_set_aside_and_said(server, capsys):
    store = Store()
    store.data_dir.mkdir(parents=True)
    kept = store.data_dir / "nyt-answers.json"  # as an earlier version kept them, taken in on the first start
    kept.write_text('{"2026-11-22": ' + "[" * 200_000)
    code, out, err = run(capsys, "nyt", GOOD, "--fetch", "--reveal")
    assert code == 0 and "GUANO" in out and "Could not read your NYT answers" in err and "Traceback" not in err
    assert kept.with_name(kept.name + ".bad").read_text().startswith('{"2026-11-22": [[[')


def test_play_nyt_plays_the_days_puzzle_once_its_answer_is_kept(server, opened, capsys):
    code, _, err = run(capsys, "play", "--nyt", GOOD)
    assert code == 2 and opened == [] and server.paths == []
    assert err.startswith("wordle-tui: The answer of Wordle 1,983 (2026-11-23) is not kept here: add --fetch")
    assert run(capsys, "play", "--nyt", GOOD, "--fetch")[0] == 0
    assert (opened[0].asked["play"].answer, opened[0].asked["play"].nyt) == ("guano", 1983)
    assert run(capsys, "play", "--nyt", "1983")[0] == 0  # kept: no network needed
    assert opened[1].asked["play"].answer == "guano" and len(server.paths) == 1


def test_the_setting_lets_play_nyt_fetch_without_asking_each_time(server, opened, capsys):
    Store().change_settings(fetch_nyt=True)
    assert run(capsys, "play", "--nyt", GOOD)[0] == 0 and opened[0].asked["play"].nyt == 1983


def test_play_refuses_two_answers_at_once(server, capsys):
    with pytest.raises(SystemExit):
        main(["play", "--nyt", GOOD, "--answer", "crane"])
    assert "not allowed with argument" in capsys.readouterr().err
    code, _, err = run(capsys, "play", "--fetch")
    assert code == 2 and "give it with --nyt" in err
