import type { ShellMessages } from "./types";

export const sk: ShellMessages = {
  backTo: "Späť do obchodu {shop}",
};
