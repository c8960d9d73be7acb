import { brandDisplayName, type CardBrand } from "@/lib/cards/brand";
import type { CheckoutMessages } from "@/lib/checkout/messages";

/**
 * The marks of the cards the shop accepts, above the form. Each mark is drawn by the stylesheet (an SVG in
 * checkout.css, the same one the number field shows for the brand it detects), so the marks cost no script; once
 * the number field knows the brand, the stylesheet dims the other marks (`:has`), so the detected one stands out.
 */
export function BrandMarks(props: { messages: CheckoutMessages; brands: readonly CardBrand[] }) {
  return (
    <ul className="brand-marks" aria-label={props.messages.trust.acceptedCards}>
      {props.brands.map((brand) => (
        <li key={brand} className="brand-marks__item">
          <span className="brand-mark" data-brand={brand} role="img" aria-label={brandDisplayName(brand)} />
        </li>
      ))}
    </ul>
  );
}
