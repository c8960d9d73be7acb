import type { ShellMessages } from "./types";

export const fi: ShellMessages = {
  backTo: "Takaisin kauppaan {shop}",
};
