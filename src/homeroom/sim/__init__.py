"""Batch simulation: many seeded games on local processes (default) or a Ray cluster."""
