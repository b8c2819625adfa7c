-- A player's optional password (docs/api.md, "Passwords"), as its Argon2id hash in the PHC
-- string format (algorithm, parameters, salt and hash); NULL: none set.
ALTER TABLE players ADD COLUMN password_hash TEXT;
