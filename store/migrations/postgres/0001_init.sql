CREATE TABLE fights (
	id      TEXT PRIMARY KEY,
	ruleset TEXT NOT NULL,
	format  INTEGER NOT NULL,
	name    TEXT NOT NULL,
	source  TEXT NOT NULL,
	created TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- command, dice and events are kept as the exact JSON text written (not
-- jsonb, which would reorder keys).
CREATE TABLE entries (
	fight_id TEXT NOT NULL REFERENCES fights (id),
	version  BIGINT NOT NULL CHECK (version >= 1),
	kind     TEXT NOT NULL CHECK (kind IN ('decision', 'undo')),
	actor    TEXT NOT NULL,
	command  TEXT NOT NULL,
	dice     TEXT NOT NULL,
	events   TEXT NOT NULL,
	PRIMARY KEY (fight_id, version)
);
