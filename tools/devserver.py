"""The development server (``build.py serve``, and every end-to-end test's and bench's): dist/ on
127.0.0.1, with the right types for .wasm and .mjs, the build's .gz copies sent to browsers that accept
gzip, the page's Content-Security-Policy also sent as a header, and the headers that make the page
cross-origin isolated (``ISOLATION``)."""

from __future__ import annotations

import email.utils
import functools
import http
import http.server
import os
import sys
import threading
import time
import urllib.parse
from pathlib import Path
from typing import BinaryIO

from tools.site import DIST, build
from tools.site.assemble import CSP_HEADER_ONLY, CSP_META
from tools.site.project import log

# Cross-origin isolation (``self.crossOriginIsolated``: SharedArrayBuffer, precise timers), on every
# response: the page's, its workers' scripts' (a dedicated worker of an isolated page must say
# ``require-corp`` itself or it does not load) and the rest. ``require-corp`` rather than
# ``credentialless``: every file of the site is on this origin, which both allow without a
# Cross-Origin-Resource-Policy, and WebKit implements only ``require-corp``. The service worker adds the
# same to what it serves when a host sends neither (service-worker.js).
ISOLATION = {"Cross-Origin-Opener-Policy": "same-origin", "Cross-Origin-Embedder-Policy": "require-corp"}


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".webmanifest": "application/manifest+json",
        ".whl": "application/zip",
        ".zip": "application/zip",
        ".toml": "text/plain",
        ".py": "text/x-python",
        ".json": "application/json",
    }
    quiet = True
    isolation = True  # False: a host that cannot send them (the service worker's part, tested)

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        self.send_header("Vary", "Accept-Encoding")
        for name, value in ISOLATION.items() if self.isolation else ():
            self.send_header(name, value)
        policy = self.page_policy()
        if policy:
            self.send_header("Content-Security-Policy", policy)
        super().end_headers()

    def page_policy(self) -> str | None:
        """For the page itself: index.html's own policy as a header, with what only a header can say."""
        path = urllib.parse.urlsplit(self.path).path
        if path not in ("/", "/index.html"):
            return None
        try:
            found = CSP_META.search(Path(self.directory, "index.html").read_text(encoding="utf-8"))
        except OSError:
            return None
        return f"{found.group(1)}; {CSP_HEADER_ONLY}" if found else None

    def send_head(self) -> BinaryIO | None:
        """A file's ``.gz`` copy (written by the build) with ``Content-Encoding: gzip`` when the browser
        accepts it and the copy is not older than the file; else the file itself."""
        path = self.translate_path(self.path)
        if os.path.isdir(path):  # the directory's index.html, as the base class would send it
            index = os.path.join(path, "index.html")
            if os.path.isfile(index) and urllib.parse.urlsplit(self.path).path.endswith("/"):
                path = index
        packed = path + ".gz"
        accepts = "gzip" in self.headers.get("Accept-Encoding", "")
        if not (accepts and os.path.isfile(path) and os.path.isfile(packed)
                and os.path.getmtime(packed) >= os.path.getmtime(path)):
            return super().send_head()
        modified = os.path.getmtime(path)
        since = self.headers.get("If-Modified-Since")
        if since and "If-None-Match" not in self.headers:
            try:
                if int(modified) <= email.utils.parsedate_to_datetime(since).timestamp():
                    self.send_response(http.HTTPStatus.NOT_MODIFIED)
                    self.end_headers()
                    return None
            except (TypeError, ValueError, IndexError, OverflowError):
                pass
        handle = open(packed, "rb")  # noqa: SIM115 (the base class closes what send_head returns)
        self.send_response(http.HTTPStatus.OK)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(os.fstat(handle.fileno()).st_size))
        self.send_header("Last-Modified", self.date_time_string(modified))
        self.end_headers()
        return handle

    def copyfile(self, source: BinaryIO, outputfile: BinaryIO) -> None:
        """Send a file body, counting the bytes (``SiteServer.stats``, used by the page benchmark)."""
        sent = 0
        while block := source.read(1 << 16):
            outputfile.write(block)
            sent += len(block)
        stats = getattr(self.server, "site_stats", None)
        if stats is not None:
            stats.add(self.path, sent)

    def log_message(self, format: str, *args) -> None:  # noqa: A002 (signature of the base class)
        if not self.quiet:
            super().log_message(format, *args)


class TransferStats:
    """Files sent (200 responses) and their body bytes, per SiteServer; 304s are not counted."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self.files_sent = 0
        self.body_bytes = 0

    def add(self, path: str, size: int) -> None:
        with self._lock:
            self.files_sent += 1
            self.body_bytes += size

    def snapshot(self) -> tuple[int, int]:
        with self._lock:
            return self.files_sent, self.body_bytes


class _HTTPServer(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address) -> None:
        if isinstance(sys.exc_info()[1], ConnectionError):
            return  # the browser dropped a connection (navigation, reload, offline test): normal
        super().handle_error(request, client_address)


class SiteServer:
    """A static server for one directory on 127.0.0.1, run in a background thread.

    ``port=0`` picks a free port on the first start; ``stop()`` then ``start()`` serves again on
    the same port (same origin, so the page's service worker and storage stay the same).
    ``isolation=False`` leaves out the headers of cross-origin isolation, as a host that cannot send
    headers would.
    """

    def __init__(self, directory: Path, port: int = 0, quiet: bool = True, isolation: bool = True) -> None:
        self.directory = Path(directory)
        self.port = port
        self.quiet = quiet
        self.isolation = isolation
        self.stats = TransferStats()
        self._httpd: _HTTPServer | None = None
        self._thread: threading.Thread | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    def start(self) -> SiteServer:
        handler = functools.partial(type("Handler", (SiteHandler,), {"quiet": self.quiet, "isolation": self.isolation}),
                                    directory=str(self.directory))
        self._httpd = _HTTPServer(("127.0.0.1", self.port), handler)
        self._httpd.site_stats = self.stats
        self.port = self._httpd.server_address[1]
        self._thread = threading.Thread(
            target=self._httpd.serve_forever, name=f"site:{self.port}", daemon=True
        )
        self._thread.start()
        return self

    def stop(self) -> None:
        if self._httpd:
            self._httpd.shutdown()
            self._httpd.server_close()
            self._httpd = None

    def __enter__(self) -> SiteServer:
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()


def serve(port: int, no_build: bool) -> None:
    if not no_build:
        build()
    if not (DIST / "index.html").exists():
        raise SystemExit("dist/ is not built: run python3 build.py")
    server = SiteServer(DIST, port, quiet=False).start()
    log(f"serving {DIST} at {server.url} (Ctrl-C to stop)")
    try:
        while True:
            time.sleep(3600)
    except KeyboardInterrupt:
        server.stop()
