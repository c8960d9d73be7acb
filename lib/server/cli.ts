import { type ParseArgsConfig, parseArgs } from "node:util";

/** The exit status of a command given an unknown command or option: a mistake in how it was called. */
export const USAGE_EXIT_STATUS = 2;

type Options = NonNullable<ParseArgsConfig["options"]>;

export interface CommandLineSpec<O extends Options> {
  /** The usage text, printed on a mistake (stderr, status 2) and for `--help` (stdout, status 0). */
  usage: string;
  /** The sub-commands the first positional may name; omit for a command that takes none. */
  commands?: readonly string[];
  options?: O;
  /** How many positionals (the sub-command included) the command takes at most; default: any. */
  maxPositionals?: number;
  /** The arguments; default `process.argv.slice(2)`. */
  args?: string[];
}

export interface CommandLine<O extends Options> {
  command: string | undefined;
  /** The positionals after the sub-command (all of them when the command has no sub-commands). */
  positionals: string[];
  values: ReturnType<typeof parseArgs<{ options: O; allowPositionals: true; strict: true }>>["values"];
}

/** Prints what was wrong and the usage on stderr and ends the process with status 2, no stack trace. */
export function exitWithUsage(usage: string, problem?: string): never {
  process.stderr.write(`${problem ? `${problem}\n` : ""}${usage}\n`);
  process.exit(USAGE_EXIT_STATUS);
}

/**
 * The one way the commands (`shop`, `keys`, `notifications`, `gateway`, `backup`, `restore`) read their arguments:
 * an unknown sub-command or option, a missing option value or a stray argument ends with the command's usage and
 * status 2 (Node's parser would throw, and the operator would read a stack trace); `--help` prints the usage.
 */
export function parseCommandLine<O extends Options>(spec: CommandLineSpec<O>): CommandLine<O> {
  const args = spec.args ?? process.argv.slice(2);
  if (args.includes("--help") || args.includes("-h")) {
    process.stdout.write(`${spec.usage}\n`);
    process.exit(0);
  }
  let parsed: { values: CommandLine<O>["values"]; positionals: string[] };
  try {
    parsed = parseArgs({
      args,
      options: spec.options ?? ({} as O),
      allowPositionals: true,
      strict: true,
    }) as typeof parsed;
  } catch (error) {
    const code = (error as { code?: string }).code ?? "";
    if (!code.startsWith("ERR_PARSE_ARGS_")) throw error;
    // Node's message names the option; its advice about "--" is for the program's author, not the operator.
    const message = (error as Error).message.split(/\. To specify a positional/)[0];
    exitWithUsage(spec.usage, message.endsWith(".") ? message : `${message}.`);
  }
  const { positionals } = parsed;
  if (spec.maxPositionals !== undefined && positionals.length > spec.maxPositionals) {
    exitWithUsage(spec.usage, `Unexpected argument '${positionals[spec.maxPositionals]}'.`);
  }
  if (!spec.commands) return { command: undefined, positionals, values: parsed.values };
  const [command, ...rest] = positionals;
  if (command === undefined) exitWithUsage(spec.usage);
  if (!spec.commands.includes(command)) exitWithUsage(spec.usage, `Unknown command '${command}'.`);
  return { command, positionals: rest, values: parsed.values };
}

/** `npm start` and `npm run dev` take no arguments but `--dev` (which `npm run dev` passes). */
export function parseServerArguments(): { dev: boolean } {
  const { values } = parseCommandLine({
    usage: `Usage:
  npm start           the gateway and the checkout app on PORT (settings from the environment and .env; see README)
  npm run dev         the same in development mode`,
    options: { dev: { type: "boolean", default: false } },
    maxPositionals: 0,
  });
  return { dev: values.dev === true };
}
