import type { ShellMessages } from "./types";

export const ro: ShellMessages = {
  backTo: "Înapoi la {shop}",
};
