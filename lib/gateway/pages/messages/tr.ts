import type { ShellMessages } from "./types";

export const tr: ShellMessages = {
  backTo: "Mağazaya dön: {shop}",
};
