"""Nodes of the MC-Search pipelines (`graphs/mcsearch.py`, `graphs/rag.py`).

The agentic graph: prepare, plan, retrieve, reason (the intermediate answer), finish (the final
answer), and golden (a Golden-F1 run's chain). The baselines: `rag` (their fixed retrieval steps)
then finish. `protocol` holds the tagged text protocol (the conversation a model sees, and how its
replies are read); `embedded` the deterministic stand-in planner of the offline profile.
"""
