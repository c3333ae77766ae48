"""Shared fixtures of the browser tests: the tool, a headless Chromium, and a page that
records what the preview does (console messages, errors, requests, dialogs)."""
import json
import os
import pathlib
import subprocess

import pytest
from playwright.sync_api import sync_playwright

ROOT = pathlib.Path(__file__).resolve().parents[2]
TOOL = pathlib.Path(os.environ.get("INBOX_INSPECTOR", ROOT / ".build/debug/inbox-inspector"))
OUT = pathlib.Path(os.environ.get("BROWSER_TEST_OUTPUT", ROOT / ".build/browser-tests"))
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
WIDTH = 390  # an iPhone's width in CSS pixels


def run_tool(*arguments, stdin=None):
    """Runs inbox-inspector from the repository root and returns the completed process."""
    return subprocess.run([str(TOOL), *map(str, arguments)], cwd=ROOT, input=stdin, capture_output=True, check=False)


def resolve_json(path, profile=None):
    """`resolve --format json --feed` of one input under one profile (the default one when
    None, which is also the one the preview shows first): the expected feed."""
    done = run_tool("resolve", "--format", "json", "--feed", *(["--sdk", profile] if profile else []), path)
    messages = json.loads(done.stdout)["messages"]
    return sorted(messages, key=lambda message: message["feedPosition"])


def preview(name, *arguments, stdin=None):
    """Writes a preview page into the test output and returns its path."""
    OUT.mkdir(parents=True, exist_ok=True)
    target = OUT / f"{name}.html"
    done = run_tool("preview", "-o", target, *arguments, stdin=stdin)
    assert done.returncode in (0, 1), done.stderr.decode()
    assert target.exists()
    return target


@pytest.fixture(scope="session")
def browser():
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM)
        yield launched
        launched.close()


class Recorder:
    """A page at iPhone width and everything it did: console errors, uncaught errors,
    requests (other than the page file itself) and dialogs."""

    def __init__(self, browser, scheme="light"):
        self.context = browser.new_context(viewport={"width": WIDTH, "height": 844}, color_scheme=scheme)
        self.page = self.context.new_page()
        self.errors, self.requests, self.dialogs = [], [], []
        self.page.on("console", lambda message: message.type == "error" and self.errors.append(message.text))
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.page.on("dialog", lambda dialog: (self.dialogs.append(dialog.message), dialog.dismiss()))
        self.page.on("request", lambda request: request.url.startswith("file:") or self.requests.append(request.url))

    def open(self, path):
        self.page.goto(path.as_uri())
        self.page.wait_for_load_state("load")
        return self.page

    def close(self):
        self.context.close()


@pytest.fixture
def recorder(browser):
    made = []

    def make(scheme="light"):
        made.append(Recorder(browser, scheme))
        return made[-1]

    yield make
    for one in made:
        one.close()
