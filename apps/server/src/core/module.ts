import type { NotificationConfig } from './config.js';
import type { Database, Db } from './db.js';
import type { Authenticator } from './auth.js';
import type { App } from './types.js';

/** What the application hands each module when it registers. */
export interface ModuleContext {
  readonly database: Database;
  readonly db: Db;
  /** The secret that signs tokens and seals secrets kept at rest; the ones before a rotation open older seals. */
  readonly jwtSecret: Uint8Array;
  readonly previousJwtSecrets: readonly Uint8Array[];
  /** The public base URL of printed verification codes; null: each request's origin. */
  readonly publicUrl: string | null;
  readonly notifications: NotificationConfig;
}

/**
 * A module of the server, registered from its own folder (`<module>.module.ts`) and listed once in
 * `modules/registry.ts`. The application iterates the list: it names no module. A module registers on the hooks
 * of the modules below it (the sample core's lifecycle), never the other way round.
 */
export interface ServerModule {
  readonly name: string;
  /** The tables the module owns (its `*.table.ts`), named for the registry's map; migrations read `db/schema.ts`. */
  readonly tables?: readonly string[];
  /** Registers the module's handlers on lower modules' hooks. Idempotent: a handler registered again replaces itself. */
  hooks?(): void;
  /** Another system's credential check (an API client's secret), offered to the authentication of every request. */
  systemAuthenticator?(db: Db): NonNullable<Authenticator['system']>;
  /** Request-wide plumbing the module needs before any route (a request context, a decorator). */
  setup?(app: App, context: ModuleContext): void;
  /** Registers the module's routes. */
  routes?(app: App, context: ModuleContext): void | Promise<void>;
}
