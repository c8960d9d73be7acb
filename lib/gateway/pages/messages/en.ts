import type { ShellMessages } from "./types";

export const en: ShellMessages = {
  backTo: "Back to {shop}",
};
