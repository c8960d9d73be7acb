/** The texts of the shell around every page the gateway renders itself (page-shell.ts). */
export interface ShellMessages {
  /** The link back to the merchant's site, "Back to {shop}" (the shop's name, one isolated run). */
  backTo: string;
}
