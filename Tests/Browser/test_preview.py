"""The preview page in a real browser (headless Chromium): every Example drawn as the
resolver says, under every SDK profile; stories; right-to-left text; no request offline;
a hostile payload runs nothing; a 10 000-message campaign opens and scrolls."""
import json
import time

import pytest
from playwright.sync_api import expect

from conftest import OUT, ROOT, WIDTH, preview, resolve_json, run_tool

EXAMPLES = sorted(p.relative_to(ROOT) for p in (ROOT / "Examples").rglob("*") if p.suffix in (".json", ".ndjson"))
FIXTURES = ROOT / "Tests/Browser/fixtures"


def visible(page, selector):
    return page.locator(f"{selector}:visible")


def profile_names(page):
    return [label.get_attribute("data-profile") for label in page.locator(".sdk-switch label").all()]


def check_clean(recorder, page):
    """No console error, no uncaught error, no dialog, nothing wider than the phone."""
    assert recorder.errors == []
    assert recorder.dialogs == []
    assert page.evaluate("document.documentElement.scrollWidth") <= WIDTH


@pytest.mark.parametrize("example", EXAMPLES, ids=str)
def test_example_feed_matches_resolve_under_every_profile(recorder, example):
    """Cards: number, kind and order; slide counts; button labels; degraded badges;
    finding codes — under each profile, against `resolve --format json --feed`."""
    path = preview(str(example).replace("/", "_"), "--offline", example)
    rec = recorder()
    page = rec.open(path)
    page.screenshot(path=OUT / f"{str(example).replace('/', '_')}.png", full_page=True)
    for profile in profile_names(page):
        page.locator(f".sdk-switch label[data-profile='{profile}']").click()
        expected = resolve_json(example, profile)
        items = page.locator(".feed .item").all()
        assert len(items) == len(expected), profile
        for item, message in zip(items, expected):
            item.scroll_into_view_if_needed()  # off-screen cards are not laid out (content-visibility)
            assert item.get_attribute("data-pointer") == message["pointer"]
            assert int(item.get_attribute("data-line")) == message["line"]
            cards = visible(item, ".card")
            assert cards.count() == 1
            card = cards.first
            assert card.get_attribute("data-layout") == message["layout"], (profile, message["pointer"])
            drawn_slides = len(message["slides"]) if message["layout"] == "carousel" else 0
            assert card.locator(".slide").count() == drawn_slides
            labels = [button.inner_text() for button in visible(card, ".btn").all()]
            drawn = [button["title"] for button in message["buttons"]] if message["buttonsRendered"] else []
            assert labels == drawn
            assert (visible(item, ".badge[data-requested]").count() == 1) == message["degraded"]
            if message["degraded"]:
                assert visible(item, ".degraded .reason").first.inner_text() == message["reason"]
            assert [code.inner_text() for code in visible(item, ".finding .code").all()] == \
                [finding["code"] for finding in message["diagnostics"]]
            assert visible(card, ".pin").count() == (1 if message["pinned"] else 0)
    assert rec.requests == []
    check_clean(rec, page)


def test_carousel_swipes_with_snapping_and_page_dots(recorder):
    rec = recorder()
    page = rec.open(preview("carousel", "--offline", "Examples/resolve/carousel.json"))
    slides = visible(page, ".card .slides").first
    assert slides.evaluate("e => getComputedStyle(e).scrollSnapType") == "x mandatory"
    assert slides.evaluate("e => e.scrollWidth > e.clientWidth")  # the other slides are off to the side
    dots = visible(page, ".card .dots").first
    assert dots.locator("i").count() == slides.locator(".slide").count() == 4
    assert dots.locator("i.on").count() == 1 and "on" in dots.locator("i").nth(0).get_attribute("class")
    slides.evaluate("e => e.scrollBy(e.clientWidth, 0)")
    expect(dots.locator("i").nth(1)).to_have_class("on")
    assert dots.locator("i.on").count() == 1
    check_clean(rec, page)


def test_profiles_differ_is_highlighted(recorder):
    """A card drawn differently by some SDK is highlighted and says how; the switch shows each drawing."""
    example = "Examples/resolve/buttons.json"
    page = recorder().open(preview("differs", "--offline", example))
    per_profile = {name: resolve_json(example, name) for name in profile_names(page)}
    drawings = {json.dumps([(m["layout"], [(b["title"], b["action"]) for b in m["buttons"]]) for m in messages])
                for messages in per_profile.values()}
    assert len(drawings) > 1
    assert page.locator(".item.differs").count() >= 1
    assert "Differs between SDKs" in page.locator(".item.differs .differs-note").first.inner_text()


def test_verdict_says_when_a_message_does_not_reach_iphones(recorder):
    page = recorder().open(preview("verdict", "--offline", "-",
                                   stdin=b'{"ios_title":"Android only","content":"x","inbox_days":3,"platforms":[3]}'))
    verdict = page.locator(".verdict:visible").first
    assert verdict.get_attribute("data-reaches") == "false"
    assert "iOS" in verdict.inner_text()


