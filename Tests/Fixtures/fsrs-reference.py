"""Writes the FSRS scheduler's expected values (Tests/Fixtures/fsrs-reference.json) from the
reference implementation, py-fsrs, as `make fsrs-fixture` runs it (in a venv under .build).

The scheduler as TwentyNine's drills use it: the published default parameters, desired
retention 0.9, no learning or relearning steps (a drill is answered once a session, and a
wrong answer comes back on a later day), no fuzzing (the intervals are checked exactly), the
maximum interval 36500 days. Seeded sequences of ratings at seeded times, some on the same day.
"""
import json
import random
import sys
from datetime import datetime, timedelta, timezone
from importlib.metadata import version

from fsrs import Card, Rating, Scheduler
from fsrs.scheduler import DEFAULT_PARAMETERS

scheduler = Scheduler(
    parameters=DEFAULT_PARAMETERS,
    desired_retention=0.9,
    learning_steps=(),
    relearning_steps=(),
    maximum_interval=36500,
    enable_fuzzing=False,
)
start = datetime(2026, 1, 1, tzinfo=timezone.utc)
epoch = datetime(1970, 1, 1, tzinfo=timezone.utc)
generator = random.Random(29)
sequences = []
for number in range(40):
    card = Card(card_id=number + 1, due=start)
    now = start + timedelta(hours=generator.randrange(0, 24))
    steps = []
    for _ in range(12):
        rating = generator.choice([Rating.Again, Rating.Hard, Rating.Good, Rating.Good, Rating.Good, Rating.Easy])
        retrievability = scheduler.get_card_retrievability(card, current_datetime=now)
        card, _ = scheduler.review_card(card, rating, review_datetime=now)
        steps.append({
            "time": int((now - epoch).total_seconds()),
            "rating": int(rating),
            "retrievability": retrievability,
            "stability": card.stability,
            "difficulty": card.difficulty,
            "due": int((card.due - epoch).total_seconds()),
        })
        # Mostly on the day it is due, sometimes early or late, now and then the same day.
        choice = generator.random()
        if choice < 0.1:
            now = now + timedelta(hours=generator.randrange(1, 12))
        else:
            interval = (card.due - now).total_seconds()
            now = now + timedelta(seconds=int(interval * generator.uniform(0.5, 1.6)) + generator.randrange(0, 3600))
    sequences.append(steps)

json.dump({
    "provenance": {
        "package": "fsrs (py-fsrs) " + version("fsrs") + " from PyPI",
        "script": "Tests/Fixtures/fsrs-reference.py, by make fsrs-fixture",
        "python": sys.version.split()[0],
    },
    "parameters": list(DEFAULT_PARAMETERS),
    "desired_retention": 0.9,
    "maximum_interval": 36500,
    "sequences": sequences,
}, sys.stdout, indent=1)
sys.stdout.write("\n")
