"""The platform in Chromium: boot, offline, installability, and the update banner."""

from __future__ import annotations

import pytest

import pygames

pytestmark = pytest.mark.e2e

VERSION_ATTR = "document.documentElement.dataset.siteVersion"


def test_boots_ready_without_errors_or_foreign_requests(page, page_log, site, boot):
    boot(page, site.url)
    assert page.locator("#app").inner_text().strip(), "#app is empty"
    wheel = f"{site.url}wheels/pygames-{pygames.__version__}-py3-none-any.whl"
    assert wheel in page_log.requests, "the page did not load this version's wheel"
    assert page.locator("#boot-loading").is_hidden()
    assert page.locator("#boot-error").is_hidden()
    assert page.locator("#update-banner").is_hidden()
    assert page_log.errors == []
    assert page_log.requests, "no request was seen"
    assert page_log.foreign_requests(site.url) == []


def test_works_offline_after_one_visit(page, context, page_log, built_dist, serve, boot):
    server = serve(built_dist)
    boot(page, server.url)
    boot.wait_controlled(page)
    server.stop()
    context.set_offline(True)
    page.reload()
    boot.wait_ready(page)
    # Fragments never reach the worker (the view's router reads them); queries and index.html do.
    boot(page, server.url + "index.html?source=home-screen")
    assert page.evaluate("navigator.serviceWorker.controller !== null")
    assert page_log.errors == []
    # And back online on the same origin: still the same version, no banner.
    context.set_offline(False)
    server.start()
    boot(page, server.url)
    assert page.locator("#update-banner").is_hidden()


def test_installable(profile_context, site, boot):
    page = profile_context.pages[0] if profile_context.pages else profile_context.new_page()
    boot(page, site.url)
    boot.wait_controlled(page)
    cdp = profile_context.new_cdp_session(page)
    errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    assert errors == []
    manifest = cdp.send("Page.getAppManifest")
    assert not manifest.get("errors"), manifest.get("errors")


def test_update_banner_then_new_version(page, page_log, build_module, site_copy, serve, boot):
    root = site_copy()
    server = serve(root)
    boot(page, server.url)
    boot.wait_controlled(page)
    page.wait_for_function(VERSION_ATTR)
    old_version = page.evaluate(VERSION_ATTR)
    assert page.locator("#update-banner").is_hidden()

    # Redeploy: one changed file gives a new precache version.
    css = root / "app.css"
    css.write_text(css.read_text() + '\nhtml { --deploy-marker: "second"; }\n')
    new_version = build_module.stamp_service_worker(root)
    assert new_version != old_version

    marker = "getComputedStyle(document.documentElement).getPropertyValue('--deploy-marker').trim()"
    page.reload()
    boot.wait_ready(page)
    banner = page.locator("#update-banner")
    banner.wait_for(state="visible", timeout=30_000)
    assert "A new version is ready" in banner.inner_text()
    # Until the user says so, the page keeps running the old version's files only.
    assert page.evaluate(marker) == ""
    assert page.evaluate(VERSION_ATTR) == old_version

    with page.expect_navigation():
        page.locator("#update-reload").click()
    boot.wait_ready(page)
    page.wait_for_function(f"{VERSION_ATTR} === {new_version!r}")
    assert page.evaluate(marker) == '"second"'
    assert page.locator("#update-banner").is_hidden()
    assert page_log.errors == []


def test_boot_failure_is_shown(page, site_copy, serve, boot, build_module):
    root = site_copy()
    (root / "app" / "main.py").write_text("raise RuntimeError('deliberate boot failure')\n")
    build_module.stamp_service_worker(root)
    page.goto(serve(root).url)
    page.wait_for_function("document.documentElement.dataset.appState === 'error'", timeout=boot.timeout)
    error = page.locator("#boot-error")
    assert error.is_visible()
    assert "RuntimeError: deliberate boot failure" in error.inner_text()
    assert page.locator("#boot-loading").is_hidden()
