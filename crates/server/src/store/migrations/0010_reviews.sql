-- Reviews of finished games (docs/review.md), kept once computed: a finished game never
-- changes, so neither does its review at one judge level.
CREATE TABLE reviews (
    game_id TEXT NOT NULL REFERENCES games (id),
    level INTEGER NOT NULL,
    review TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (game_id, level)
);
