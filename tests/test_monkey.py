"""A wrong click is ignored or explained, never a crash: random intents at the controller and random
mouse and key events at the real game screen, seeded, must never raise."""

from __future__ import annotations

import random

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from ui_driver import need_default_scenario, start_game

from game.controller import AnimationDone, Button, Click, Controller, Hover
from game.dice import Dice
from game.rules.zombiekrieg.testing import rigged_game
from game.rules.zombiekrieg.view import ZombiekriegView

BUTTONS = ["move", "fire", "order", "end_turn", "cancel", "undo", "skip", "next", "bogus"]
point = st.tuples(st.floats(-5, 30, allow_nan=False), st.floats(-5, 30, allow_nan=False))
intent = st.one_of(
    st.builds(Hover, point),
    st.builds(Click, point, st.booleans(), st.one_of(st.none(), point)),
    st.builds(Button, st.sampled_from(BUTTONS)),
    st.just(AnimationDone()),
)


@settings(max_examples=60, deadline=None)
@given(st.lists(intent, max_size=40))
def test_random_intents_never_crash_the_controller(intents) -> None:
    g = rigged_game(
        soldiers={"us1-sgt": (12, 20, 270), "us1-r1": (14, 20, 270), "us1-lmg": (10, 20, 270)},
        zombies=[(12, 11), (16, 12), (8, 9)],
        seed=5,
    )
    g.dice = g.world.dice = Dice(5)  # seeded dice that never run out
    ctl = Controller(g, ZombiekriegView())
    for i in intents:
        fb = ctl.handle(i)
        assert isinstance(fb.message, str)
        if not fb.accepted:
            assert fb.message  # a refusal always says why


KEYS = [
    pygame.K_m,
    pygame.K_f,
    pygame.K_o,
    pygame.K_e,
    pygame.K_RETURN,
    pygame.K_TAB,
    pygame.K_SPACE,
    pygame.K_ESCAPE,
    pygame.K_t,
    pygame.K_l,
    pygame.K_HOME,
    pygame.K_LEFT,
    pygame.K_UP,
    pygame.K_z,
    pygame.K_F5,
    pygame.K_a,
]


@pytest.mark.parametrize("seed", range(1, 9))
def test_random_mouse_and_keys_on_the_game_screen_never_crash(app, seed: int, long_run: bool) -> None:
    if seed > 1 and not long_run:
        pytest.skip("seeds 2-8 run with --fuzz-long (45 s each)")
    need_default_scenario()
    start_game(app, speed=8.0)
    rng = random.Random(seed)
    w, h = app.screen.get_size()
    held: set[int] = set()
    for _ in range(1500):
        roll = rng.random()
        pos = (rng.randrange(w), rng.randrange(h))
        if roll < 0.35:
            pygame.event.post(
                pygame.event.Event(
                    pygame.MOUSEMOTION, pos=pos, rel=(3, 2), buttons=tuple(int(b in held) for b in (1, 2, 3))
                )
            )
        elif roll < 0.6:
            button = rng.choice([1, 1, 1, 3, 2])
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
            held.add(button)
        elif roll < 0.8:
            for button in list(held):
                pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
            held.clear()
        elif roll < 0.87:
            pygame.event.post(
                pygame.event.Event(
                    pygame.MOUSEWHEEL, x=0, y=rng.choice([-1, 1]), flipped=False, precise_x=0.0, precise_y=0.0
                )
            )
        else:
            k = rng.choice(KEYS)
            mod = pygame.KMOD_CTRL if k == pygame.K_z and rng.random() < 0.5 else 0
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
            pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode="", scancode=0))
        app.run_frames(1)
        if not app.running:  # a random click on Quit is a fair way to end
            break
    assert app.scene is not None or not app.running
