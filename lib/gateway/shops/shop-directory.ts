import { timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import { type ShopSettings, shopSettingsSchema } from "@/lib/contracts/shop-settings";
import type { Database } from "@/lib/db/client";
import { shops } from "@/lib/db/schema";
import type { Keyring } from "../vault/keyring";

export interface AuthenticatedShop {
  id: number;
  name: string;
  test: boolean;
  settings: ShopSettings;
}

interface CachedShop {
  shop: AuthenticatedShop;
  secretKeyHash: Buffer;
  /**
   * The secret key last offered and found to match `secretKeyHash`, for as long as this entry lives (`ttlMs`):
   * checking it again is a constant-time comparison instead of an HMAC on every request. Dropped with the entry,
   * so a rotated key stops matching within `ttlMs` (at once on the instance that rotated it).
   */
  verifiedSecretKey: Buffer | null;
}

/** Unknown shop ids remembered at most, by default: anyone can send any id, and each would otherwise stay. */
export const MAX_UNKNOWN_SHOP_IDS = 1024;

/**
 * Looks shops up for authentication. Every API request authenticates, so records are cached briefly; a settings
 * change or key rotation made through another instance takes effect here within `ttlMs`. Ids that name no shop
 * are remembered too (a client retrying a wrong id costs no query), but only the `maxUnknown` most recent: the
 * known shops bound the rest of the cache, the ids a client makes up bound nothing.
 */
export class ShopDirectory {
  private readonly cache = new Map<number, { entry: CachedShop; expiresAt: number }>();
  /** Unknown shop id → when to ask the database again; in insertion order, so the first is the oldest. */
  private readonly unknown = new Map<number, number>();
  /** Reads in flight: the requests that find an entry expired share one read instead of one each. */
  private readonly loading = new Map<number, Promise<CachedShop | null>>();

  constructor(
    private readonly db: Database,
    private readonly keyring: Keyring,
    private readonly ttlMs = 5_000,
    private readonly maxUnknown = MAX_UNKNOWN_SHOP_IDS,
  ) {}

  /** How many shops and unknown ids are cached (for tests and diagnostics). */
  get cachedCounts(): { shops: number; unknown: number } {
    return { shops: this.cache.size, unknown: this.unknown.size };
  }

  /** The shop when `secretKey` is its secret key, otherwise null. Constant-time in the secret. */
  async authenticate(shopIdText: string, secretKey: string): Promise<AuthenticatedShop | null> {
    if (!/^[1-9][0-9]{0,9}$/.test(shopIdText)) return null;
    const shopId = Number(shopIdText);
    if (shopId > 2_147_483_647) return null;
    const cached = await this.load(shopId);
    if (cached?.verifiedSecretKey) {
      const offeredKey = Buffer.from(secretKey, "utf8");
      const verified = cached.verifiedSecretKey;
      // Lengths are not secret: every secret key has the same format.
      if (offeredKey.length === verified.length && timingSafeEqual(offeredKey, verified)) return cached.shop;
    }
    const offered = Buffer.from(this.keyring.hashes.secretLookup(secretKey), "hex");
    // Compare against a dummy when the shop is unknown so timing does not reveal which shop ids exist.
    const expected = cached?.secretKeyHash ?? Buffer.alloc(offered.length);
    const matches = timingSafeEqual(offered, expected);
    if (!matches || !cached) return null;
    cached.verifiedSecretKey = Buffer.from(secretKey, "utf8");
    return cached.shop;
  }

  async get(shopId: number): Promise<AuthenticatedShop | null> {
    return (await this.load(shopId))?.shop ?? null;
  }

  invalidate(shopId: number): void {
    this.cache.delete(shopId);
    this.unknown.delete(shopId);
    this.loading.delete(shopId);
  }

  private remember(shopId: number, entry: CachedShop | null): void {
    const expiresAt = Date.now() + this.ttlMs;
    if (entry) {
      this.cache.set(shopId, { entry, expiresAt });
      this.unknown.delete(shopId);
      return;
    }
    this.cache.delete(shopId);
    this.unknown.delete(shopId);
    while (this.unknown.size >= this.maxUnknown) {
      const oldest = this.unknown.keys().next();
      if (oldest.done) break;
      this.unknown.delete(oldest.value);
    }
    if (this.maxUnknown > 0) this.unknown.set(shopId, expiresAt);
  }

  private load(shopId: number): Promise<CachedShop | null> {
    const now = Date.now();
    const hit = this.cache.get(shopId);
    if (hit && hit.expiresAt > now) return Promise.resolve(hit.entry);
    const unknownUntil = this.unknown.get(shopId);
    if (unknownUntil !== undefined && unknownUntil > now) return Promise.resolve(null);
    const pending = this.loading.get(shopId);
    if (pending) return pending;
    const read: Promise<CachedShop | null> = this.read(shopId)
      .then((entry) => {
        // Cached only if no invalidation came while reading: the read may predate the change it announces.
        if (this.loading.get(shopId) === read) this.remember(shopId, entry);
        return entry;
      })
      .finally(() => {
        if (this.loading.get(shopId) === read) this.loading.delete(shopId);
      });
    this.loading.set(shopId, read);
    return read;
  }

  private async read(shopId: number): Promise<CachedShop | null> {
    const [row] = await this.db
      .select({
        id: shops.id,
        name: shops.name,
        test: shops.test,
        settings: shops.settings,
        secretKeyHash: shops.secretKeyHash,
      })
      .from(shops)
      .where(eq(shops.id, shopId));
    const entry: CachedShop | null = row
      ? {
          shop: {
            id: row.id,
            name: row.name,
            test: row.test,
            settings: shopSettingsSchema.parse(row.settings),
          },
          secretKeyHash: Buffer.from(row.secretKeyHash, "hex"),
          verifiedSecretKey: null,
        }
      : null;
    return entry;
  }
}
