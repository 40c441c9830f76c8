#!/usr/bin/python3
"""bench.py: random games per second driven step by step from Python (not a test).

Each game is played through the OpenSpiel-style API, one Python call per decision: chance
outcomes drawn with random.choices, moves with random.choice over legal_actions(). Compare
tafel.random_games (the same in C) and `tafel bench` for the engine's own speed.

    /usr/bin/python3 python/bench.py [SECONDS_PER_GAME]    (default 3)
"""
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import tafel  # noqa: E402

GAMES = ["carcassonne(tatan=off,inns_cathedrals=off)", "carcassonne", "targi", "tafelrunde2",
         "tafelrunde2(players=4)"]


def bench(spec, seconds):
    game = tafel.load_game(spec)
    games = actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = tafel.play_random(game, seed=games)
        actions += len(state.history())
        games += 1
    dt = time.perf_counter() - start
    return games / dt, actions / dt


def main():
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 3.0
    print(f"libtafel {tafel.version()} from {tafel.library_path}, Python {sys.version.split()[0]}")
    for spec in GAMES:
        gps, aps = bench(spec, seconds)
        c_start = time.perf_counter()
        n = 200
        tafel.random_games(spec, n)
        c_gps = n / (time.perf_counter() - c_start)
        print(f"{spec:45s} {gps:8.0f} games/s {aps:9.0f} actions/s from Python"
              f"   (C: {c_gps:8.0f} games/s)")


if __name__ == "__main__":
    main()
