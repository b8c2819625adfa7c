-- The lobby's pages (docs/api.md, "The lobby") read in the order they list, a page at a time
-- from a cursor: running games the newest first, finished ones the most recently ended
-- first. The status is a bound parameter, which the partial indexes games_lobby and
-- games_finished cannot serve, so SQLite sorted every game of the status for each page
-- (14 ms of CPU with 20,000 running games).
CREATE INDEX games_listed ON games (status, created_at DESC, id);
CREATE INDEX games_ended ON games (status, updated_at DESC, id);
DROP INDEX games_finished;
