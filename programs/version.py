"""Version strings recorded in every verifier_evaluation and compiled artifact."""

__version__ = "0.1.0"
RULES_VERSION = "rules-22"  # bump when a rule changes what it decides
PROGRAM_VERSION = f"groundcheck-{__version__}/{RULES_VERSION}"
