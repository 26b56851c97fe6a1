"""The web table (``cardcore serve``, docs/web.md): whole games played over HTTP, each
answer checked against the views of the game's record; refused requests; the bound on the
games held; 50 games at once on a real server; and a real browser playing by clicking."""

from __future__ import annotations

import json
import os
import random
import re
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

import cardcore as cc

pytest.importorskip("starlette", reason="the web table needs the web extra (cardcore[web])")
httpx = pytest.importorskip("httpx", reason="Starlette's TestClient needs httpx")

from starlette.testclient import TestClient  # noqa: E402

from cardcore.web import MAX_BODY, create_app  # noqa: E402

CARD = re.compile(r"\b[2-9TJQKA][cdhs]\b")
SEARCH = {"opponents": "ismcts", "simulations": 30}


def seen(view: dict[str, Any]) -> str:
    return json.dumps(view, sort_keys=True)


def prefix_views(record: dict[str, Any], seat: int) -> set[str]:
    """Every view seat ``seat`` may be shown of the recorded game: one after each action (a
    seeded game's deals come whole)."""
    actions = record["actions"]
    return {seen(cc.view(cc.load_record({**record, "actions": actions[:k]}), seat))
            for k in range(len(actions) + 1)
            if k == len(actions) or actions[k]["actor"] != "chance"}


def play_out(client: Any, body: dict[str, Any], rng: random.Random) -> tuple[str, list[Any]]:
    """Plays a game to its end by random legal buttons; its token and every answer."""
    answer = client.post("/api/games", json=body)
    assert answer.status_code == 200, answer.text
    token, answers = answer.json()["token"], [answer.json()]
    while not answers[-1]["views"][-1]["terminal"]:
        legal = answers[-1]["views"][-1]["legal"]
        answer = client.post(f"/api/games/{token}/move", json={"action": rng.choice(legal)["id"]})
        assert answer.status_code == 200, answer.text
        answers.append(answer.json())
    return token, answers


@pytest.fixture
def client() -> Iterator[TestClient]:
    with TestClient(create_app(max_games=10, max_simulations=100)) as test_client:
        yield test_client


GAMES = [("badugi", {}), ("badugi", SEARCH), ("buh", {"players": 3}),
         ("buh", {"players": 2, "rules": {"flush_buh": "double"}}), ("baibuu", {"seat": 0}),
         ("baibuu", {"seat": 1}), ("hucklebuck", {"players": 3}),
         ("hucklebuck", {"opponents": "random"})]


@pytest.mark.parametrize(("game", "options"), GAMES, ids=[f"{g} {o}" for g, o in GAMES])
def test_a_game_played_by_http_shows_only_what_the_seat_may_see(
        client: TestClient, game: str, options: dict[str, Any]) -> None:
    rng = random.Random(f"{game}{options}")
    seat = options.get("seat", 0)
    token, answers = play_out(client, {"game": game, **options}, rng)
    record = client.get(f"/api/games/{token}/record").json()
    allowed = prefix_views(record, seat)
    cards = set(CARD.findall(" ".join(allowed)))
    for answer in answers:
        answer.pop("token", None)  # random text that may look like a card
        for view in answer["views"]:
            assert seen(view) in allowed  # a view of the game as it stood, for this seat
        assert set(CARD.findall(json.dumps(answer))) <= cards  # the odds panel's too
    assert answers[-1]["views"][-1]["returns"] == cc.load_record(record).returns()
    replay = client.get(f"/api/games/{token}/replay").json()["views"]
    assert {seen(view) for view in replay} <= allowed and replay[-1]["terminal"]
    if game in ("badugi", "buh"):  # a hand played at random draws, or folds before it
        drawn = [a["odds"] for a in answers if a["odds"]]
        assert all(o["discards"] and o["hand"] == " ".join(CARD.findall(o["hand"]))
                   for o in drawn)


