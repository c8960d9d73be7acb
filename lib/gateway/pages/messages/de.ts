import type { ShellMessages } from "./types";

export const de: ShellMessages = {
  backTo: "Zurück zu {shop}",
};
