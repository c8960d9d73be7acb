import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "@/lib/db/client";
import { freePort } from "../gateway-process";
import {
  callJson,
  createTestDatabase,
  MASTER_KEY,
  postTokenization,
  startTestGateway,
  type TestDatabase,
  type TestGateway,
  type TestShop,
  tokenizationRequest,
  usePostgres,
} from "../harness";

const ROOT = path.resolve(import.meta.dirname, "../../..");
const DUE = 1000;

interface Instance {
  child: ChildProcess;
  stop(): Promise<void>;
}

/** `npm run gateway` on the test's PostgreSQL database, its subscription scheduler on (the default). */
async function startInstance(databaseUrl: string): Promise<Instance> {
  const port = await freePort();
  const child = spawn(process.execPath, ["scripts/run.mjs", "scripts/gateway.ts"], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "/tmp",
      NODE_ENV: "development",
      DATABASE_URL: databaseUrl,
      MASTER_KEY,
      DATA_DIR: "/tmp/tessera-subscriptions-instances-unused",
      DEMO_SHOPS: "false",
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      // A killed instance's claims come back after 10 s instead of 5 minutes.
      SUBSCRIPTIONS_LEASE_SECONDS: "10",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no start-up line:\n${output}`)), 100_000);
    child.stdout?.on("data", () => {
      if (!output.includes("listening on")) return;
      clearTimeout(timer);
      resolve();
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code}:\n${output}`));
    });
  });
  return {
    child,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    },
  };
}

function kill(instance: Instance): Promise<unknown> {
  const exited = new Promise((resolve) => instance.child.once("exit", resolve));
  instance.child.kill("SIGKILL");
  return exited;
}

