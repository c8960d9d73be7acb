import type { ShopperEmailMessages } from "./types";

export const sl: ShopperEmailMessages = {
  subjects: {
    receipt: "Vaše potrdilo od {shop}",
    refund: "Vračilo od {shop}",
    payout: "Izplačilo od {shop}",
    subscription_started: "Vaša naročnina pri {shop} se je začela",
    renewal_receipt: "Vaša naročnina pri {shop} je bila podaljšana",
    renewal_failed: "Potrebno ukrepanje: vaše plačilo za {shop} ni uspelo",
    subscription_canceled: "Vaša naročnina pri {shop} je preklicana",
  },
  intros: {
    receipt: "{shop} je prejel vaše plačilo. Hvala!",
    refund: "{shop} vam je vrnil denar na kartico. Na izpisku se lahko pokaže šele čez nekaj dni.",
    payout: "{shop} vam je izplačal denar na kartico. Na izpisku se lahko pokaže šele čez nekaj dni.",
    subscription_started: "Vaša naročnina pri {shop} se je začela. To plačate.",
    renewal_receipt: "Vaša naročnina pri {shop} je bila podaljšana in plačana.",
    renewal_failed:
      "Vaše kartice nismo mogli bremeniti za naročnino pri {shop}. Posodobite kartico, da obdržite naročnino.",
    subscription_canceled: "Vaša naročnina pri {shop} je preklicana. Ne bomo vas več bremenili.",
  },
  amount: "Znesek",
  updateCard: "Posodobite kartico",
  canceledNeverCharged: "Vaša naročnina pri {shop} je preklicana. Nič vam ni bilo zaračunano.",
  testMark: "TEST",
  viewReceipt: "Ogled računa",
  partialRefund: "Delno vračilo {refund} od {amount}",
  fullRefund: "Celotno vračilo {amount}",
  refundedPayment: "Vrnjeno plačilo",
  footer: "To e-poštno sporočilo ste prejeli zaradi plačila za {shop}. Shranite ga za svojo evidenco.",
};
