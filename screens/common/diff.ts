// What a dev branch changed against its parent: per file (added, modified, deleted) and as unified-diff lines
// (a longest-common-subsequence line diff with three lines of context around each change).
import type {DevFile} from '../../src/queries/dataModel.js';

export type ChangeKind = 'added' | 'modified' | 'deleted';

export interface FileChange {
  readonly path: string;
  readonly kind: ChangeKind;
  /** Content on the parent (absent when added). */
  readonly before?: string;
  /** Content on the dev branch (absent when deleted). */
  readonly after?: string;
}

/** Files that differ between `parent` and `dev`, by path. */
export function changedFiles(parent: readonly DevFile[], dev: readonly DevFile[]): FileChange[] {
  const before = new Map(parent.map((f) => [f.path, f.content ?? '']));
  const after = new Map(dev.map((f) => [f.path, f.content ?? '']));
  const out: FileChange[] = [];
  for (const [path, a] of after) {
    const b = before.get(path);
    if (b === undefined) out.push({path, kind: 'added', after: a});
    else if (b !== a) out.push({path, kind: 'modified', before: b, after: a});
  }
  for (const [path, b] of before) if (!after.has(path)) out.push({path, kind: 'deleted', before: b});
  return out.sort((x, y) => x.path.localeCompare(y.path));
}

export type DiffLine = {readonly kind: 'file' | 'hunk' | 'add' | 'del' | 'same'; readonly text: string};

const CONTEXT = 3;
/** Past this many line pairs the LCS table is skipped: the whole file shows as replaced. */
const MAX_CELLS = 4_000_000;

function lines(text: string | undefined): string[] {
  if (text === undefined || text === '') return [];
  return text.replace(/\n$/, '').split('\n');
}

/** Edit script from `a` to `b`: each line kept, removed or added, in order. */
function editScript(a: readonly string[], b: readonly string[]): {kind: 'same' | 'del' | 'add'; text: string; ai: number; bi: number}[] {
  if (a.length * b.length > MAX_CELLS) {
    return [...a.map((text, i) => ({kind: 'del' as const, text, ai: i, bi: 0})), ...b.map((text, i) => ({kind: 'add' as const, text, ai: a.length, bi: i}))];
  }
  const n = a.length;
  const m = b.length;
  // lcs[i][j] = LCS length of a[i..] and b[j..], in one flat array.
  const lcs = new Uint32Array((n + 1) * (m + 1));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lcs[i * (m + 1) + j] = a[i] === b[j] ? lcs[(i + 1) * (m + 1) + j + 1]! + 1 : Math.max(lcs[(i + 1) * (m + 1) + j]!, lcs[i * (m + 1) + j + 1]!);
    }
  }
  const out: {kind: 'same' | 'del' | 'add'; text: string; ai: number; bi: number}[] = [];
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && a[i] === b[j]) out.push({kind: 'same', text: a[i]!, ai: i++, bi: j++});
    // Removals before additions, as in a unified diff.
    else if (i < n && (j >= m || lcs[(i + 1) * (m + 1) + j]! >= lcs[i * (m + 1) + j + 1]!)) out.push({kind: 'del', text: a[i]!, ai: i++, bi: j});
    else out.push({kind: 'add', text: b[j]!, ai: i, bi: j++});
  }
  return out;
}

/** Unified-diff lines of one change: a `file` header, then `@@` hunks with context. */
export function diffLines(change: FileChange): DiffLine[] {
  const label = change.kind === 'added' ? `${change.path} (new file)` : change.kind === 'deleted' ? `${change.path} (deleted)` : change.path;
  const out: DiffLine[] = [{kind: 'file', text: label}];
  const script = editScript(lines(change.before), lines(change.after));
  const changedAt = script.flatMap((s, k) => (s.kind === 'same' ? [] : [k]));
  let k = 0;
  while (k < changedAt.length) {
    const start = Math.max(0, changedAt[k]! - CONTEXT);
    let end = changedAt[k]! + CONTEXT;
    while (k + 1 < changedAt.length && changedAt[k + 1]! - CONTEXT <= end + 1) end = changedAt[++k]! + CONTEXT;
    k++;
    const hunk = script.slice(start, Math.min(script.length, end + 1));
    const first = hunk[0]!;
    const oldLen = hunk.filter((s) => s.kind !== 'add').length;
    const newLen = hunk.filter((s) => s.kind !== 'del').length;
    out.push({kind: 'hunk', text: `@@ -${first.ai + (oldLen ? 1 : 0)},${oldLen} +${first.bi + (newLen ? 1 : 0)},${newLen} @@`});
    for (const s of hunk) out.push({kind: s.kind, text: `${s.kind === 'add' ? '+' : s.kind === 'del' ? '-' : ' '}${s.text}`});
  }
  return out;
}