def test_rule_explanation_is_one_click_away(recorder):
    page = recorder().open(preview("explanation", "--offline", "Examples/resolve/degraded-no-slides.json"))
    finding = page.locator(".finding[data-rule='IK203']:visible").first
    assert finding.locator(".explanation").inner_text() == ""
    finding.locator("summary").click()
    expect(finding.locator(".explanation p").first).to_be_visible()  # filled in on the toggle event
    explained = finding.locator(".explanation").inner_text()
    assert "classic" in explained and len(explained) > 80


def test_stories_storyboard_and_player(recorder):
    """Pages, duration bar, total, button; the player advances on its own after each
    page's duration, goes back and forth with the left and right thirds, and ends."""
    stories = json.loads(run_tool("stories", "--format", "json", "Examples/stories/notification.json").stdout)["stories"]
    rec = recorder()
    page = rec.open(preview("story", "--offline", "Examples/stories/notification.json"))
    story = page.locator(".story").first
    assert int(story.get_attribute("data-pages")) == len(stories[0]["pages"])
    assert story.locator(".timeline rect").count() == len(stories[0]["pages"])
    assert story.locator(".total").inner_text() == "17.5"
    assert story.locator(".player .segments span").count() == 3
    assert [b.inner_text() for b in story.locator(".pages .page-button .label").all()] == \
        [p["buttonTitle"] for p in stories[0]["pages"] if p["showsButton"]]
    player = story.locator(".player")
    player.locator(".play-story").click()
    assert player.get_attribute("data-state") == "playing" and player.get_attribute("data-page") == "0"
    player.locator(".tap.next").click()
    assert player.get_attribute("data-page") == "1"
    assert "Jackets" in player.locator(".story-page.current").inner_text()
    player.locator(".tap.back").click()
    assert player.get_attribute("data-page") == "0"
    story.screenshot(path=OUT / "story-player.png")
    player.locator(".tap.next").click()
    player.locator(".story-page.current .story-button").click()
    assert player.get_attribute("data-state") == "ended"
    link = stories[0]["pages"][1]["link"]
    assert player.locator(".ended p").inner_text() == f"Opens {link} and dismisses the notification"
    check_clean(rec, page)

    quick = b'{"aps":{"alert":{"title":"T","body":"B"},"category":"PW_STORIES","mutable-content":1},' \
            b'"pw_stories":{"pages":[{"image":"https://x.example/1.jpg","duration":0.4},' \
            b'{"image":"https://x.example/2.jpg","duration":0.4}]}}'
    page = rec.open(preview("story-timing", "--offline", "-", stdin=quick))
    player = page.locator(".player").first
    started = time.monotonic()
    player.locator(".play-story").click()
    page.wait_for_selector(".player[data-page='1']", timeout=3000)  # no eval: the page's CSP forbids it
    page.wait_for_selector(".player[data-state='ended']", timeout=3000)
    assert time.monotonic() - started >= 0.75


def test_story_fallback_shows_default_notification(recorder):
    stories = json.loads(run_tool("stories", "--format", "json", "Examples/stories/fallbacks.json").stdout)["stories"]
    page = recorder().open(preview("fallbacks", "--offline", "Examples/stories/fallbacks.json"))
    fallbacks = page.locator(".story[data-fallback='true']")
    assert fallbacks.count() == sum(1 for story in stories if story["fallback"])
    assert fallbacks.first.locator(".notification").count() == 1


def test_right_to_left_and_scripts(recorder):
    """Arabic is laid out right to left; Devanagari, Tamil and emoji stay intact; long
    words wrap inside the card."""
    source = json.loads((FIXTURES / "rtl-scripts.json").read_text())["request"]["notifications"]
    rec = recorder()
    page = rec.open(preview("rtl-scripts", "--offline", FIXTURES / "rtl-scripts.json"))
    titles = visible(page, ".card .title")
    by_text = {title.inner_text(): title for title in titles.all()}
    arabic = by_text[source[0]["ios_title"]]
    assert arabic.evaluate("e => getComputedStyle(e).direction") == "rtl"
    assert visible(page, ".card .body").first.evaluate("e => getComputedStyle(e).direction") == "rtl"
    assert visible(page, ".btn").first.evaluate("e => getComputedStyle(e).direction") == "rtl"
    assert page.locator(".slide figcaption").first.evaluate("e => getComputedStyle(e).direction") == "rtl"
    assert by_text[source[2]["ios_title"]].evaluate("e => getComputedStyle(e).direction") == "ltr"
    assert source[1]["ios_title"] in by_text and source[2]["ios_title"] in by_text
    bodies = [body.inner_text() for body in visible(page, ".card .body").all()]
    assert source[1]["content"] in bodies and source[2]["content"] in bodies
    for text in visible(page, ".card .title, .card .body").all():
        assert text.evaluate("e => e.scrollWidth <= e.clientWidth")
    page.screenshot(path=OUT / "rtl-scripts.png", full_page=True)
    check_clean(rec, page)


