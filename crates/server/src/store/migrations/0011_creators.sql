-- Who created each game, so that one creator cannot keep more than a few running games
-- (`trio serve --games-per-creator`): `player:<id>` for a named player, else
-- `address:<ip>`; NULL for a rematch and for games from before.
ALTER TABLE games ADD COLUMN creator TEXT;
CREATE INDEX games_creator ON games (creator) WHERE status = 'running';
