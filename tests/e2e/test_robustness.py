"""Long text from links, saves and the move box never widens the page."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.e2e

WIDER = "document.documentElement.scrollWidth - window.innerWidth"


@pytest.mark.parametrize("width", [1280, 390])
def test_long_seed_and_long_bad_move_leave_the_page_no_wider_than_the_viewport(app, width):
    page, page_log = app.page, app.log
    page.set_viewport_size({"width": width, "height": 800})
    seed = "s" * 2000
    app.open(f"matterhorn?v=1&players=2&seed={seed}&moves=&seats=human,human")
    assert page.evaluate(WIDER) <= 0
    assert page.get_attribute("header .seed", "title") == seed  # the full value is kept
    page.fill("#move-input", "C:12." + "9" * 5000)
    page.press("#move-input", "Enter")
    page.wait_for_selector("#play-message")
    assert page.evaluate(WIDER) <= 0
    page.click("#btn-home")
    page.wait_for_selector('[data-page="home"] .save')
    assert page.evaluate(WIDER) <= 0
    app.open(f"k3?v=1&players=2&seed=a&moves=P:{'4' * 5000}.0>1.0", until="#notice")
    assert page.evaluate(WIDER) <= 0
    assert len(page.inner_text("#notice")) < 600
    assert page_log.errors == []
