"""Notifiers: where alerts go, each on its own thread so delivery never blocks the sampler.

Each notifier keeps the alerts waiting to be sent in a bounded, coalescing queue keyed by
the alert's labels: a newer state of the same alert (resolved after firing, a resend)
replaces the one waiting, so a receiver that is down for an hour gets each alert's latest
state when it comes back, not an hour of history. When the queue is full the oldest
alert is dropped and counted. A failed send is retried with exponential backoff (capped),
forever: the alerts stay queued until delivered or superseded.

Requests go through `gpumemd.httpclient`: each one ends within the notifier's `timeout` (all
of it, however slowly the receiver answers), reads at most `RESPONSE_BYTES` of the answer
(the status decides; the rest is never read), and a redirect is a failed delivery, never
followed. Closing a notifier (a reload that changed it) cancels its request in flight, so
its thread ends at once: threads and sockets stay one per notifier however often the
configuration changes.

Secrets (URLs with tokens, passwords, bearer tokens) can come from files; only a redacted
target (`scheme://host:port`) ever appears in logs, and none appear in metrics (the
`notifier` label is the configured name or the type).
"""

from __future__ import annotations

import base64
import collections
import json
import logging
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from datetime import datetime, timezone
from typing import Any

from prometheus_client.core import Metric

from gpumemd.config import NotifierConfig
from gpumemd.httpclient import Cancel, RequestFailed, redact, request, require_2xx
from gpumemd.sources.base import metric

from .engine import Notification
from .signals import Key

log = logging.getLogger("gpumemd.alerts.notify")

__all__ = [
    "AlertmanagerNotifier", "Callback", "CallbackNotifier", "HttpNotifier", "LogNotifier", "Notifier",
    "WebhookNotifier", "alertmanager_alert", "build_notifiers", "notifier_families", "redact",
    "register_callback", "rfc3339", "webhook_payload",
]

Callback = Callable[[Sequence[Notification]], None]
_callbacks: dict[str, Callback] = {}


def register_callback(name: str, fn: Callback) -> None:
    """Make a Python function a notifier target (`{type: callback, callback: NAME}`)."""
    _callbacks[name] = fn


