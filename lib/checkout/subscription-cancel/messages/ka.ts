import type { SubscriptionCancelMessages } from "./types";

export const ka: SubscriptionCancelMessages = {
  title: "გამოწერის გაუქმება",
  explain: "თუ გააუქმებთ, მეტი არაფერი ჩამოიჭრება. გამოწერა აქტიური რჩება {date}-მდე.",
  explainNoDate: "თუ გააუქმებთ, მეტი არაფერი ჩამოიჭრება.",
  confirm: "გამოწერის გაუქმება",
  canceledTitle: "თქვენი გამოწერა გაუქმებულია",
  canceledBody: "მეტი არაფერი ჩამოიჭრება.",
  canceledUntil: "აქტიური რჩება {date}-მდე.",
  endedTitle: "ეს გამოწერა დასრულებულია",
  endedBody: "გასაუქმებელი არაფერია.",
  notFoundTitle: "ეს ბმული არასწორია",
  notFoundBody: "შეამოწმეთ ბმული წერილში ან დაუკავშირდით მაღაზიას.",
  unavailable: "გვერდი ვერ ჩაიტვირთა. სცადეთ მოგვიანებით.",
  planLabel: "გამოწერა",
  shopLabel: "მაღაზია",
};
