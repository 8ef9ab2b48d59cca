// OpenAPI descriptions of the form bodies the OAuth endpoints and the approval page read themselves.
/** A form body as OpenAPI describes it; a plain schema (not zod) so the handler reads the form itself. */
export function formBody(properties: Record<string, string>, required: string[]) {
  const schema = {
    type: 'object' as const,
    properties: Object.fromEntries(Object.entries(properties).map(([name, description]) => [name, {type: 'string' as const, description}])),
    required,
  };
  return {required: true, content: {'application/x-www-form-urlencoded': {schema}}};
}
