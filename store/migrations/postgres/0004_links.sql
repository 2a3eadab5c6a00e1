-- A token can be revoked: the GM replaces a player's link with a new one.
-- A revoked grant stays, so that its holder is told why it no longer
-- works, and so that a seat's links can be counted. Each revocation is
-- announced on the channel fray_grants with the fight's id, so that every
-- server process forgets the grants of that fight it remembers.
ALTER TABLE grants ADD COLUMN revoked BOOLEAN NOT NULL DEFAULT false;
CREATE INDEX grants_seat ON grants (fight_id, combatant);
