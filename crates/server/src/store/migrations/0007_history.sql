-- Finished games listed, the most recently ended first (docs/api.md, "The lobby"), a page at
-- a time from a cursor of (updated_at, id).
CREATE INDEX games_finished ON games (updated_at DESC, id) WHERE status = 'over';
