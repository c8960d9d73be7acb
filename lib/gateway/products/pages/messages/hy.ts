import type { LinkMessages } from "./types";

export const hy: LinkMessages = {
  soldOutHeading: "Սպառված է",
  soldOutText: "Այս վճարման հղումով առաջարկվածն ամբողջությամբ վաճառված է։ Գումար չի գանձվել։",
  inactiveHeading: "Վճարման հղումն ապաակտիվացված է",
  inactiveText: "Վաճառողն ապաակտիվացրել է այս վճարման հղումը։ Գումար չի գանձվել։",
  expiredHeading: "Վճարման հղման ժամկետն անցել է",
  expiredText: "Այս վճարման հղումն այլևս վավեր չէ։ Գումար չի գանձվել։",
  notFoundHeading: "Վճարման հղումը չի գտնվել",
  notFoundText: "Այսպիսի վճարման հղում գոյություն չունի։ Ստուգեք ստացած հասցեն։",
  busyHeading: "Չափազանց շատ հարցումներ",
  busyText:
    "Այս վճարման հղումը ձեր ցանցից չափազանց հաճախ է բացվել։ Փորձեք կրկին մի քանի րոպեից։ Ոչինչ չի գանձվել։",
  merchant: "Վաճառող",
  product: "Ապրանք",
  languageLabel: "Լեզու",
  changeLanguage: "Փոխել լեզուն",
  securedBy: "Պաշտպանված է Tessera-ի կողմից",
};
