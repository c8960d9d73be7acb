import type { ShopperEmailMessages } from "./types";

export const hu: ShopperEmailMessages = {
  subjects: {
    receipt: "Nyugtája a(z) {shop} üzlettől",
    refund: "Visszatérítés a(z) {shop} üzlettől",
    payout: "Kifizetés a(z) {shop} üzlettől",
    subscription_started: "Előfizetése a(z) {shop} üzletnél elindult",
    renewal_receipt: "Előfizetése a(z) {shop} üzletnél megújult",
    renewal_failed: "Teendő: a(z) {shop} felé indított fizetése sikertelen",
    subscription_canceled: "Előfizetése a(z) {shop} üzletnél lemondva",
  },
  intros: {
    receipt: "A(z) {shop} megkapta a fizetését. Köszönjük!",
    refund:
      "A(z) {shop} pénzt térített vissza a kártyájára. Néhány napig tarthat, mire megjelenik a kivonaton.",
    payout: "A(z) {shop} pénzt fizetett ki a kártyájára. Néhány napig tarthat, mire megjelenik a kivonaton.",
    subscription_started: "Előfizetése a(z) {shop} üzletnél elindult. Ennyit fizet.",
    renewal_receipt: "Előfizetése a(z) {shop} üzletnél megújult és ki lett fizetve.",
    renewal_failed:
      "Nem tudtuk megterhelni kártyáját a(z) {shop} előfizetéséért. Frissítse kártyáját az előfizetés megtartásához.",
    subscription_canceled: "Előfizetése a(z) {shop} üzletnél lemondva. Többé nem terheljük meg.",
  },
  amount: "Összeg",
  updateCard: "Kártya frissítése",
  canceledNeverCharged: "A(z) {shop} előfizetése lemondva. Semmit sem terheltünk Önnek.",
  testMark: "TESZT",
  viewReceipt: "Nyugta megtekintése",
  partialRefund: "Részleges visszatérítés: {refund} / {amount}",
  fullRefund: "Teljes visszatérítés: {amount}",
  refundedPayment: "Visszatérített fizetés",
  footer:
    "Ezt az e-mailt egy {shop} felé történt fizetés miatt kapja. Kérjük, őrizze meg a nyilvántartásához.",
};
