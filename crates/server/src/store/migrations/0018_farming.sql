-- No farming (docs/api.md, "Ratings"). seated_at: when a person last sat down in the game
-- (its creation, or a seat taken; the server's time, in seconds), from which the rated
-- games two players began together within a day are counted. casual: why a game asked for
-- as rated is played casual ('pair-limit'). seeker: the browser that made a seek, so that
-- it is never paired with itself.
ALTER TABLE games ADD COLUMN seated_at BIGINT;
UPDATE games SET seated_at = created_at;
ALTER TABLE games ADD COLUMN casual TEXT;
ALTER TABLE games ADD COLUMN seeker TEXT;
