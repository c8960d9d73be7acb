import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { threeDSecureChallenges } from "@/lib/db/schema";
import {
  createTestDatabase,
  startTestGateway,
  type TestDatabase,
  type TestGateway,
  type TestShop,
  uniqueVisaNumber,
  usePostgres,
} from "../harness";
import {
  openPage,
  queryTransaction,
  shownCode,
  storedRows,
  submitForm,
  tokenize,
} from "../three-d-secure-helpers";

/**
 * Three wrong one-time codes fail a 3-D Secure challenge, whatever a correct code arriving at the same moment on
 * another instance does: the success path checks the count of wrong codes in the statement that claims the
 * challenge. On PostgreSQL two app instances share the database; on the embedded database one takes every request.
 */
describe(`3-D Secure wrong codes against a correct one (${usePostgres ? "PostgreSQL, two instances" : "PGlite"})`, () => {
  let database: TestDatabase;
  const instances: TestGateway[] = [];
  let shop: TestShop;
  let seed = 730_000;
  const returnUrl = "https://merchant.example/return";

  beforeAll(async () => {
    database = await createTestDatabase();
    instances.push(await startTestGateway({ database }));
    instances.push(usePostgres ? await startTestGateway({ database }) : instances[0]);
    shop = await instances[0].createShop({ three_d_secure: true });
  });

  afterAll(async () => {
    for (const instance of new Set(instances)) await instance.close();
    await database.drop();
  });

  /** A challenge with two wrong codes counted: the next wrong one is the last. */
  async function challengeWithTwoWrongCodes() {
    const [first, second] = instances;
    seed += 1;
    const transaction = await tokenize(first, shop, uniqueVisaNumber(seed), { return_url: returnUrl });
    expect(transaction.status).toBe("incomplete");
    const code = shownCode((await openPage(first, transaction.uid)).html);
    const wrong = code === "000000" ? "000001" : "000000";
    expect((await submitForm(first, transaction.uid, { code: wrong, action: "confirm" })).status).toBe(422);
    expect((await submitForm(second, transaction.uid, { code: wrong, action: "confirm" })).status).toBe(422);
    return { uid: transaction.uid as string, code, wrong };
  }

  // What the request counting the third wrong code does first (issuer-flow.ts); it ends the verification after.
  const countWrongCode = (uid: string) =>
    sql`update three_d_secure_challenges set failed_attempts = failed_attempts + 1
        where transaction_uid = ${uid} and stage = 'challenge'`;

  it("fails a correct code that arrives after the third wrong code was counted and before it was finished", async () => {
    const { uid, code } = await challengeWithTwoWrongCodes();
    await instances[0].runtime.deps.db.execute(countWrongCode(uid));

    const answer = await submitForm(instances[1], uid, { code, action: "confirm" });
    expect(answer.status).toBe(303);
    expect(new URL(answer.location as string).searchParams.get("status")).toBe("failed");
    const final = await queryTransaction(instances[0], shop, uid);
    expect(final).toMatchObject({
      status: "failed",
      message: "3-D Secure verification failed: wrong one-time code entered 3 times",
      credit_card: { token: null, stamp: null },
    });
    expect((await storedRows(instances[0], uid)).challenge).toMatchObject({
      stage: "finished",
      failedAttempts: 3,
    });
  });

  it.runIf(usePostgres)(
    "fails a correct code whose claim waits while another instance counts the third wrong code",
    async () => {
      const { uid, code } = await challengeWithTwoWrongCodes();
      // Another instance's request holds the challenge's row (counting a wrong code) while the correct code
      // arrives: the correct code's claim waits for it, then must see the count.
      const other = new pg.Client({ connectionString: database.url! });
      await other.connect();
      try {
        await other.query("begin");
        await other.query("select 1 from three_d_secure_challenges where transaction_uid = $1 for update", [
          uid,
        ]);
        const answering = submitForm(instances[0], uid, { code, action: "confirm" });
        // Until the correct code's claim is queued behind the row lock.
        for (let waited = 0; ; waited += 20) {
          const { rows } = await other.query(
            `select count(*)::int as waiting from pg_stat_activity
             where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
          );
          if (rows[0].waiting > 0) break;
          if (waited > 10_000) throw new Error("The correct code never reached its claim");
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        await other.query(
          `update three_d_secure_challenges set failed_attempts = failed_attempts + 1
           where transaction_uid = $1 and stage = 'challenge'`,
          [uid],
        );
        await other.query("commit");
        const answer = await answering;
        expect(new URL(answer.location as string).searchParams.get("status")).toBe("failed");
      } finally {
        await other.end();
      }
      expect((await queryTransaction(instances[1], shop, uid)).status).toBe("failed");
    },
  );

  it.runIf(usePostgres)(
    "never ends successful with three wrong codes counted when both arrive at once, 15 times over",
    async () => {
      const challenges = await Promise.all(Array.from({ length: 15 }, () => challengeWithTwoWrongCodes()));
      await Promise.all(
        challenges.flatMap(({ uid, code, wrong }) => [
          submitForm(instances[0], uid, { code, action: "confirm" }),
          submitForm(instances[1], uid, { code: wrong, action: "confirm" }),
        ]),
      );
      const { db } = instances[0].runtime.deps;
      for (const { uid } of challenges) {
        const final = await queryTransaction(instances[0], shop, uid);
        const [challenge] = await db
          .select()
          .from(threeDSecureChallenges)
          .where(eq(threeDSecureChallenges.transactionUid, uid));
        expect(challenge.stage).toBe("finished");
        // Either the correct code came first (successful, two wrong codes) or the third wrong code did.
        if (final.status === "successful") expect(challenge.failedAttempts).toBeLessThan(3);
        else
          expect(final.message).toBe("3-D Secure verification failed: wrong one-time code entered 3 times");
      }
    },
    60_000,
  );
});
