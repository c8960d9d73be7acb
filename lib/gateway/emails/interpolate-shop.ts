/** Fills the catalogues' one placeholder, the shop's name. */
export function interpolateShop(text: string, shop: string): string {
  return text.replaceAll("{shop}", shop);
}
