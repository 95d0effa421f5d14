"""The bottom layer: run settings, graph states, result records and errors. Imports no other package here."""
