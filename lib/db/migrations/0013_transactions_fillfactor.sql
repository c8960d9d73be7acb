-- Room in each page of transactions for the row's next version. Every money transaction is written twice (
-- `incomplete`, then the acquirer's answer) and a parent again whenever a child ends; none of those updates
-- changes an indexed column, so with room on the page the new version is a heap-only tuple (HOT): no new entry in
-- any of the table's five indexes (the GIN index of tracking ids the costliest), and the old version pruned in
-- place. With full pages (the default, 100) a third of them went to another page and into every index.
ALTER TABLE transactions SET (fillfactor = 70);
