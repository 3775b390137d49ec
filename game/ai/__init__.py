"""Bots that play the human side (demo mode, simulations, tests). The zombie drivers are rules."""
