/** The texts of the subscriber's own cancel page (`cancel_url`). `{date}` is the date it is paid up to. */
export interface SubscriptionCancelMessages {
  title: string;
  /** What cancelling does, when it is paid up to a date. */
  explain: string;
  explainNoDate: string;
  /** The one confirmation: the button that cancels. */
  confirm: string;
  canceledTitle: string;
  canceledBody: string;
  canceledUntil: string;
  /** Failed, ended or expired: nothing to cancel. */
  endedTitle: string;
  endedBody: string;
  /** A forged or unknown link. */
  notFoundTitle: string;
  notFoundBody: string;
  /** The gateway did not answer. */
  unavailable: string;
  planLabel: string;
  shopLabel: string;
}
