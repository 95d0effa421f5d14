"""Nodes of the PMSR graph (`graphs/pmsr.py`): describe, formulate, search (and its web variants), record,
answer.

`web` and `summarize` are the web-equipped variant's tools: web search, page fetching and summaries.
"""
