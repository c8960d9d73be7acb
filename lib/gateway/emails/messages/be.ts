import type { ShopperEmailMessages } from "./types";

export const be: ShopperEmailMessages = {
  subjects: {
    receipt: "Ваш чэк ад {shop}",
    refund: "Вяртанне ад {shop}",
    payout: "Выплата ад {shop}",
    subscription_started: "Ваша падпіска ў {shop} аформлена",
    renewal_receipt: "Ваша падпіска ў {shop} падоўжана",
    renewal_failed: "Патрэбна дзеянне: плацёж у {shop} не прайшоў",
    subscription_canceled: "Ваша падпіска ў {shop} скасавана",
  },
  intros: {
    receipt: "{shop} атрымаў ваш плацёж. Дзякуй!",
    refund: "{shop} вярнуў грошы на вашу картку. Яны могуць з'явіцца ў выпісцы праз некалькі дзён.",
    payout: "{shop} пералічыў грошы на вашу картку. Яны могуць з'явіцца ў выпісцы праз некалькі дзён.",
    subscription_started: "Ваша падпіска ў {shop} аформлена. Вось колькі вы плаціце.",
    renewal_receipt: "Ваша падпіска ў {shop} падоўжана і аплачана.",
    renewal_failed:
      "Не ўдалося спісаць аплату падпіскі ў {shop} з вашай карткі. Абнавіце картку, каб захаваць падпіску.",
    subscription_canceled: "Ваша падпіска ў {shop} скасавана. Больш спісанняў не будзе.",
  },
  amount: "Сума",
  updateCard: "Абнавіць картку",
  canceledNeverCharged: "Ваша падпіска ў {shop} скасавана. З вас нічога не спісана.",
  testMark: "ТЭСТ",
  viewReceipt: "Паглядзець квітанцыю",
  partialRefund: "Частковае вяртанне {refund} з {amount}",
  fullRefund: "Поўнае вяртанне {amount}",
  refundedPayment: "Плацёж, па якім вернуты грошы",
  footer: "Вы атрымалі гэты ліст з-за плацяжу ў {shop}. Захавайце яго для сваіх запісаў.",
};
