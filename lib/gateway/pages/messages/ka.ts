import type { ShellMessages } from "./types";

export const ka: ShellMessages = {
  backTo: "დაბრუნება: {shop}",
};
