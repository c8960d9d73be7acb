import type { ShellMessages } from "./types";

export const sr: ShellMessages = {
  backTo: "Назад у продавницу {shop}",
};
