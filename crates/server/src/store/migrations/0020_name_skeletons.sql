-- Names compared as they read (docs/api.md, "Players"): each name's confusable skeleton
-- (UTS #39, people/names.rs), unique, so that a name and its look-alikes are taken once.
-- NULL for a name taken before skeletons were kept until the server fills it in at start,
-- and for good when an older name has the same skeleton: that name still signs in by its
-- name_key, and no new name can take the skeleton.
ALTER TABLE players ADD COLUMN name_skeleton TEXT;
CREATE UNIQUE INDEX players_by_skeleton ON players (name_skeleton);
