-- Room on each page of `transactions` for its rows' ends. A payment's or tokenization's row is written `incomplete`
-- and rewritten once when it ends (status, body, card token); none of those columns is indexed, so the new version
-- can stay on its page as a heap-only (HOT) update: no new entry in the table's five indexes (the GIN index of
-- tracking ids among them), and nothing for a vacuum's pass over them. A row is about 1.8 KB, so a full page holds
-- four and has no room for a fifth version; the ends come in batches, rewriting a page's rows in one statement,
-- so a page must hold each of its rows twice. At the default fill factor (100) half the ends moved to another
-- page; at 70, still half; at 50, none. New pages only: existing rows keep their pages until rewritten.
ALTER TABLE transactions SET (fillfactor = 50);
