"""The server's table of connections (gpumemd/http/conntable.py): which connection goes first at
the limit, and the deadlines the I/O loop sleeps until."""

from __future__ import annotations

import socket
from collections.abc import Iterator

import pytest

from gpumemd.http.connection import BUSY, CLOSED, LINGER, READ, WRITE, Conn
from gpumemd.http.conntable import ConnTable


@pytest.fixture
def socks() -> Iterator[list[socket.socket]]:
    made: list[socket.socket] = []
    yield made
    for s in made:
        s.close()


def conn(socks: list[socket.socket], tls: bool = False) -> Conn:
    s = socket.socket()
    socks.append(s)
    return Conn(s, 0.0, tls=tls)


def test_closing_then_never_served_then_least_recently_used_keep_alive(socks: list[socket.socket]) -> None:
    table = ConnTable()
    scraper, silent, handshaking, closing = (conn(socks), conn(socks), conn(socks, tls=True), conn(socks))
    for c in (scraper, silent, handshaking, closing):
        table.add(c)
    scraper.served = 1
    table.set_state(scraper, READ)  # kept alive between scrapes: it goes last
    table.set_state(closing, LINGER)
    assert len(table) == 4 and set(table) == {scraper, silent, handshaking, closing}
    order = []
    while (victim := table.victim()) is not None:
        order.append(victim)
        table.set_state(victim, CLOSED)
        table.discard(victim)
    assert order == [closing, silent, handshaking, scraper] and len(table) == 0


def test_a_response_in_progress_is_never_evicted(socks: list[socket.socket]) -> None:
    table = ConnTable()
    busy, writing = conn(socks), conn(socks)
    table.add(busy)
    table.add(writing)
    table.set_state(busy, BUSY)
    table.set_state(writing, WRITE)
    assert table.victim() is None


def test_expired_are_past_their_deadline_and_the_next_deadline_is_the_earliest_left(
    socks: list[socket.socket],
) -> None:
    table = ConnTable()
    late, soon, later, busy = (conn(socks) for _ in range(4))
    for c, deadline in ((late, 5.0), (soon, 12.0), (later, 30.0), (busy, 1.0)):
        table.add(c)
        table.set_deadline(c, deadline)
    assert table.next_deadline == 1.0
    table.set_state(busy, BUSY)  # a worker has it: no deadline counts
    assert table.expired(10.0) == [late]
    assert table.next_deadline == 12.0
