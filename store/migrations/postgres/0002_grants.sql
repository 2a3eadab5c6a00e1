-- What the tokens of the fray server let their holders do: a token is
-- kept only as its SHA-256 hash.
CREATE TABLE grants (
	hash      TEXT PRIMARY KEY,
	fight_id  TEXT NOT NULL REFERENCES fights (id),
	gm        BOOLEAN NOT NULL,
	combatant TEXT NOT NULL
);

-- Every committed entry is announced on the channel fray_entries as
-- "VERSION FIGHT", so that every server process hears of it.
CREATE FUNCTION fray_notify_entry() RETURNS trigger AS $$
BEGIN
	PERFORM pg_notify('fray_entries', NEW.version::text || ' ' || NEW.fight_id);
	RETURN NULL;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER entries_notify AFTER INSERT ON entries
	FOR EACH ROW EXECUTE FUNCTION fray_notify_entry();
