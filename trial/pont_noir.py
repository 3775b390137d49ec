"""Zombiekrieg 848 trial scenario: the bridge at Pont-Noir (a crossing: exit east)."""
import sys
from tmx import Map

ratio = float(sys.argv[1]) if len(sys.argv) > 1 else 2.5
turns = int(sys.argv[2]) if len(sys.argv) > 2 else 15
dx = float(sys.argv[3]) if len(sys.argv) > 3 else 12
exits = int(sys.argv[4]) if len(sys.argv) > 4 else 4
m = Map(72, 48, "grass", ruleset="zombiekrieg", title="The Bridge at Pont-Noir",
        briefing="The river Noir cuts the road east. Get four men over the bridge (or through the ford) "
                 "and off the east edge before the dead behind you, and the village ahead, close the crossing.",
        objective="exit", turn_limit=turns, exit_count=exits, zombie_ratio=ratio, players_max=2)
# ground: river, road, village
m.paint(30, 0, 36, 48, "water")
m.paint(0, 22, 72, 26, "road")
m.paint(30, 22, 36, 26, "cobbles")
m.paint(44, 8, 64, 40, "cobbles_worn")
m.paint(4, 2, 16, 14, "woods")
m.paint(50, 40, 66, 48, "crops")
# terrain: the river is a ford of water clutter (1D6" moves); the bridge is open, with parapets
m.obj("terrain", "clutter_woods", x=30, y=0, w=6, h=22, name="River Noir (north)", props={"terrain": "water"},
      poly=[(0, 0), (6, 0), (6, 22), (0, 22)])
m.obj("terrain", "clutter_woods", x=30, y=26, w=6, h=22, name="River Noir (south)", props={"terrain": "water"},
      poly=[(0, 0), (6, 0), (6, 22), (0, 22)])
m.obj("terrain", "wall", x=30, y=21.8, name="Parapet N", polyline=[(0, 0), (6, 0)], props={"thickness": 0.4})
m.obj("terrain", "wall", x=30, y=26.2, name="Parapet S", polyline=[(0, 0), (6, 0)], props={"thickness": 0.4})
m.obj("terrain", "clutter_woods", x=4, y=2, w=12, h=12, name="Bois du Moulin")
m.obj("terrain", "clutter_crops", x=50, y=40, w=16, h=8, name="Wheat")
for i, (bx, by, bw, bh) in enumerate([(44, 10, 6, 8), (52, 10, 8, 6), (44, 29, 7, 7), (54, 30, 8, 6), (62, 12, 4, 8)]):
    m.obj("terrain", "building", x=bx, y=by, w=bw, h=bh, name=f"House {i + 1}")
m.obj("terrain", "wall", x=40, y=20, name="Churchyard wall", polyline=[(0, 0), (0, -6), (3, -8)], props={"thickness": 0.25})
m.obj("terrain", "clutter_rubble", x=20, y=28, w=5, h=4, name="Shelled barn")
# zones
m.obj("zones", "deploy_allies", x=dx, y=16, w=8, h=16, name="Allied start")
m.obj("zones", "exit", x=69, y=4, w=3, h=40, name="East edge")
m.obj("zones", "spawn", x=20, y=1, w=6, h=6, name="Cemetery")
m.obj("zones", "spawn", x=20, y=41, w=6, h=6, name="Ditch")
m.obj("zones", "spawn", x=66, y=38, w=5, h=8, name="Orchard gate")
m.write("pont_noir.tmx")
