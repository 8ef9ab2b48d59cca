// Key hints generated from keymap.ts, cut to the width (never wrapped). What the screen itself does comes first
// (Enter on its list, its own keys, the log pager's keys), then `/` `:` `r` Esc; `?` and `q` are always
// there, and when hints did not fit `?` says that more keys are in help. A key is shown once, with one meaning.
import {binding, KEYMAP, keysLabel, withheld, type Binding} from '../keymap.js';
import {appendAll} from '../../lib/lists.js';
import {cellWidth} from '../../lib/cells.js';

export interface FooterProps {
  /** Current screen id; its `screen:<id>` bindings come first. */
  readonly screen: string;
  readonly readonly: boolean;
  /** The credential's permissions (usePolicy): keys it lacks one for are not offered. */
  readonly permissions?: readonly string[] | null;
  readonly width: number;
  /** What Esc does next ('clear filter', 'back'); replaces the generic Esc hint. */
  readonly escape?: string;
  /** What Enter does on the screen's list ('open'); no Enter hint without one. */
  readonly open?: string;
  /** A log pager is on screen: G follows, w wraps. */
  readonly pager?: boolean;
  /** Something on screen applies the `/` filter. @default true */
  readonly filterable?: boolean;
  /** The `/` on screen finds lines in a log (n/N) rather than filtering. */
  readonly searchable?: boolean;
  /**
   * The actions of the layer that has the keys, when it is a dialog or a text field (the dispatcher's top layer,
   * useTopKeys): the footer is its keys alone, the screen's and the shell's do not reach past it.
   */
  readonly layer?: readonly string[];
  /** What the layer calls some of its actions (`Enter create`); a labelled action is always offered. */
  readonly labels?: Readonly<Record<string, string>>;
  /** Action ids the object on screen does not allow: not offered. */
  readonly unavailable?: readonly string[];
}

interface Hint {
  keys: string[];
  description: string;
}

/** Always shown, at the end, so a narrow terminal still says how to get help and out. */
const HELP = 'app.help';
const QUIT = 'app.quit';
const MORE = '? help (more keys)';
/** What `/` does over a searchable log. */
const SEARCH = 'search (n/N)';

/** The keys of the dialog or field that has them: its footer-flagged ones, else all of them. */
function layerHints(p: FooterProps, ids: readonly string[]): Binding[] {
  const own = ids
    .map((id) => KEYMAP.find((b) => b.id === id))
    .filter((b): b is Binding => b !== undefined && withheld(b, p) === undefined)
    .map((b) => (p.labels?.[b.id] !== undefined ? {...b, description: p.labels[b.id]!, footer: true} : b));
  const flagged = own.filter((b) => b.footer === true);
  return flagged.length > 0 ? flagged : own;
}

export function footerHints(p: FooterProps): Hint[] {
  const visible = (b: Binding | undefined): b is Binding =>
    b !== undefined && b.footer === true && withheld(b, p) === undefined && !(p.unavailable ?? []).includes(b.id);
  if (p.layer) return merged(layerHints(p, p.layer));
  const own = KEYMAP.filter((b) => b.scope === `screen:${p.screen}` && visible(b));
  const open = p.open ? [{...binding('list.open')!, description: p.open}] : [];
  const pager = p.pager ? KEYMAP.filter((b) => b.scope === 'pager' && visible(b)) : [];
  const global = KEYMAP.filter(
    (b) => b.scope === 'global' && visible(b) && b.id !== HELP && b.id !== QUIT && (b.id !== 'app.filter' || p.filterable !== false),
  )
    .flatMap((b) => (b.id === 'app.back' ? (p.escape ? [{...b, description: p.escape}] : []) : [b]))
    .map((b) => (b.id === 'app.filter' && p.searchable ? {...b, description: SEARCH} : b));
  return merged([...open, ...own, ...pager, ...global]);
}

/** One meaning per key: a key already shown is not shown again; bindings that do the same thing share a hint. */
function merged(bindings: readonly Binding[]): Hint[] {
  const hints: Hint[] = [];
  const shown = new Set<string>();
  for (const b of bindings) {
    const keys = b.keys.filter((k) => !shown.has(k));
    if (keys.length === 0) continue;
    keys.forEach((k) => shown.add(k));
    const same = hints.find((h) => h.description === b.description);
    if (same) appendAll(same.keys, keys);
    else hints.push({keys: [...keys], description: b.description});
  }
  return hints;
}

const label = (h: Hint) => `${keysLabel(h)} ${h.description}`;

export function footerText(p: FooterProps): string {
  const hints = footerHints(p);
  const quit = label({keys: binding(QUIT)!.keys.slice(), description: binding(QUIT)!.description});
  const fits = (parts: string[]) => cellWidth(parts.join('  ')) <= p.width;
  const all = hints.map(label);
  // A dialog or field has the keys: ? and q are typed into it or do nothing, so they are not offered.
  if (p.layer) return all.filter((_, i) => fits(all.slice(0, i + 1))).join('  ');
  if (fits([...all, '? help', quit])) return [...all, '? help', quit].join('  ');
  const head: string[] = [];
  for (const h of all) {
    if (!fits([...head, h, MORE, quit])) break;
    head.push(h);
  }
  return [...head, MORE, quit].join('  ');
}
