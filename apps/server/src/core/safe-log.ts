import type { FastifyRequest } from 'fastify';

interface DbErrorFields {
  code?: unknown;
  constraint?: unknown;
  table?: unknown;
  column?: unknown;
  schema?: unknown;
  query?: unknown;
  cause?: unknown;
}

const isSqlState = (code: unknown): code is string => typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code);

/** Stack frames only: the first line repeats the message, which may carry SQL parameters. */
function framesOf(error: unknown): string | undefined {
  const stack = (error as { stack?: unknown })?.stack;
  if (typeof stack !== 'string') return undefined;
  return stack
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .join('\n');
}

/**
 * What the server logs about a failed request: never the SQL parameters,
 * the database's `detail` (key values, the failing row) or its message
 * (which can quote an input value). A database error is logged by its
 * SQL state, constraint, table and column and the query text without
 * parameters; any other error by its name and message.
 */
export function safeError(error: unknown): Record<string, unknown> {
  const chain: DbErrorFields[] = [];
  let e = error as DbErrorFields | undefined;
  for (let i = 0; i < 4 && e && typeof e === 'object'; i++) {
    chain.push(e);
    e = e.cause as DbErrorFields | undefined;
  }
  const db = chain.find((c) => isSqlState(c.code));
  const query = chain.find((c) => typeof c.query === 'string')?.query as string | undefined;
  if (db || query !== undefined) {
    const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
    return {
      type: 'DatabaseError',
      message: db ? `database error ${db.code}` : 'database query failed',
      code: str(db?.code),
      constraint: str(db?.constraint),
      table: str(db?.table),
      column: str(db?.column),
      query: query?.slice(0, 2000),
      stack: framesOf(error),
    };
  }
  const plain = error as { name?: unknown; message?: unknown; code?: unknown };
  return {
    type: typeof plain?.name === 'string' ? plain.name : typeof error,
    message: typeof plain?.message === 'string' ? plain.message : String(error),
    code: typeof plain?.code === 'string' ? plain.code : undefined,
    stack: framesOf(error),
  };
}

/** The request as logged: method and path, never the query string (searches carry names and phone numbers) nor the body. */
export function safeRequest(request: FastifyRequest): Record<string, unknown> {
  return { method: request.method, url: request.url.split('?')[0], remoteAddress: request.ip };
}
