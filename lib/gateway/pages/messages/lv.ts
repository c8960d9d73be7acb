import type { ShellMessages } from "./types";

export const lv: ShellMessages = {
  backTo: "Atpakaļ uz {shop}",
};
