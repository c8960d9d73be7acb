import type { ShellMessages } from "./types";

export const et: ShellMessages = {
  backTo: "Tagasi poodi {shop}",
};
