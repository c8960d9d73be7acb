import type { Metadata } from "next";
import { ErrorState } from "@/components/admin/data-states";
import { SecretKeyRotation } from "@/components/admin/settings/secret-key-rotation";
import { SettingsForm } from "@/components/admin/settings/settings-form";
import { readSessionShop, requireAdminSession, sessionRejected } from "@/lib/admin/session";

export const metadata: Metadata = { title: "Settings" };

export default async function SettingsPage() {
  const session = await requireAdminSession();
  const shop = await readSessionShop(session);
  if (!shop.ok) {
    if (shop.kind === "unauthorized") sessionRejected();
    return (
      <>
        <h1>Settings</h1>
        <ErrorState
          error={new Error("The settings cannot be loaded right now. Reload the page to try again.")}
        />
      </>
    );
  }
  const { settings } = shop.data;
  return (
    <>
      <h1>Settings</h1>
      <section aria-labelledby="shop-title" className="admin-section">
        <h2 id="shop-title">Shop</h2>
        <dl className="admin-details">
          <div className="admin-details__row">
            <dt>Name</dt>
            <dd>{shop.data.name}</dd>
          </div>
          <div className="admin-details__row">
            <dt>Shop id</dt>
            <dd>{shop.data.id}</dd>
          </div>
          <div className="admin-details__row">
            <dt>Mode</dt>
            <dd>{shop.data.test ? "Test" : "Live"}</dd>
          </div>
          <div className="admin-details__row">
            <dt>Skip / force 3-D Secure per request</dt>
            <dd>
              {settings.skip_three_d_secure_allowed ? "Skip allowed" : "Skip not allowed"},{" "}
              {settings.force_three_d_secure_allowed ? "force allowed" : "force not allowed"} (set by the
              operator)
            </dd>
          </div>
          <div className="admin-details__row">
            <dt>Payouts</dt>
            <dd>
              {settings.payouts_allowed
                ? `Allowed in ${settings.payout_currencies.join(", ")}: at most ${settings.payout_limit.toLocaleString("en")} per payout and ${settings.payout_daily_limit.toLocaleString("en")} a day, in major units of the payout's currency`
                : "Not allowed"}{" "}
              (set by the operator)
            </dd>
          </div>
        </dl>
      </section>

      <SettingsForm
        settings={{
          three_d_secure: settings.three_d_secure,
          required_fields: settings.required_fields,
          branding: settings.branding,
          frame_ancestors: settings.frame_ancestors,
          smart_routing_rules: settings.smart_routing_rules,
          velocity_limit_per_minute: settings.velocity_limit_per_minute ?? null,
          new_card_limit_per_minute: settings.new_card_limit_per_minute,
          authorization_expiry_days: settings.authorization_expiry_days,
          send_secret_key_in_webhooks: settings.send_secret_key_in_webhooks,
          customer_emails: settings.customer_emails,
          accepted_brands: settings.accepted_brands,
          support_email: settings.support_email,
          support_phone: settings.support_phone,
          support_url: settings.support_url,
        }}
      />

      <section aria-labelledby="webhook-keys-title" className="admin-section">
        <h2 id="webhook-keys-title">Webhook signatures</h2>
        <p>
          Check that a webhook came from us: the <code>Content-Signature</code> header verifies with this
          public key, the Standard Webhooks <code>webhook-signature</code> header with the signing secret.
        </p>
        <div className="admin-field">
          <label htmlFor="webhook-public-key">Public key</label>
          <textarea
            id="webhook-public-key"
            readOnly
            rows={9}
            className="admin-mono"
            value={shop.data.public_key}
            spellCheck={false}
          />
        </div>
        <div className="admin-field">
          <label htmlFor="webhook-secret">Signing secret</label>
          <input
            id="webhook-secret"
            readOnly
            className="admin-mono"
            value={shop.data.webhook_secret}
            spellCheck={false}
          />
        </div>
      </section>

      <SecretKeyRotation />
    </>
  );
}
