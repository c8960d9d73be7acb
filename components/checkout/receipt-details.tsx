import { type CheckoutMessages, interpolate } from "@/lib/checkout/messages";
import type { ShopperCheckoutView } from "@/lib/contracts/shopper-view";
import { Isolated } from "./isolated";

/** The moment in the shopper's language, in UTC and saying so, as the receipt page and e-mail write it. */
function receiptDate(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: "long", timeStyle: "long", timeZone: "UTC" }).format(
    new Date(iso),
  );
}

/** A site's address as people write it: no scheme, no trailing slash. */
const displayUrl = (url: string) => url.replace(/^https?:\/\//, "").replace(/\/$/, "");

/**
 * A paid session's receipt on the result page: where the receipt e-mail went (only when one is queued or sent),
 * the date, the name on the card statement, how to reach the shop, and the hosted receipt page. The order and its
 * reference are in the order summary beside it.
 */
export function ReceiptDetails(props: {
  messages: CheckoutMessages;
  receipt: NonNullable<ShopperCheckoutView["receipt"]>;
  contact: ShopperCheckoutView["shop"]["contact"];
}) {
  const { messages, receipt, contact } = props;
  const texts = messages.receipt;
  const emailed = receipt.emailed_to
    ? interpolate(receipt.emailed === "sent" ? texts.sent : texts.sending, { email: receipt.emailed_to })
    : null;
  return (
    <section className="receipt-details" aria-label={texts.view}>
      {emailed ? (
        <p className="receipt-details__emailed" data-receipt="emailed">
          <Isolated text={emailed} direction={messages.direction} />
        </p>
      ) : null}
      <dl className="receipt-details__list">
        <dt>{texts.date}</dt>
        <dd>
          <time dateTime={receipt.date}>{receiptDate(receipt.date, messages.language)}</time>
        </dd>
        {receipt.statement_descriptor ? (
          <>
            <dt>{texts.statementDescriptor}</dt>
            <dd>
              <bdi>{receipt.statement_descriptor}</bdi>
            </dd>
          </>
        ) : null}
        {contact ? (
          <>
            <dt>{texts.contact}</dt>
            <dd>
              <ul className="receipt-details__contact">
                {contact.email ? (
                  <li>
                    <a href={`mailto:${contact.email}`}>
                      <bdi dir="ltr">{contact.email}</bdi>
                    </a>
                  </li>
                ) : null}
                {contact.phone ? (
                  <li>
                    <a href={`tel:${contact.phone.replace(/[^+\d]/g, "")}`}>
                      <bdi dir="ltr">{contact.phone}</bdi>
                    </a>
                  </li>
                ) : null}
                {contact.url ? (
                  <li>
                    <a href={contact.url}>
                      <bdi dir="ltr">{displayUrl(contact.url)}</bdi>
                    </a>
                  </li>
                ) : null}
              </ul>
            </dd>
          </>
        ) : null}
      </dl>
      <p>
        <a className="receipt-details__view" href={receipt.url}>
          {texts.view}
        </a>
      </p>
    </section>
  );
}
