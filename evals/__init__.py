"""Datasets, metrics and the evaluation benchmark of groundcheck."""

from .examples import EXAMPLES_DIR, bundled_examples
from .shared import shared_dir

__all__ = ["EXAMPLES_DIR", "bundled_examples", "shared_dir"]
