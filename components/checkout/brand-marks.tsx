import { brandDisplayName, CARD_BRANDS } from "@/lib/cards/brand";
import type { CheckoutMessages } from "@/lib/checkout/messages";

/**
 * The marks of the cards the gateway accepts, above the form. Each mark is drawn by the stylesheet (an SVG in
 * checkout.css, the same one the number field shows for the brand it detects), so the marks cost no script.
 */
export function BrandMarks(props: { messages: CheckoutMessages }) {
  return (
    <ul className="brand-marks" aria-label={props.messages.trust.acceptedCards}>
      {CARD_BRANDS.map((brand) => (
        <li key={brand} className="brand-marks__item">
          <span className="brand-mark" data-brand={brand} role="img" aria-label={brandDisplayName(brand)} />
        </li>
      ))}
    </ul>
  );
}
