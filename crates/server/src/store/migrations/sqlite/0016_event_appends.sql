-- An event appended in one statement: a row inserted into this view updates its game's
-- row and inserts the event, or, if the game is not at the version just before the event,
-- fails with 'version conflict' and changes nothing. One statement is one round trip to
-- SQLite's thread and, alone, its own transaction (no BEGIN and COMMIT around it); in a
-- transaction a conflict undoes only its own statement.
CREATE VIEW event_appends (
    game_id, seq, kind, seat, action, client_id, created_at,
    status, automatic, summary, clock, deadline
) AS SELECT NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL WHERE 0;

CREATE TRIGGER event_appends_insert INSTEAD OF INSERT ON event_appends
BEGIN
    SELECT RAISE(ABORT, 'version conflict')
    WHERE NOT EXISTS (SELECT 1 FROM games WHERE id = NEW.game_id AND version = NEW.seq - 1);
    UPDATE games SET version = NEW.seq, status = NEW.status, updated_at = NEW.created_at,
        automatic = NEW.automatic, summary = COALESCE(NEW.summary, summary),
        clock = COALESCE(NEW.clock, clock), deadline = NEW.deadline
    WHERE id = NEW.game_id;
    INSERT INTO events (game_id, seq, kind, seat, action, client_id, created_at)
    VALUES (NEW.game_id, NEW.seq, NEW.kind, NEW.seat, NEW.action, NEW.client_id,
        NEW.created_at);
END;
