import {
  Body,
  Button,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Preview,
  Section,
  Text,
} from "@react-email/components";
import { brandDisplayName } from "@/lib/cards/brand";
import { brandColourFor } from "@/lib/checkout/contrast";
import { formatAmount } from "@/lib/checkout/format";
import type { ShopperEmailKind } from "@/lib/contracts/shopper-emails";
import type { ReceiptMessages } from "../payments/pages/receipt-messages";
import type { ShopperEmailLocale } from "./email-messages";
import { interpolateShop } from "./interpolate-shop";
import type { ShopperEmailPayload } from "./shopper-email-payload";

const DEFAULT_BRAND_COLOR = "#1f4fd1";

const styles = {
  body: {
    backgroundColor: "#f6f7f9",
    color: "#1b1f27",
    fontFamily: "system-ui, -apple-system, 'Segoe UI', sans-serif",
  },
  container: {
    backgroundColor: "#ffffff",
    borderRadius: "8px",
    margin: "24px auto",
    maxWidth: "560px",
    padding: "24px",
  },
  label: { color: "#4a5160", fontSize: "13px", margin: "12px 0 0" },
  value: { fontSize: "15px", margin: "2px 0 0" },
  amount: { fontSize: "28px", fontWeight: 700, margin: "4px 0 0" },
  test: {
    backgroundColor: "#fff4d6",
    border: "1px solid #b88a00",
    borderRadius: "6px",
    color: "#5c4300",
    fontSize: "14px",
    padding: "8px 12px",
  },
  receiptLine: { fontSize: "14px", margin: "4px 0" },
  footer: { color: "#4a5160", fontSize: "12px" },
} as const;

function Detail({ label, value, ltr }: { label: string; value: string; ltr?: boolean }) {
  return (
    <>
      <Text style={styles.label}>{label}</Text>
      <Text style={styles.value}>{ltr ? <span dir="ltr">{value}</span> : value}</Text>
    </>
  );
}

export interface ShopperEmailProps {
  kind: ShopperEmailKind;
  locale: ShopperEmailLocale;
  receipt: ReceiptMessages;
  payload: ShopperEmailPayload;
}

/**
 * One template for every kind of shopper e-mail: the kind decides the heading and first sentence (from the
 * catalogue), the rest is the same facts in the same order. React Email turns it into e-mail-safe HTML.
 */
export function ShopperEmail({ kind, locale, receipt, payload }: ShopperEmailProps) {
  const { messages, language, dir } = locale;
  const shop = payload.shopName;
  const colour = brandColourFor(payload.brandColor ?? DEFAULT_BRAND_COLOR, "light");
  const heading = interpolateShop(messages.subjects[kind], shop);
  const amount = formatAmount(payload.amount, payload.currency, language);
  return (
    <Html lang={language} dir={dir}>
      <Head />
      <Preview>{`${heading}: ${amount}`}</Preview>
      <Body style={styles.body}>
        <Container style={{ ...styles.container, borderTop: `6px solid ${colour}` }}>
          <Text style={{ color: colour, fontSize: "16px", fontWeight: 700, margin: 0 }}>{shop}</Text>
          <Heading as="h1" style={{ fontSize: "22px", margin: "12px 0" }}>
            {heading}
          </Heading>
          {payload.test ? <Text style={styles.test}>{receipt.testNotice}</Text> : null}
          <Text style={{ fontSize: "15px" }}>{interpolateShop(messages.intros[kind], shop)}</Text>
          <Section>
            <Text style={styles.label}>{messages.amount}</Text>
            <Text style={styles.amount}>
              <span dir="ltr">{amount}</span>
            </Text>
            {payload.description ? <Detail label={receipt.description} value={payload.description} /> : null}
            {payload.card ? (
              <Detail
                label={receipt.card}
                value={`${brandDisplayName(payload.card.brand)} •••• ${payload.card.last4}`}
                ltr
              />
            ) : null}
            {payload.transactionUid ? (
              <Detail label={receipt.transaction} value={payload.transactionUid} ltr />
            ) : null}
          </Section>
          {kind === "renewal_failed" && payload.cardUpdateUrl ? (
            <Section style={{ margin: "20px 0" }}>
              <Button
                href={payload.cardUpdateUrl}
                style={{
                  backgroundColor: colour,
                  borderRadius: "6px",
                  color: "#ffffff",
                  fontWeight: 600,
                  padding: "12px 20px",
                }}
              >
                {messages.updateCard}
              </Button>
            </Section>
          ) : null}
          {payload.receiptText.length > 0 ? (
            <Section>
              <Hr />
              {payload.receiptText.map((line, index) => (
                // Lines may repeat; their order is their identity.
                // biome-ignore lint/suspicious/noArrayIndexKey: a static list, never reordered
                <Text key={index} style={styles.receiptLine}>
                  {line}
                </Text>
              ))}
            </Section>
          ) : null}
          <Hr />
          <Text style={styles.footer}>{interpolateShop(messages.footer, shop)}</Text>
        </Container>
      </Body>
    </Html>
  );
}
