-- "Play someone" pairs with the oldest waiting seek (docs/api.md, "Pairing"): creation
-- times are whole seconds, so a seek also keeps when it was made in milliseconds, which
-- orders two seeks of the same second.
ALTER TABLE games ADD COLUMN seek_at BIGINT;
DROP INDEX games_seek;
CREATE INDEX games_seek ON games (seek, seek_at) WHERE status = 'running' AND seek IS NOT NULL;
-- A rating's history in the order its games were rated, also for games rated within one
-- second: each point keeps the player's count of rated games after it (NULL before this).
ALTER TABLE rating_history ADD COLUMN number BIGINT;
