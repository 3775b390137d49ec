"""What check accepts, the game starts (issue 17, item 2): a fuzzed map that loads is set up, a few bot
commands are played, and in a long run (``--fuzz-long``) it is also drawn headless for a few frames, or refused
by the New game list with ``deadground check``'s own problems (the list asks the whole check, which refuses
more than loading does: a ruin whose outline crosses itself)."""

from __future__ import annotations

import atexit
from pathlib import Path
from typing import Any

from fuzz_size import long_run

from game.scenario.model import Scenario

_APP: list[Any] = []


def starts_headless(path: Path, scenario: Scenario) -> None:
    """The map that loaded either is refused by check's set-up (a sentence, never the catch-all) or
    starts and plays; drawn on a headless screen in a long run."""
    from game.ai import bot_for, has_bot
    from game.rules.core import get_ruleset, known_rulesets
    from game.startcheck import start_problems

    problems = start_problems(scenario)
    if problems:
        assert not any("please report" in p.fix for p in problems), problems
        return
    if scenario.ruleset not in known_rulesets():
        return
    game = get_ruleset(scenario.ruleset).new_game(scenario, {}, 1)
    if has_bot(scenario.ruleset):
        for _ in range(3):
            if game.over:
                break
            game.apply(bot_for(scenario.ruleset)(game))
    if long_run():
        _draw(path)


def _draw(path: Path) -> None:
    from game.ui.scenario_list import load_entry
    from game.ui.scenes.setup import GameSetup

    if not _APP:
        import tempfile

        from ui_driver import headless_app

        manager = headless_app(Path(tempfile.mkdtemp(prefix="deadground-fuzz-")) / "settings.json")
        _APP.append(manager.__enter__())
        atexit.register(lambda: manager.__exit__(None, None, None))
    app = _APP[0]
    entry = load_entry(path)
    if entry.scenario is None:  # deadground check refuses it (a polygon crossing itself loads, and is refused)
        assert "(as deadground check says)" in entry.error, entry.error
        assert "please report" not in entry.error, entry.error
        return
    app.start_game(GameSetup(entry))
    app.run_frames(3)
    assert app.scene.name == "game"
    app.back_to_title()
