-- A game may start from a position (POST /api/games with "position"); NULL: a new game.
ALTER TABLE games ADD COLUMN start_position TEXT;
