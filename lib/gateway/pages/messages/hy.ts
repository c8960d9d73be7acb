import type { ShellMessages } from "./types";

export const hy: ShellMessages = {
  backTo: "Վերադառնալ՝ {shop}",
};
