// A bounded pool: at most `limit` tasks at once, results in input order. A task's failure is
// its own result, never the pool's.

export type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };

export async function runPool<I, T>(items: readonly I[], limit: number, task: (item: I, index: number) => Promise<T>): Promise<Settled<T>[]> {
  const results: Settled<T>[] = new Array(items.length);
  let next = 0;
  async function worker(): Promise<void> {
    while (next < items.length) {
      const index = next++;
      try {
        results[index] = { ok: true, value: await task(items[index] as I, index) };
      } catch (error) {
        results[index] = { ok: false, error };
      }
    }
  }
  const workers = Array.from({ length: Math.max(1, Math.min(Math.trunc(limit) || 1, items.length)) }, worker);
  await Promise.all(workers);
  return results;
}
