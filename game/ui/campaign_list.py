"""Every campaign for the New game menu: ``campaigns/*.toml`` in each scenario folder (the shipped maps, the
designer's own, ``--maps DIR``); a broken file keeps its error, in check's words (file and place).

>>> [e.title for e in list_campaigns() if e.playable]      # doctest: +SKIP
['The Long Road']
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from game.campaign.model import Campaign, CampaignError, load_campaign
from game.rules.contract import Force
from game.rules.core import get_ruleset
from game.ui.scenario_list import scenario_folders

SHOWN_ERRORS = 4  # the menu's error box names the first few; deadground check lists them all


@dataclass(frozen=True)
class CampaignEntry:
    """One campaign file in the menu: the campaign, or why it cannot be played."""

    path: Path
    campaign: Campaign | None
    error: str = ""

    @property
    def playable(self) -> bool:
        return self.campaign is not None

    @property
    def title(self) -> str:
        if self.campaign is not None:
            return self.campaign.title
        return self.path.stem.replace("_", " ").capitalize()


def carry_words(campaign: Campaign) -> list[str]:
    """What ``campaign`` carries from chapter to chapter, in its rule set's words ([house] marked)."""
    rules = get_ruleset(campaign.ruleset).campaign
    carries = rules.carries if rules is not None else ()
    return [c.words + (" [house]" if c.house else "") for c in carries if c.key in campaign.carry]


def force_notes(campaign: Campaign, force: Force) -> list[str]:
    """What ``force`` holds for ``campaign``'s next chapter besides its figures, in its rule set's words."""
    notes = getattr(get_ruleset(campaign.ruleset).campaign, "notes", None)
    return list(notes(force, campaign.carry)) if notes is not None else []


def load_campaign_entry(path: Path) -> CampaignEntry:
    """One campaign file, read as ``deadground check`` reads it; a bad file never crashes the menu."""
    try:
        return CampaignEntry(path, load_campaign(path))
    except CampaignError as exc:
        lines = [str(p) for p in exc.problems] or [str(exc)]
        more = len(lines) - SHOWN_ERRORS
        text = "\n".join(lines[:SHOWN_ERRORS]) + (
            f"\n... and {more} more: deadground check lists them" if more > 0 else ""
        )
        return CampaignEntry(path, None, f"{path}:\n{text}")
    except Exception as exc:  # the reader is another module: a bug there still shows as a listed error
        return CampaignEntry(path, None, f"{path}: {exc.__class__.__name__}: {exc}")


def campaign_folders() -> list[Path]:
    """Where the menu looks: ``campaigns`` in every scenario folder, in their order."""
    return [folder / "campaigns" for folder in scenario_folders()]


def list_campaigns(folders: list[Path] | None = None) -> list[CampaignEntry]:
    """Every ``*.toml`` in ``folders`` (default: :func:`campaign_folders`), by folder then file name."""
    entries: list[CampaignEntry] = []
    for folder in folders if folders is not None else campaign_folders():
        if folder.is_dir():
            entries += [load_campaign_entry(path) for path in sorted(folder.glob("*.toml"))]
    return entries
