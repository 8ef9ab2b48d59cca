// Matching for the `:` palette: prefix matches on the name or an alias first, then substring matches.
export interface PaletteEntry {
  /** Screen id, what Enter goes to. */
  readonly id: string;
  /** What Tab completes to: 'deployments'. */
  readonly name: string;
  readonly aliases: readonly string[];
  readonly title: string;
  /** What a word typed after the name does (`:ctx staging` → 'switch to context'); none: no argument. */
  readonly argument?: string;
}

/** `name word`: an entry that takes an argument, named exactly, and the word after it. */
export function paletteCommand(entries: readonly PaletteEntry[], text: string): {entry: PaletteEntry; arg: string} | undefined {
  const m = /^\s*(\S+)\s+(\S.*?)\s*$/.exec(text);
  if (!m) return undefined;
  const head = m[1]!.toLowerCase();
  const entry = entries.find((e) => e.argument !== undefined && [e.name, ...e.aliases].some((w) => w.toLowerCase() === head));
  return entry ? {entry, arg: m[2]!} : undefined;
}

export function paletteMatches(entries: readonly PaletteEntry[], text: string): PaletteEntry[] {
  const q = text.trim().toLowerCase();
  if (q === '') return [...entries];
  const words = (e: PaletteEntry) => [e.name, ...e.aliases].map((w) => w.toLowerCase());
  const exact = entries.filter((e) => words(e).includes(q));
  const prefix = entries.filter((e) => !exact.includes(e) && words(e).some((w) => w.startsWith(q)));
  const inner = entries.filter(
    (e) => !exact.includes(e) && !prefix.includes(e) && (words(e).some((w) => w.includes(q)) || e.title.toLowerCase().includes(q)),
  );
  return [...exact, ...prefix, ...inner];
}
