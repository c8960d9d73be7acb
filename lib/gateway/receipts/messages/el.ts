import type { ReceiptMessages } from "./types";

export const el: ReceiptMessages = {
  paymentTitle: "Απόδειξη πληρωμής",
  authorizationTitle: "Απόδειξη έγκρισης",
  captureTitle: "Απόδειξη χρέωσης",
  voidTitle: "Απόδειξη ακύρωσης",
  refundTitle: "Απόδειξη επιστροφής χρημάτων",
  payoutTitle: "Απόδειξη πίστωσης",
  merchant: "Έμπορος",
  contact: "Επικοινωνία",
  description: "Περιγραφή",
  date: "Ημερομηνία",
  card: "Κάρτα",
  authorizationCode: "Κωδικός έγκρισης",
  reference: "Αριθμός αναφοράς (RRN)",
  statementDescriptor: "Κείμενο στο αντίγραφο κίνησης",
  order: "Παραγγελία",
  transaction: "Συναλλαγή",
  testNotice: "Δοκιμαστική συναλλαγή: δεν μετακινήθηκαν χρήματα",
  notFoundHeading: "Η απόδειξη δεν βρέθηκε",
  notFoundText: "Αυτή η απόδειξη δεν υπάρχει.",
};
