"""Outbreak trial scenario: the St. Agnes clinic (rescue: lead the staff out west)."""
import sys
from tmx import Map

exits = int(sys.argv[1]) if len(sys.argv) > 1 else 2  # final: 2 12 1 10 1 21 13 x
turns = int(sys.argv[2]) if len(sys.argv) > 2 else 12
dice2 = sys.argv[3] == "2" if len(sys.argv) > 3 else False
S = float(sys.argv[4]) if len(sys.argv) > 4 else 10  # how far west the clinic stands
m = Map(48, 36, "grass_dry", ruleset="outbreak", title="St. Agnes Clinic",
        briefing="The night shift at St. Agnes stopped answering at ten. Drive up, find the staff, and walk "
                 "them out to the ambulance bay on Mill Road before the morgue empties.",
        objective="rescue", exit_count=exits, turn_limit=turns, players_min=1, players_max=3)
m.paint(0, 14, 48, 18, "road")
m.paint(int(26 - S), 4, int(42 - S), 14, "tiled_floor")
m.paint(26, 22, 38, 32, "pavement")
m.paint(4, 24, 16, 34, "garden" if False else "grass_flowers")
# terrain: the clinic (two wings and a yard), a car park, the morgue annex, a hedge
m.obj("terrain", "building", x=26 - S, y=4, w=7, h=8, name="Clinic west wing")
m.obj("terrain", "building", x=36 - S, y=4, w=6, h=8, name="Clinic east wing")
m.obj("terrain", "wall", x=26 - S, y=3.8, name="Yard wall", polyline=[(7, 0), (10, 0)], props={"thickness": 0.2})
m.obj("terrain", "building", x=44, y=20, w=4, h=6, name="Morgue annex")
for i, (cx, cy) in enumerate([(27, 23), (31, 23), (27, 28), (33, 28)]):
    m.obj("terrain", "parked_car", x=cx, y=cy, name=f"Parked car {i + 1}")
m.obj("terrain", "clutter_hedge", x=4, y=22, name="Hedge", props={"terrain": "hedge"},
      polyline=None, poly=[(0, 0), (12, 0), (12, 1), (0, 1)])
m.obj("terrain", "clutter_garden", x=4, y=24, w=12, h=10, name="Memorial garden", props={"terrain": "garden"})
m.obj("terrain", "clutter_woods", x=38, y=0, w=6, h=3, name="Copse")
# zones
m.obj("zones", "exit", x=0, y=12, w=3, h=8, name="Mill Road (ambulance bay)")
m.obj("zones", "deploy_players", x=2, y=28, w=8, h=6, name="Your car")
m.obj("zones", "spawn_2d6" if dice2 else "spawn", x=44, y=28, w=3, h=3, name="Morgue door")
if len(sys.argv) <= 5 or sys.argv[5] != "1":
    m.obj("zones", "spawn", x=40, y=0, w=4, h=3, name="Loading dock")
# figures: the characters, the staff (bystanders), the first dead
m.obj("figures", "character", x=4, y=30, name="Officer Dana", props={"player": 1, "ranged": "revolver", "melee": "club"}, point=True)
m.obj("figures", "character", x=6, y=30, name="Medic Luis", props={"player": 2, "ranged": "pistol", "melee": "knife"}, point=True)
m.obj("figures", "character", x=8, y=30, name="Hank the driver", props={"player": 3, "ranged": "shotgun", "melee": "wrench"}, point=True)
for name, x, y in [("Nurse Ivy", 34.5 - S, 8), ("Dr Okafor", 34.5 - S, 10), ("Porter Sam", 38 - S, 16.5), ("Patient Rose", 30 - S, 13)] + ([("Janitor Ray", 12, 18)] if len(sys.argv) > 8 else []):
    m.obj("figures", "npc", x=x, y=y, name=name, point=True)
m.obj("figures", "zombie", x=41, y=25, name="Orderly (dead)", props={"facing": 180.0}, point=True)
wx, wy = (float(sys.argv[6]), float(sys.argv[7])) if len(sys.argv) > 7 else (31 - S, 13)
m.obj("figures", "zombie", x=wx, y=wy, name="Night watchman (dead)", props={"facing": 180.0}, point=True)
m.write("st_agnes.tmx")
