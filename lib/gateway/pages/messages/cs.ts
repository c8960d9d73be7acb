import type { ShellMessages } from "./types";

export const cs: ShellMessages = {
  backTo: "Zpět do obchodu {shop}",
};
