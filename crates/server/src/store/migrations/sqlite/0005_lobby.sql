-- A game alone on SQLite leaves memory when idle and is loaded when asked for, so the
-- store answers what memory used to (PostgreSQL has had these columns since 0003).
-- automatic: chance or a bot is to act, so the game is loaded at start to play it.
-- summary: the game's line in the lobby (JSON); NULL for a game stored before this
-- migration, which is loaded at start once to write it.
ALTER TABLE games ADD COLUMN automatic BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE games ADD COLUMN summary TEXT;
CREATE INDEX games_due ON games (updated_at) WHERE status = 'running' AND automatic;
CREATE INDEX games_lobby ON games (created_at) WHERE status = 'running';
