-- Each seat's rating change in a rated game (docs/api.md, "Ratings"), written with the
-- game's end: its player's rating and deviation before the game and its rating after, on
-- the scale shown. NULL: not a rated seat of a player, or a game that ended before.
ALTER TABLE seats ADD COLUMN rating_before DOUBLE PRECISION;
ALTER TABLE seats ADD COLUMN deviation_before DOUBLE PRECISION;
ALTER TABLE seats ADD COLUMN rating_after DOUBLE PRECISION;
