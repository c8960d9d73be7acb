import type { ShellMessages } from "./types";

export const ja: ShellMessages = {
  backTo: "{shop} に戻る",
};
