import type { ShellMessages } from "./types";

export const ru: ShellMessages = {
  backTo: "Вернуться в магазин {shop}",
};
