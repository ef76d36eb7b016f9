"""The optimizer registry: name -> builder that compiles a student program.

Each builder gets a `CompileJob` and returns the compiled program. Importing this module loads no
DSPy (the CLI lists the names on every start); builders import it when they run.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from groundcheck.programs.errors import ConfigError, require_extra


@dataclass
class CompileJob:
    """What an optimizer needs: target, student, examples, LMs and settings."""

    target: str
    student: Any
    train: list[Any]
    val: list[Any]
    teacher_lm: Any
    reflection_lm: Any
    seed: int
    max_lm_calls: int | None
    threads: int = 1
    options: dict[str, Any] = field(default_factory=dict)

    @property
    def max_demos(self) -> int:
        return int(self.options.get("max_demos", 2))

    @property
    def teacher_settings(self) -> dict[str, Any]:
        return {"lm": self.teacher_lm} if self.teacher_lm is not None else {}

    def metric(self) -> Callable[..., float]:
        from .optimization_metrics import executor_metric, verifier_metric

        return verifier_metric if self.target == "verifier" else executor_metric

    def feedback_metric(self) -> Callable[..., Any]:
        from .optimization_metrics import executor_feedback_metric, verifier_feedback_metric

        return verifier_feedback_metric if self.target == "verifier" else executor_feedback_metric


Builder = Callable[[CompileJob], Any]


def _labeled(job: CompileJob) -> Any:
    from dspy.teleprompt import LabeledFewShot

    if job.target == "executor":
        return LabeledFewShot(k=job.max_demos).compile(job.student, trainset=job.train, sample=False)
    from .optimize import claim_demos

    demos = claim_demos([e.session for e in job.train], job.seed)
    return LabeledFewShot(k=len(demos)).compile(job.student, trainset=demos, sample=False)


def _bootstrap(job: CompileJob) -> Any:
    from dspy.teleprompt import BootstrapFewShot

    return BootstrapFewShot(metric=job.metric(), max_bootstrapped_demos=job.max_demos,
                            max_labeled_demos=job.max_demos, teacher_settings=job.teacher_settings,
                            max_errors=len(job.train)).compile(job.student, trainset=job.train)


def _bootstrap_rs(job: CompileJob) -> Any:
    from dspy.teleprompt import BootstrapFewShotWithRandomSearch

    return BootstrapFewShotWithRandomSearch(
        metric=job.metric(), max_bootstrapped_demos=job.max_demos, max_labeled_demos=job.max_demos,
        teacher_settings=job.teacher_settings, num_candidate_programs=job.options.get("num_candidates", 4),
        num_threads=job.threads, max_errors=len(job.train),
    ).compile(job.student, trainset=job.train, valset=job.val)


def _mipro(job: CompileJob) -> Any:
    import dspy
    from dspy.teleprompt import MIPROv2

    mipro = MIPROv2(metric=job.metric(), prompt_model=job.teacher_lm or dspy.settings.lm,
                    task_model=dspy.settings.lm, teacher_settings=job.teacher_settings,
                    max_bootstrapped_demos=job.max_demos, max_labeled_demos=job.max_demos, auto=None,
                    num_candidates=job.options.get("num_candidates", 3), num_threads=job.threads, seed=job.seed,
                    max_errors=len(job.train) + len(job.val), verbose=False)
    return mipro.compile(job.student, trainset=job.train, valset=job.val,
                         num_trials=job.options.get("num_trials", 3), minibatch=False)


def _gepa(job: CompileJob) -> Any:
    import dspy
    from dspy.teleprompt import GEPA

    metric_calls = job.options.get("max_metric_calls") or max(4 * len(job.val), (job.max_lm_calls or 200) // 2)
    gepa = GEPA(metric=job.feedback_metric(), reflection_lm=job.reflection_lm or dspy.settings.lm,
                max_metric_calls=metric_calls, num_threads=job.threads, seed=job.seed, track_stats=False,
                use_merge=False, reflection_minibatch_size=job.options.get("reflection_minibatch_size", 2))
    return gepa.compile(job.student, trainset=job.train, valset=job.val)


OPTIMIZERS: dict[str, Builder] = {
    "labeled": _labeled,
    "bootstrap": _bootstrap,
    "bootstrap-rs": _bootstrap_rs,
    "mipro": _mipro,
    "gepa": _gepa,
}
OPTIMIZER_NAMES = tuple(OPTIMIZERS)
# optional dependencies an optimizer needs beyond DSPy: (module, extra, feature)
EXTRAS: dict[str, tuple[str, str, str]] = {"mipro": ("optuna", "optimize", "the mipro optimizer")}


def register_optimizer(name: str, builder: Builder) -> None:
    """Add (or replace) an optimizer: `builder(job) -> compiled program`."""
    global OPTIMIZER_NAMES
    OPTIMIZERS[name] = builder
    OPTIMIZER_NAMES = tuple(OPTIMIZERS)


def optimizer_builder(name: str) -> Builder:
    try:
        return OPTIMIZERS[name]
    except KeyError:
        raise ConfigError(f"unknown optimizer {name!r}: one of {', '.join(OPTIMIZERS)}") from None


def check_optimizer_extras(name: str) -> None:
    """Raise `MissingExtraError` (one line naming the pip extra) when the optimizer's dependency is absent."""
    optimizer_builder(name)
    if name in EXTRAS:
        require_extra(*EXTRAS[name])
