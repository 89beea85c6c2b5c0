"""Statistics: every finished game in a SQLite database, worked out from its replay.

The back end of the statistics screens (no UI here). Replays are the record; the
database is an index of figures computed from them, so it can always be rebuilt::

    db = StatsDB.open()              # data_dir()/stats.sqlite3; made, migrated or rebuilt
    if db.notice: ...                # tell the user it had to be rebuilt
    db.record_game(writer.path)      # after a game; None if unfinished; idempotent
    db.recent_games(20), db.results_by_mode(), db.level_results(game), db.personal_bests(),
    db.cpm_trend(20), db.head_to_head(), db.not_sealed()
    db.game_story(path)              # both players' cards over time, for a chart
    db.bests_by_level(), db.new_bests(game)  # records per level and variant; broken
    db.your_name(), db.rating_history(name), db.ratings()  # ``spit.stats.rating``
    game_news(path)                  # a result's new bests and rating change
    your_rating()                    # the menu's line
    db.daily_status(day), db.ladder_status()  # the day's deal, the ladder: challenges

How each figure is defined: ``spit.stats.figures``. Database lifecycle, damage and
concurrency: ``spit.stats.db``. Schema and migrations: ``spit.stats.schema``.
"""

from spit.stats.challenges import DailyAttempt, DailyStatus, LadderStatus
from spit.stats.db import (
    DB_NAME,
    ChallengeResult,
    GameNews,
    RebuildReport,
    StatsBusy,
    StatsDB,
    StatsUnavailable,
    challenge_result,
    default_path,
    game_news,
    head_to_head_line,
    your_rating,
)
from spit.stats.figures import IDLE_MS, RUN_GAP_MS, GameFigures, PlayerFigures, game_figures
from spit.stats.queries import (
    MIN_REACTIONS,
    RECORDS,
    Best,
    CpmPoint,
    LevelBests,
    LevelResults,
    ModeResults,
    NewBest,
    PersonalBests,
    Rivalry,
)
from spit.stats.rating import RatedGame, Rating
from spit.stats.schema import MIGRATIONS, SCHEMA_VERSION
from spit.stats.story import Story, StoryPoint, game_story, story_of
from spit.stats.summary import GameSummary, Mode, PlayerSummary, summarize
from spit.stats.walk import UnusableReplay

__all__ = [
    "DB_NAME",
    "IDLE_MS",
    "MIGRATIONS",
    "MIN_REACTIONS",
    "RECORDS",
    "RUN_GAP_MS",
    "SCHEMA_VERSION",
    "Best",
    "ChallengeResult",
    "CpmPoint",
    "DailyAttempt",
    "DailyStatus",
    "GameFigures",
    "GameNews",
    "GameSummary",
    "LadderStatus",
    "LevelBests",
    "LevelResults",
    "Mode",
    "ModeResults",
    "NewBest",
    "PersonalBests",
    "PlayerFigures",
    "PlayerSummary",
    "RatedGame",
    "Rating",
    "RebuildReport",
    "Rivalry",
    "StatsBusy",
    "StatsDB",
    "StatsUnavailable",
    "Story",
    "StoryPoint",
    "UnusableReplay",
    "challenge_result",
    "default_path",
    "game_figures",
    "game_news",
    "game_story",
    "head_to_head_line",
    "story_of",
    "summarize",
    "your_rating",
]
