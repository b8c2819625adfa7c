-- More tokens of a seat (docs/api.md, "A player's seats on another device"): a named
-- player's device asks for its seat with its key and gets a token of its own, stored
-- here as its SHA-256, so that the seat's first token (on the device that took it) stays.
CREATE TABLE seat_tokens (
    game_id TEXT NOT NULL REFERENCES games (id),
    seat BIGINT NOT NULL,
    token_hash TEXT NOT NULL,
    PRIMARY KEY (game_id, token_hash)
);