def test_dark_appearance(recorder):
    rec = recorder("dark")
    page = rec.open(preview("dark", "--offline", "Examples/resolve"))
    assert page.evaluate("getComputedStyle(document.querySelector('.phone')).backgroundColor") == "rgb(0, 0, 0)"
    assert visible(page, ".card").first.evaluate("e => getComputedStyle(e).backgroundColor") != "rgb(255, 255, 255)"
    page.screenshot(path=OUT / "dark.png")
    check_clean(rec, page)


def test_offline_makes_no_request(recorder):
    rec = recorder()
    page = rec.open(preview("offline", "--offline", "Examples/resolve", "Examples/stories", FIXTURES))
    page.mouse.wheel(0, 20000)
    page.wait_for_timeout(200)
    assert page.locator("img").count() == 0
    assert "img-src 'none'" in page.locator("meta[http-equiv='Content-Security-Policy']").get_attribute("content")
    assert rec.requests == []
    check_clean(rec, page)


PIXEL = bytes.fromhex("89504e470d0a1a0a0000000d4948445200000001000000010806000000"
                      "1f15c4890000000d49444154789c6360f8cf000000030101001818dd8d0000000049454e44ae426082")


def test_online_loads_only_the_payloads_image_urls(recorder):
    """Images come from the payload's own http(s) URLs, and nothing else is requested."""
    rec = recorder()
    rec.page.route("**/*", lambda route: route.continue_() if route.request.url.startswith("file:")
                   else route.fulfill(status=200, content_type="image/png", body=PIXEL))
    page = rec.open(preview("online", "Examples/resolve/carousel.json", "Examples/resolve/captioned.json"))
    page.locator(".slides").first.evaluate("e => e.scrollBy(10000, 0)")
    page.wait_for_timeout(300)
    carousel = resolve_json("Examples/resolve/carousel.json")[0]
    captioned = resolve_json("Examples/resolve/captioned.json")[0]
    allowed = {slide["image"] for slide in carousel["slides"]} | {captioned["image"]}
    assert rec.requests and set(rec.requests) <= allowed
    check_clean(rec, page)


@pytest.mark.parametrize("mode", ["offline", "online"])
def test_hostile_payload_runs_nothing(recorder, mode):
    rec = recorder()
    rec.page.route("**/*", lambda route: route.continue_() if route.request.url.startswith("file:")
                   else route.fulfill(status=200, content_type="image/png", body=PIXEL))
    arguments = ["--offline"] if mode == "offline" else []
    page = rec.open(preview(f"hostile-{mode}", *arguments, FIXTURES / "hostile.json"))
    for summary in page.locator("summary").all():
        if summary.is_visible():
            summary.click()
    for label in page.locator(".sdk-switch label").all():
        label.click()
    page.locator(".player .play-story").first.click()
    page.wait_for_timeout(1300)
    assert page.evaluate("window.__pwned") is None
    assert page.locator("script").count() == 1
    assert page.locator("iframe, [onerror], [onload], [onmouseover]").count() == 0
    assert all(url.startswith(("http://", "https://")) for url in rec.requests)
    assert "<script>window.__pwned=1</script>" in visible(page, ".card .title").first.text_content()
    page.screenshot(path=OUT / f"hostile-{mode}.png", full_page=True)
    check_clean(rec, page)


def test_ten_thousand_messages_open_and_scroll(recorder, tmp_path):
    """A 10 000-message campaign: the page is built, opens with the first cards drawn and
    the rest added as the reader scrolls. Prints the file size and the times."""
    lines = []
    for index in range(10_000):
        kind = ["classic", "captioned", "banner", "carousel"][index % 4]
        data = {"displayType": kind, "image": f"https://cdn.example.com/c/{index}.jpg",
                "carousel": [{"image": f"https://cdn.example.com/s/{index}-{n}.jpg", "title": f"Slide {n}"} for n in range(3)],
                "buttons": [{"title": "Open", "url": f"https://shop.example.com/{index}"}], "pinned": index % 997 == 0}
        lines.append(json.dumps({"send_date": f"2026-11-{1 + index % 28:02d} 09:00", "ios_title": f"Offer {index}",
                                 "content": "Ten per cent off everything in the store this week.", "inbox_days": 7,
                                 "platforms": [1], "data": data}))
    campaign = tmp_path / "campaign.ndjson"
    campaign.write_text("\n".join(lines) + "\n")
    started = time.monotonic()
    path = preview("campaign-10000", "--offline", campaign)
    built = time.monotonic() - started
    rec = recorder()
    started = time.monotonic()
    page = rec.open(path)
    opened = time.monotonic() - started
    first = page.locator(".feed .item").count()
    assert 0 < first < 10_000
    for _ in range(5):
        page.mouse.wheel(0, 60_000)
        page.wait_for_timeout(150)
    assert page.locator(".feed .item").count() > first
    pinned = [index for index in range(10_000) if index % 997 == 0]
    newest = max(pinned, key=lambda index: (index % 28, -index))  # pinned first, then the newest
    assert page.locator(".feed .item").first.get_attribute("data-line") == str(newest + 1)
    check_clean(rec, page)
    print(f"\n10 000 messages: {path.stat().st_size / 1e6:.1f} MB, built in {built:.2f} s, opened in {opened:.2f} s")
