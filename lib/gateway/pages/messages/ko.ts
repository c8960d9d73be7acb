import type { ShellMessages } from "./types";

export const ko: ShellMessages = {
  backTo: "{shop}(으)로 돌아가기",
};
