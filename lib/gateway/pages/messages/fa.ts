import type { ShellMessages } from "./types";

export const fa: ShellMessages = {
  backTo: "بازگشت به {shop}",
};
