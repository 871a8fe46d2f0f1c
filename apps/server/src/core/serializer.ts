import { safeEncode, type ZodType } from 'zod';
import { createSerializerCompiler } from 'fastify-type-provider-zod';

/**
 * Reply serialisation. The zod serializer re-validates every reply against its
 * schema (encode = a full parse), which is the right check in tests but costs
 * most of a list request's CPU time in production. The projecting serializer
 * compiles each reply schema once into a function that keeps only the declared
 * fields (so nothing a handler returns beyond its schema reaches the client)
 * without validating them. Parts of a schema it cannot project plainly (unions
 * of objects, pipes, codecs) are encoded by zod as before.
 */
type Project = (value: unknown) => unknown;

interface Def {
  type: string;
  options?: ZodType[];
  shape?: Record<string, ZodType>;
  element?: ZodType;
  innerType?: ZodType;
  catchall?: ZodType;
}

const defOf = (schema: ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;
const PLAIN = new Set(['string', 'number', 'int', 'boolean', 'bigint', 'null', 'literal', 'enum', 'date', 'any', 'unknown', 'nan']);

/** A value written as it is: a plain type, possibly optional or nullable. */
function isPlain(schema: ZodType): boolean {
  const def = defOf(schema);
  if (PLAIN.has(def.type)) return true;
  if (def.type === 'optional' || def.type === 'nullable' || def.type === 'readonly') return isPlain(def.innerType!);
  if (def.type === 'union') return def.options!.every(isPlain);
  return false;
}

function viaZod(schema: ZodType): Project {
  return (value) => {
    const result = safeEncode(schema, value);
    if (result.error) throw result.error;
    return result.data;
  };
}

export function projector(schema: ZodType): Project {
  const def = defOf(schema);
  if (PLAIN.has(def.type)) return (value) => value;
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'readonly':
    case 'default':
    case 'prefault': {
      const inner = projector(def.innerType!);
      return (value) => (value == null ? value : inner(value));
    }
    case 'array': {
      const element = projector(def.element!);
      return (value) => (Array.isArray(value) ? value.map(element) : value);
    }
    case 'record':
      return (value) => value;
    case 'union':
      // A union of plain values (a date or its ISO string) is written as it is.
      if (def.options!.every((option) => isPlain(option))) return (value) => value;
      return viaZod(schema);
    case 'object': {
      if (def.catchall && defOf(def.catchall).type !== 'never') return viaZod(schema);
      const keys = Object.entries(def.shape!).map(([key, field]) => [key, projector(field)] as const);
      return (value) => {
        if (value === null || typeof value !== 'object') return value;
        const source = value as Record<string, unknown>;
        const out: Record<string, unknown> = {};
        for (const [key, project] of keys) {
          const v = source[key];
          if (v !== undefined) out[key] = project(v);
        }
        return out;
      };
    }
    default:
      return viaZod(schema);
  }
}

const validating = createSerializerCompiler({});

/** Fastify serializer compiler: `validate` re-checks replies with zod; otherwise replies are projected. */
export function replySerializerCompiler(validate: boolean): typeof validating {
  if (validate) return validating;
  return ({ schema: maybeSchema }) => {
    const schema = (maybeSchema instanceof Object && !('_zod' in maybeSchema) && 'properties' in maybeSchema ? maybeSchema.properties : maybeSchema) as ZodType;
    const project = projector(schema);
    return (data) => JSON.stringify(project(data));
  };
}
