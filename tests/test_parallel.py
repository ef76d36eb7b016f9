"""The shared scoring loop: input order, progress in finishing order, bounded concurrency, failure
scores, the error limit and the budget stop."""

import threading
import time

from groundcheck.programs.parallel import DaemonThreadPool, ordered_map, run_scoring


class Budget(Exception):
    pass


def test_results_keep_input_order_while_finishing_out_of_order():
    delays = [0.05 * ((7 * i) % 5) for i in range(20)]
    finished = []
    outcome = run_scoring(lambda i: (time.sleep(delays[i]), i * i)[1], list(range(20)), concurrency=8,
                          progress=False, on_result=lambda index, _r: finished.append(index))
    assert outcome.results == [i * i for i in range(20)]
    assert sorted(finished) == list(range(20)) and finished != list(range(20))
    assert outcome.completed == 20 and outcome.stopped is None


def test_concurrency_is_bounded_and_used():
    lock, state = threading.Lock(), {"now": 0, "max": 0}

    def work(_):
        with lock:
            state["now"] += 1
            state["max"] = max(state["max"], state["now"])
        time.sleep(0.05)
        with lock:
            state["now"] -= 1

    start = time.perf_counter()
    run_scoring(work, list(range(24)), concurrency=6, progress=False)
    assert state["max"] == 6
    assert time.perf_counter() - start < 24 * 0.05 / 2


def test_failures_score_the_failure_value_and_max_errors_stops():
    def flaky(i):
        if i % 3 == 0:
            raise ValueError(f"bad {i}")
        return 1.0

    outcome = run_scoring(flaky, list(range(9)), concurrency=2, failure=lambda _i, _e: 0.0, progress=False)
    assert outcome.results == [0.0, 1.0, 1.0] * 3 and outcome.errors == 3
    assert outcome.first_error.startswith("ValueError: bad")
    stopped = run_scoring(flaky, list(range(60)), concurrency=1, failure=lambda _i, _e: 0.0, max_errors=2,
                          progress=False)
    assert stopped.stopped == "max_errors" and stopped.errors == 3 and None in stopped.results


def test_budget_exception_stops_the_run_without_counting_the_item():
    calls = []

    def spend(i):
        calls.append(i)
        if len(calls) > 5:
            raise Budget()
        return i

    outcome = run_scoring(spend, list(range(50)), concurrency=1, stop_on=(Budget,), progress=False)
    assert outcome.stopped == "budget" and outcome.completed == 5
    assert outcome.results[:5] == [0, 1, 2, 3, 4] and outcome.results[5] is None


def test_ordered_map_yields_exceptions_as_results():
    pool = DaemonThreadPool(3)
    try:
        got = list(ordered_map(pool, lambda x: 1 / x, [1, 0, 2], window=3))
    finally:
        pool.shutdown()
    assert got[0] == (0, 1.0) and isinstance(got[1][1], ZeroDivisionError) and got[2] == (2, 0.5)
