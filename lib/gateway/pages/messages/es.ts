import type { ShellMessages } from "./types";

export const es: ShellMessages = {
  backTo: "Volver a {shop}",
};