def test_the_odds_panel_ranks_the_seats_own_draws(client: TestClient) -> None:
    for attempt in range(50):  # a hand that reaches a draw of the person's
        answer = client.post("/api/games", json={"game": "badugi", "opponents": "random"}).json()
        token, rng = answer["token"], random.Random(attempt)
        while answer["odds"] is None and not answer["views"][-1]["terminal"]:
            legal = [m for m in answer["views"][-1]["legal"] if m["text"] != "fold"]
            answer = client.post(f"/api/games/{token}/move",
                                 json={"action": rng.choice(legal)["id"]}).json()
        if answer["odds"] is not None:
            break
    odds, view = answer["odds"], answer["views"][-1]
    hand = " ".join(card["card"] for card in view["seats"][0]["cards"])
    assert odds["hand"] == hand and odds["draws_left"] == 4 - int(view["phase"].split()[1])
    best = cc.badugi.best_discards(hand, draws_left=odds["draws_left"], samples=20_000,
                                   threads=1)
    assert [a["discard"] for a in odds["discards"]] == [str(a.discard) or "stand pat"
                                                       for a in best[:5]]


def new_game(client: TestClient, **options: Any) -> str:
    answer = client.post("/api/games", json={"game": "badugi", **options})
    assert answer.status_code == 200, answer.text
    return str(answer.json()["token"])


def illegal_action(client: TestClient, token: str) -> int:
    legal = {move["id"] for move in client.get(f"/api/games/{token}").json()["views"][0]["legal"]}
    return min(set(range(cc.badugi.SPEC.num_distinct_actions)) - legal)


BAD_MOVES: list[tuple[str, Any, int]] = [
    ("malformed JSON", b"{\"action\": 2", 400),
    ("not an object", b"[2]", 400),
    ("no action", b"{}", 400),
    ("an action as words", b"{\"action\": \"call\"}", 400),
    ("an action as a bool", b"{\"action\": true}", 400),
    ("another key", b"{\"action\": 2, \"seat\": 1}", 400),
    ("an action out of range", b"{\"action\": 99999999999}", 400),
    ("too large", b"{\"action\": 2" + b" " * MAX_BODY + b"}", 413),
    ("too large, sent in chunks", iter([b"{\"action\": 2"] + [b" " * 4096] * 5 + [b"}"]), 413),
    ("an illegal move", None, 400),
]


@pytest.mark.parametrize(("what", "body", "status"), BAD_MOVES, ids=[b[0] for b in BAD_MOVES])
def test_a_bad_move_is_refused_and_changes_nothing(
        client: TestClient, what: str, body: Any, status: int) -> None:
    token = new_game(client)
    state = client.app.state.tables.get(token).state  # type: ignore[attr-defined]
    before, shown = state.serialize(), client.get(f"/api/games/{token}").json()
    if body is None:
        body = json.dumps({"action": illegal_action(client, token)}).encode()
    answer = client.post(f"/api/games/{token}/move", content=body)
    assert answer.status_code == status
    assert isinstance(answer.json()["error"], str) and answer.json()["error"]
    assert state.serialize() == before and client.get(f"/api/games/{token}").json() == shown


def test_a_move_while_the_last_one_plays_is_refused(client: TestClient) -> None:
    token = new_game(client)
    table = client.app.state.tables.get(token)  # type: ignore[attr-defined]
    before = table.state.serialize()
    action = client.get(f"/api/games/{token}").json()["views"][0]["legal"][0]["id"]
    with table.busy:  # as while the opponents' moves are played
        answer = client.post(f"/api/games/{token}/move", json={"action": action})
    assert answer.status_code == 409 and "wait" in answer.json()["error"]
    assert table.state.serialize() == before
    assert client.post(f"/api/games/{token}/move", json={"action": action}).status_code == 200


BAD_GAMES: list[tuple[str, dict[str, Any], str]] = [
    ("an unknown game", {"game": "poker"}, "unknown game"),
    ("no game", {}, "unknown game"),
    ("an unknown option", {"game": "badugi", "speed": 2}, "unknown option"),
    ("an unknown house rule", {"game": "buh", "rules": {"jokers": True}}, "unknown house rule"),
    ("a bad house rule", {"game": "buh", "rules": {"flush_buh": "triple"}}, "triple"),
    ("rules not an object", {"game": "buh", "rules": ["flush_buh"]}, "'rules'"),
    ("unknown opponents", {"game": "badugi", "opponents": "shark"}, "unknown opponents"),
    ("too many simulations", {"game": "badugi", "opponents": "ismcts", "simulations": 101},
     "'simulations'"),
    ("too many players", {"game": "buh", "players": 9}, "players"),
    ("players for a heads-up game", {"game": "badugi", "players": 3}, "heads-up"),
    ("a seat out of range", {"game": "badugi", "seat": 2}, "'seat'"),
]


