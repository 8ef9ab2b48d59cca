// The schemas the object catalogue (catalogue.ts) names, by name: the service's routes validate with them and the
// console's editor checks text against them (loaded on first use there).
import type {z} from 'zod';
import type {ObjectSchemaName} from './catalogue.js';
import * as embedOps from './embedOps.js';
import * as objects from './objects.js';

const NAMED: Record<string, unknown> = {...objects, ...embedOps};

export function objectSchema(name: ObjectSchemaName): z.ZodType {
  const schema = NAMED[name] as Partial<z.ZodType> | undefined;
  if (typeof schema?.safeParse !== 'function') throw new Error(`${name} is not a schema of contract/objects.ts or embedOps.ts`);
  return schema as z.ZodType;
}
