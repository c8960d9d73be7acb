import type { ShopperEmailMessages } from "./types";

export const lv: ShopperEmailMessages = {
  subjects: {
    receipt: "Jūsu kvīts no {shop}",
    refund: "Atmaksa no {shop}",
    payout: "Izmaksa no {shop}",
    subscription_started: "Jūsu abonements veikalā {shop} ir sācies",
    renewal_receipt: "Jūsu abonements veikalā {shop} ir atjaunots",
    renewal_failed: "Nepieciešama rīcība: jūsu maksājums veikalam {shop} neizdevās",
    subscription_canceled: "Jūsu abonements veikalā {shop} ir atcelts",
  },
  intros: {
    receipt: "{shop} ir saņēmis jūsu maksājumu. Paldies!",
    refund: "{shop} ir atmaksājis naudu uz jūsu karti. Var paiet dažas dienas, līdz tā parādās izrakstā.",
    payout: "{shop} ir izmaksājis naudu uz jūsu karti. Var paiet dažas dienas, līdz tā parādās izrakstā.",
    subscription_started: "Jūsu abonements veikalā {shop} ir sācies. Lūk, cik jūs maksājat.",
    renewal_receipt: "Jūsu abonements veikalā {shop} ir atjaunots un apmaksāts.",
    renewal_failed:
      "Mēs nevarējām iekasēt maksu no jūsu kartes par abonementu veikalā {shop}. Atjauniniet karti, lai saglabātu abonementu.",
    subscription_canceled: "Jūsu abonements veikalā {shop} ir atcelts. Maksa vairs netiks iekasēta.",
  },
  amount: "Summa",
  updateCard: "Atjaunināt karti",
  canceledNeverCharged: "Jūsu abonements pie {shop} ir atcelts. No jums nekas netika iekasēts.",
  testMark: "TESTS",
  viewReceipt: "Skatīt čeku",
  partialRefund: "Daļēja atmaksa {refund} no {amount}",
  fullRefund: "Pilna atmaksa {amount}",
  refundedPayment: "Atmaksātais maksājums",
  footer: "Jūs saņemat šo e-pastu maksājuma dēļ veikalam {shop}. Lūdzu, saglabājiet to savai uzskaitei.",
};
