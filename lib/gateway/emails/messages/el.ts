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
    trial_will_end: "Η δωρεάν δοκιμή σας στο {shop} λήγει σύντομα",
    plan_changed: "Το πρόγραμμά σας στο {shop} άλλαξε",
    subscription_paused: "Η συνδρομή σας στο {shop} είναι σε παύση",
    subscription_resumed: "Η συνδρομή σας στο {shop} συνεχίζεται",
  },
  intros: {
    receipt: "Το {shop} έλαβε την πληρωμή σας. Ευχαριστούμε!",
    refund:
      "Το {shop} επέστρεψε χρήματα στην κάρτα σας. Ίσως χρειαστούν μερικές μέρες για να εμφανιστούν στην κίνηση.",
    payout:
      "Το {shop} κατέθεσε χρήματα στην κάρτα σας. Ίσως χρειαστούν μερικές μέρες για να εμφανιστούν στην κίνηση.",
    subscription_started: "Η συνδρομή σας στο {shop} ξεκίνησε.",
    renewal_receipt: "Η συνδρομή σας στο {shop} ανανεώθηκε και πληρώθηκε.",
    renewal_failed:
      "Δεν μπορέσαμε να χρεώσουμε την κάρτα σας για τη συνδρομή στο {shop}. Ενημερώστε την κάρτα σας για να κρατήσετε τη συνδρομή.",
    subscription_canceled: "Η συνδρομή σας στο {shop} ακυρώθηκε. Δεν θα χρεωθείτε ξανά.",
    trial_will_end:
      "Η δωρεάν δοκιμή σας στο {shop} λήγει σύντομα. Αν δεν ακυρώσετε, η κάρτα σας θα χρεωθεί όπως φαίνεται παρακάτω.",
    plan_changed: "Η συνδρομή σας στο {shop} περνά σε νέο πρόγραμμα. Αυτή είναι η τιμή του και πότε ξεκινά.",
    subscription_paused:
      "Η συνδρομή σας στο {shop} είναι σε παύση. Δεν χρεώνεται τίποτα όσο διαρκεί η παύση.",
    subscription_resumed: "Η συνδρομή σας στο {shop} συνεχίζεται. Αυτή είναι η επόμενη χρέωσή σας.",
  },
  amount: "Ποσό",
  updateCard: "Ενημέρωση κάρτας",
  canceledNeverCharged: "Η συνδρομή σας στο {shop} ακυρώθηκε. Δεν χρεωθήκατε τίποτα.",
  trialStarted: "Η δωρεάν δοκιμή σας στο {shop} ξεκίνησε. Σήμερα δεν χρεώνεται τίποτα.",
  subscriptionFooter: "Λαμβάνετε αυτό το email επειδή έχετε συνδρομή στο {shop}.",
  trialEnds: "Λήξη δωρεάν δοκιμής",
  firstCharge: "Πρώτη χρέωση",
  nextCharge: "Επόμενη χρέωση",
  activeUntil: "Ενεργή έως",
  resumesOn: "Συνεχίζεται στις",
  attempt: "Προσπάθεια {n} από {total}",
  nextAttempt: "Επόμενη προσπάθεια",
  lastAttempt: "Αυτή ήταν η τελευταία προσπάθεια.",
  reason: "Αιτία",
  reasons: {
    insufficient_funds: "Ανεπαρκές υπόλοιπο",
    card_expired: "Η κάρτα έχει λήξει",
    declined: "Απορρίφθηκε από τον εκδότη της κάρτας",
    processor_error: "Σφάλμα του επεξεργαστή πληρωμών",
  },
  cancelSubscription: "Ακύρωση συνδρομής",
  testMark: "ΔΟΚΙΜΗ",
  viewReceipt: "Προβολή απόδειξης",
  partialRefund: "Μερική επιστροφή {refund} από {amount}",
  fullRefund: "Πλήρης επιστροφή {amount}",
  refundedPayment: "Πληρωμή που επιστράφηκε",
  footer: "Λαμβάνετε αυτό το μήνυμα λόγω πληρωμής προς {shop}. Κρατήστε το για το αρχείο σας.",
};
