"""A first start's title screen under a click: the seconds the window stops drawing frames after a click on a
button while the compiled loops are made ready (the figures in session34_cold_title.json).

Run from a copy with no ``__pycache__`` (so numba's cache is empty too), headless:

    git archive HEAD | tar -x -C /tmp/cold && cd /tmp/cold
    SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy PYTHONPATH=. python benchmarks/cold_title.py  # BUTTON=rules ...
"""

from __future__ import annotations

import json
import os
import resource
import time
from pathlib import Path

T0 = time.perf_counter()

import pygame  # noqa: E402

from game.table import warm  # noqa: E402
from game.ui.app import App, open_first  # noqa: E402

CLICK_AFTER = 2.0  # seconds after the title's first frame


def main() -> None:
    app = App(sounds_enabled=False, settings_path=Path("/tmp/cold_title_settings.json"))
    open_first(app, None, False, None)
    app.step()
    first = time.perf_counter() - T0
    warm.warm_up_in_background()
    pos = app.scene.buttons[os.environ.get("BUTTON", "new_game")].rect.center
    gaps: list[tuple[float, float]] = []
    clicked = answered = None
    prev = time.perf_counter()
    while time.perf_counter() - T0 < 150 and (answered is None or prev - T0 < answered + 2):
        if clicked is None and time.perf_counter() - T0 > first + CLICK_AFTER:
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
            clicked = time.perf_counter() - T0
        app.step()
        now = time.perf_counter()
        gaps.append((now - prev, now - T0))
        prev = now
        if clicked is not None and answered is None and app.scene is not None and app.scene.name != "title":
            answered = now - T0
    used = resource.getrusage(resource.RUSAGE_SELF)
    worst = [(round(g, 2), round(t, 1)) for g, t in sorted(gaps, reverse=True)[:4]]
    print(
        json.dumps(
            {
                "first_frame_s": round(first, 2),
                "click_s": clicked and round(clicked, 2),
                "screen_opened_s": answered and round(answered, 2),
                "worst_frame_gaps_s_at": worst,
                "window_process_cpu_s": round(used.ru_utime + used.ru_stime, 2),
                "load": os.getloadavg(),
            }
        )
    )


if __name__ == "__main__":
    main()
