import cluster, { type Worker } from 'node:cluster';

/**
 * Run `workers` copies of the server on one port (node:cluster shares the
 * listening socket). The primary forks them, replaces a worker that dies, and
 * on SIGINT/SIGTERM asks each to stop gracefully. Called in the primary only,
 * after migrations and seeding.
 */
export function runPrimary(workers: number, log: (message: string) => void = console.log): void {
  let stopping = false;
  const fork = (): Worker => cluster.fork();
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    log(`worker ${worker.process.pid} stopped (${signal ?? code}); starting another`);
    // A worker that dies at once (bad configuration) must not be restarted in a tight loop.
    setTimeout(fork, 1000).unref();
  });
  for (let i = 0; i < workers; i++) fork();
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      stopping = true;
      const alive = Object.values(cluster.workers ?? {});
      if (alive.length === 0) process.exit(0);
      for (const worker of alive) worker?.process.kill('SIGTERM');
      // Workers close their connections and exit; do not wait forever on one that hangs.
      setTimeout(() => process.exit(0), 10_000).unref();
    });
  }
}

export const isWorker = () => cluster.isWorker;
