"""The project's exception types.

Every failure a user can cause or fix (a server that is down, a model that does not exist, an image
that cannot be read, a knowledge base built with other embedders) raises a subclass of `PMSRError`
whose message is one line: what went wrong, where (URL or path), and how to fix it.
"""

from __future__ import annotations


class PMSRError(ValueError):
    """Base class: a one-line, user-facing message saying what failed and how to fix it.

    It derives from `ValueError` because the LangGraph API server (`langgraph dev`) passes the
    message of builtin error types through to remote clients and hides all others.
    """


class ConfigError(PMSRError):
    """A setting or model spec that cannot be used as given."""


class BackendUnavailable(PMSRError):
    """A model server, Chroma server or web endpoint that cannot be reached in time."""


class ModelNotFound(PMSRError):
    """A model name unknown to its server, or a local checkpoint path that does not exist."""


class ImageError(PMSRError):
    """An image that is missing, unreadable or not an image."""


class KBError(PMSRError):
    """A knowledge base that is missing, or was built with different embedders."""


class InputError(PMSRError):
    """A question or dataset line that cannot be used (empty question, malformed JSON)."""
