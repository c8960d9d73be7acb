import type { ShellMessages } from "./types";

export const da: ShellMessages = {
  backTo: "Tilbage til {shop}",
};
