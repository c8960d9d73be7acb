import type { ShopperEmailMessages } from "./types";

export const pl: ShopperEmailMessages = {
  subjects: {
    receipt: "Twoje potwierdzenie od {shop}",
    refund: "Zwrot od {shop}",
    payout: "Wypłata od {shop}",
    subscription_started: "Twoja subskrypcja w {shop} się rozpoczęła",
    renewal_receipt: "Twoja subskrypcja w {shop} została odnowiona",
    renewal_failed: "Wymagane działanie: Twoja płatność dla {shop} nie powiodła się",
    subscription_canceled: "Twoja subskrypcja w {shop} została anulowana",
  },
  intros: {
    receipt: "{shop} otrzymał Twoją płatność. Dziękujemy!",
    refund: "{shop} zwrócił pieniądze na Twoją kartę. Może minąć kilka dni, zanim pojawią się na wyciągu.",
    payout: "{shop} wypłacił pieniądze na Twoją kartę. Może minąć kilka dni, zanim pojawią się na wyciągu.",
    subscription_started: "Twoja subskrypcja w {shop} się rozpoczęła. Oto, ile płacisz.",
    renewal_receipt: "Twoja subskrypcja w {shop} została odnowiona i opłacona.",
    renewal_failed:
      "Nie udało się obciążyć Twojej karty za subskrypcję w {shop}. Zaktualizuj kartę, aby zachować subskrypcję.",
    subscription_canceled: "Twoja subskrypcja w {shop} została anulowana. Nie zostaniesz już obciążony.",
  },
  amount: "Kwota",
  updateCard: "Zaktualizuj kartę",
  canceledNeverCharged: "Twoja subskrypcja w {shop} została anulowana. Nic nie zostało pobrane.",
  testMark: "TEST",
  viewReceipt: "Zobacz potwierdzenie",
  partialRefund: "Częściowy zwrot {refund} z {amount}",
  fullRefund: "Pełny zwrot {amount}",
  refundedPayment: "Zwrócona płatność",
  footer: "Otrzymujesz tę wiadomość z powodu płatności dla {shop}. Zachowaj ją w swojej dokumentacji.",
};
