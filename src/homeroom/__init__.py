"""homeroom: play and simulate school-themed modern board games, faithful to their rulebooks."""

__version__ = "0.1.0"
ENGINE_VERSION = "1"
"""Bumped whenever a rules change makes old replays play out differently."""
