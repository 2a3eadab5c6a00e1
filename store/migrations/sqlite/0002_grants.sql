-- What the tokens of the fray server let their holders do: a token is
-- kept only as its SHA-256 hash.
CREATE TABLE grants (
	hash      TEXT PRIMARY KEY,
	fight_id  TEXT NOT NULL REFERENCES fights (id),
	gm        INTEGER NOT NULL CHECK (gm IN (0, 1)),
	combatant TEXT NOT NULL
) WITHOUT ROWID;
