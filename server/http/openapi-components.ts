// The OpenAPI document's components.schemas: every schema given an id (`.meta({ id })` in
// shared/api/) is registered there, so each `$ref` a route's schema makes resolves (Swagger UI and
// code generators follow them). fastify-type-provider-zod writes an input and an output variant of
// each registered schema (`Item` and `ItemInput`); only the ones some path reaches are kept, so a
// generator makes no types that nothing uses (an `ItemInput` beside the real create parameters
// would be read as them).
import { jsonSchemaTransformObject } from 'fastify-type-provider-zod';

type TransformObject = typeof jsonSchemaTransformObject;

const REF = /^#\/components\/schemas\/(.+)$/;

/** The names of the component schemas `value` refers to, directly. */
function refsIn(value: unknown, into: Set<string>): Set<string> {
  if (Array.isArray(value)) for (const v of value) refsIn(v, into);
  else if (value !== null && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      const name = key === '$ref' && typeof v === 'string' ? REF.exec(v)?.[1] : undefined;
      if (name !== undefined) into.add(decodeURIComponent(name.replace(/~1/g, '/').replace(/~0/g, '~')));
      else refsIn(v, into);
    }
  }
  return into;
}

/** Registers the schemas with an id, keeping those the paths reach (directly or through another schema). */
export const documentComponents: TransformObject = (input) => {
  const document = jsonSchemaTransformObject(input);
  // This service writes OpenAPI 3.1 (app.ts); a Swagger 2 document has no components to register.
  if (!('openapi' in document) || !document.components?.schemas) return document;
  // A fresh object of the call above: pruned in place.
  const schemas: Record<string, unknown> = document.components.schemas;
  const reached = new Set<string>();
  const pending = [...refsIn({ paths: document.paths, other: { ...document.components, schemas: undefined } }, new Set())];
  while (pending.length > 0) {
    const name = pending.pop() as string;
    if (reached.has(name) || !(name in schemas)) continue;
    reached.add(name);
    pending.push(...refsIn(schemas[name], new Set()));
  }
  // Kept in name order, so the document reads the same from one start to the next.
  const kept = Object.entries(schemas).filter(([name]) => reached.has(name)).sort(([a], [b]) => a.localeCompare(b));
  for (const name of Object.keys(schemas)) delete schemas[name];
  for (const [name, schema] of kept) schemas[name] = schema;
  return document;
};
