import type { ShellMessages } from "./types";

export const kk: ShellMessages = {
  backTo: "Қайту: {shop}",
};
