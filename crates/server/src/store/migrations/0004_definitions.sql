-- The texts of a game's definition files (a Na orbicie board, a Triles tile set) as a JSON
-- object by option name, for a game created with its own; NULL: the built-in ones.
ALTER TABLE games ADD COLUMN definitions TEXT;
