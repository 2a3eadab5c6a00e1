-- A token can be revoked: the GM replaces a player's link with a new one.
-- A revoked grant stays, so that its holder is told why it no longer
-- works, and so that a seat's links can be counted.
ALTER TABLE grants ADD COLUMN revoked INTEGER NOT NULL DEFAULT 0 CHECK (revoked IN (0, 1));
CREATE INDEX grants_seat ON grants (fight_id, combatant);
