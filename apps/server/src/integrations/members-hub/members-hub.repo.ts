import { sql, type Kysely, type Transaction } from 'kysely';
import type { CommsPref, IsConfidential } from '@pillar/domain';
import type { DB } from '../../database.ts';
import type {
  HubCommunication,
  HubConfidentiality,
  HubDependentKey,
  HubMemberKey,
  HubUpdater,
} from './members-hub.ts';

/* The SQL of the built-in members hub (migration 0011-member-preferences). */

type Db = Kysely<DB> | Transaction<DB>;

/** The member's own row (dependent_no null) or the dependent's. */
export async function findCommunicationPreference(
  db: Db,
  member: HubMemberKey,
): Promise<HubCommunication | null> {
  const row = await db
    .selectFrom('member_communication_preference')
    .selectAll()
    .where('employee_no', '=', member.employeeNo)
    .where((eb) =>
      member.dependentNo === null
        ? eb('dependent_no', 'is', null)
        : eb('dependent_no', '=', member.dependentNo),
    )
    .executeTakeFirst();
  if (!row) return null;
  return {
    communicationId: row.communication_id,
    phoneNumber: row.phone_number,
    alternatePhoneNumber: row.alternate_phone_number,
    emailAddress: row.email_address,
    alternateEmailAddress: row.alternate_email_address,
    commsPref: {
      smsOpted: row.sms_opted,
      emailOpted: row.email_opted,
      callOpted: row.call_opted,
      voiceMailOpted: row.voice_mail_opted,
    },
    source: row.source,
    lastUpdatedBy: row.last_updated_by,
    lastUpdateTime: row.last_update_time,
  };
}

export async function findConfidentiality(
  db: Db,
  dependent: HubDependentKey,
): Promise<HubConfidentiality | null> {
  const row = await db
    .selectFrom('member_confidentiality')
    .select(['is_confidential', 'updates_allowed', 'source', 'updated_by', 'updated_date'])
    .where('dependent_no', '=', dependent.dependentNo)
    .where('employee_no', '=', dependent.employeeNo)
    .executeTakeFirst();
  if (!row) return null;
  return {
    isConfidential: row.is_confidential === 1 ? 1 : 0,
    updatesAllowed: row.updates_allowed,
    source: row.source,
    updatedBy: row.updated_by,
    updatedDate: row.updated_date,
  };
}

/**
 * Inserts or updates the member's or dependent's row in one statement (the unique index is on
 * employee_no and coalesce(dependent_no, 0)). The alternate phone and e-mail are the member
 * portal's and stay as they are.
 */
export async function upsertCommunicationPreference(
  trx: Transaction<DB>,
  member: HubMemberKey,
  values: { phoneNumber: string | null; emailAddress: string | null; commsPref: CommsPref },
  updater: HubUpdater,
): Promise<void> {
  const written = {
    phone_number: values.phoneNumber,
    email_address: values.emailAddress,
    sms_opted: values.commsPref.smsOpted,
    email_opted: values.commsPref.emailOpted,
    call_opted: values.commsPref.callOpted,
    voice_mail_opted: values.commsPref.voiceMailOpted,
    source: updater.source,
    last_updated_by: updater.name,
    last_updated_by_user_no: updater.userNo,
    last_update_time: sql<Date>`now()`,
  };
  await trx
    .insertInto('member_communication_preference')
    .values({
      organization_no: member.organizationNo,
      employee_no: member.employeeNo,
      dependent_no: member.dependentNo,
      ...written,
    })
    .onConflict((oc) =>
      oc.expression(sql`employee_no, coalesce(dependent_no, 0)`).doUpdateSet(written),
    )
    .execute();
}

export async function upsertConfidentiality(
  trx: Transaction<DB>,
  dependent: HubDependentKey,
  isConfidential: IsConfidential,
  updater: HubUpdater,
): Promise<void> {
  const written = {
    is_confidential: isConfidential,
    source: updater.source,
    updated_by: updater.name,
    updated_by_user_no: updater.userNo,
    updated_date: sql<Date>`now()`,
  };
  await trx
    .insertInto('member_confidentiality')
    .values({
      organization_no: dependent.organizationNo,
      employee_no: dependent.employeeNo,
      dependent_no: dependent.dependentNo,
      ...written,
    })
    .onConflict((oc) => oc.column('dependent_no').doUpdateSet(written))
    .execute();
}
