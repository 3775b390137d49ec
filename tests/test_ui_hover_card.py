"""The hovered figure's card gives way (issue 33): a newcomer found it "stuck" over the table after a shot, covering
what the click did, and over the tape measure's reading. A click puts it away until the pointer moves again, and
the tape hides it while it measures."""

from __future__ import annotations

import pygame

from game.ui.tokens import TokenView


def cards(table, surface: pygame.Surface) -> list[str]:
    """The cards the table draws this frame (its plates' words)."""
    drawn: list[str] = []
    plate = table.plate
    table.plate = lambda text, *a, **k: (drawn.append(text), plate(text, *a, **k))[1]
    table.draw(surface)
    table.plate = plate
    return [t for t in drawn if t == "Zombie 3 (Horde 2)"]


def test_a_click_puts_the_hover_card_away_until_the_pointer_moves_and_the_tape_hides_it(table) -> None:
    token = TokenView(id="h2-3", sprite="tokens.zombie_1", position=(12.0, 9.0), side="zombies")
    table.tokens = [token]
    table.tooltip = lambda t: "Zombie 3 (Horde 2)"
    at = table.camera.to_screen(token.position)
    surface = pygame.display.get_surface()
    table.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(1, 0), buttons=(0, 0, 0)))
    table.hover = token
    assert cards(table, surface)  # hovered: the card shows
    table.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=at, button=1))
    table.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=at, button=1))
    table.hover = token
    assert not cards(table, surface)  # the click's result is read, not covered
    table.handle_event(
        pygame.event.Event(pygame.MOUSEMOTION, pos=(at[0] + 1, at[1]), rel=(1, 0), buttons=(0, 0, 0))
    )
    table.hover = token
    assert cards(table, surface)
    table._start_tape("edge")
    assert table.tape is not None and not cards(table, surface)
