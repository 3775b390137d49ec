"""The ``deadground`` command: play (the default), check, demo, simulate, replay.

Each subcommand lives in its own module and is imported only when used, so ``deadground check``
never loads pygame.
"""
from __future__ import annotations

import argparse
import sys
from typing import Sequence


def _play(args: argparse.Namespace) -> int:
    from game.ui.app import run

    return run(scenario=args.scenario, fullscreen=args.fullscreen, straight_in=args.scenario is not None)


def _check(args: argparse.Namespace) -> int:
    from game.scenario.check import main as check_main

    return check_main(args.maps)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="deadground", description="Dead Ground: zombie skirmish on the tabletop.")
    sub = parser.add_subparsers(dest="command")

    play = sub.add_parser("play", help="open the game (the default)")
    play.add_argument("scenario", nargs="?", help="a .tmx scenario to start straight away")
    play.add_argument("--fullscreen", action="store_true")
    play.set_defaults(func=_play)

    check = sub.add_parser("check", help="validate scenario maps and print every problem")
    check.add_argument("maps", nargs="+", help=".tmx files")
    check.set_defaults(func=_check)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``deadground``; with no subcommand (or only a scenario path) it plays."""
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser()
    subcommands = {"play", "check", "demo", "simulate", "replay", "-h", "--help"}
    if not argv or argv[0] not in subcommands:
        argv = ["play", *argv]
    args = parser.parse_args(argv)
    return int(args.func(args) or 0)

if __name__ == "__main__":
    raise SystemExit(main())
