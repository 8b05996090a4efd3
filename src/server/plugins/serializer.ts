import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import fastJson from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type Serialize = (data: unknown) => string;

/**
 * fast-json-stringify picks a branch of `anyOf` (a nullable object) by validating the value, so
 * `additionalProperties: false` would make an object carrying one field more match no branch.
 * It writes only the declared fields anyway: the flag is dropped.
 */
function allowExtraFields(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(allowExtraFields);
  if (node === null || typeof node !== 'object') return node;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'additionalProperties' && value === false) continue;
    copy[key] = allowExtraFields(value);
  }
  return copy;
}

function zodSchemaOf(schema: unknown): z.ZodType | undefined {
  if (schema instanceof z.ZodType) return schema;
  const properties = (schema as { properties?: unknown } | undefined)?.properties;
  return properties instanceof z.ZodType ? properties : undefined;
}

/**
 * Response serialisation. Each route's zod response schema is turned into JSON Schema once and
 * compiled by fast-json-stringify (Fastify's own serialiser): it writes only the declared
 * fields, like zod's parse, at about half the cost of parsing with zod and then stringifying,
 * which was a quarter of a page of replies' CPU. A schema JSON Schema cannot express falls back
 * to zod. With `check` (the test suites), every answer is also produced the zod way and the two
 * must match to the byte, so a difference fails a test instead of reaching a reader.
 */
export function responseSerializerCompiler(options: {
  check: boolean;
}): FastifySerializerCompiler<unknown> {
  return (route) => {
    const viaZod = zodSerializerCompiler(route as never) as Serialize;
    const schema = zodSchemaOf(route.schema);
    let fast: Serialize;
    try {
      if (!schema) return viaZod;
      const jsonSchema = allowExtraFields(
        z.toJSONSchema(schema, { target: 'draft-7', io: 'output' }),
      );
      fast = fastJson(jsonSchema as Parameters<typeof fastJson>[0]);
    } catch {
      return viaZod;
    }
    if (!options.check) return fast;
    return (data) => {
      const expected = viaZod(data);
      const actual = fast(data);
      if (actual !== expected) {
        throw new Error(
          `fast-json-stringify and zod disagree on ${route.method} ${route.url}:\n${actual}\n${expected}`,
        );
      }
      return actual;
    };
  };
}
