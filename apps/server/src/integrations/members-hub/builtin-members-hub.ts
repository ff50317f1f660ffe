import type { Kysely } from 'kysely';
import type { DB } from '../../database.ts';
import type { MembersHub } from './members-hub.ts';
import {
  findCommunicationPreference,
  findConfidentiality,
  upsertCommunicationPreference,
  upsertConfidentiality,
} from './members-hub.repo.ts';

/**
 * The members hub kept in our database (member_communication_preference,
 * member_confidentiality). A save is one transaction, so a dependent's contact details and
 * confidentiality are never half-written.
 */
export function createBuiltInMembersHub(db: Kysely<DB>): MembersHub {
  return {
    kind: 'builtin',
    communication: (member) => findCommunicationPreference(db, member),
    confidentiality: (dependent) => findConfidentiality(db, dependent),
    async save(member, change, updater) {
      await db.transaction().execute(async (trx) => {
        if (change.communication) {
          await upsertCommunicationPreference(trx, member, change.communication, updater);
        }
        if (change.isConfidential !== undefined && member.dependentNo !== null) {
          await upsertConfidentiality(
            trx,
            { ...member, dependentNo: member.dependentNo },
            change.isConfidential,
            updater,
          );
        }
      });
    },
  };
}
