-- The look for due games, every second (`Storage::due`), reads each of its four reasons
-- from an index of its own instead of every running game: games stored before their lobby
-- line, and games by when they last changed (the idle ones).
CREATE INDEX games_unsummarized ON games (updated_at) WHERE status = 'running' AND summary IS NULL;
CREATE INDEX games_idle ON games (updated_at) WHERE status = 'running';