describe.skipIf(!usePostgres)(
  "subscription schedulers of two gateway processes on one PostgreSQL database",
  () => {
    let database: TestDatabase;
    let setup: TestGateway;
    let shop: TestShop;
    let planId: string;
    let customerId: string;
    let token: string;
    const instances: Instance[] = [];

    beforeAll(async () => {
      database = await createTestDatabase();
      setup = await startTestGateway({ database });
      shop = await setup.createShop();
      const stored = await postTokenization(
        setup,
        shop,
        tokenizationRequest({ additional_data: { contract: ["recurring"] } }),
      );
      token = stored.body.transaction.credit_card.token;
      const plan = await callJson(setup, "/plans", {
        shop,
        body: { title: "Daily", currency: "USD", plan: { amount: 300, interval: 1, interval_unit: "day" } },
      });
      planId = plan.body.id;
      const customer = await callJson(setup, "/customers", {
        shop,
        body: { email: "many@example.com", ip: "192.0.2.9" },
      });
      customerId = customer.body.id;
    }, 120_000);

    afterAll(async () => {
      await Promise.all(instances.map((instance) => instance.stop()));
      await setup.close();
      await database.drop();
    }, 120_000);

    /** `DUE` trial subscriptions whose trial ended a minute ago, ids `sbs_<batch><n>`. */
    async function dueSubscriptions(batch: number): Promise<string> {
      const prefix = `sbs_${batch}`;
      await setup.runtime.deps.db.execute(sql`
      insert into subscriptions
        (id, shop_id, plan_id, customer_id, test, state, card_token, card_update_token, cancel_token, renew_at,
         active_to)
      select ${prefix} || lpad(to_hex(n), 15, '0'), ${shop.id}, ${planId}, ${customerId}, true, 'trial', ${token},
             md5(random()::text) || md5(random()::text), md5(random()::text) || md5(random()::text),
             now() - interval '1 minute', now() - interval '1 minute'
      from generate_series(1, ${DUE}) as n`);
      return prefix;
    }

    async function tally(prefix: string) {
      const [row] = await queryRows<{
        payments: number;
        successful: number;
        subscriptions: number;
        paid: number;
      }>(
        setup.runtime.deps.db,
        sql`select
            (select count(*)::int from transactions
              where body->>'subscription_id' like ${`${prefix}%`}) as payments,
            (select count(*)::int from transactions
              where body->>'subscription_id' like ${`${prefix}%`} and status = 'successful') as successful,
            (select count(distinct body->>'subscription_id')::int from transactions
              where body->>'subscription_id' like ${`${prefix}%`}) as subscriptions,
            (select count(*)::int from subscription_cycles
              where subscription_id like ${`${prefix}%`} and state = 'paid') as paid`,
      );
      return row;
    }

    async function waitUntil(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
      const deadline = Date.now() + timeoutMs;
      while (!(await check())) {
        if (Date.now() > deadline) throw new Error("timed out");
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    }

    it("charges 1,000 due subscriptions exactly once each", async () => {
      const prefix = await dueSubscriptions(1);
      instances.push(
        ...(await Promise.all([startInstance(database.url ?? ""), startInstance(database.url ?? "")])),
      );
      await waitUntil(async () => (await tally(prefix)).paid === DUE, 240_000);
      // A few more polls of both schedulers: a second charge would show now.
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      expect(await tally(prefix)).toEqual({ payments: DUE, successful: DUE, subscriptions: DUE, paid: DUE });
    }, 400_000);

    it("still charges each exactly once when one instance is killed mid-run and another started", async () => {
      const prefix = await dueSubscriptions(2);
      await waitUntil(async () => (await tally(prefix)).payments >= DUE / 5, 120_000);
      await kill(instances[0]);
      const progressAtKill = await tally(prefix);
      expect(progressAtKill.paid).toBeLessThan(DUE);
      instances[0] = await startInstance(database.url ?? "");
      await waitUntil(async () => (await tally(prefix)).paid === DUE, 300_000);
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      expect(await tally(prefix)).toEqual({ payments: DUE, successful: DUE, subscriptions: DUE, paid: DUE });
      const [left] = await queryRows<{ incomplete: number; open: number }>(
        setup.runtime.deps.db,
        sql`select
            (select count(*)::int from transactions
              where body->>'subscription_id' like ${`${prefix}%`} and status = 'incomplete') as incomplete,
            (select count(*)::int from subscription_cycles
              where subscription_id like ${`${prefix}%`} and state = 'open') as open`,
      );
      expect(left).toEqual({ incomplete: 0, open: 0 });
    }, 600_000);

    it("charges exactly once through plan changes and pauses, and reminds each trial once", async () => {
      const bigger = await callJson(setup, "/plans", {
        shop,
        body: { title: "Daily+", currency: "USD", plan: { amount: 500, interval: 1, interval_unit: "day" } },
      });
      const prefix = "sbs_3";
      const per = DUE / 4;
      // A quarter due with a plan change waiting (charged at the new plan), a quarter paused until a minute ago (its
      // anchor's anniversary came 30 s ago: resumed, then due), a quarter plainly due, and a quarter of free trials
      // ending in three days (reminded, not charged).
      await setup.runtime.deps.db.execute(sql`
      insert into subscriptions
        (id, shop_id, plan_id, customer_id, test, state, card_token, card_update_token, cancel_token, renew_at,
         active_to, billing_anchor, pending_plan_id, resume_at, notification_url)
      select ${prefix} || lpad(to_hex(n), 15, '0'), ${shop.id}, ${planId}, ${customerId}, true,
             case when n <= ${2 * per} then 'active' when n <= ${3 * per} then 'active' else 'trial' end,
             ${token}, md5(random()::text) || md5(random()::text), md5(random()::text) || md5(random()::text),
             case when n <= ${3 * per} then now() - interval '1 minute' else now() + interval '3 days' end,
             case when n <= ${3 * per} then now() - interval '1 minute' else now() + interval '3 days' end,
             case when n <= ${3 * per} then now() - interval '1 day 30 seconds' else now() + interval '3 days' end,
             case when n <= ${per} then ${bigger.body.id} end,
             null, 'http://127.0.0.1:9/hooks'
      from generate_series(1, ${DUE}) as n`);
      // The paused quarter: paused after it was written (the transition guard lets active → paused through).
      await setup.runtime.deps.db.execute(sql`
      update subscriptions set state = 'paused', renew_at = null, resume_at = now() - interval '1 minute'
      where id > ${`${prefix}${per.toString(16).padStart(15, "0")}`}
        and id <= ${`${prefix}${(2 * per).toString(16).padStart(15, "0")}`}`);
      const charged = 3 * per;
      await waitUntil(async () => (await tally(prefix)).paid === charged, 240_000);
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      expect(await tally(prefix)).toEqual({
        payments: charged,
        successful: charged,
        subscriptions: charged,
        paid: charged,
      });
      const [counts] = await queryRows<{
        upgraded: number;
        reminders: number;
        reminded: number;
        resumed: number;
        paused: number;
      }>(
        setup.runtime.deps.db,
        sql`select
            (select count(*)::int from transactions
              where body->>'subscription_id' like ${`${prefix}%`} and amount = 500) as upgraded,
            (select count(*)::int from notification_deliveries
              where subscription_id like ${`${prefix}%`}
                and payload->>'event' = 'subscription.trial_will_end') as reminders,
            (select count(distinct subscription_id)::int from notification_deliveries
              where subscription_id like ${`${prefix}%`}
                and payload->>'event' = 'subscription.trial_will_end') as reminded,
            (select count(*)::int from notification_deliveries
              where subscription_id like ${`${prefix}%`} and payload->>'event' = 'subscription.resumed') as resumed,
            (select count(*)::int from subscriptions
              where id like ${`${prefix}%`} and state = 'paused') as paused`,
      );
      expect(counts).toEqual({ upgraded: per, reminders: per, reminded: per, resumed: per, paused: 0 });
    }, 400_000);
  },
);
