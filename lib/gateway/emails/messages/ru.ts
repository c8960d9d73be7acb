import type { ShopperEmailMessages } from "./types";

export const ru: ShopperEmailMessages = {
  subjects: {
    receipt: "Ваш чек от {shop}",
    refund: "Возврат от {shop}",
    payout: "Выплата от {shop}",
    subscription_started: "Ваша подписка в {shop} оформлена",
    renewal_receipt: "Ваша подписка в {shop} продлена",
    renewal_failed: "Требуется действие: платёж в {shop} не прошёл",
    subscription_canceled: "Ваша подписка в {shop} отменена",
  },
  intros: {
    receipt: "{shop} получил ваш платёж. Спасибо!",
    refund: "{shop} вернул деньги на вашу карту. Они могут появиться в выписке через несколько дней.",
    payout: "{shop} перевёл деньги на вашу карту. Они могут появиться в выписке через несколько дней.",
    subscription_started: "Ваша подписка в {shop} оформлена. Вот сколько вы платите.",
    renewal_receipt: "Ваша подписка в {shop} продлена и оплачена.",
    renewal_failed:
      "Не удалось списать оплату подписки в {shop} с вашей карты. Обновите карту, чтобы сохранить подписку.",
    subscription_canceled: "Ваша подписка в {shop} отменена. Больше списаний не будет.",
  },
  amount: "Сумма",
  updateCard: "Обновить карту",
  canceledNeverCharged: "Ваша подписка в {shop} отменена. С вас ничего не списано.",
  testMark: "ТЕСТ",
  viewReceipt: "Посмотреть чек",
  partialRefund: "Частичный возврат {refund} из {amount}",
  fullRefund: "Полный возврат {amount}",
  refundedPayment: "Платёж, по которому сделан возврат",
  footer: "Вы получили это письмо из-за платежа в {shop}. Сохраните его для своих записей.",
};
