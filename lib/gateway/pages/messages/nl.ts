import type { ShellMessages } from "./types";

export const nl: ShellMessages = {
  backTo: "Terug naar {shop}",
};
