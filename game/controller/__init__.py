"""The turn controller (no pygame): UI intents in, rules commands out."""

from game.controller.intents import AnimationDone, Away, Button, Click, Hover, Intent  # noqa: F401
from game.controller.machine import Controller, Feedback, Mode  # noqa: F401
