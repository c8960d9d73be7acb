import type { ShopperEmailMessages } from "./types";

export const tr: ShopperEmailMessages = {
  subjects: {
    receipt: "{shop} makbuzunuz",
    refund: "{shop} iadesi",
    payout: "{shop} ödemesi kartınıza",
    subscription_started: "{shop} aboneliğiniz başladı",
    renewal_receipt: "{shop} aboneliğiniz yenilendi",
    renewal_failed: "İşlem gerekli: {shop} ödemeniz başarısız oldu",
    subscription_canceled: "{shop} aboneliğiniz iptal edildi",
  },
  intros: {
    receipt: "{shop} ödemenizi aldı. Teşekkürler!",
    refund: "{shop} kartınıza para iade etti. Hesap özetinizde görünmesi birkaç gün sürebilir.",
    payout: "{shop} kartınıza para ödedi. Hesap özetinizde görünmesi birkaç gün sürebilir.",
    subscription_started: "{shop} aboneliğiniz başladı. Ödeyeceğiniz tutar budur.",
    renewal_receipt: "{shop} aboneliğiniz yenilendi ve ödendi.",
    renewal_failed:
      "{shop} aboneliğiniz için kartınızdan ödeme alamadık. Aboneliğinizi korumak için kartınızı güncelleyin.",
    subscription_canceled: "{shop} aboneliğiniz iptal edildi. Sizden tekrar ücret alınmayacak.",
  },
  amount: "Tutar",
  updateCard: "Kartınızı güncelleyin",
  canceledNeverCharged: "{shop} aboneliğiniz iptal edildi. Sizden hiçbir ücret alınmadı.",
  testMark: "TEST",
  viewReceipt: "Makbuzu görüntüle",
  partialRefund: "{amount} tutarın {refund} kadarı kısmen iade edildi",
  fullRefund: "{amount} tutarın tamamı iade edildi",
  refundedPayment: "İade edilen ödeme",
  footer:
    "Bu e-postayı {shop} için yapılan bir ödeme nedeniyle alıyorsunuz. Lütfen kayıtlarınız için saklayın.",
};
