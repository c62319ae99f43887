/**
 * Command-line options parsed as node:util parseArgs parses them, with its errors said as one line a user can act
 * on — the option named, the nearest known one offered ("unknown option --wrokers (did you mean --workers?)") —
 * instead of Node's text (which suggests quoting the typo after `--`), with aliases (British spellings:
 * --colour-by for --color-by), and with negative values taken as values (--camera -60,30).
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { closestByEdits } from '../base/closest-name.js';

/** A command line that does not parse; the message is one line, meant for the user as it is. */
export class ArgumentError extends Error {}

/**
 * The one line a usage error of `grainflow <command>` prints on stderr: the problem, then where the options are
 * listed — not the command's help itself, which would bury the problem under it (issue 28, point 9).
 */
export function usageErrorLine(command: string, problem: string): string {
  return `grainflow: ${problem} (options: grainflow ${command} --help)\n`;
}

type Options = NonNullable<ParseArgsConfig['options']>;

/** parseArgs(config), `aliases` (alias → option name, without dashes) first rewritten to the names they stand for. */
export function parseCommandLine<T extends ParseArgsConfig & { args: string[]; options: Options }>(
  config: T, aliases: Record<string, string> = {},
): ReturnType<typeof parseArgs<T>> {
  const args = withNegativeValues(withAliases(config.args, aliases), config.options);
  try {
    return parseArgs({ ...config, args });
  } catch (error) {
    throw new ArgumentError(describe(error as NodeJS.ErrnoException, args, config.options));
  }
}

/** The arguments before `--` with each alias (`--alias` or `--alias=value`) replaced by the option it stands for. */
function withAliases(args: string[], aliases: Record<string, string>): string[] {
  const end = args.indexOf('--');
  return args.map((arg, k) => {
    if (end !== -1 && k >= end) return arg;
    const match = /^--([^=]+)(=.*)?$/.exec(arg);
    const name = match && aliases[match[1]];
    return name ? `--${name}${match[2] ?? ''}` : arg;
  });
}

/**
 * `--name -60,30` as `--name=-60,30` for a string option whose value is a negative number or starts with one
 * (a camera's azimuth, a colour range): parseArgs takes any argument starting with a dash for an option, and would
 * say the option has no value.
 */
function withNegativeValues(args: string[], options: Options): string[] {
  const end = args.indexOf('--');
  const joined: string[] = [];
  for (let k = 0; k < args.length; k++) {
    const name = /^--([^=]+)$/.exec(args[k])?.[1];
    const beforeEnd = end === -1 || k + 1 < end;
    if (name !== undefined && beforeEnd && options[name]?.type === 'string' && /^-\.?\d/.test(args[k + 1] ?? '')) {
      joined.push(`${args[k]}=${args[++k]}`);
    } else {
      joined.push(args[k]);
    }
  }
  return joined;
}

function describe(error: NodeJS.ErrnoException, args: string[], options: Options): string {
  const end = args.indexOf('--');
  const given = (end === -1 ? args : args.slice(0, end)).filter((arg) => arg.startsWith('-') && arg !== '-');
  const nameOf = (arg: string) => arg.replace(/^-+/, '').split('=')[0];
  const known = (arg: string) => arg.startsWith('--') ? nameOf(arg) in options
    : Object.values(options).some((o) => o.short === arg.slice(1, 2));
  switch (error.code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION': {
      const unknown = given.find((arg) => !known(arg)) ?? given[0] ?? '';
      const nearest = closestByEdits(nameOf(unknown), Object.keys(options));
      return `unknown option ${unknown.split('=')[0]}`
        + (nearest ? ` (did you mean --${nearest}?)` : `; the options are ${Object.keys(options).map((o) => `--${o}`).join(', ')}`);
    }
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE': {
      // A string option at the end of the line, or a boolean given a value (--quiet=yes).
      const flag = given.find((arg) => options[nameOf(arg)]?.type === 'boolean' && arg.includes('='));
      if (flag) return `${flag.split('=')[0]} takes no value (got "${flag}")`;
      const last = [...given].reverse().find((arg) => options[nameOf(arg)]?.type === 'string') ?? '';
      return `${last.split('=')[0]} needs a value`;
    }
    case 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL': {
      const extra = /'([^']*)'/.exec(error.message)?.[1];
      return extra === undefined ? 'unexpected argument' : `unexpected argument "${extra}"`;
    }
    default:
      return error.message.split('\n')[0];
  }
}
