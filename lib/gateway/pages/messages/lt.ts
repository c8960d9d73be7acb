import type { ShellMessages } from "./types";

export const lt: ShellMessages = {
  backTo: "Grįžti į parduotuvę {shop}",
};
