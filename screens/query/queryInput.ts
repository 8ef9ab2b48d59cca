// The query screen's one-line query: member names separated by spaces or commas (`orders.count orders.status`),
// each a measure or a dimension of the model; completion on the word being typed.

export interface Members {
  readonly measures: readonly string[];
  readonly dimensions: readonly string[];
}

const words = (text: string) => text.split(/[\s,]+/).filter((w) => w !== '');

/**
 * The data API query for the text, or what is wrong with it (an unknown member, nothing to ask). Without the
 * model (a branch still warming up), names not known as dimensions go as measures and the data API judges them.
 */
export function buildQuery(text: string, members: Members | undefined): {query: {measures: string[]; dimensions: string[]}} | {error: string} {
  const measures: string[] = [];
  const dimensions: string[] = [];
  for (const w of words(text)) {
    if (members === undefined || members.measures.includes(w)) measures.push(w);
    else if (members.dimensions.includes(w)) dimensions.push(w);
    else return {error: `${w} is not a measure or dimension of the model (Tab completes)`};
  }
  if (measures.length + dimensions.length === 0) return {error: 'name at least one measure or dimension (Tab completes)'};
  return {query: {measures, dimensions}};
}

/** The word under completion: what follows the last space or comma. */
export function lastWord(text: string): string {
  return /[^\s,]*$/.exec(text)?.[0] ?? '';
}

/** Members that start with the word (then those containing it), measures first; none for an empty word. */
export function completions(text: string, members: Members, max = 6): string[] {
  const word = lastWord(text).toLowerCase();
  if (word === '') return [];
  const all = [...members.measures, ...members.dimensions];
  const starts = all.filter((m) => m.toLowerCase().startsWith(word));
  const contains = all.filter((m) => !starts.includes(m) && m.toLowerCase().includes(word));
  return [...starts, ...contains].filter((m) => m.toLowerCase() !== word).slice(0, max);
}

/**
 * What Tab makes of the text: the member when only one fits the word being typed, else the word extended as far
 * as the members starting with it agree. Never one of several picked silently: undefined when Tab cannot add
 * anything (the candidates are shown under the line).
 */
export function tabComplete(text: string, members: Members): string | undefined {
  const word = lastWord(text).toLowerCase();
  if (word === '') return undefined;
  const all = [...members.measures, ...members.dimensions];
  const starts = all.filter((m) => m.toLowerCase().startsWith(word));
  const fits = starts.length > 0 ? starts : all.filter((m) => m.toLowerCase().includes(word));
  if (fits.length === 1) return complete(text, fits[0]!);
  const common = commonPrefix(starts);
  return common.length > word.length ? `${text.slice(0, text.length - word.length)}${common}` : undefined;
}

function commonPrefix(names: readonly string[]): string {
  if (names.length === 0) return '';
  let prefix = names[0]!;
  for (const n of names) while (!n.startsWith(prefix)) prefix = prefix.slice(0, -1);
  return prefix;
}

/** The text with its last word replaced by `member`, and a space to type the next one. */
export function complete(text: string, member: string): string {
  return `${text.slice(0, text.length - lastWord(text).length)}${member} `;
}

/** Where a result goes: JSON for a `.json` name, CSV otherwise. */
export function exportFormat(path: string): 'json' | 'csv' {
  return /\.json$/i.test(path.trim()) ? 'json' : 'csv';
}
