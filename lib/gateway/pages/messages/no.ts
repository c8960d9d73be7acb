import type { ShellMessages } from "./types";

export const no: ShellMessages = {
  backTo: "Tilbake til {shop}",
};
