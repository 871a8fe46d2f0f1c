/**
 * Typed extension points. A lower module publishes a hook (the sample core: "results entered", "before
 * approval" …); a higher module registers a handler on it from its own folder, so the lower one calls the higher
 * one without importing it. Handlers run one after another in their declared order (then by name), inside
 * whatever transaction the caller passes in its argument: a handler that throws refuses the move and rolls the
 * whole of it back.
 *
 * Registering again under the same name replaces the handler, so a module's registration may run more than once
 * in a process (tests build several apps) without running twice.
 */
interface Registered<A, R> {
  name: string;
  order: number;
  run: (args: A) => R | Promise<R>;
}

abstract class Handlers<A, R> {
  private handlers: Registered<A, R>[] = [];
  constructor(readonly name: string) {}

  /** Register `run` under `name` at `order` (lower first). */
  on(name: string, order: number, run: (args: A) => R | Promise<R>): void {
    this.handlers = [...this.handlers.filter((h) => h.name !== name), { name, order, run }].sort((a, b) => a.order - b.order || a.name.localeCompare(b.name));
  }

  /** The registered handlers' names, in the order they run (for the architecture test and the docs). */
  names(): string[] {
    return this.handlers.map((h) => h.name);
  }

  protected get registered(): readonly Registered<A, R>[] {
    return this.handlers;
  }
}

/** Something happened (or is about to): every handler runs; one that throws stops the rest and refuses the move. */
export class Hook<A> extends Handlers<A, void> {
  async run(args: A): Promise<void> {
    for (const h of this.registered) await h.run(args);
  }
}

/** A question every handler may add to: the handlers' answers, in order (null answers left out). */
export class Collector<A, R> extends Handlers<A, R | null> {
  async collect(args: A): Promise<R[]> {
    const out: R[] = [];
    for (const h of this.registered) {
      const answer = await h.run(args);
      if (answer != null) out.push(answer);
    }
    return out;
  }
}
