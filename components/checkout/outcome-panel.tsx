import { brandDisplayName } from "@/lib/cards/brand";
import { checkoutPurpose, formatDate } from "@/lib/checkout/checkout-purpose";
import type { CheckoutOutcome } from "@/lib/checkout/merchant-return";
import { type CheckoutMessages, interpolate } from "@/lib/checkout/messages";
import { formatAmount } from "@/lib/contracts/format-amount";
import type { ShopperCheckoutView } from "@/lib/contracts/shopper-view";
import { AutoReturn } from "./auto-return";
import { Isolated } from "./isolated";
import { StatusPanel } from "./status-panel";

const TEXTS = {
  successful: { title: "successfulTitle", body: "successfulBody", tone: "success" },
  declined: { title: "declinedTitle", body: "declinedBody", tone: "warning" },
  canceled: { title: "canceledTitle", body: "canceledBody", tone: "neutral" },
  expired: { title: "expiredTitle", body: "expiredBody", tone: "warning" },
} as const;

/**
 * A successful session says what happened to the money: an amount paid, an amount held, or nothing charged — a
 * card stored, a free trial started, a subscription's card replaced.
 */
const SUCCESS_TEXTS = {
  payment: { title: "paidTitle", body: "paidBody", tone: "success" },
  authorization: { title: "authorizedTitle", body: "authorizedBody", tone: "success" },
  card_check: { title: "cardSavedTitle", body: "cardSavedBody", tone: "success" },
  free_trial: { title: "trialStartedTitle", body: "trialStartedBody", tone: "success" },
  card_update: { title: "cardUpdatedTitle", body: "cardUpdatedBody", tone: "success" },
} as const;

/**
 * How a session ended, with the way back to the merchant: a link, and a countdown when the merchant asked for
 * `auto_return` seconds. Without a URL for this outcome the page stays and says the window can be closed.
 */
export function OutcomePanel(props: {
  messages: CheckoutMessages;
  view: ShopperCheckoutView;
  outcome: CheckoutOutcome;
  merchantUrl: string | null;
  /** Inside a merchant's frame: the framing page moves on (frame-bridge.tsx); the link opens in the top window. */
  framed?: boolean;
}) {
  const { messages, view, merchantUrl } = props;
  const purpose = checkoutPurpose(view);
  const texts = props.outcome === "successful" ? SUCCESS_TEXTS[purpose] : TEXTS[props.outcome];
  const shop = view.shop.name;
  const terms = view.subscription_terms;
  // A free trial's body names the plan's first charge and its date; every other body the session's own amount.
  const amount =
    purpose === "free_trial" && terms
      ? formatAmount(terms.amount, terms.currency, view.language)
      : formatAmount(view.order.amount, view.order.currency, view.language);
  const date = terms?.first_charge_at ? formatDate(terms.first_charge_at, view.language) : "";
  const subscription = view.card_update?.subscription ?? "";
  const card = view.last_transaction?.credit_card;
  const autoReturn = view.return_urls.auto_return;
  return (
    <StatusPanel tone={texts.tone} title={messages.status[texts.title]}>
      <p>
        <Isolated
          text={interpolate(messages.status[texts.body], { shop, amount, date, subscription })}
          direction={messages.direction}
          merchant={[shop, subscription]}
        />
      </p>
      {card?.brand && props.outcome !== "canceled" ? (
        <p className="status-panel__detail">
          <Isolated
            text={interpolate(messages.status.cardUsed, {
              brand: brandDisplayName(card.brand),
              last4: card.last_4,
            })}
            direction={messages.direction}
          />
        </p>
      ) : null}
      {merchantUrl ? (
        <>
          <p>
            <a
              className="button button--primary"
              href={merchantUrl}
              target={props.framed ? "_top" : undefined}
            >
              <Isolated
                text={interpolate(messages.actions.returnToShop, { shop })}
                direction={messages.direction}
                merchant={[shop]}
              />
            </a>
          </p>
          {autoReturn !== null && autoReturn > 0 && !props.framed ? (
            <AutoReturn
              url={merchantUrl}
              seconds={autoReturn}
              shop={shop}
              language={messages.language}
              direction={messages.direction}
              texts={{
                countdown: messages.status.redirectCountdown,
                stayHere: messages.actions.stayHere,
                stopped: messages.status.redirectStopped,
              }}
            />
          ) : null}
        </>
      ) : (
        <p>{messages.status.closeWindow}</p>
      )}
    </StatusPanel>
  );
}
