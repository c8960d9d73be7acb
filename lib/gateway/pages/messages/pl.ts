import type { ShellMessages } from "./types";

export const pl: ShellMessages = {
  backTo: "Wróć do sklepu {shop}",
};
