"""The one scoring loop of groundcheck: eval, `verify .jsonl`, optimize scoring and eval-executor.

Many calls in flight (threads for LM-bound work, processes for CPU-bound rules), results in input
order, progress as items finish (not in order), a failure score for an item that raised, an error
limit and a budget stop like DSPy's `Evaluate`, and Ctrl-C that keeps what finished.
"""

from __future__ import annotations

import os
import queue
import signal
import threading
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

T = TypeVar("T")
R = TypeVar("R")

DEFAULT_LM_CONCURRENCY = 32  # LM calls in flight: a 1 s model gives up to ~30 sessions/s (CPU permitting)
MAX_ERRORS_DEFAULT = None  # no limit unless asked


def default_processes() -> int:
    """Processes for CPU-bound work: the cores this process may use."""
    try:
        return max(len(os.sched_getaffinity(0)), 1)
    except AttributeError:  # not Linux
        return os.cpu_count() or 1


def _ignore_sigint() -> None:
    """Worker processes leave Ctrl-C to the parent, which stops cleanly (no traceback per worker)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def process_pool(workers: int) -> ProcessPoolExecutor:
    return ProcessPoolExecutor(max_workers=workers, initializer=_ignore_sigint)


class DaemonThreadPool(Executor):
    """A thread pool whose threads do not hold up the interpreter's exit.

    After Ctrl-C the calls in flight (an LM request can take a minute) are abandoned, not waited for:
    the run has already kept what finished. `concurrent.futures.ThreadPoolExecutor` joins its
    threads at exit, which would also let abandoned calls log errors while the interpreter shuts down.
    """

    def __init__(self, max_workers: int, thread_name_prefix: str = "groundcheck") -> None:
        self._max = max(max_workers, 1)
        self._prefix = thread_name_prefix
        self._queue: queue.SimpleQueue = queue.SimpleQueue()
        self._threads: list[threading.Thread] = []
        self._lock = threading.Lock()
        self._closed = False

    def submit(self, fn: Callable[..., R], /, *args: Any, **kwargs: Any) -> Future:
        future: Future = Future()
        with self._lock:
            if self._closed:
                raise RuntimeError("cannot submit to a pool that was shut down")
            self._queue.put((future, fn, args, kwargs))
            if len(self._threads) < self._max:
                thread = threading.Thread(target=self._work, name=f"{self._prefix}-{len(self._threads)}", daemon=True)
                self._threads.append(thread)
                thread.start()
        return future

    def _work(self) -> None:
        while True:
            item = self._queue.get()
            if item is None:
                return
            future, fn, args, kwargs = item
            if future.set_running_or_notify_cancel():
                try:
                    future.set_result(fn(*args, **kwargs))
                except BaseException as exc:  # the caller sees it as the item's result
                    future.set_exception(exc)

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        with self._lock:
            self._closed = True
        if cancel_futures:
            while True:
                try:
                    item = self._queue.get_nowait()
                except queue.Empty:
                    break
                if item is not None:
                    item[0].cancel()
        for _ in self._threads:
            self._queue.put(None)
        if wait:
            for thread in self._threads:
                thread.join()


def ordered_map(
    pool: Executor,
    fn: Callable[[T], R],
    items: Iterable[T],
    *,
    window: int,
    on_done: Callable[[int, R | BaseException], None] | None = None,
    stop: Callable[[], bool] | None = None,
) -> Iterator[tuple[int, R | BaseException]]:
    """`fn` over `items` on `pool`, at most `window` in flight; yields `(index, result)` in input order.

    `on_done(index, result)` runs in the caller's thread as each item finishes, in finishing order
    (progress bars, appending results to a file). An exception raised by `fn` is the item's result.
    On Ctrl-C (or when the consumer stops early) pending items are cancelled; in-flight ones finish
    in the background and are dropped. `stop()` true (checked after each finished batch) ends the
    run early: no more items are submitted and the ones in flight are dropped.
    """
    iterator = iter(enumerate(items))
    pending: dict[Future, int] = {}
    finished: dict[int, R | BaseException] = {}
    next_out = 0
    exhausted = False
    try:
        while True:
            while not exhausted and len(pending) < window:
                try:
                    index, item = next(iterator)
                except StopIteration:
                    exhausted = True
                    break
                pending[pool.submit(fn, item)] = index
            while next_out in finished:
                yield next_out, finished.pop(next_out)
                next_out += 1
            if not pending:
                if exhausted:
                    return
                continue
            done, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                index = pending.pop(future)
                exc = future.exception()
                result: R | BaseException = exc if exc is not None else future.result()
                if on_done is not None:
                    on_done(index, result)
                finished[index] = result
            if stop is not None and stop():
                return
    finally:
        for future in pending:
            future.cancel()


@dataclass
class LoopOutcome(Generic[R]):
    """What a scoring run produced: results in input order (`None` where an item never ran)."""

    results: list[R | None]
    completed: int = 0
    errors: int = 0
    stopped: str | None = None  # "interrupted", "budget", "max_errors", or None when every item ran
    first_error: str | None = None
    error_indices: list[int] = field(default_factory=list)

    @property
    def interrupted(self) -> bool:
        return self.stopped == "interrupted"


def run_scoring(
    fn: Callable[[T], R],
    items: list[T],
    *,
    concurrency: int = DEFAULT_LM_CONCURRENCY,
    failure: Callable[[T, BaseException], R] | None = None,
    max_errors: int | None = MAX_ERRORS_DEFAULT,
    stop_on: tuple[type[BaseException], ...] = (),
    progress: bool = True,
    desc: str = "score",
    unit: str = "item",
    on_result: Callable[[int, R], None] | None = None,
) -> LoopOutcome[R]:
    """`fn` over `items` with `concurrency` threads; never raises for an item, never on Ctrl-C.

    Args:
        failure: the result for an item whose call raised (e.g. a score of 0); without it the
            exception itself is re-raised after the run.
        max_errors: stop once more items than this have failed.
        stop_on: exception types that stop the run (e.g. a spent LM-call budget); the item is not
            counted as done.
        on_result: called in this thread with `(index, result)` as each item finishes.
    """
    from tqdm import tqdm

    outcome: LoopOutcome[R] = LoopOutcome(results=[None] * len(items))
    bar = tqdm(total=len(items), desc=desc, unit=unit, disable=not progress or None, mininterval=0.5)
    stop = False

    def finished(index: int, result: R | BaseException) -> None:
        nonlocal stop
        if isinstance(result, stop_on):
            outcome.stopped = outcome.stopped or "budget"
            stop = True
            return
        if isinstance(result, BaseException):
            outcome.errors += 1
            outcome.error_indices.append(index)
            outcome.first_error = outcome.first_error or f"{type(result).__name__}: {result}"
            if failure is None:
                raise result
            result = failure(items[index], result)
            if max_errors is not None and outcome.errors > max_errors:
                outcome.stopped = outcome.stopped or "max_errors"
                stop = True
        outcome.results[index] = result
        outcome.completed += 1
        bar.update(1)
        if on_result is not None:
            on_result(index, result)

    pool = DaemonThreadPool(max(concurrency, 1), thread_name_prefix="groundcheck-score")
    try:
        for _ in ordered_map(pool, fn, items, window=max(concurrency, 1), on_done=finished, stop=lambda: stop):
            pass
    except KeyboardInterrupt:
        outcome.stopped = "interrupted"
    finally:
        pool.shutdown(wait=False, cancel_futures=True)
        bar.close()
    return outcome
