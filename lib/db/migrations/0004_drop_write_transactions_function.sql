-- Transactions are written by lib/gateway/tokenization/transaction-writer.ts with multi-row statements (faster on
-- both stores than one call of this function with the batch as JSON, measured with npm run bench:gateway).
DROP FUNCTION IF EXISTS tessera_write_transactions(jsonb, timestamptz);
