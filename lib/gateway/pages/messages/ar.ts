import type { ShellMessages } from "./types";

export const ar: ShellMessages = {
  backTo: "العودة إلى {shop}",
};
