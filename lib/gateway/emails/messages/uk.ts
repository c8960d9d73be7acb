import type { ShopperEmailMessages } from "./types";

export const uk: ShopperEmailMessages = {
  subjects: {
    receipt: "Ваша квитанція від {shop}",
    refund: "Повернення коштів від {shop}",
    payout: "Виплата від {shop}",
    subscription_started: "Вашу підписку в {shop} оформлено",
    renewal_receipt: "Вашу підписку в {shop} продовжено",
    renewal_failed: "Потрібна дія: платіж у {shop} не пройшов",
    subscription_canceled: "Вашу підписку в {shop} скасовано",
  },
  intros: {
    receipt: "{shop} отримав ваш платіж. Дякуємо!",
    refund: "{shop} повернув кошти на вашу картку. Вони можуть з'явитися у виписці за кілька днів.",
    payout: "{shop} переказав кошти на вашу картку. Вони можуть з'явитися у виписці за кілька днів.",
    subscription_started: "Вашу підписку в {shop} оформлено. Ось скільки ви платите.",
    renewal_receipt: "Вашу підписку в {shop} продовжено й оплачено.",
    renewal_failed:
      "Не вдалося списати оплату підписки в {shop} з вашої картки. Оновіть картку, щоб зберегти підписку.",
    subscription_canceled: "Вашу підписку в {shop} скасовано. Більше списань не буде.",
  },
  amount: "Сума",
  updateCard: "Оновити картку",
  canceledNeverCharged: "Вашу підписку в {shop} скасовано. З вас нічого не списано.",
  testMark: "ТЕСТ",
  viewReceipt: "Переглянути квитанцію",
  partialRefund: "Часткове повернення {refund} з {amount}",
  fullRefund: "Повне повернення {amount}",
  refundedPayment: "Платіж, за яким зроблено повернення",
  footer: "Ви отримали цей лист через платіж у {shop}. Збережіть його для своїх записів.",
};
