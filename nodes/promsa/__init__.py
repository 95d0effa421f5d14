"""Nodes of the ProMSA agent graph (`graphs/promsa.py`): prepare, policy, the two searches, answer.

`protocol` holds how the policy talks to a model (native tool calls or tagged text, and their
parsing) and `embedded` the deterministic stand-in policy of the offline profile.
"""
