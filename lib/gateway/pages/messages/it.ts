import type { ShellMessages } from "./types";

export const it: ShellMessages = {
  backTo: "Torna a {shop}",
};
