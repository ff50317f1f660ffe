import { Readable } from 'node:stream';
import type { Kysely, Transaction } from 'kysely';
import type { FileStorage } from './file-storage.ts';

/**
 * Moves staged demo content (the seed has no file storage at hand) into storage, one file per
 * transaction: `claim` deletes the staging row and answers its content, so two servers starting
 * together store each file once, and a failed write rolls the claim back for the next start.
 * The SQL stays in the owning module's repository (`pending` and `claim`).
 */
export async function moveStagedContentIntoStorage<D>(
  db: Kysely<D>,
  storage: FileStorage,
  pending: readonly { file_id: string; storage_key: string }[],
  claim: (trx: Transaction<D>, fileId: string) => Promise<{ content: Uint8Array } | undefined>,
): Promise<number> {
  let moved = 0;
  for (const row of pending) {
    await db.transaction().execute(async (trx) => {
      const claimed = await claim(trx, row.file_id);
      if (!claimed) return;
      await storage.put(row.storage_key, Readable.from([Buffer.from(claimed.content)]));
      moved += 1;
    });
  }
  return moved;
}
