import type { ShellMessages } from "./types";

export const hr: ShellMessages = {
  backTo: "Natrag na {shop}",
};