@pytest.mark.parametrize(("what", "body", "says"), BAD_GAMES, ids=[b[0] for b in BAD_GAMES])
def test_a_bad_game_is_refused_and_starts_nothing(
        client: TestClient, what: str, body: dict[str, Any], says: str) -> None:
    answer = client.post("/api/games", json=body)
    assert answer.status_code == 400 and says in answer.json()["error"]
    assert len(client.app.state.tables) == 0  # type: ignore[attr-defined]


def test_a_token_shows_its_own_game_only(client: TestClient) -> None:
    first, second = new_game(client), new_game(client)
    assert first != second and len(first) >= 32
    for token in (first, second):
        state = client.app.state.tables.get(token).state  # type: ignore[attr-defined]
        assert client.get(f"/api/games/{token}").json()["views"] == [cc.view(state, 0)]
    for guess in (first[:-1], first + "x", first.upper(), "x" * 32):
        answer = client.get(f"/api/games/{guess}")
        assert answer.status_code == 404 and first not in answer.text and second not in answer.text
    for path in ("record", "replay"):  # not before the end
        assert client.get(f"/api/games/{first}/{path}").status_code == 409


def test_the_least_recently_used_game_is_dropped_past_the_limit() -> None:
    with TestClient(create_app(max_games=3)) as client:
        first, second, third = (new_game(client) for _ in range(3))
        assert client.get(f"/api/games/{first}").status_code == 200  # used: kept
        fourth = new_game(client)
        assert client.get(f"/api/games/{second}").status_code == 404
        for token in (first, third, fourth):
            assert client.get(f"/api/games/{token}").status_code == 200
        assert len(client.app.state.tables) == 3  # type: ignore[attr-defined]


def test_the_page_and_its_files_are_served(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200 and "/static/app.js" in page.text
    for name in ("app.js", "style.css"):
        assert client.get(f"/static/{name}").status_code == 200
    catalog = client.get("/api/games").json()
    assert [g["name"] for g in catalog["games"]] == list(cc.GAMES)
    assert catalog["max_simulations"] == 100
    assert client.get("/nowhere").json() == {"error": "Not Found"}


# ---------------------------------------------------------------------------------------
# A real server: `cardcore serve` on a free port of 127.0.0.1.

def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, int]]:
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    log = tmp_path_factory.mktemp("serve") / "log"
    # Under AddressSanitizer (tools/sanitize.sh) freed memory waits in a quarantine of up to
    # 256 MiB, which the memory check would count as growth: the server runs without it.
    env = dict(os.environ)
    if "ASAN_OPTIONS" in env:
        env["ASAN_OPTIONS"] += ":quarantine_size_mb=0"
    with log.open("w") as out, subprocess.Popen(
            [sys.executable, "-m", "cardcore", "serve", "--port", str(port), "--max-games",
             "60", "--max-simulations", "50"], stdout=out, stderr=out, env=env) as process:
        try:
            for _ in range(200):
                try:
                    httpx.get(url + "/api/games", timeout=1)
                    break
                except httpx.TransportError:
                    assert process.poll() is None, log.read_text()
                    time.sleep(0.1)
            yield url, process.pid
        finally:
            process.terminate()
            process.wait(timeout=10)


def rss_kib(pid: int) -> int:
    status = Path(f"/proc/{pid}/status").read_text()
    return int(re.search(r"VmRSS:\s+(\d+) kB", status).group(1))  # type: ignore[union-attr]


