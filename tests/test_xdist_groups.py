"""The suite's xdist groups take effect: tests that share a browser and a server, a PostgreSQL
server, a Ray cluster or a trained model run on one worker. pytest 9.2 silently stopped xdist's
``--dist loadgroup`` from grouping (pytest-xdist issue 1386): each group's tests ran on both workers,
each starting its own servers and recomputing module fixtures. (A browser test running before an
``asyncio.run`` test in the same worker broke it too; tests now use ``fresh_loop.run``, which does not care.)"""

from __future__ import annotations

import pytest


@pytest.mark.xdist_group("xdist-check")
def test_a_grouped_test_is_sent_with_its_group(request: pytest.FixtureRequest) -> None:
    if not getattr(request.config.option, "loadgroup", False):
        pytest.skip("not run by xdist with --dist loadgroup (make test does)")
    assert request.node.nodeid.endswith("@xdist-check"), (
        f"xdist did not group {request.node.nodeid}: this pytest breaks --dist loadgroup (see pyproject.toml)")
