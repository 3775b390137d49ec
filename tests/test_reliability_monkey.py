"""Monkey tests on every registered rule set (issue 17, item 6): random intents at the controller through
the rule set's view, and random mouse, keys, window resizes and zoom extremes at the real game screen,
must never raise. Zombiekrieg on its shipped map and the toy rule set (tests/toy_rules) on its own; a
CI-sized slice by default, 100,000 screen events per rule set with ``--fuzz-long`` or DEADGROUND_LONG=1."""

from __future__ import annotations

import random
from pathlib import Path

import pygame
import pytest
import toy_rules  # noqa: F401  (registers the toy rule set, as the contract allows any)
from fuzz_size import examples, long_run
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.ai import has_bot
from game.controller import AnimationDone, Button, Click, Controller, Hover
from game.rules.core import get_ruleset, known_rulesets
from game.scenario import load_scenario
from game.soak import soak_maps


def _maps() -> dict[str, str]:
    """One map per registered rule set that has a bot: a shipped one, else the toy's own."""
    found = {key: paths[0] for key, paths in soak_maps().items()}
    found.setdefault(toy_rules.KEY, str(toy_rules.MAP))
    return {k: v for k, v in found.items() if k in known_rulesets() and has_bot(k)}


MAPS = _maps()
BUTTONS = ["move", "fire", "order", "strike", "end_turn", "cancel", "undo", "skip", "next", "bogus"]


def test_every_registered_rule_set_with_a_bot_is_monkeyed() -> None:
    assert {"zombiekrieg", toy_rules.KEY} <= set(MAPS)


@pytest.mark.parametrize("key", sorted(MAPS))
def test_random_intents_never_crash_any_rule_set(key: str) -> None:
    scenario = load_scenario(MAPS[key])
    ruleset = get_ruleset(key)
    point = st.tuples(
        st.floats(-5, scenario.width + 5, allow_nan=False), st.floats(-5, scenario.height + 5, allow_nan=False)
    )
    intent = st.one_of(
        st.builds(Hover, point),
        st.builds(Click, point, st.booleans(), st.one_of(st.none(), point)),
        st.builds(Button, st.sampled_from(BUTTONS)),
        st.just(AnimationDone()),
    )

    @settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(intents=st.lists(intent, max_size=40), seed=st.integers(0, 10**6))
    def run(intents, seed) -> None:
        forces = ruleset.demo_forces(random.Random(seed), scenario) if ruleset.demo_forces else {}
        ctl = Controller(ruleset.new_game(scenario, forces, seed), ruleset.view())
        for i in intents:
            fb = ctl.handle(i)
            assert isinstance(fb.message, str)
            if not fb.accepted:
                assert fb.message  # a refusal always says why

    run()


KEYS = [
    pygame.K_m, pygame.K_f, pygame.K_o, pygame.K_k, pygame.K_e, pygame.K_RETURN, pygame.K_TAB, pygame.K_SPACE,
    pygame.K_ESCAPE, pygame.K_t, pygame.K_l, pygame.K_HOME, pygame.K_LEFT, pygame.K_UP, pygame.K_z, pygame.K_a,
]  # fmt: skip
SIZES = [(640, 480), (800, 600), (1280, 720), (1920, 1080), (300, 200), (3000, 400), (500, 1800)]


def _start(app, path: str):
    from game.ui.scenario_list import load_entry
    from game.ui.scenes.setup import GameSetup

    app.settings.animation_speed = 4.0
    entry = load_entry(Path(path))
    assert entry.scenario is not None, entry.error
    app.start_game(GameSetup(entry))
    app.run_frames(3)
    assert app.scene.name == "game"
    return app.scene


def _event(app, rng: random.Random, held: set[int]) -> None:
    w, h = app.screen.get_size()
    pos = (rng.randrange(w), rng.randrange(h))
    roll = rng.random()
    post = pygame.event.post
    if roll < 0.3:
        buttons = tuple(int(b in held) for b in (1, 2, 3))
        post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(3, 2), buttons=buttons))
    elif roll < 0.5:
        button = rng.choice([1, 1, 1, 3, 2])
        post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
        held.add(button)
    elif roll < 0.65:
        for button in list(held):
            post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
        held.clear()
    elif roll < 0.72:  # zoom to an extreme and back: many wheel turns at one point
        y = rng.choice([-1, 1])
        for _ in range(rng.choice([1, 3, 40])):
            post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False, precise_x=0.0, precise_y=float(y)))
            post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    elif roll < 0.74:  # the window resized, as a window manager would
        size = rng.choice(SIZES)
        pygame.display.set_mode(size, pygame.RESIZABLE)
        post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
    else:
        k = rng.choice(KEYS)
        mod = pygame.KMOD_CTRL if k == pygame.K_z and rng.random() < 0.5 else 0
        post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
        post(pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode="", scancode=0))


@pytest.mark.parametrize("key", sorted(MAPS))
def test_random_mouse_keys_resizes_and_zoom_extremes_never_crash(app, key: str) -> None:
    events = 100_000 if long_run() else 150
    rng = random.Random(f"monkey-{key}")
    scene = _start(app, MAPS[key])
    held: set[int] = set()
    sent = quits = 0
    while sent < events:
        # A window's queue holds a burst of events between two frames, as a fast hand sends them.
        for _ in range(min(rng.randint(1, 4), events - sent)):
            _event(app, rng, held)
            sent += 1
        app.run_frames(1)
        if not app.running:  # a random click on Quit is a fair way to end: start again
            quits += 1
            app.running = True
            scene = _start(app, MAPS[key])
        elif app.scene is not scene and app.scene.name != "game":  # the end screen or a menu: a new game
            scene = _start(app, MAPS[key])
    print(f"{key}: {sent} screen events, {quits} quits")
    assert sent == events
