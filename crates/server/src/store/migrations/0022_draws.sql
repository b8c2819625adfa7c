-- Draw offers in games of two people (docs/api.md, "Draws"), per seat: the game's version
-- when its offer was made (NULL: none stands), the version when its last offer was
-- declined, and how many of its offers were declined (each makes the next wait longer).
ALTER TABLE seats ADD COLUMN draw_offer BIGINT;
ALTER TABLE seats ADD COLUMN draw_declined BIGINT;
ALTER TABLE seats ADD COLUMN draw_declines BIGINT NOT NULL DEFAULT 0;
