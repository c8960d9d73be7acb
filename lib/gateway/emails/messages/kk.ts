import type { ShopperEmailMessages } from "./types";

export const kk: ShopperEmailMessages = {
  subjects: {
    receipt: "{shop} дүкенінен түбіртегіңіз",
    refund: "{shop} дүкенінен қайтарым",
    payout: "{shop} дүкенінен төлем",
    subscription_started: "{shop} дүкеніндегі жазылымыңыз басталды",
    renewal_receipt: "{shop} дүкеніндегі жазылымыңыз ұзартылды",
    renewal_failed: "Әрекет қажет: {shop} дүкеніне төлеміңіз өтпеді",
    subscription_canceled: "{shop} дүкеніндегі жазылымыңыз тоқтатылды",
  },
  intros: {
    receipt: "{shop} төлеміңізді алды. Рақмет!",
    refund: "{shop} картаңызға ақша қайтарды. Үзінді көшірмеде көрінуіне бірнеше күн кетуі мүмкін.",
    payout: "{shop} картаңызға ақша аударды. Үзінді көшірмеде көрінуіне бірнеше күн кетуі мүмкін.",
    subscription_started: "{shop} дүкеніндегі жазылымыңыз басталды. Төлейтін сомаңыз осы.",
    renewal_receipt: "{shop} дүкеніндегі жазылымыңыз ұзартылып, төленді.",
    renewal_failed:
      "{shop} дүкеніндегі жазылым үшін картаңыздан ақы алу мүмкін болмады. Жазылымды сақтау үшін картаңызды жаңартыңыз.",
    subscription_canceled: "{shop} дүкеніндегі жазылымыңыз тоқтатылды. Енді ақы алынбайды.",
  },
  amount: "Сома",
  updateCard: "Картаны жаңарту",
  canceledNeverCharged: "{shop} жазылымыңыз тоқтатылды. Сізден ештеңе алынған жоқ.",
  testMark: "ТЕСТ",
  viewReceipt: "Түбіртекті көру",
  partialRefund: "{amount} сомасынан {refund} ішінара қайтарылды",
  fullRefund: "{amount} толық қайтарылды",
  refundedPayment: "Қайтарылған төлем",
  footer: "Бұл хатты {shop} дүкеніне жасалған төлемге байланысты алдыңыз. Өз есебіңіз үшін сақтап қойыңыз.",
};
