import type { ShellMessages } from "./types";

export const vi: ShellMessages = {
  backTo: "Quay lại {shop}",
};
