import type { Language } from "@/lib/contracts/languages";
import type { PluralMessage } from "./messages/types";

export type TermsUnit = "hour" | "day" | "week" | "month" | "year";

/**
 * A subscription's terms on the hosted page, per language. `{period}` is a length of time as Intl writes it
 * ("3 months", "14 days"), `{price}` and `{trialPrice}` amounts as Intl writes them, `{every}` one of `every` or
 * `everyN` (chosen by Intl.PluralRules on the interval).
 */
export interface TermsMessages {
  /** Once per unit: "every month". */
  every: Record<TermsUnit, string>;
  /** Every several units: "every {period}" ("every 3 months"). */
  everyN: PluralMessage;
  /** No trial. */
  plain: string;
  /** A free trial. */
  trialFree: string;
  /** A trial at its own price. */
  trialPaid: string;
}

const t = (
  every: [string, string, string, string, string],
  everyN: PluralMessage | string,
  plain: string,
  trialFree: string,
  trialPaid: string,
): TermsMessages => ({
  every: { hour: every[0], day: every[1], week: every[2], month: every[3], year: every[4] },
  everyN: typeof everyN === "string" ? { other: everyN } : everyN,
  plain,
  trialFree,
  trialPaid,
});

export const TERMS_MESSAGES: Record<Language, TermsMessages> = {
  en: t(
    ["every hour", "every day", "every week", "every month", "every year"],
    "every {period}",
    "{price} {every}; cancel any time.",
    "{period} free, then {price} {every}; cancel any time.",
    "{period} for {trialPrice}, then {price} {every}; cancel any time.",
  ),
  de: t(
    ["stündlich", "täglich", "wöchentlich", "monatlich", "jährlich"],
    "alle {period}",
    "{price} {every}; jederzeit kündbar.",
    "{period} kostenlos, danach {price} {every}; jederzeit kündbar.",
    "{period} für {trialPrice}, danach {price} {every}; jederzeit kündbar.",
  ),
  fr: t(
    ["toutes les heures", "tous les jours", "toutes les semaines", "tous les mois", "tous les ans"],
    "tous les {period}",
    "{price} {every} ; résiliable à tout moment.",
    "{period} gratuits, puis {price} {every} ; résiliable à tout moment.",
    "{period} pour {trialPrice}, puis {price} {every} ; résiliable à tout moment.",
  ),
  es: t(
    ["cada hora", "cada día", "cada semana", "cada mes", "cada año"],
    "cada {period}",
    "{price} {every}; cancela cuando quieras.",
    "{period} gratis, después {price} {every}; cancela cuando quieras.",
    "{period} por {trialPrice}, después {price} {every}; cancela cuando quieras.",
  ),
  it: t(
    ["ogni ora", "ogni giorno", "ogni settimana", "ogni mese", "ogni anno"],
    "ogni {period}",
    "{price} {every}; disdici quando vuoi.",
    "{period} gratis, poi {price} {every}; disdici quando vuoi.",
    "{period} a {trialPrice}, poi {price} {every}; disdici quando vuoi.",
  ),
  pt: t(
    ["a cada hora", "todos os dias", "todas as semanas", "todos os meses", "todos os anos"],
    "a cada {period}",
    "{price} {every}; cancele quando quiser.",
    "{period} grátis, depois {price} {every}; cancele quando quiser.",
    "{period} por {trialPrice}, depois {price} {every}; cancele quando quiser.",
  ),
  nl: t(
    ["per uur", "per dag", "per week", "per maand", "per jaar"],
    "elke {period}",
    "{price} {every}; altijd opzegbaar.",
    "{period} gratis, daarna {price} {every}; altijd opzegbaar.",
    "{period} voor {trialPrice}, daarna {price} {every}; altijd opzegbaar.",
  ),
  pl: t(
    ["co godzinę", "codziennie", "co tydzień", "co miesiąc", "co rok"],
    "co {period}",
    "{price} {every}; możesz zrezygnować w każdej chwili.",
    "{period} za darmo, potem {price} {every}; możesz zrezygnować w każdej chwili.",
    "{period} za {trialPrice}, potem {price} {every}; możesz zrezygnować w każdej chwili.",
  ),
  ru: t(
    ["каждый час", "каждый день", "каждую неделю", "каждый месяц", "каждый год"],
    { one: "раз в {period}", other: "раз в {period}" },
    "{price} {every}; отменить можно в любой момент.",
    "{period} бесплатно, затем {price} {every}; отменить можно в любой момент.",
    "{period} за {trialPrice}, затем {price} {every}; отменить можно в любой момент.",
  ),
  uk: t(
    ["щогодини", "щодня", "щотижня", "щомісяця", "щороку"],
    "раз на {period}",
    "{price} {every}; скасувати можна будь-коли.",
    "{period} безкоштовно, потім {price} {every}; скасувати можна будь-коли.",
    "{period} за {trialPrice}, потім {price} {every}; скасувати можна будь-коли.",
  ),
  be: t(
    ["штогадзіны", "штодня", "штотыдзень", "штомесяц", "штогод"],
    "раз на {period}",
    "{price} {every}; адмяніць можна ў любы час.",
    "{period} бясплатна, потым {price} {every}; адмяніць можна ў любы час.",
    "{period} за {trialPrice}, потым {price} {every}; адмяніць можна ў любы час.",
  ),
  tr: t(
    ["her saat", "her gün", "her hafta", "her ay", "her yıl"],
    "her {period}",
    "{every} {price}; istediğiniz zaman iptal edebilirsiniz.",
    "{period} ücretsiz, ardından {every} {price}; istediğiniz zaman iptal edebilirsiniz.",
    "{period} {trialPrice}, ardından {every} {price}; istediğiniz zaman iptal edebilirsiniz.",
  ),
  zh: t(
    ["每小时", "每天", "每周", "每月", "每年"],
    "每{period}",
    "{every}{price}；可随时取消。",
    "免费{period}，之后{every}{price}；可随时取消。",
    "{period}{trialPrice}，之后{every}{price}；可随时取消。",
  ),
  ja: t(
    ["1時間ごと", "毎日", "毎週", "毎月", "毎年"],
    "{period}ごと",
    "{every}{price}、いつでも解約できます。",
    "{period}無料、その後{every}{price}、いつでも解約できます。",
    "{period}{trialPrice}、その後{every}{price}、いつでも解約できます。",
  ),
  ko: t(
    ["매시간", "매일", "매주", "매월", "매년"],
    "{period}마다",
    "{every} {price}, 언제든지 해지할 수 있습니다.",
    "{period} 무료, 이후 {every} {price}, 언제든지 해지할 수 있습니다.",
    "{period} {trialPrice}, 이후 {every} {price}, 언제든지 해지할 수 있습니다.",
  ),
  ar: t(
    ["كل ساعة", "كل يوم", "كل أسبوع", "كل شهر", "كل سنة"],
    "كل {period}",
    "{price} {every}؛ يمكنك الإلغاء في أي وقت.",
    "{period} مجانًا، ثم {price} {every}؛ يمكنك الإلغاء في أي وقت.",
    "{period} مقابل {trialPrice}، ثم {price} {every}؛ يمكنك الإلغاء في أي وقت.",
  ),
  he: t(
    ["כל שעה", "כל יום", "כל שבוע", "כל חודש", "כל שנה"],
    "כל {period}",
    "{price} {every}; אפשר לבטל בכל עת.",
    "{period} חינם, ואז {price} {every}; אפשר לבטל בכל עת.",
    "{period} ב־{trialPrice}, ואז {price} {every}; אפשר לבטל בכל עת.",
  ),
  fa: t(
    ["هر ساعت", "هر روز", "هر هفته", "هر ماه", "هر سال"],
    "هر {period}",
    "{price} {every}؛ هر زمان می‌توانید لغو کنید.",
    "{period} رایگان، سپس {price} {every}؛ هر زمان می‌توانید لغو کنید.",
    "{period} با {trialPrice}، سپس {price} {every}؛ هر زمان می‌توانید لغو کنید.",
  ),
  cs: t(
    ["každou hodinu", "každý den", "každý týden", "každý měsíc", "každý rok"],
    "jednou za {period}",
    "{price} {every}; zrušit lze kdykoli.",
    "{period} zdarma, poté {price} {every}; zrušit lze kdykoli.",
    "{period} za {trialPrice}, poté {price} {every}; zrušit lze kdykoli.",
  ),
  sk: t(
    ["každú hodinu", "každý deň", "každý týždeň", "každý mesiac", "každý rok"],
    "raz za {period}",
    "{price} {every}; zrušiť môžete kedykoľvek.",
    "{period} zadarmo, potom {price} {every}; zrušiť môžete kedykoľvek.",
    "{period} za {trialPrice}, potom {price} {every}; zrušiť môžete kedykoľvek.",
  ),
  sl: t(
    ["vsako uro", "vsak dan", "vsak teden", "vsak mesec", "vsako leto"],
    "vsakih {period}",
    "{price} {every}; preklic je mogoč kadar koli.",
    "{period} brezplačno, nato {price} {every}; preklic je mogoč kadar koli.",
    "{period} za {trialPrice}, nato {price} {every}; preklic je mogoč kadar koli.",
  ),
  hr: t(
    ["svaki sat", "svaki dan", "svaki tjedan", "svaki mjesec", "svake godine"],
    "svakih {period}",
    "{price} {every}; otkazati možete bilo kada.",
    "{period} besplatno, zatim {price} {every}; otkazati možete bilo kada.",
    "{period} za {trialPrice}, zatim {price} {every}; otkazati možete bilo kada.",
  ),
  sr: t(
    ["сваког сата", "сваког дана", "сваке недеље", "сваког месеца", "сваке године"],
    "сваких {period}",
    "{price} {every}; отказати можете било када.",
    "{period} бесплатно, затим {price} {every}; отказати можете било када.",
    "{period} за {trialPrice}, затим {price} {every}; отказати можете било када.",
  ),
  bg: t(
    ["всеки час", "всеки ден", "всяка седмица", "всеки месец", "всяка година"],
    "на всеки {period}",
    "{price} {every}; можете да откажете по всяко време.",
    "{period} безплатно, след това {price} {every}; можете да откажете по всяко време.",
    "{period} за {trialPrice}, след това {price} {every}; можете да откажете по всяко време.",
  ),
  ro: t(
    ["în fiecare oră", "în fiecare zi", "în fiecare săptămână", "în fiecare lună", "în fiecare an"],
    "o dată la {period}",
    "{price} {every}; poți anula oricând.",
    "{period} gratuit, apoi {price} {every}; poți anula oricând.",
    "{period} pentru {trialPrice}, apoi {price} {every}; poți anula oricând.",
  ),
  hu: t(
    ["óránként", "naponta", "hetente", "havonta", "évente"],
    "{period}ként",
    "{every} {price}; bármikor lemondható.",
    "{period} ingyenes, utána {every} {price}; bármikor lemondható.",
    "{period} {trialPrice} áron, utána {every} {price}; bármikor lemondható.",
  ),
  el: t(
    ["κάθε ώρα", "κάθε μέρα", "κάθε εβδομάδα", "κάθε μήνα", "κάθε χρόνο"],
    "κάθε {period}",
    "{price} {every}· ακύρωση οποιαδήποτε στιγμή.",
    "{period} δωρεάν, μετά {price} {every}· ακύρωση οποιαδήποτε στιγμή.",
    "{period} με {trialPrice}, μετά {price} {every}· ακύρωση οποιαδήποτε στιγμή.",
  ),
  da: t(
    ["hver time", "hver dag", "hver uge", "hver måned", "hvert år"],
    "hver {period}",
    "{price} {every}; kan opsiges når som helst.",
    "{period} gratis, derefter {price} {every}; kan opsiges når som helst.",
    "{period} for {trialPrice}, derefter {price} {every}; kan opsiges når som helst.",
  ),
  sv: t(
    ["varje timme", "varje dag", "varje vecka", "varje månad", "varje år"],
    "var {period}",
    "{price} {every}; kan sägas upp när som helst.",
    "{period} gratis, sedan {price} {every}; kan sägas upp när som helst.",
    "{period} för {trialPrice}, sedan {price} {every}; kan sägas upp när som helst.",
  ),
  no: t(
    ["hver time", "hver dag", "hver uke", "hver måned", "hvert år"],
    "hver {period}",
    "{price} {every}; kan sies opp når som helst.",
    "{period} gratis, deretter {price} {every}; kan sies opp når som helst.",
    "{period} for {trialPrice}, deretter {price} {every}; kan sies opp når som helst.",
  ),
  fi: t(
    ["tunneittain", "päivittäin", "viikoittain", "kuukausittain", "vuosittain"],
    "{period} välein",
    "{price} {every}; voit perua milloin tahansa.",
    "{period} maksutta, sitten {price} {every}; voit perua milloin tahansa.",
    "{period} hintaan {trialPrice}, sitten {price} {every}; voit perua milloin tahansa.",
  ),
  et: t(
    ["iga tund", "iga päev", "iga nädal", "iga kuu", "iga aasta"],
    "iga {period} järel",
    "{price} {every}; saate igal ajal tühistada.",
    "{period} tasuta, seejärel {price} {every}; saate igal ajal tühistada.",
    "{period} hinnaga {trialPrice}, seejärel {price} {every}; saate igal ajal tühistada.",
  ),
  lv: t(
    ["katru stundu", "katru dienu", "katru nedēļu", "katru mēnesi", "katru gadu"],
    "reizi {period}",
    "{price} {every}; atcelt varat jebkurā laikā.",
    "{period} bez maksas, pēc tam {price} {every}; atcelt varat jebkurā laikā.",
    "{period} par {trialPrice}, pēc tam {price} {every}; atcelt varat jebkurā laikā.",
  ),
  lt: t(
    ["kas valandą", "kasdien", "kas savaitę", "kas mėnesį", "kas metus"],
    "kas {period}",
    "{price} {every}; atšaukti galite bet kada.",
    "{period} nemokamai, vėliau {price} {every}; atšaukti galite bet kada.",
    "{period} už {trialPrice}, vėliau {price} {every}; atšaukti galite bet kada.",
  ),
  ka: t(
    ["ყოველ საათში", "ყოველდღე", "ყოველ კვირას", "ყოველთვე", "ყოველწლიურად"],
    "ყოველ {period}",
    "{price} {every}; გაუქმება ნებისმიერ დროს შეგიძლიათ.",
    "{period} უფასოდ, შემდეგ {price} {every}; გაუქმება ნებისმიერ დროს შეგიძლიათ.",
    "{period} {trialPrice}, შემდეგ {price} {every}; გაუქმება ნებისმიერ დროს შეგიძლიათ.",
  ),
  hy: t(
    ["ամեն ժամ", "ամեն օր", "ամեն շաբաթ", "ամեն ամիս", "ամեն տարի"],
    "ամեն {period}",
    "{price} {every}; կարող եք չեղարկել ցանկացած պահի։",
    "{period} անվճար, այնուհետև {price} {every}; կարող եք չեղարկել ցանկացած պահի։",
    "{period} {trialPrice}-ով, այնուհետև {price} {every}; կարող եք չեղարկել ցանկացած պահի։",
  ),
  kk: t(
    ["сағат сайын", "күн сайын", "апта сайын", "ай сайын", "жыл сайын"],
    "{period} сайын",
    "{every} {price}; кез келген уақытта бас тартуға болады.",
    "{period} тегін, кейін {every} {price}; кез келген уақытта бас тартуға болады.",
    "{period} {trialPrice}, кейін {every} {price}; кез келген уақытта бас тартуға болады.",
  ),
  vi: t(
    ["mỗi giờ", "mỗi ngày", "mỗi tuần", "mỗi tháng", "mỗi năm"],
    "mỗi {period}",
    "{price} {every}; hủy bất cứ lúc nào.",
    "Miễn phí {period}, sau đó {price} {every}; hủy bất cứ lúc nào.",
    "{period} với giá {trialPrice}, sau đó {price} {every}; hủy bất cứ lúc nào.",
  ),
  th: t(
    ["ทุกชั่วโมง", "ทุกวัน", "ทุกสัปดาห์", "ทุกเดือน", "ทุกปี"],
    "ทุก {period}",
    "{price} {every} ยกเลิกได้ทุกเมื่อ",
    "ฟรี {period} จากนั้น {price} {every} ยกเลิกได้ทุกเมื่อ",
    "{period} ในราคา {trialPrice} จากนั้น {price} {every} ยกเลิกได้ทุกเมื่อ",
  ),
  id: t(
    ["setiap jam", "setiap hari", "setiap minggu", "setiap bulan", "setiap tahun"],
    "setiap {period}",
    "{price} {every}; bisa dibatalkan kapan saja.",
    "Gratis {period}, lalu {price} {every}; bisa dibatalkan kapan saja.",
    "{period} seharga {trialPrice}, lalu {price} {every}; bisa dibatalkan kapan saja.",
  ),
};
