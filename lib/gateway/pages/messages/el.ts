import type { ShellMessages } from "./types";

export const el: ShellMessages = {
  backTo: "Επιστροφή στο {shop}",
};
