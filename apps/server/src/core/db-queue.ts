import type { FastifyInstance } from 'fastify';

export interface QueueLimits {
  /** Requests allowed to use the database at once. */
  concurrency: number;
  /** Requests allowed to wait for a turn; beyond that they are turned away at once. */
  maxWaiting: number;
  /** The longest a request waits for a turn before it is turned away. */
  maxWaitMs: number;
}

export const BUSY_DETAIL = 'The server is busy; try again in a moment.';

/**
 * A bounded admission queue. The embedded database runs one query at a time in
 * this process, so an unbounded pile of requests only makes every one of them
 * slow; a bound keeps the wait of admitted requests short and tells the rest
 * to come back (503 with Retry-After) instead of holding them for many seconds.
 */
export class AdmissionQueue {
  private running = 0;
  private readonly waiting: { grant: () => void; timer: NodeJS.Timeout }[] = [];

  constructor(readonly limits: QueueLimits) {}

  get inFlight(): number {
    return this.running;
  }

  get queued(): number {
    return this.waiting.length;
  }

  /** Resolves to a release function, or to null when the request must be turned away. */
  acquire(): Promise<(() => void) | null> {
    if (this.running < this.limits.concurrency) {
      this.running++;
      return Promise.resolve(this.releaser());
    }
    if (this.waiting.length >= this.limits.maxWaiting) return Promise.resolve(null);
    return new Promise((resolve) => {
      const entry = {
        grant: () => {
          clearTimeout(entry.timer);
          resolve(this.releaser());
        },
        timer: setTimeout(() => {
          const at = this.waiting.indexOf(entry);
          if (at >= 0) this.waiting.splice(at, 1);
          resolve(null);
        }, this.limits.maxWaitMs),
      };
      this.waiting.push(entry);
    });
  }

  private releaser(): () => void {
    let done = false;
    return () => {
      if (done) return;
      done = true;
      const next = this.waiting.shift();
      // The turn passes straight to the next waiting request.
      if (next) next.grant();
      else this.running--;
    };
  }
}

/** Put every API request through the queue (given, or built from limits); a request turned away gets 503 and Retry-After. */
export function registerDbQueue(app: FastifyInstance, limitsOrQueue: QueueLimits | AdmissionQueue): AdmissionQueue {
  const queue = limitsOrQueue instanceof AdmissionQueue ? limitsOrQueue : new AdmissionQueue(limitsOrQueue);
  const retryAfter = String(Math.max(1, Math.ceil(queue.limits.maxWaitMs / 1000)));
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    const release = await queue.acquire();
    if (!release) {
      return reply.code(503).header('retry-after', retryAfter).send({ detail: BUSY_DETAIL });
    }
    // 'close' follows every reply, whether it finished or the client went away.
    reply.raw.once('finish', release);
    reply.raw.once('close', release);
  });
  return queue;
}
