import type { ShellMessages } from "./types";

export const fr: ShellMessages = {
  backTo: "Retour à {shop}",
};