def one_client(url: str, number: int) -> bool:
    game = [{"game": "badugi"}, {"game": "buh", "players": 3}, {"game": "badugi", **SEARCH},
            {"game": "baibuu"}][number % 4]
    with httpx.Client(base_url=url, timeout=60) as client:
        _, answers = play_out(client, game, random.Random(number))
    return bool(answers[-1]["views"][-1]["terminal"])


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads the RSS from /proc")
def test_fifty_games_at_once_all_finish_in_flat_memory(server: tuple[str, int]) -> None:
    url, pid = server
    with ThreadPoolExecutor(50) as pool:
        list(pool.map(one_client, [url] * 50, range(50)))  # warm up: the caches and arenas
        before = rss_kib(pid)
        for round_ in range(1, 4):
            finished = list(pool.map(one_client, [url] * 50, range(50 * round_, 50 * round_ + 50)))
            assert finished == [True] * 50
    grown = rss_kib(pid) - before
    assert grown < 40_000, f"the server grew by {grown} KiB over 150 games"  # 60 games held


# ---------------------------------------------------------------------------------------
# A real browser: headless Chromium, driven by Selenium through chromedriver.

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
CHROMEDRIVER = shutil.which("chromedriver")
SCREENSHOTS = os.environ.get("CARDCORE_WEB_SCREENSHOTS")
"""A folder to save the browser test's screenshots of Badugi in: docs/_static for docs/web.md
(``CARDCORE_WEB_SCREENSHOTS=docs/_static pytest tests/test_web.py -k browser -n0``)."""


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    if CHROMIUM is None or CHROMEDRIVER is None:
        pytest.skip("no chromium and chromedriver binaries (apt-get install chromium "
                    "chromium-driver; .ci/run does)")
    from selenium import webdriver  # the test extra's: only the binaries may be missing

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage",
                 "--window-size=1100,1000"):
        options.add_argument(flag)
    # The browser is not ours: it runs without the sanitizer runtimes that tools/sanitize.sh
    # preloads into every process the tests start.
    plain = {name: value for name, value in os.environ.items() if name != "LD_PRELOAD"}
    driver = webdriver.Chrome(options=options, service=webdriver.ChromeService(
        executable_path=CHROMEDRIVER, env=plain))
    try:
        yield driver
    finally:
        driver.quit()


def wait_ready(driver: Any, wanted: tuple[str, ...]) -> str:
    for _ in range(1200):
        ready = str(driver.execute_script("return document.body.dataset.ready || ''"))
        if ready in wanted:
            return ready
        assert ready != "error", driver.find_element("id", "error").text
        time.sleep(0.05)
    raise AssertionError(f"the page never got to {wanted}: it is {ready!r}")


@pytest.mark.parametrize("game", ["badugi", "hucklebuck"])
def test_a_browser_plays_a_whole_game_by_clicking(
        server: tuple[str, int], browser: Any, game: str) -> None:
    url, _ = server
    browser.get(url + "/?delay=0")
    wait_ready(browser, ("setup",))
    from selenium.webdriver.support.select import Select

    Select(browser.find_element("id", "game")).select_by_value(game)
    browser.find_element("id", "start").click()
    rng, shot = random.Random(game), False
    while wait_ready(browser, ("yours", "over")) == "yours":
        # docs/web.md's screenshots: Badugi's odds panel at a draw, and its showdown.
        if (SCREENSHOTS and game == "badugi" and not shot
                and browser.find_element("id", "odds").is_displayed()):
            browser.save_screenshot(str(Path(SCREENSHOTS) / f"web-{game}-play.png"))
            shot = True
        buttons = browser.find_elements("css selector", "#moves button")
        choice = [b for b in buttons if b.text != "fold"] or buttons
        browser.execute_script("document.body.dataset.ready = 'busy'")
        rng.choice(choice).click()
    shown = json.loads(browser.find_element("id", "result").get_attribute("data-returns"))
    record = httpx.get(browser.find_element("id", "download").get_attribute("href")).json()
    assert shown == cc.load_record(record).returns()
    assert "Game over" in browser.find_element("id", "result").text
    if SCREENSHOTS and game == "badugi":
        browser.save_screenshot(str(Path(SCREENSHOTS) / f"web-{game}-over.png"))
