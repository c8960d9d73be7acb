import type { ShellMessages } from "./types";

export const sl: ShellMessages = {
  backTo: "Nazaj v trgovino {shop}",
};
