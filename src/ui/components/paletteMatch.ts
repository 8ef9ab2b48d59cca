// Matching for the `:` palette: prefix matches on the name or an alias first, then substring matches.
export interface PaletteEntry {
  /** Screen id, what Enter goes to. */
  readonly id: string;
  /** What Tab completes to: 'deployments'. */
  readonly name: string;
  readonly aliases: readonly string[];
  readonly title: string;
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
