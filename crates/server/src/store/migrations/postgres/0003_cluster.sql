-- Several instances on one database (PostgreSQL only).
-- automatic: chance or a bot is to act. The instance named lease_holder plays those turns
-- until lease_until (milliseconds since the Unix epoch); after that any instance may.
-- summary: the game's line in the lobby (JSON), so that any instance can list any game.
ALTER TABLE games ADD COLUMN automatic BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE games ADD COLUMN summary TEXT;
ALTER TABLE games ADD COLUMN lease_holder TEXT;
ALTER TABLE games ADD COLUMN lease_until BIGINT NOT NULL DEFAULT 0;
CREATE INDEX games_due ON games (updated_at) WHERE status = 'running' AND automatic;
CREATE INDEX games_lobby ON games (created_at) WHERE status = 'running';
