import type { ShopperEmailMessages } from "./types";

export const el: ShopperEmailMessages = {
  subjects: {
    receipt: "Η απόδειξή σας από {shop}",
    refund: "Επιστροφή χρημάτων από {shop}",
    payout: "Πληρωμή από {shop} στην κάρτα σας",
    subscription_started: "Η συνδρομή σας στο {shop} ξεκίνησε",
    renewal_receipt: "Η συνδρομή σας στο {shop} ανανεώθηκε",
    renewal_failed: "Απαιτείται ενέργεια: η πληρωμή σας προς {shop} απέτυχε",
    subscription_canceled: "Η συνδρομή σας στο {shop} ακυρώθηκε",
  },
  intros: {
    receipt: "Το {shop} έλαβε την πληρωμή σας. Ευχαριστούμε!",
    refund:
      "Το {shop} επέστρεψε χρήματα στην κάρτα σας. Ίσως χρειαστούν μερικές μέρες για να εμφανιστούν στην κίνηση.",
    payout:
      "Το {shop} κατέθεσε χρήματα στην κάρτα σας. Ίσως χρειαστούν μερικές μέρες για να εμφανιστούν στην κίνηση.",
    subscription_started: "Η συνδρομή σας στο {shop} ξεκίνησε. Αυτό πληρώνετε.",
    renewal_receipt: "Η συνδρομή σας στο {shop} ανανεώθηκε και πληρώθηκε.",
    renewal_failed:
      "Δεν μπορέσαμε να χρεώσουμε την κάρτα σας για τη συνδρομή στο {shop}. Ενημερώστε την κάρτα σας για να κρατήσετε τη συνδρομή.",
    subscription_canceled: "Η συνδρομή σας στο {shop} ακυρώθηκε. Δεν θα χρεωθείτε ξανά.",
  },
  amount: "Ποσό",
  updateCard: "Ενημέρωση κάρτας",
  canceledNeverCharged: "Η συνδρομή σας στο {shop} ακυρώθηκε. Δεν χρεωθήκατε τίποτα.",
  testMark: "ΔΟΚΙΜΗ",
  viewReceipt: "Προβολή απόδειξης",
  partialRefund: "Μερική επιστροφή {refund} από {amount}",
  fullRefund: "Πλήρης επιστροφή {amount}",
  refundedPayment: "Πληρωμή που επιστράφηκε",
  footer: "Λαμβάνετε αυτό το μήνυμα λόγω πληρωμής προς {shop}. Κρατήστε το για το αρχείο σας.",
};
