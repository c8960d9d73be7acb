import type { SubscriptionCancelMessages } from "./types";

export const hy: SubscriptionCancelMessages = {
  title: "Չեղարկել բաժանորդագրությունը",
  explain: "Եթե չեղարկեք, այլևս ոչինչ չի գանձվի։ Բաժանորդագրությունն ակտիվ կմնա մինչև {date}։",
  explainNoDate: "Եթե չեղարկեք, այլևս ոչինչ չի գանձվի։",
  confirm: "Չեղարկել բաժանորդագրությունը",
  canceledTitle: "Ձեր բաժանորդագրությունը չեղարկված է",
  canceledBody: "Այլևս ոչինչ չի գանձվի։",
  canceledUntil: "Այն ակտիվ կմնա մինչև {date}։",
  endedTitle: "Այս բաժանորդագրությունն ավարտվել է",
  endedBody: "Չեղարկելու բան չկա։",
  notFoundTitle: "Այս հղումն անվավեր է",
  notFoundBody: "Ստուգեք նամակի հղումը կամ դիմեք խանութին։",
  unavailable: "Էջը չհաջողվեց բեռնել։ Փորձեք ավելի ուշ։",
  planLabel: "Բաժանորդագրություն",
  shopLabel: "Խանութ",
};
