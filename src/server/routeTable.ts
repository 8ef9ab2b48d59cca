// The router of every app in the process (app.ts). Each app adds the same routes, the route groups' code, each
// with handlers of its own (closures over its context). Building the trie that matches a path was a third of
// making an app; it depends only on the list of methods and paths, so it is built once per distinct list and
// shared: an app keeps its own handlers, in the order it added them, and a match maps the trie's positions onto
// them. Nothing of one app's (handlers, context) is reachable from another's router.
import type {Params, Result, Router} from 'hono/router';
import {TrieRouter} from 'hono/router/trie-router';

/** Distinct route lists kept (a test that adds a route of its own makes one more); the one used longest ago goes first. */
const TABLES_KEPT = 8;
const tables = new Map<string, TrieRouter<number>>();

export class SharedTrieRouter<T> implements Router<T> {
  readonly name = 'SharedTrieRouter';
  readonly #routes: Array<[method: string, path: string]> = [];
  readonly #handlers: T[] = [];
  #table: TrieRouter<number> | undefined;

  add(method: string, path: string, handler: T): void {
    this.#routes.push([method, path]);
    this.#handlers.push(handler);
    this.#table = undefined;
  }

  match(method: string, path: string): Result<T> {
    this.#table ??= tableOf(this.#routes);
    const [found] = this.#table.match(method, path) as [Array<[number, Params]>];
    return [found.map(([position, params]) => [this.#handlers[position]!, params])];
  }
}

/** The trie of a list of routes, whose handlers are the routes' positions in the list. */
function tableOf(routes: ReadonlyArray<[string, string]>): TrieRouter<number> {
  const key = JSON.stringify(routes);
  let table = tables.get(key);
  if (table) {
    tables.delete(key);
    tables.set(key, table);
    return table;
  }
  table = new TrieRouter<number>();
  for (const [position, [method, path]] of routes.entries()) table.add(method, path, position);
  if (tables.size >= TABLES_KEPT) tables.delete(tables.keys().next().value!);
  tables.set(key, table);
  return table;
}
