import type { ShellMessages } from "./types";

export const sv: ShellMessages = {
  backTo: "Tillbaka till {shop}",
};
