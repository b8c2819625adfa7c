-- Every move of a running game moved its entry in games_ended (its updated_at changes),
-- two more pages written a move for an index only finished games are listed from. The
-- lobby now names the status in its queries, so a partial index serves the finished ones
-- (the status leads it still, or SQLite prefers games_by_status and a sort).
DROP INDEX games_ended;
CREATE INDEX games_ended ON games (status, updated_at DESC, id) WHERE status = 'over';
