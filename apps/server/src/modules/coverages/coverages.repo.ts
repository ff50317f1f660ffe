import { sql, type Kysely } from 'kysely';
import type { DB } from '../../database.ts';
import { findCardholder, type Cardholder, type ScopedEmployeeNo } from '../members/index.ts';
import { benefitGroupColumnOf } from '../organizations/index.ts';

/** What a temp card prints of its cardholder (the member in scope, or a link's cardholder). */
export type { Cardholder };

/**
 * The cardholder of a link, read without a principal: the link itself is the grant. The members
 * module reads its own table.
 */
export async function findLinkCardholder(
  db: Kysely<DB>,
  link: Pick<LinkRow, 'employee_no'>,
): Promise<Cardholder | undefined> {
  return findCardholder(db, link.employee_no);
}

export interface CoverageRow {
  coverage_no: number;
  employee_no: number;
  group_id: string;
  name: string;
  alternate_id: string | null;
  hdhp: boolean;
  group_number: string | null;
  contract_number: string | null;
  effective_date: string;
  expiration_date: string | null;
  supports_temp_card: boolean;
  supports_new_card_request: boolean;
  rx_bin: string;
  rx_pcn: string;
  rx_grp: string;
  customer_service_phone: string;
  help_desk_phone: string;
  requested_at: Date | null;
}

/*
 * Coverage follows eligibility (decision 0074): a coverage ends no later than the member's
 * termination, and the open coverage carries the member's current group. The coverage rows keep
 * what the PBM sent; the member's record is what decides, so both are read together.
 */
const ENDS = sql<string | null>`case
  when e.process_status = 9 and e.expiration_date is not null
   and (c.expiration_date is null or c.expiration_date > e.expiration_date)
  then e.expiration_date else c.expiration_date end`;

function coverageQuery(db: Kysely<DB>) {
  return db
    .selectFrom('coverage as c')
    .innerJoin('employee as e', 'e.employee_no', 'c.employee_no')
    .leftJoin('coverage_new_card_request as r', 'r.coverage_no', 'c.coverage_no')
    .select([
      'c.coverage_no',
      'c.employee_no',
      sql<string>`case when c.expiration_date is null then ${benefitGroupColumnOf('e.benefit_group_no', 'benefit_group_id')} else c.group_id end`.as(
        'group_id',
      ),
      'c.name',
      'c.alternate_id',
      'c.hdhp',
      'c.group_number',
      'c.contract_number',
      'c.effective_date',
      ENDS.as('expiration_date'),
      'c.supports_temp_card',
      'c.supports_new_card_request',
      'c.rx_bin',
      'c.rx_pcn',
      'c.rx_grp',
      'c.customer_service_phone',
      'c.help_desk_phone',
      'r.requested_at',
    ]);
}

export async function listCoverages(
  db: Kysely<DB>,
  employee: ScopedEmployeeNo,
): Promise<CoverageRow[]> {
  return coverageQuery(db)
    .where('c.employee_no', '=', employee.employeeNo)
    .orderBy('c.effective_date', 'desc')
    .orderBy('c.coverage_no', 'desc')
    .execute();
}

export async function findCoverage(
  db: Kysely<DB>,
  employee: ScopedEmployeeNo,
  coverageNo: number,
): Promise<CoverageRow | undefined> {
  return coverageOf(db, employee.employeeNo, coverageNo);
}

/** The coverage a link was sent for, read without a principal: the token is the grant. */
export async function findLinkedCoverage(
  db: Kysely<DB>,
  link: Pick<LinkRow, 'employee_no' | 'coverage_no'>,
): Promise<CoverageRow | undefined> {
  return coverageOf(db, link.employee_no, link.coverage_no);
}

function coverageOf(db: Kysely<DB>, employeeNo: number, coverageNo: number) {
  return coverageQuery(db)
    .where('c.employee_no', '=', employeeNo)
    .where('c.coverage_no', '=', coverageNo)
    .executeTakeFirst();
}

/** The newest coverage in force today that offers a temp card. */
export async function findDefaultCardCoverage(
  db: Kysely<DB>,
  employee: ScopedEmployeeNo,
  today: string,
): Promise<CoverageRow | undefined> {
  return coverageQuery(db)
    .where('c.employee_no', '=', employee.employeeNo)
    .where('c.supports_temp_card', '=', true)
    .where((eb) => eb.or([eb(ENDS, 'is', null), eb(ENDS, '>=', today)]))
    .orderBy('c.effective_date', 'desc')
    .orderBy('c.coverage_no', 'desc')
    .executeTakeFirst();
}

