// Collects validation problems, one error entry per field (several messages may share one), so a
// 400 lists every problem of a request at once.
import type { ErrorEntry } from '../../../shared/api/index.ts';

export interface Problems {
  add(field: string | null, code: string, message: string): void;
  addAll(entries: readonly ErrorEntry[]): void;
  has(field: string): boolean;
  readonly size: number;
  entries(): ErrorEntry[];
}

export function problems(): Problems {
  const byField = new Map<string, ErrorEntry>();
  const add = (field: string | null, code: string, message: string) => {
    const key = field ?? '';
    const existing = byField.get(key);
    if (existing) existing.messages.push(message);
    else byField.set(key, { field, code, messages: [message] });
  };
  return {
    add,
    addAll: (entries) => entries.forEach((e) => e.messages.forEach((m) => add(e.field, e.code, m))),
    has: (field) => byField.has(field),
    get size() {
      return byField.size;
    },
    entries: () => [...byField.values()],
  };
}
