import type { ShellMessages } from "./types";

export const be: ShellMessages = {
  backTo: "Вярнуцца ў краму {shop}",
};
