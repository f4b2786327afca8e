"""The ``homeroom`` command."""
