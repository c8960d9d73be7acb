import type { ShellMessages } from "./types";

export const id: ShellMessages = {
  backTo: "Kembali ke {shop}",
};
