import type { ShellMessages } from "./types";

export const he: ShellMessages = {
  backTo: "חזרה אל {shop}",
};
