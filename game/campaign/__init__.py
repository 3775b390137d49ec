"""Campaigns: linked chapters (ordinary games) where the players' force carries on (issue 39).

A campaign file (``model``) names its rule set and chapters; ``check`` says what is wrong with one;
``progress`` is a campaign being played (the chapters played as their commands, the force carried);
``simulate`` plays whole campaigns with the bots. Nothing here names a rule set: what carries over is
the rule set's :class:`~game.rules.contract.CampaignRules` (``RuleSet.campaign``).
"""

from game.campaign.model import Campaign, CampaignError, CampaignProblem, Chapter, load_campaign, read_campaign

__all__ = ["Campaign", "CampaignError", "CampaignProblem", "Chapter", "load_campaign", "read_campaign"]
