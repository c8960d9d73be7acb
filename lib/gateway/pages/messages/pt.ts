import type { ShellMessages } from "./types";

export const pt: ShellMessages = {
  backTo: "Voltar para {shop}",
};
