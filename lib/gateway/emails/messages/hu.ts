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
    trial_will_end: "Az ingyenes próbaidőszakod a(z) {shop} üzletben hamarosan lejár",
    plan_changed: "A csomagod a(z) {shop} üzletben megváltozott",
    subscription_paused: "Az előfizetésed a(z) {shop} üzletben szünetel",
    subscription_resumed: "Az előfizetésed a(z) {shop} üzletben folytatódik",
  },
  intros: {
    receipt: "A(z) {shop} megkapta a fizetését. Köszönjük!",
    refund:
      "A(z) {shop} pénzt térített vissza a kártyájára. Néhány napig tarthat, mire megjelenik a kivonaton.",
    payout: "A(z) {shop} pénzt fizetett ki a kártyájára. Néhány napig tarthat, mire megjelenik a kivonaton.",
    subscription_started: "Az előfizetésed a(z) {shop} üzletben elindult.",
    renewal_receipt: "Előfizetése a(z) {shop} üzletnél megújult és ki lett fizetve.",
    renewal_failed:
      "Nem tudtuk megterhelni kártyáját a(z) {shop} előfizetéséért. Frissítse kártyáját az előfizetés megtartásához.",
    subscription_canceled: "Előfizetése a(z) {shop} üzletnél lemondva. Többé nem terheljük meg.",
    trial_will_end:
      "Az ingyenes próbaidőszakod a(z) {shop} üzletben hamarosan lejár. Ha nem mondod le, a kártyádat az alábbiak szerint terheljük.",
    plan_changed: "Az előfizetésed a(z) {shop} üzletben új csomagra vált. Ez az ára, és ekkortól érvényes.",
    subscription_paused:
      "Az előfizetésed a(z) {shop} üzletben szünetel. A szünet alatt semmit sem terhelünk.",
    subscription_resumed: "Az előfizetésed a(z) {shop} üzletben folytatódik. Ez a következő terhelésed.",
  },
  amount: "Összeg",
  updateCard: "Kártya frissítése",
  canceledNeverCharged: "A(z) {shop} előfizetése lemondva. Semmit sem terheltünk Önnek.",
  trialStarted: "Az ingyenes próbaidőszakod a(z) {shop} üzletben elindult. Ma semmit sem terhelünk.",
  subscriptionFooter: "Azért kapod ezt az e-mailt, mert előfizetésed van a(z) {shop} üzletben.",
  trialEnds: "A próbaidőszak vége",
  firstCharge: "Első terhelés",
  nextCharge: "Következő terhelés",
  activeUntil: "Aktív eddig",
  resumesOn: "Folytatódik",
  attempt: "{n}. próbálkozás ennyiből: {total}",
  nextAttempt: "Következő próbálkozás",
  lastAttempt: "Ez volt az utolsó próbálkozás.",
  reason: "Ok",
  reasons: {
    insufficient_funds: "Nincs elegendő fedezet",
    card_expired: "A kártya lejárt",
    declined: "A kártyakibocsátó elutasította",
    processor_error: "Fizetési szolgáltatói hiba",
  },
  cancelSubscription: "Előfizetés lemondása",
  testMark: "TESZT",
  viewReceipt: "Nyugta megtekintése",
  partialRefund: "Részleges visszatérítés: {refund} / {amount}",
  fullRefund: "Teljes visszatérítés: {amount}",
  refundedPayment: "Visszatérített fizetés",
  footer:
    "Ezt az e-mailt egy {shop} felé történt fizetés miatt kapja. Kérjük, őrizze meg a nyilvántartásához.",
};
