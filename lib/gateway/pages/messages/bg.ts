import type { ShellMessages } from "./types";

export const bg: ShellMessages = {
  backTo: "Обратно към {shop}",
};
