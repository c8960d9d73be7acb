-- Which master key wraps each vault key (a check value: an HMAC of a fixed label under the master key), so that an
-- online master-key rotation can tell what is left to re-wrap. NULL for keys wrapped before: worked out by trying.
ALTER TABLE "vault_keys" ADD COLUMN "master_key_check" text;
