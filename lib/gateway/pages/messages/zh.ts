import type { ShellMessages } from "./types";

export const zh: ShellMessages = {
  backTo: "返回 {shop}",
};
