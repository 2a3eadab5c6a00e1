-- The local content documents a fight's encounter may bring in, as JSON
-- (path relative to where its content is laid out -> the document's text),
-- so that a record loads on any machine.
ALTER TABLE fights ADD COLUMN content TEXT NOT NULL DEFAULT '{}';
