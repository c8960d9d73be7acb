import type { ShellMessages } from "./types";

export const uk: ShellMessages = {
  backTo: "Повернутися до магазину {shop}",
};
