/**
 * Settings of the embedded database. PGlite's own default, 160 MB of shared buffers, lives in the WebAssembly heap,
 * which grows to it under load and never gives memory back: about 150 MB of the server's resident set. PGlite reads
 * its files through the operating system's page cache anyway, and 16 MB holds the hot path's working set (the
 * newest pages of the transactions, the cards and the duplicate-check index). Figures in docs/decisions.md.
 */
export const PGLITE_SETTINGS = ["shared_buffers=16MB"];
