import type { ShopperEmailMessages } from "./types";

export const ka: ShopperEmailMessages = {
  subjects: {
    receipt: "თქვენი ქვითარი {shop}-დან",
    refund: "თანხის დაბრუნება {shop}-დან",
    payout: "გადახდა {shop}-დან თქვენს ბარათზე",
    subscription_started: "თქვენი გამოწერა {shop}-ში დაიწყო",
    renewal_receipt: "თქვენი გამოწერა {shop}-ში განახლდა",
    renewal_failed: "საჭიროა მოქმედება: თქვენი გადახდა {shop}-ისთვის ვერ შესრულდა",
    subscription_canceled: "თქვენი გამოწერა {shop}-ში გაუქმდა",
  },
  intros: {
    receipt: "{shop}-მა მიიღო თქვენი გადახდა. გმადლობთ!",
    refund: "{shop}-მა თანხა დაგიბრუნათ ბარათზე. ამონაწერში გამოჩენას შეიძლება რამდენიმე დღე დასჭირდეს.",
    payout: "{shop}-მა თანხა ჩაგირიცხათ ბარათზე. ამონაწერში გამოჩენას შეიძლება რამდენიმე დღე დასჭირდეს.",
    subscription_started: "თქვენი გამოწერა {shop}-ში დაიწყო. აი, რას იხდით.",
    renewal_receipt: "თქვენი გამოწერა {shop}-ში განახლდა და გადახდილია.",
    renewal_failed:
      "ვერ მოხერხდა თქვენი ბარათიდან {shop}-ის გამოწერის საფასურის ჩამოჭრა. განაახლეთ ბარათი, რომ გამოწერა შეინარჩუნოთ.",
    subscription_canceled: "თქვენი გამოწერა {shop}-ში გაუქმდა. თანხა აღარ ჩამოგეჭრებათ.",
  },
  amount: "თანხა",
  updateCard: "ბარათის განახლება",
  canceledNeverCharged: "თქვენი გამოწერა {shop}-ში გაუქმებულია. თქვენგან არაფერი ჩამოჭრილა.",
  testMark: "ტესტი",
  viewReceipt: "ქვითრის ნახვა",
  partialRefund: "ნაწილობრივი დაბრუნება: {refund} {amount}-დან",
  fullRefund: "სრული დაბრუნება: {amount}",
  refundedPayment: "დაბრუნებული გადახდა",
  footer: "ეს წერილი მიიღეთ {shop}-ისთვის გადახდის გამო. გთხოვთ, შეინახოთ ის თქვენი ჩანაწერებისთვის.",
};
