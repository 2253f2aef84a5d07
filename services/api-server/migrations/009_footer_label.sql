-- The footer showed an internal hint to visitors (常见问题（重新加载）); a new database gets the plain label
-- from the seed.
UPDATE block_item SET title = '常见问题' WHERE title = '常见问题（重新加载）';
