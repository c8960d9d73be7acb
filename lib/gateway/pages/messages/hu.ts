import type { ShellMessages } from "./types";

export const hu: ShellMessages = {
  backTo: "Vissza ide: {shop}",
};
