// Faults for API tests. crashBeforeAnswerSaved: every idempotency write made outside a
// transaction fails, which is what a process dying right after its handler looks like to the
// next request (the handler's own transaction is untouched). Returns the undo.
import type { Db } from '../../server/db/client.ts';
import { idempotencyKeys } from '../../server/db/schema.ts';
import type { TestApp } from './test-app.ts';

export function crashBeforeAnswerSaved(t: TestApp): () => void {
  const real: Db = t.deps.db;
  t.deps.db = new Proxy(real, {
    get(target, prop, receiver) {
      if (prop === 'update') {
        return (table: Parameters<Db['update']>[0]) => {
          if (table === idempotencyKeys) throw new Error('crashed before the answer was saved');
          return target.update(table);
        };
      }
      return Reflect.get(target, prop, receiver) as unknown;
    },
  });
  return () => {
    t.deps.db = real;
  };
}
