/**
 * Settings of the embedded database.
 *
 * `shared_buffers`: PGlite's own default, 160 MB, lives in the WebAssembly heap, which grows to it under load and
 * never gives memory back: about 150 MB of the server's resident set. PGlite reads its files through the operating
 * system's page cache anyway, and 16 MB holds the hot path's working set (the newest pages of the transactions, the
 * cards and the duplicate-check index).
 *
 * `default_statistics_target`: the embedded store's maintenance (embedded-maintenance.ts) analyzes a table on the
 * one connection every request waits on, and ANALYZE reads a sample of 300 × this many rows, one page each at most.
 * At PostgreSQL's 100 (30,000 rows; `transactions` holds two rows a page) an ANALYZE of `transactions` held the store
 * for 400–800 ms in a soak; at 10 (3,000 rows), 40–60 ms, and the statements' plans are the same (they read by
 * their indexes; the statistics only have to say how big the tables are). PostgreSQL keeps its default: there
 * autovacuum runs beside the requests. Figures in docs/decisions.md.
 */
export const PGLITE_SETTINGS = ["shared_buffers=16MB", "default_statistics_target=10"];
