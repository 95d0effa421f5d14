"""Extractive reading for the embedded profile: what a question asks, which entity the image shows,
and which short span of the evidence answers it.

The embedded chat model (SmolLM2-135M) cannot see and cannot read reliably, so the offline default
runs PMSR's operators extractively. These modules hold the reading that every extractive operator
(and the agent graphs' embedded policies) shares:
- `question`: the expected answer type, the attribute asked for, and the phrase that points at the
  image ("this lemur", "the person in this portrait");
- `anchor`: which entity the image shows, from the image–text pairs' scores and the text evidence
  that agrees with them, and the entities that entity's evidence links to;
- `spans`: candidate answer spans in evidence lines, ranked against the question's expected type.
- `described`: the entity a question that shows nothing describes instead of naming ("the country
  whose basic unit of money is the quetzal"), which the reader and the follow-up queries then name.
The agent graphs (ProMSA, MC-Search) read their searches as PMSR iterations through `nodes.reading`,
one record per search.
They are written for the shape of a question, not for any dataset.
"""
