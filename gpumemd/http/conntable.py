"""The HTTP server's open connections: which one goes first when the limit is reached, and
when the next one times out.

At the connection limit one is closed to make room: a closing one, else the longest-waiting
one that never completed a request (silent, slow, handshaking), else the least recently used
keep-alive one, so an active scraper's connection goes last. Each group keeps its members in
the order they joined (oldest first); a connection moves between groups with its state, and a
response in progress is in none. `next_deadline` is a bound: no connection times out before
it (it may be early, never late), so the I/O loop sleeps until then and never on a tick.
"""

from __future__ import annotations

import math
from collections.abc import Iterator

from .connection import BUSY, HANDSHAKE, LINGER, READ, Conn

__all__ = ["ConnTable"]


class ConnTable:
    """Every open connection of one server, in its eviction group, and the earliest deadline."""

    def __init__(self) -> None:
        self._all: set[Conn] = set()
        self._lingering: dict[Conn, None] = {}
        self._fresh: dict[Conn, None] = {}
        self._kept: dict[Conn, None] = {}
        self.next_deadline = math.inf

    def __len__(self) -> int:
        return len(self._all)

    def __iter__(self) -> Iterator[Conn]:
        return iter(self._all)

    def add(self, conn: Conn) -> None:
        self._all.add(conn)
        self.set_state(conn, conn.state)

    def discard(self, conn: Conn) -> None:
        self._all.discard(conn)

    def set_state(self, conn: Conn, state: int) -> None:
        """Change state and keep the eviction groups in step."""
        conn.state = state
        if state == LINGER:
            group: dict[Conn, None] | None = self._lingering
        elif state == HANDSHAKE or (state == READ and not conn.served):
            group = self._fresh
        elif state == READ:
            group = self._kept
        else:  # BUSY, WRITE: a response in progress is never evicted
            group = None
        if group is not conn.group:
            if conn.group is not None:
                conn.group.pop(conn, None)
            if group is not None:
                group[conn] = None
            conn.group = group

    def set_deadline(self, conn: Conn, deadline: float) -> None:
        conn.deadline = deadline
        if deadline < self.next_deadline:
            self.next_deadline = deadline

    def victim(self) -> Conn | None:
        """The connection to close to make room (module docstring); None if none may go."""
        for group in (self._lingering, self._fresh, self._kept):
            if group:
                return next(iter(group))
        return None

    def expired(self, now: float) -> list[Conn]:
        """The connections past their deadline at `now`; `next_deadline` becomes the earliest
        of the others. A BUSY one (a worker has it) gets its deadline when it comes back."""
        expired, nxt = [], math.inf
        for c in self._all:
            if c.state == BUSY:
                continue
            if now >= c.deadline:
                expired.append(c)
            elif c.deadline < nxt:
                nxt = c.deadline
        self.next_deadline = nxt
        return expired
