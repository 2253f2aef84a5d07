-- The render lease's fencing token: a number that grows with every grant to a new holder (and with every take of a
-- lapsed lease), never with a renewal. A renderer's acknowledgement carries the token of its grant and is refused once
-- another grant exists, so a renderer that lost the lease (starved, cut off) changes nothing after it. A released
-- lease keeps its row (expired at once), so the number never starts again from 1.
ALTER TABLE render_lease ADD COLUMN token bigint NOT NULL DEFAULT 1;
