import type { CheckoutMessages } from "@/lib/checkout/messages";
import { Isolated } from "./isolated";

/** A test session's views without the test band (its result, its expiry): "Test mode: no real payment is made." */
export function TestBadge(props: { messages: CheckoutMessages }) {
  return (
    <p className="test-badge">
      <Isolated text={props.messages.testMode.banner} direction={props.messages.direction} />
    </p>
  );
}
