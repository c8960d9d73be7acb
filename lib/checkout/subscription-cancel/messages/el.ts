import type { SubscriptionCancelMessages } from "./types";

export const el: SubscriptionCancelMessages = {
  title: "Ακύρωση της συνδρομής σας",
  explain: "Αν ακυρώσετε, δεν χρεώνεται τίποτε άλλο. Η συνδρομή σας μένει ενεργή έως {date}.",
  explainNoDate: "Αν ακυρώσετε, δεν χρεώνεται τίποτε άλλο.",
  confirm: "Ακύρωση συνδρομής",
  canceledTitle: "Η συνδρομή σας ακυρώθηκε",
  canceledBody: "Δεν θα χρεωθεί τίποτε άλλο.",
  canceledUntil: "Μένει ενεργή έως {date}.",
  endedTitle: "Αυτή η συνδρομή έχει λήξει",
  endedBody: "Δεν υπάρχει κάτι για ακύρωση.",
  notFoundTitle: "Αυτός ο σύνδεσμος δεν είναι έγκυρος",
  notFoundBody: "Ελέγξτε τον σύνδεσμο στο email σας ή επικοινωνήστε με το κατάστημα.",
  unavailable: "Η σελίδα δεν φορτώθηκε. Δοκιμάστε ξανά αργότερα.",
  planLabel: "Συνδρομή",
  shopLabel: "Κατάστημα",
};
