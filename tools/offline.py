"""The environment switches that keep the model and tracing libraries offline.

Set them before those libraries are imported. The Makefile and `langgraph.json` export the same set.
"""

from __future__ import annotations

import os

OFFLINE_ENV = {
    "HF_HUB_OFFLINE": "1",
    "TRANSFORMERS_OFFLINE": "1",
    "LANGSMITH_TRACING": "false",
    "LANGGRAPH_CLI_NO_ANALYTICS": "1",
    "LANGGRAPH_NO_VERSION_CHECK": "1",
    "ANONYMIZED_TELEMETRY": "False",
}


def go_offline(*, force: bool = False) -> None:
    """Set every switch; values the user already set are kept unless `force` (tests force them)."""
    for name, value in OFFLINE_ENV.items():
        if force:
            os.environ[name] = value
        else:
            os.environ.setdefault(name, value)
