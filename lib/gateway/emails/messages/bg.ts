import type { ShopperEmailMessages } from "./types";

export const bg: ShopperEmailMessages = {
  subjects: {
    receipt: "Вашата квитанция от {shop}",
    refund: "Възстановяване от {shop}",
    payout: "Изплащане от {shop}",
    subscription_started: "Абонаментът ви в {shop} започна",
    renewal_receipt: "Абонаментът ви в {shop} беше подновен",
    renewal_failed: "Необходимо действие: плащането ви към {shop} не бе успешно",
    subscription_canceled: "Абонаментът ви в {shop} е прекратен",
  },
  intros: {
    receipt: "{shop} получи плащането ви. Благодарим!",
    refund:
      "{shop} възстанови пари по картата ви. Може да минат няколко дни, докато се появят в извлечението.",
    payout: "{shop} изплати пари по картата ви. Може да минат няколко дни, докато се появят в извлечението.",
    subscription_started: "Абонаментът ви в {shop} започна. Ето какво плащате.",
    renewal_receipt: "Абонаментът ви в {shop} беше подновен и платен.",
    renewal_failed:
      "Не успяхме да таксуваме картата ви за абонамента в {shop}. Обновете картата си, за да запазите абонамента.",
    subscription_canceled: "Абонаментът ви в {shop} е прекратен. Няма да бъдете таксувани повече.",
  },
  amount: "Сума",
  updateCard: "Обновете картата",
  canceledNeverCharged: "Абонаментът ви при {shop} е прекратен. Нищо не ви е таксувано.",
  testMark: "ТЕСТ",
  viewReceipt: "Вижте разписката",
  partialRefund: "Частично възстановяване на {refund} от {amount}",
  fullRefund: "Пълно възстановяване на {amount}",
  refundedPayment: "Възстановено плащане",
  footer: "Получавате този имейл заради плащане към {shop}. Моля, запазете го за документацията си.",
};
