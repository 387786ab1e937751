"""One event bus for the app's models: observers subscribe, events are delivered in one order.

Events emitted while observers handle an event are queued behind it, so every
observer sees every event in the same order.  Used by the play session, the
lesson session and the browser keeper.
"""

from __future__ import annotations

import logging
from collections import deque
from collections.abc import Callable, Iterable
from typing import Generic, TypeVar

__all__ = ["EventBus"]

E = TypeVar("E")

log = logging.getLogger(__name__)


class EventBus(Generic[E]):
    """Observers of events of type ``E``, called in the order they subscribed.

    >>> bus: EventBus[str] = EventBus()
    >>> seen = []
    >>> def first(event):
    ...     seen.append(("first", event))
    ...     if event == "a":
    ...         bus.emit("b")  # queued: every observer sees "a" before "b"
    >>> _ = bus.subscribe(first)
    >>> _ = bus.subscribe(lambda event: seen.append(("second", event)))
    >>> bus.emit("a")
    >>> seen
    [('first', 'a'), ('second', 'a'), ('first', 'b'), ('second', 'b')]
    """

    def __init__(self) -> None:
        self._observers: list[Callable[[E], object]] = []
        self._queue: deque[E] = deque()
        self._dispatching = False
        self._closed = False

    @property
    def closed(self) -> bool:
        """True once :meth:`close` was called: nothing is delivered any more."""
        return self._closed

    def subscribe(self, observer: Callable[[E], object]) -> Callable[[], None]:
        """Call ``observer(event)`` for every event from now on, after the observers already there.

        Returns a function that unsubscribes it (safe to call twice).
        """
        self._observers.append(observer)

        def unsubscribe() -> None:
            if observer in self._observers:
                self._observers.remove(observer)

        return unsubscribe

    def emit(self, *events: E) -> None:
        """Deliver ``events`` to every observer, in order; inside a delivery, queue them behind it.

        An exception in an observer propagates to the caller and drops what is
        still queued (the caller restores its state, see :meth:`deliver_each`).
        """
        if self._closed:
            return
        self._queue.extend(events)
        if self._dispatching:  # delivered by the loop below, after the event being handled
            return
        self._dispatching = True
        try:
            while self._queue:
                event = self._queue.popleft()
                for observer in list(self._observers):
                    observer(event)
        finally:
            self._dispatching = False
            self._queue.clear()

    def deliver_each(self, events: Iterable[E]) -> None:
        """Drop what is queued and give every observer ``events`` now, each its chance:
        an exception in one observer is logged and the next still gets the event (after a failure)."""
        self._queue.clear()
        self._dispatching = False
        if self._closed:
            return
        for event in events:
            for observer in list(self._observers):
                try:
                    observer(event)
                except Exception:  # noqa: BLE001 - each observer gets its chance
                    log.exception("TriPeaks observer failed on %s", type(event).__name__)

    def close(self) -> None:
        """Forget every observer and every queued event; later events go nowhere."""
        self._closed = True
        self._observers.clear()
        self._queue.clear()
