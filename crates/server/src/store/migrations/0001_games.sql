-- Portable SQL: SQLite and PostgreSQL both accept it. Ids are TEXT, numbers BIGINT.
CREATE TABLE games (
    id TEXT PRIMARY KEY,
    spec TEXT NOT NULL,
    seed BIGINT NOT NULL,
    seed_nonce TEXT NOT NULL,
    seed_hash TEXT NOT NULL,
    version BIGINT NOT NULL,
    status TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);

CREATE INDEX games_by_status ON games (status);

CREATE TABLE seats (
    game_id TEXT NOT NULL REFERENCES games (id),
    seat BIGINT NOT NULL,
    agent TEXT NOT NULL,
    token_hash TEXT,
    PRIMARY KEY (game_id, seat)
);

CREATE TABLE events (
    game_id TEXT NOT NULL REFERENCES games (id),
    seq BIGINT NOT NULL,
    kind TEXT NOT NULL,
    seat BIGINT,
    action TEXT,
    client_id TEXT,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (game_id, seq)
);
