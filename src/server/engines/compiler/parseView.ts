// Reads one view definition node: its name and the cubes it exposes through join paths.
import type {RawInclude, RawView, RawViewCube} from './raw.js';
import {parseTenants} from './tenants.js';
import {FileContext, IDENTIFIER, fieldsOf, isStar, mapEntries, scalarBoolean, scalarText, seqItems} from './yamlNodes.js';

const VIEW_FIELDS = ['name', 'cubes', 'title', 'description', 'public', 'shown', 'meta', 'folders'];
const VIEW_CUBE_FIELDS = ['join_path', 'includes', 'excludes', 'prefix', 'alias'];
const JOIN_PATH = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/;

export function parseView(ctx: FileContext, node: unknown): RawView | undefined {
  const entries = mapEntries(ctx, node, 'each item of "views"');
  if (!entries) return undefined;
  const f = fieldsOf(ctx, entries, VIEW_FIELDS, 'view');
  const name = scalarText(f.get('name')?.value);
  if (name === undefined) return void ctx.error(node, 'view: "name" is required');
  if (!IDENTIFIER.test(name)) {
    return void ctx.error(f.get('name')?.value, `view name "${name}" must start with a letter or _ and contain only letters, digits and _`);
  }
  const where = `view "${name}"`;
  const cubesNode = f.get('cubes')?.value;
  if (cubesNode === undefined) return void ctx.error(node, `${where}: "cubes" is required`);
  const cubes: RawViewCube[] = [];
  for (const item of seqItems(ctx, cubesNode, `${where}: "cubes"`) ?? []) {
    const cube = parseViewCube(ctx, item, where);
    if (cube) cubes.push(cube);
  }
  if (cubes.length === 0) ctx.error(cubesNode, `${where}: "cubes" must list at least one join path`);
  const tenants = parseTenants(ctx, f.get('meta')?.value, where);
  return {name, file: ctx.file, line: ctx.line(node), cubes, ...(tenants && {tenants})};
}

function parseViewCube(ctx: FileContext, node: unknown, where: string): RawViewCube | undefined {
  const entries = mapEntries(ctx, node, `${where}: each item of "cubes"`);
  if (!entries) return undefined;
  const f = fieldsOf(ctx, entries, VIEW_CUBE_FIELDS, where);
  const joinPath = scalarText(f.get('join_path')?.value);
  if (joinPath === undefined) return void ctx.error(node, `${where}: "join_path" is required`);
  if (!JOIN_PATH.test(joinPath)) {
    return void ctx.error(f.get('join_path')?.value, `${where}: join_path "${joinPath}" must be cube names separated by dots`);
  }
  const includesNode = f.get('includes')?.value;
  if (includesNode === undefined) return void ctx.error(node, `${where}: "includes" is required for join_path ${joinPath}`);
  let includes: RawViewCube['includes'];
  if (isStar(includesNode)) includes = '*';
  else {
    const list: RawInclude[] = [];
    for (const item of seqItems(ctx, includesNode, `${where}: "includes"`) ?? []) {
      const include = parseInclude(ctx, item, where);
      if (include) list.push(include);
    }
    includes = list;
  }
  const excludes: string[] = [];
  for (const item of seqItems(ctx, f.get('excludes')?.value, `${where}: "excludes"`) ?? []) {
    const member = scalarText(item);
    if (member === undefined) ctx.error(item, `${where}: each of "excludes" must be a member name`);
    else excludes.push(member);
  }
  const prefixNode = f.get('prefix')?.value;
  const prefix = prefixNode === undefined ? false : scalarBoolean(prefixNode);
  if (prefix === undefined) return void ctx.error(prefixNode, `${where}: "prefix" must be true or false`);
  return {joinPath, includes, excludes, prefix, line: ctx.line(node)};
}

function parseInclude(ctx: FileContext, node: unknown, where: string): RawInclude | undefined {
  const plain = scalarText(node);
  if (plain !== undefined) return {name: plain};
  const entries = mapEntries(ctx, node, `${where}: each of "includes"`);
  if (!entries) return undefined;
  const name = scalarText(entries.find((e) => e.key === 'name')?.value);
  if (name === undefined) return void ctx.error(node, `${where}: each of "includes" needs a "name"`);
  const alias = scalarText(entries.find((e) => e.key === 'alias')?.value);
  if (alias !== undefined && !IDENTIFIER.test(alias)) return void ctx.error(node, `${where}: alias "${alias}" is not a valid member name`);
  return alias === undefined ? {name} : {name, alias};
}
