"""The README's "Running several servers" and its reverse-proxy example stay in step: the example
file exists, passes WebSockets through to more than one server and needs no stickiness."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_readme_names_a_proxy_example_that_passes_websockets_to_several_servers() -> None:
    readme = (ROOT / "README.md").read_text()
    section = readme.split("### Running several servers", 1)[1].split("\n## ", 1)[0]
    assert "--db postgresql+psycopg://" in section and "deploy/nginx.conf" in section
    conf = (ROOT / "deploy" / "nginx.conf").read_text()
    upstream = re.search(r"upstream homeroom \{(.*?)\}", conf, re.S)
    assert upstream is not None
    servers = re.findall(r"^\s*server (127\.0\.0\.1:\d+);", upstream.group(1), re.M)
    assert len(servers) >= 2
    for port in (s.split(":")[1] for s in servers):  # the README starts the servers the proxy names
        assert f"--port {port}" in section
    assert "proxy_pass http://homeroom;" in conf
    assert "proxy_set_header Upgrade $http_upgrade;" in conf and "proxy_http_version 1.1;" in conf
    assert not re.search(r"^\s*(ip_hash|hash|sticky)\b", conf, re.M)  # any server serves any table
    assert conf.count("{") == conf.count("}")
