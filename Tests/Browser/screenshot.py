"""Makes README's screenshot (`make screenshot`): a preview of bundled Examples, taken in
headless Chromium as an iPhone screen (390 x 844 CSS px at 2x) in its frame.

usage: python3 Tests/Browser/screenshot.py OUTPUT.png [EXAMPLE...]"""
import pathlib
import sys

from playwright.sync_api import sync_playwright

from conftest import CHROMIUM, OUT, ROOT, run_tool

EXAMPLES = ["Examples/resolve/feed.json", "Examples/resolve/carousel.json", "Examples/resolve/video.json",
            "Examples/resolve/wallet.json", "Examples/resolve/captioned.json"]


def main():
    target = pathlib.Path(sys.argv[1])
    examples = sys.argv[2:] or EXAMPLES
    OUT.mkdir(parents=True, exist_ok=True)
    page_file = OUT / "screenshot.html"
    done = run_tool("preview", "--offline", "-o", page_file, *examples)
    if done.returncode not in (0, 1):
        sys.exit(done.stderr.decode())
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM)
        # The CSP is bypassed only here, to cut the page to one screen for the picture.
        context = browser.new_context(viewport={"width": 480, "height": 940}, device_scale_factor=2, bypass_csp=True)
        page = context.new_page()
        page.goto(page_file.as_uri())
        page.add_style_tag(content=".phone{height:844px;min-height:0;overflow:hidden}body{background:#fff}")
        box = page.locator(".phone").bounding_box()
        margin = 14
        page.screenshot(path=target, clip={"x": box["x"] - margin, "y": box["y"] - margin,
                                           "width": box["width"] + 2 * margin, "height": box["height"] + 2 * margin})
        browser.close()
    print(f"wrote {target}")


if __name__ == "__main__":
    main()
