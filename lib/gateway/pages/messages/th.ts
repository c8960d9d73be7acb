import type { ShellMessages } from "./types";

export const th: ShellMessages = {
  backTo: "กลับไปที่ {shop}",
};
