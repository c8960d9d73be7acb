import type { LinkMessages } from "./types";

export const zh: LinkMessages = {
  soldOutHeading: "已售罄",
  soldOutText: "通过此付款链接提供的商品已全部售出。未扣取任何款项。",
  inactiveHeading: "付款链接已停用",
  inactiveText: "商家已停用此付款链接。未扣取任何款项。",
  expiredHeading: "付款链接已过期",
  expiredText: "此付款链接已失效。未扣取任何款项。",
  notFoundHeading: "未找到付款链接",
  notFoundText: "此付款链接不存在。请检查您收到的地址。",
  busyHeading: "请求过多",
  busyText: "您的网络过于频繁地打开了此付款链接。请几分钟后再试。未扣取任何费用。",
  merchant: "商家",
  product: "商品",
  languageLabel: "语言",
  changeLanguage: "切换语言",
  securedBy: "由 Tessera 提供安全保障",
};
