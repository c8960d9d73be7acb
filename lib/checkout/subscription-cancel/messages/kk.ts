import type { SubscriptionCancelMessages } from "./types";

export const kk: SubscriptionCancelMessages = {
  title: "Жазылымнан бас тарту",
  explain: "Бас тартсаңыз, бұдан әрі ештеңе алынбайды. Жазылымыңыз {date} дейін белсенді болады.",
  explainNoDate: "Бас тартсаңыз, бұдан әрі ештеңе алынбайды.",
  confirm: "Жазылымнан бас тарту",
  canceledTitle: "Жазылымыңыз тоқтатылды",
  canceledBody: "Бұдан әрі ештеңе алынбайды.",
  canceledUntil: "Ол {date} дейін белсенді.",
  endedTitle: "Бұл жазылым аяқталды",
  endedBody: "Бас тартатын ештеңе жоқ.",
  notFoundTitle: "Бұл сілтеме жарамсыз",
  notFoundBody: "Хаттағы сілтемені тексеріңіз немесе дүкенге хабарласыңыз.",
  unavailable: "Бетті жүктеу мүмкін болмады. Кейінірек қайталап көріңіз.",
  planLabel: "Жазылым",
  shopLabel: "Дүкен",
};