/** Records a request once; undefined when one was already there (also under a race). */
export async function insertNewCardRequest(
  db: Kysely<DB>,
  coverage: { coverage_no: number; employee_no: number },
  userNo: number,
): Promise<{ requested_at: Date } | undefined> {
  return db
    .insertInto('coverage_new_card_request')
    .values({
      coverage_no: coverage.coverage_no,
      employee_no: coverage.employee_no,
      requested_by: userNo,
      created_by: userNo,
      updated_by: userNo,
    })
    .onConflict((oc) => oc.column('coverage_no').doNothing())
    .returning('requested_at')
    .executeTakeFirst();
}

export interface LinkRow {
  link_no: number;
  employee_no: number;
  coverage_no: number;
  organization_no: number;
  expires_at: Date;
  failed_attempts: number;
  used_at: Date | null;
  locked_at: Date | null;
  expired: boolean;
}

export async function findLinkByHash(
  db: Kysely<DB>,
  tokenHash: string,
): Promise<LinkRow | undefined> {
  return db
    .selectFrom('temp_card_link')
    .select([
      'link_no',
      'employee_no',
      'coverage_no',
      'organization_no',
      'expires_at',
      'failed_attempts',
      'used_at',
      'locked_at',
      sql<boolean>`expires_at <= now()`.as('expired'),
    ])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export async function countRecentFailures(
  db: Kysely<DB>,
  clientIp: string,
  minutes: number,
): Promise<number> {
  const row = await db
    .selectFrom('temp_card_verify_failure')
    .select(sql<string>`count(*)`.as('n'))
    .where('client_ip', '=', clientIp)
    .where('at', '>', sql<Date>`now() - make_interval(mins => ${minutes})`)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface NewTempCardLink {
  tokenHash: string;
  employee: ScopedEmployeeNo;
  coverageNo: number;
  organizationNo: number;
  recipientEmail: string;
  hours: number;
  userNo: number;
}

/** A link that opens for `hours` from now (the database's clock). */
export async function insertTempCardLink(
  db: Kysely<DB>,
  link: NewTempCardLink,
): Promise<{ link_no: number; expires_at: Date }> {
  return db
    .insertInto('temp_card_link')
    .values({
      token_hash: link.tokenHash,
      employee_no: link.employee.employeeNo,
      coverage_no: link.coverageNo,
      organization_no: link.organizationNo,
      recipient_email: link.recipientEmail,
      expires_at: sql<Date>`now() + make_interval(hours => ${link.hours})`,
      created_by: link.userNo,
      updated_by: link.userNo,
    })
    .returning(['link_no', 'expires_at'])
    .executeTakeFirstOrThrow();
}

/**
 * Counts a wrong answer on an open link (locked when it reaches `maxAttempts`); undefined when
 * the link was already used or locked.
 */
export async function countFailedAttempt(
  db: Kysely<DB>,
  linkNo: number,
  maxAttempts: number,
): Promise<{ failed_attempts: number; locked_at: Date | null } | undefined> {
  return db
    .updateTable('temp_card_link')
    .set({
      failed_attempts: sql<number>`failed_attempts + 1`,
      locked_at: sql<Date | null>`case when failed_attempts + 1 >= ${maxAttempts} then now() else null end`,
      updated_at: sql<Date>`now()`,
    })
    .where('link_no', '=', linkNo)
    .where('used_at', 'is', null)
    .where('locked_at', 'is', null)
    .returning(['failed_attempts', 'locked_at'])
    .executeTakeFirst();
}

/** Records a wrong answer from the address, and drops its failures older than the window. */
export async function recordVerifyFailure(
  db: Kysely<DB>,
  clientIp: string,
  linkNo: number,
  windowMinutes: number,
): Promise<void> {
  await db
    .insertInto('temp_card_verify_failure')
    .values({ client_ip: clientIp, link_no: linkNo })
    .execute();
  await db
    .deleteFrom('temp_card_verify_failure')
    .where('client_ip', '=', clientIp)
    .where('at', '<', sql<Date>`now() - make_interval(mins => ${windowMinutes})`)
    .execute();
}

/** Marks an open, unexpired link used; undefined when another request got there first. */
export async function claimLink(
  db: Kysely<DB>,
  linkNo: number,
): Promise<{ link_no: number } | undefined> {
  return db
    .updateTable('temp_card_link')
    .set({ used_at: sql<Date>`now()`, updated_at: sql<Date>`now()` })
    .where('link_no', '=', linkNo)
    .where('used_at', 'is', null)
    .where('locked_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning('link_no')
    .executeTakeFirst();
}
