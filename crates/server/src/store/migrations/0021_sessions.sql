-- Sessions (docs/api.md, "Sessions"): each key of a player is a session, shown with when it
-- was last used (seconds since the Unix epoch, written at most every five minutes) and a
-- coarse label of its device; its player may end it (the row is deleted).
ALTER TABLE player_keys ADD COLUMN last_used_at BIGINT;
ALTER TABLE player_keys ADD COLUMN label TEXT;
CREATE INDEX player_keys_by_player ON player_keys (player_id);
