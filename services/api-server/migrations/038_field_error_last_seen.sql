-- 错误信息排行 among equal counts: the message seen last comes first. A day is too coarse (every message of today
-- ties, and the order fell back to the text), so each row keeps when it was last reported.
ALTER TABLE field_error_day ADD COLUMN last_at timestamptz NOT NULL DEFAULT now();
