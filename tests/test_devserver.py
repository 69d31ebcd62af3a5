"""``build.py serve``'s server (tools/devserver.py), over HTTP on a small site of its own: the page is sent
gzipped by either of its addresses, and every response carries the headers of cross-origin isolation.

In the browser (the page isolated, compressed files decoded): tests/e2e/test_platform.py.
"""

from __future__ import annotations

import gzip
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from tools.devserver import ISOLATION, SiteServer

PAGE = b"<!doctype html><title>pygames</title>" + b"<p>a page long enough to be worth compressing</p>" * 60


@pytest.fixture(scope="module")
def server(tmp_path_factory) -> SiteServer:
    site = tmp_path_factory.mktemp("site")
    (site / "index.html").write_bytes(PAGE)
    (site / "index.html.gz").write_bytes(gzip.compress(PAGE, mtime=0))
    (site / "bot-worker.mjs").write_text("postMessage({});\n")
    with SiteServer(Path(site)) as running:
        yield running


def get(url: str, encoding: str = "gzip"):
    try:
        return urllib.request.urlopen(urllib.request.Request(url, headers={"Accept-Encoding": encoding}))
    except urllib.error.HTTPError as error:  # a 404 is an answer too
        return error


@pytest.mark.parametrize("path", ["", "index.html"])
def test_the_page_is_sent_gzipped_by_either_address(server, path):
    with get(server.url + path) as response:
        assert response.headers["Content-Encoding"] == "gzip"
        assert response.headers["Content-Type"] == "text/html"
        assert gzip.decompress(response.read()) == PAGE
    with get(server.url + path, encoding="identity") as response:
        assert response.headers["Content-Encoding"] is None
        assert response.read() == PAGE


@pytest.mark.parametrize("path", ["", "index.html", "bot-worker.mjs", "missing.js"])
def test_every_response_carries_the_isolation_headers(server, path):
    with get(server.url + path) as response:
        assert {name: response.headers[name] for name in ISOLATION} == ISOLATION


def test_a_host_without_headers_is_imitated_on_request(tmp_path):
    """``isolation=False``: what a host that cannot send headers serves (the service worker's part)."""
    (tmp_path / "index.html").write_bytes(PAGE)
    with SiteServer(tmp_path, isolation=False) as bare, get(bare.url) as response:
        assert [name for name in ISOLATION if name in response.headers] == []