def rfc3339(ts: float) -> str:
    return (
        datetime.fromtimestamp(ts, tz=timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")
    )


# what is read of a receiver's answer: its status decides, the body is not used
RESPONSE_BYTES = 4096


class Notifier:
    """The queue, the thread, retries and counters; subclasses implement `send(batch)`."""

    kind = "base"

    def __init__(
        self,
        name: str,
        *,
        capacity: int = 1000,
        timeout: float = 5.0,
        min_backoff: float = 0.5,
        max_backoff: float = 30.0,
        max_batch: int = 64,
    ) -> None:
        self.name = name
        self.capacity = capacity
        self.timeout = timeout
        self.min_backoff, self.max_backoff = min_backoff, max_backoff
        self.max_batch = max_batch
        self._pending: collections.OrderedDict[Key, Notification] = collections.OrderedDict()
        self._cond = threading.Condition()
        self._in_flight = 0
        self._stop = False
        self._cancel = Cancel()  # close() ends the request in flight
        self._thread: threading.Thread | None = None
        self.sent = 0  # alerts delivered
        self.failed = 0  # alerts in failed attempts (each retry counts again)
        self.dropped = 0
        self.attempts = 0
        self.last_error = ""

    # --- the sampler side: never blocks beyond a short lock ---

    def enqueue(self, notes: Iterable[Notification]) -> None:
        with self._cond:
            for note in notes:
                fp = note.fingerprint
                if fp in self._pending:
                    del self._pending[fp]  # superseded by the newer state
                elif len(self._pending) >= self.capacity:
                    self._pending.popitem(last=False)
                    self.dropped += 1
                self._pending[fp] = note
            self._cond.notify()
        if self._thread is None:
            self._start()

    def _start(self) -> None:
        with self._cond:
            if self._thread is not None:
                return
            self._thread = threading.Thread(target=self._run, name=f"gpumemd-notify-{self.name}", daemon=True)
            self._thread.start()

    def queue_length(self) -> int:
        return len(self._pending)

    # --- the notifier thread ---

    def _run(self) -> None:
        failures = 0
        while True:
            with self._cond:
                while not self._pending and not self._stop:
                    self._cond.wait()
                if self._stop:
                    return
                batch: list[Notification] = []
                while self._pending and len(batch) < self.max_batch:
                    batch.append(self._pending.popitem(last=False)[1])
                self._in_flight = len(batch)
            self.attempts += 1
            try:
                self.send(batch)
            except Exception as exc:
                if self._stop:  # closed (a reload): its request was cancelled; a successor sends
                    with self._cond:
                        self._in_flight = 0
                    return
                failures += 1
                self.failed += len(batch)
                self.last_error = self._describe(exc)
                if failures == 1 or failures % 10 == 0:  # say it, but not every retry
                    log.warning(
                        "notifier %s: sending %d alert(s) failed (attempt %d): %s",
                        self.name,
                        len(batch),
                        failures,
                        self.last_error,
                    )
                with self._cond:
                    self._requeue(batch)
                    self._in_flight = 0
                    delay = min(self.max_backoff, self.min_backoff * (2 ** min(failures - 1, 30)))
                    self._cond.wait_for(lambda: self._stop, timeout=delay)
            else:
                if failures:
                    log.info("notifier %s: delivering again after %d failed attempt(s)", self.name, failures)
                failures = 0
                self.sent += len(batch)
                with self._cond:
                    self._in_flight = 0
                    self._cond.notify_all()

    def _requeue(self, batch: list[Notification]) -> None:
        """Put failed alerts back in front, unless a newer state arrived meanwhile."""
        newer = self._pending
        keep = [(n.fingerprint, n) for n in batch if n.fingerprint not in newer]
        merged: collections.OrderedDict[Key, Notification] = collections.OrderedDict(keep)
        merged.update(newer)
        while len(merged) > self.capacity:
            merged.popitem(last=False)
            self.dropped += 1
        self._pending = merged

    def _describe(self, exc: Exception) -> str:
        if isinstance(exc, RequestFailed):
            return str(exc)
        return f"{type(exc).__name__}: {exc}"

    def send(self, batch: list[Notification]) -> None:
        raise NotImplementedError

    def flush(self, timeout: float = 5.0) -> bool:
        """Wait until nothing is queued or in flight (tests, shutdown). True if drained."""
        deadline = time.monotonic() + timeout
        with self._cond:
            while self._pending or self._in_flight:
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                self._cond.wait(min(left, 0.05))
        return True

    def close(self) -> None:
        """Stop: the thread ends now, its request in flight (if any) cancelled."""
        with self._cond:
            self._stop = True
            self._cond.notify_all()
        self._cancel.cancel()


class LogNotifier(Notifier):
    """Logs when an alert starts firing and when it resolves: a log is read by people, so
    the engine's resends (which keep a receiver's state fresh) are not repeated in it."""

    kind = "log"

    def __init__(self, name: str, **kw: Any) -> None:
        super().__init__(name, **kw)
        self._firing: dict[Any, float] = {}  # fingerprint -> starts_at of the firing logged

    def send(self, batch: list[Notification]) -> None:
        for n in batch:
            fp = n.fingerprint
            if n.resolved:
                if self._firing.pop(fp, None) is None:
                    continue  # its firing was never logged (or its resolution already was)
            elif self._firing.get(fp) == n.starts_at:
                continue  # a resend of a firing alert already logged
            else:
                if len(self._firing) >= self.capacity:  # bounded like the queue
                    self._firing.pop(next(iter(self._firing)))
                self._firing[fp] = n.starts_at
            labels = ",".join(f'{k}="{v}"' for k, v in sorted(n.labels.items()))
            summary = n.annotations.get("summary", "")
            if n.resolved:
                log.info("alert resolved {%s} %s", labels, summary)
            else:
                log.warning("alert firing {%s} %s", labels, summary)


class CallbackNotifier(Notifier):
    """Delivers alerts to a Python callable (the agent's `on_alert`, or one named in the config
    and registered with `register_callback`) on the notifier's own thread."""

    kind = "callback"

    def __init__(self, name: str, fn: Callback | str, **kw: Any) -> None:
        super().__init__(name, **kw)
        self._fn = fn

    def send(self, batch: list[Notification]) -> None:
        fn = _callbacks.get(self._fn) if isinstance(self._fn, str) else self._fn
        if fn is None:
            raise LookupError(f"no callback registered as {self._fn!r}")
        fn(batch)


class HttpNotifier(Notifier):
    """POSTs JSON through the bounded client; credentials are read from files at construction."""

    def __init__(
        self,
        name: str,
        url: str,
        *,
        username: str | None = None,
        password: str | None = None,
        bearer_token: str | None = None,
        **kw: Any,
    ) -> None:
        super().__init__(name, **kw)
        self._url = url
        self.target = redact(url)
        self._headers = {"Content-Type": "application/json", "User-Agent": "gpumemd"}
        if username is not None:
            token = base64.b64encode(f"{username}:{password or ''}".encode()).decode()
            self._headers["Authorization"] = f"Basic {token}"
        elif bearer_token is not None:
            self._headers["Authorization"] = f"Bearer {bearer_token}"

    def _post(self, body: Any) -> None:
        data = json.dumps(body).encode()
        require_2xx(
            request(
                self._url,
                method="POST",
                body=data,
                headers=self._headers,
                timeout=self.timeout,
                max_bytes=RESPONSE_BYTES,
                truncate=True,
                cancel=self._cancel,
            )
        )

    def _describe(self, exc: Exception) -> str:
        # Exception text can quote the URL; never let a token in it reach the log.
        return f"{self.target}: " + super()._describe(exc).replace(self._url, self.target)


def alertmanager_alert(n: Notification) -> dict[str, Any]:
    return {
        "labels": dict(n.labels),
        "annotations": dict(n.annotations),
        "startsAt": rfc3339(n.starts_at),
        "endsAt": rfc3339(n.ends_at),
        "generatorURL": n.generator_url,
    }


class AlertmanagerNotifier(HttpNotifier):
    """Alertmanager API v2: `POST /api/v2/alerts` with a JSON array of alerts."""

    kind = "alertmanager"

    def __init__(self, name: str, url: str, **kw: Any) -> None:
        url = url.rstrip("/")
        if not url.endswith("/api/v2/alerts"):
            url += "/api/v2/alerts"
        super().__init__(name, url, **kw)

    def send(self, batch: list[Notification]) -> None:
        self._post([alertmanager_alert(n) for n in batch])


class WebhookNotifier(HttpNotifier):
    """Alertmanager's webhook payload (version 4), one message per batch, so receivers
    written for Alertmanager's webhook_config accept it unchanged."""

    kind = "webhook"

    def __init__(self, name: str, url: str, *, external_url: str = "", **kw: Any) -> None:
        super().__init__(name, url, **kw)
        self.external_url = external_url

    def send(self, batch: list[Notification]) -> None:
        self._post(webhook_payload(batch, receiver=self.name, external_url=self.external_url))


def webhook_payload(
    batch: Sequence[Notification], *, receiver: str, external_url: str = ""
) -> dict[str, Any]:
    alerts = []
    for n in batch:
        a = alertmanager_alert(n)
        a["status"] = "resolved" if n.resolved else "firing"
        a["fingerprint"] = _fingerprint(n)
        alerts.append(a)
    common_labels = _common([n.labels for n in batch])
    names = {n.labels.get("alertname", "") for n in batch}
    group_labels = {"alertname": names.pop()} if len(names) == 1 else {}
    return {
        "version": "4",
        "groupKey": "{}:" + "{" + ",".join(f'{k}="{v}"' for k, v in sorted(group_labels.items())) + "}",
        "truncatedAlerts": 0,
        "status": "firing" if any(not n.resolved for n in batch) else "resolved",
        "receiver": receiver,
        "groupLabels": group_labels,
        "commonLabels": common_labels,
        "commonAnnotations": _common([n.annotations for n in batch]),
        "externalURL": external_url,
        "alerts": alerts,
    }


def _common(maps: Sequence[Any]) -> dict[str, str]:
    if not maps:
        return {}
    first = dict(maps[0])
    return {k: v for k, v in first.items() if all(m.get(k) == v for m in maps[1:])}


def _fingerprint(n: Notification) -> str:
    import hashlib

    text = "\xff".join(f"{k}\xff{v}" for k, v in sorted(n.labels.items()))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _read_secret(path: str | None) -> str | None:
    """A secret file, read as validation read it: a regular file, at most MAX_SECRET_BYTES."""
    if not path:
        return None
    from gpumemd.config import yamlsafe
    from gpumemd.config.schema import MAX_SECRET_BYTES

    return yamlsafe.read_limited(path, MAX_SECRET_BYTES).decode("utf-8").strip()


def build_notifiers(configs: Sequence[NotifierConfig], *, external_url: str = "") -> list[Notifier]:
    """Notifiers from configuration; names default to the type, numbered when repeated."""
    out: list[Notifier] = []
    counts: dict[str, int] = {}
    for c in configs:
        counts[c.type] = counts.get(c.type, 0) + 1
    seen: dict[str, int] = {}
    for c in configs:
        seen[c.type] = seen.get(c.type, 0) + 1
        name = c.name or (c.type if counts[c.type] == 1 else f"{c.type}-{seen[c.type]}")
        kw: dict[str, Any] = dict(
            capacity=c.capacity,
            timeout=c.timeout,
            min_backoff=c.min_backoff,
            max_backoff=c.max_backoff,
            max_batch=c.max_batch,
        )
        if c.type == "log":
            out.append(LogNotifier(name, **kw))
        elif c.type == "callback":
            assert c.callback is not None
            out.append(CallbackNotifier(name, c.callback, **kw))
        else:
            url = c.url if c.url is not None else _read_secret(c.url_file)
            assert url is not None
            auth = dict(
                username=c.username,
                password=_read_secret(c.password_file),
                bearer_token=_read_secret(c.bearer_token_file),
            )
            if c.type == "alertmanager":
                out.append(AlertmanagerNotifier(name, url, **auth, **kw))
            else:
                out.append(WebhookNotifier(name, url, external_url=external_url, **auth, **kw))
    return out


def notifier_families(notifiers: Sequence[Notifier]) -> list[Metric]:
    total = metric("gpumemd_notifications", ["notifier", "result"])
    dropped = metric("gpumemd_notifications_dropped", ["notifier"])
    queued = metric("gpumemd_notification_queue_length", ["notifier"])
    for n in notifiers:
        total.add_metric([n.name, "success"], n.sent)
        total.add_metric([n.name, "failure"], n.failed)
        dropped.add_metric([n.name], n.dropped)
        queued.add_metric([n.name], n.queue_length())
    return [total, dropped, queued]
