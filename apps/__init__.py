"""Entry points: the batch and score command line, the served graphs, the MCP server, the dev evaluation."""
