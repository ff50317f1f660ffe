import type { Kysely, Selectable, Transaction } from 'kysely';
import { canEditImportSchema } from '@pillar/domain';
import type { Principal } from '../../platform/auth/principal.ts';
import { forbidden, notFound } from '../../platform/http/problem.ts';
import type { DB } from '../../database.ts';
import { lockSchema, schemaExists } from './import-schemas.repo.ts';
import type { ImportSchemaTable } from './import-schemas.tables.ts';

/*
 * The import schemas' access checks (decisions 0095, 0111). Schemas are the product's: every
 * holder of the view permission may read each one, so a missing schema is the only 404. A
 * write needs the edit-icon rule on the row: edit-all, or edit-own on a schema one created;
 * a schema the caller can read but not change is a 403.
 */

export async function requireSchema(db: Kysely<DB> | Transaction<DB>, no: number): Promise<void> {
  if (!(await schemaExists(db, no))) throw notFound('Import schema');
}

/** The schema's row, locked (in a transaction) or read, once the caller may change it. */
export async function requireEditableSchema(
  db: Kysely<DB> | Transaction<DB>,
  principal: Principal,
  no: number,
): Promise<Selectable<ImportSchemaTable>> {
  const row = await lockSchema(db, no);
  if (!row) throw notFound('Import schema');
  if (!canEditImportSchema(principal, { createdBy: row.created_by })) {
    throw forbidden(
      'Only the schema’s creator (with edit-own) or an edit-all holder may change it.',
    );
  }
  return row;
}
