-- Named players (docs/api.md, "Players"). A player proves who it is with a key, stored only
-- as its SHA-256; name_key is the name folded (NFKC, lowercase) so that two names that
-- read the same cannot both be taken.
CREATE TABLE players (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    name_key TEXT NOT NULL UNIQUE,
    created_at BIGINT NOT NULL
);
CREATE TABLE player_keys (
    key_hash TEXT PRIMARY KEY,
    player_id TEXT NOT NULL REFERENCES players (id),
    created_at BIGINT NOT NULL
);
-- The named player who sits in a seat; NULL: a guest (or a bot).
ALTER TABLE seats ADD COLUMN player_id TEXT REFERENCES players (id);
CREATE INDEX seats_by_player ON seats (player_id);
-- The game's clock (docs/api.md, "Clocks") as JSON: its time control, each seat's time
-- left, whose clock runs since when; NULL: no clock. deadline: when the running clock's
-- flag falls (milliseconds since the Unix epoch), so that it falls across restarts.
ALTER TABLE games ADD COLUMN clock TEXT;
ALTER TABLE games ADD COLUMN deadline BIGINT;
CREATE INDEX games_deadline ON games (deadline) WHERE status = 'running' AND deadline IS NOT NULL;
-- A game made by "Play someone" (docs/api.md, "Pairing"): its spec and clock as one key,
-- so that the next player asking for the same finds it while a seat is open.
ALTER TABLE games ADD COLUMN seek TEXT;
CREATE INDEX games_seek ON games (seek, created_at) WHERE status = 'running' AND seek IS NOT NULL;
-- Rematch (docs/api.md, "Rematch"): per seat, the SHA-256 of the token its player will hold
-- in the rematch, once it agreed; per game, the rematch's id once every person agreed.
ALTER TABLE seats ADD COLUMN rematch TEXT;
ALTER TABLE games ADD COLUMN rematch TEXT;
-- Ratings (docs/api.md, "Ratings"): a rated game updates its players' ratings once, at its
-- end (rated_done); one rating per player and kind of game, and its history by game.
ALTER TABLE games ADD COLUMN rated BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE games ADD COLUMN rated_done BOOLEAN NOT NULL DEFAULT FALSE;
CREATE TABLE ratings (
    player_id TEXT NOT NULL REFERENCES players (id),
    kind TEXT NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    deviation DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    games BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    PRIMARY KEY (player_id, kind)
);
CREATE INDEX ratings_board ON ratings (kind, rating);
CREATE TABLE rating_history (
    player_id TEXT NOT NULL REFERENCES players (id),
    kind TEXT NOT NULL,
    game_id TEXT NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    deviation DOUBLE PRECISION NOT NULL,
    at BIGINT NOT NULL,
    PRIMARY KEY (player_id, kind, game_id)
);
