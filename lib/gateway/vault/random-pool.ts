import { randomFillSync } from "node:crypto";

const POOL_BYTES = 4096;

let pool = Buffer.alloc(0);
let offset = 0;

/**
 * `size` bytes from the CSPRNG, like `crypto.randomBytes(size)`, drawn from a pool filled a page at a time: each
 * `randomBytes` call pays a fixed cost (a native job per call) several times that of the bytes themselves, and a
 * tokenization draws twice (the card token, the IV). Node's `randomUUID` buffers its entropy the same way. Every
 * byte is handed out once; the pool is replaced, never refilled in place, and callers get copies of their bytes.
 */
export function pooledRandomBytes(size: number): Buffer {
  if (!Number.isInteger(size) || size < 0 || size > POOL_BYTES) {
    throw new RangeError(`pooledRandomBytes takes 0 to ${POOL_BYTES} bytes`);
  }
  if (offset + size > pool.length) {
    pool = randomFillSync(Buffer.allocUnsafeSlow(POOL_BYTES));
    offset = 0;
  }
  const bytes = Buffer.from(pool.subarray(offset, offset + size));
  offset += size;
  return bytes;
}
