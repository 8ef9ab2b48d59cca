// `svc completion bash|zsh|fish`: shell completion scripts generated from the command tree itself, so every
// command, alias and option that exists is completed and nothing else. The scripts resolve the words typed so
// far to a command path (aliases map to their command), then offer that command's subcommands, or its options
// (plus the global ones) when the current word starts with `-`.
import type {Command, CommandUnknownOpts} from '@commander-js/extra-typings';
import {EXIT_USAGE, UserError} from './output.js';

interface Node {
  path: string;
  names: string[];
  description: string;
  subs: Node[];
  options: string[];
}

type AnyCommand = CommandUnknownOpts & {_hidden?: boolean};

function optionFlags(cmd: AnyCommand): string[] {
  const flags: string[] = [];
  for (const o of cmd.options) {
    if (o.hidden) continue;
    if (o.long) flags.push(o.long);
    if (o.short) flags.push(o.short);
  }
  return flags;
}

export function commandTree(program: CommandUnknownOpts): Node {
  const walk = (cmd: AnyCommand, path: string): Node => ({
    path,
    names: [cmd.name(), ...cmd.aliases()],
    description: cmd.description(),
    options: [...optionFlags(cmd), '--help'],
    subs: (cmd.commands as AnyCommand[]).filter((c) => !c._hidden).map((c) => walk(c, path === '' ? c.name() : `${path} ${c.name()}`)),
  });
  return walk(program as AnyCommand, '');
}

function nodes(root: Node): Node[] {
  return [root, ...root.subs.flatMap(nodes)];
}

const words = (list: string[]) => list.join(' ');
const subNames = (n: Node) => n.subs.map((s) => s.names[0] ?? '');

export function bashScript(root: Node): string {
  const globals = root.options;
  const steps = nodes(root).flatMap((n) => n.subs.flatMap((s) => s.names.map((name) => `      "${n.path}|${name}") path="${s.path}" ;;`)));
  const offers = nodes(root).map((n) => {
    const opts = n === root ? n.options : [...new Set([...n.options, ...globals])];
    return `    "${n.path}") subs="${words(subNames(n))}"; opts="${words(opts)}" ;;`;
  });
  return `# bash completion for svc. Load it with: source <(svc completion bash)
_svc_complete() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" path="" w i subs="" opts=""
  for ((i = 1; i < COMP_CWORD; i++)); do
    w="\${COMP_WORDS[i]}"
    case "$path|$w" in
${steps.join('\n')}
    esac
  done
  case "$path" in
${offers.join('\n')}
  esac
  if [[ "$cur" == -* ]]; then
    COMPREPLY=($(compgen -W "$opts" -- "$cur"))
  elif [[ -n "$subs" ]]; then
    COMPREPLY=($(compgen -W "$subs" -- "$cur"))
  else
    COMPREPLY=($(compgen -f -- "$cur"))
  fi
}
complete -F _svc_complete svc
`;
}

export function zshScript(root: Node): string {
  // zsh runs bash completion functions through bashcompinit, which keeps one generator for both shells.
  return `#compdef svc
# zsh completion for svc. Load it with: source <(svc completion zsh)
autoload -U +X bashcompinit && bashcompinit
${bashScript(root).split('\n').slice(1).join('\n')}`;
}

const fishQuote = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

export function fishScript(root: Node): string {
  const all = nodes(root);
  const steps = all.flatMap((n) => n.subs.flatMap((s) => s.names.map((name) => `        case ${fishQuote(`${n.path}|${name}`)}\n            set path ${fishQuote(s.path)}`)));
  const lines: string[] = [];
  for (const n of all) {
    const cond = `-n "test (__svc_path) = ${fishQuote(n.path).replace(/"/g, '\\"')}"`;
    for (const s of n.subs) lines.push(`complete -c svc -f ${cond} -a ${fishQuote(s.names[0] ?? '')} -d ${fishQuote(s.description)}`);
    const opts = n === root ? n.options : [...new Set([...n.options, ...root.options])];
    for (const o of opts) {
      const flag = o.startsWith('--') ? `-l ${o.slice(2)}` : `-s ${o.slice(1)}`;
      lines.push(`complete -c svc ${cond} ${flag}`);
    }
  }
  return `# fish completion for svc. Load it with: svc completion fish | source
function __svc_path
    set -l path ''
    for w in (commandline -opc)[2..-1]
        switch "$path|$w"
${steps.join('\n')}
        end
    end
    echo $path
end
${lines.join('\n')}
`;
}

const SHELLS = {bash: bashScript, zsh: zshScript, fish: fishScript} as const;

export function register(program: Command): void {
  program
    .command('completion')
    .description('print a shell completion script (bash, zsh or fish)')
    .argument('<shell>', 'bash, zsh or fish')
    .addHelpText('after', '\nExamples:\n  source <(svc completion bash)     # in ~/.bashrc\n  svc completion fish > ~/.config/fish/completions/svc.fish')
    .action((shell) => {
      const generate = SHELLS[shell as keyof typeof SHELLS];
      if (!generate) throw new UserError(`unsupported shell \`${shell}\`: choose bash, zsh or fish`, EXIT_USAGE);
      process.stdout.write(generate(commandTree(program)));
    });
}
