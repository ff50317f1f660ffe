import { sql, type Kysely } from 'kysely';
import type { DB } from '../database.ts';
import { createSsnProtector, type SsnProtector } from '../platform/crypto/ssn.ts';
import { addDays, addYears, type SeededRandom } from './random.ts';
import type { SeedContext } from './seed-context.ts';
import { generatedIdFor } from '../modules/members/index.ts';
import {
  CLIENT_DEFINED_NOTES,
  EMAIL_DOMAINS,
  FEMALE_FIRST_NAMES,
  LAST_NAMES,
  MALE_FIRST_NAMES,
  MBI_LETTERS,
  PLACES,
  STREET_NAMES,
  STREET_SUFFIXES,
} from './members-data.ts';

/*
 * Demo members and dependents in every organization, in its groups, with the statuses, dates,
 * identifiers and SSNs a real book of business has. Deterministic from the context's seed
 * (SSN ciphertexts differ run to run: each has a random IV; the SSNs themselves do not).
 *
 * The demo default is 15-40 employees per organization with 0-4 dependents each (50,000 in all
 * past 1,000 organizations, so other areas' benchmarks seed quickly). Benchmarks ask for
 * `scale.employees` (1,000,000 gives about 1,500,000 dependents): rows are built in batches
 * and sent as one JSON document per batch (json_populate_recordset), which PostgreSQL and
 * PGlite both parse far faster than bound parameters; above BULK_THRESHOLD the secondary
 * indexes are dropped for the load and rebuilt after it, and the tables analysed.
 */

const DEMO_EMPLOYEES_PER_ORGANIZATION = [15, 40] as const;
/** Dependents per employee: 0-4, 1.5 on average. */
const DEPENDENT_COUNT_WEIGHTS = [0.3, 0.25, 0.2, 0.15, 0.1] as const;
/** Past this many organizations the default is LARGE_DEMO_EMPLOYEES spread over all of them. */
const LARGE_DEMO_ORGANIZATIONS = 1_000;
const LARGE_DEMO_EMPLOYEES = 50_000;
const BATCH_SIZE = 10_000;
const BULK_THRESHOLD = 100_000;

interface OrganizationRow {
  organization_no: number;
  process_status: number;
  original_effective_date: string;
  expiration_date: string | null;
  use_cob: boolean;
  supports_client_defined_data: boolean;
  supports_dependent_alternate_group: boolean;
  supports_different_dependent_address: boolean;
  require_address: boolean;
  require_dependent_ssn: boolean;
  client_id_minimum_length: number | null;
  client_id_maximum_length: number | null;
  pad_client_id_with_leading_zeros: boolean;
}

interface GroupRow {
  benefit_group_no: number;
  organization_no: number;
  name: string;
  process_status: number;
  effective_date: string;
  expiration_date: string | null;
}

/** One employee row as json_populate_recordset reads it (bytea as '\x…' hex text). */
type EmployeeJson = Record<string, string | number | boolean | null>;
type DependentJson = Record<string, string | number | boolean | null>;

interface Person {
  gender: 'M' | 'F' | 'U';
  first: string;
  middle: string | null;
  last: string;
}

interface Status {
  process_status: number;
  expiration_date: string | null;
}

const EMPLOYEE_COLUMNS = [
  'employee_no',
  'organization_no',
  'benefit_group_no',
  'group_effective_date',
  'first_name',
  'middle_initial',
  'last_name',
  'birthdate',
  'gender',
  'address1',
  'address2',
  'city',
  'state',
  'zip',
  'phone',
  'email',
  'ssn_encrypted',
  'ssn_hash',
  'person_code',
  'client_id',
  'generated_id',
  'alternate_id',
  'effective_date',
  'original_effective_date',
  'expiration_date',
  'process_status',
  'is_cob_secondary',
  'is_cob_mandatory',
  'cob_effective_date',
  'cob_termination_date',
  'client_defined_data',
  'is_cobra',
  'is_retiree',
  'is_egwp',
  'allow_person_code_edit',
  'med_d_subsidy_effective_date',
  'hic_number',
] as const;

const DEPENDENT_COLUMNS = [
  'employee_no',
  'organization_no',
  'relationship',
  'first_name',
  'middle_initial',
  'last_name',
  'birthdate',
  'gender',
  'ssn_encrypted',
  'ssn_hash',
  'person_code',
  'effective_date',
  'original_effective_date',
  'expiration_date',
  'process_status',
  'address1',
  'address2',
  'city',
  'state',
  'zip',
  'alternate_benefit_group_no',
  'alternate_group_effective_date',
  'is_cob_secondary',
  'is_cob_mandatory',
  'cob_effective_date',
  'cob_termination_date',
  'client_defined_data',
  'allow_person_code_edit',
] as const;

const maxDate = (a: string, b: string) => (a > b ? a : b);

/** Whole days from one ISO date to another. */
function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

function dateBetween(random: SeededRandom, from: string, to: string): string {
  if (to <= from) return from;
  return addDays(from, random.int(0, daysBetween(from, to)));
}

/**
 * SSNs that could be issued (no area 000, 666 or 9xx, no group 00, no serial 0000), distinct
 * for every person: the k-th person gets a fixed bijection of k over all 888,931,098 of them.
 */
const SSN_AREAS = Array.from({ length: 899 }, (_, i) => i + 1).filter((area) => area !== 666);
const SSN_SPACE = SSN_AREAS.length * 99 * 9999;
const SSN_MULTIPLIER = 1_000_003; // prime, and shares no factor with SSN_SPACE
function fakeSsn(k: number): string {
  const index = (k * SSN_MULTIPLIER + 48_271) % SSN_SPACE;
  const area = SSN_AREAS[Math.floor(index / (99 * 9999))]!;
  const group = 1 + (Math.floor(index / 9999) % 99);
  const serial = 1 + (index % 9999);
  return `${String(area).padStart(3, '0')}${String(group).padStart(2, '0')}${String(serial).padStart(4, '0')}`;
}

/** A Medicare Beneficiary Identifier in its published shape (11 characters, no dashes). */
function fakeMbi(random: SeededRandom): string {
  const letter = () => random.pick([...MBI_LETTERS]);
  const digit = () => String(random.int(0, 9));
  const either = () => (random.chance(0.5) ? letter() : digit());
  return `${random.int(1, 9)}${letter()}${either()}${digit()}${letter()}${either()}${digit()}${letter()}${letter()}${digit()}${digit()}`;
}

function hex(bytes: Buffer): string {
  return `\\x${bytes.toString('hex')}`;
}

class ClientIds {
  #next: number;
  readonly #org: OrganizationRow;
  /** `highest`: the organization's largest numeric client ID already stored, if any. */
  constructor(org: OrganizationRow, random: SeededRandom, highest: number | undefined) {
    this.#org = org;
    const min = org.client_id_minimum_length;
    // Padded organizations send short numbers and pad them; others start at full length.
    this.#next =
      highest ??
      (min && !org.pad_client_id_with_leading_zeros
        ? 10 ** (min - 1) + random.int(0, 500)
        : random.int(1, 900));
  }
  /** The organization's next client ID, within its length rules (spec 1 §5). */
  take(random: SeededRandom): string {
    this.#next += random.int(1, 3);
    const text = String(this.#next);
    const min = this.#org.client_id_minimum_length;
    if (min && this.#org.pad_client_id_with_leading_zeros) return text.padStart(min, '0');
    if (!min) return text.padStart(5, '0');
    return text;
  }
}

function weightedCount(random: SeededRandom): number {
  let roll = random.next();
  for (const [count, weight] of DEPENDENT_COUNT_WEIGHTS.entries()) {
    if (roll < weight) return count;
    roll -= weight;
  }
  return 0;
}

function personOf(random: SeededRandom, gender?: 'M' | 'F' | 'U', last?: string): Person {
  const g = gender ?? (random.chance(0.02) ? 'U' : random.chance(0.5) ? 'F' : 'M');
  const names =
    g === 'F'
      ? FEMALE_FIRST_NAMES
      : g === 'M'
        ? MALE_FIRST_NAMES
        : random.pick([FEMALE_FIRST_NAMES, MALE_FIRST_NAMES]);
  return {
    gender: g,
    first: random.pick(names),
    middle: random.chance(0.6) ? String.fromCharCode(65 + random.int(0, 25)) : null,
    last: last ?? random.pick(LAST_NAMES),
  };
}

/** Per organization: how many employees, summing exactly to the requested total at scale. */
function employeeCounts(random: SeededRandom, organizations: number, asked?: number): number[] {
  // Thousands of organizations are a benchmark of another area: keep its seed quick.
  const total =
    asked ?? (organizations > LARGE_DEMO_ORGANIZATIONS ? LARGE_DEMO_EMPLOYEES : undefined);
  if (total === undefined) {
    return Array.from({ length: organizations }, () =>
      random.int(...DEMO_EMPLOYEES_PER_ORGANIZATION),
    );
  }
  const weights = Array.from({ length: organizations }, () => 0.3 + random.next() * 1.4);
  const sum = weights.reduce((a, b) => a + b, 0);
  const counts = weights.map((w) => Math.floor((w / sum) * total));
  let remainder = total - counts.reduce((a, b) => a + b, 0);
  for (let i = 0; remainder > 0; i = (i + 1) % organizations, remainder--) counts[i]! += 1;
  return counts;
}

interface Builder {
  random: SeededRandom;
  ssn: SsnProtector;
  today: string;
  nextPerson: () => number;
}

function address(random: SeededRandom, home: (typeof PLACES)[number]) {
  const place = random.chance(0.8) ? home : random.pick(PLACES);
  return {
    address1: `${random.int(10, 9899)} ${random.pick(STREET_NAMES)} ${random.pick(STREET_SUFFIXES)}`,
    address2: random.chance(0.1)
      ? `Apt ${random.int(1, 40)}${random.pick(['', 'A', 'B', 'C'])}`
      : null,
    city: place.city,
    state: place.state,
    zip: `${place.zip3}${String(random.int(1, 99)).padStart(2, '0')}${random.chance(0.2) ? `-${random.digits(4)}` : ''}`,
    areaCode: random.pick(place.areaCodes),
  };
}

function ssnColumns(b: Builder, has: boolean) {
  if (!has) return { ssn_encrypted: null, ssn_hash: null };
  const digits = fakeSsn(b.nextPerson());
  return { ssn_encrypted: hex(b.ssn.encrypt(digits)), ssn_hash: hex(b.ssn.searchHash(digits)) };
}

/** Status and termination date of an employee, from its organization and group. */
function employeeStatus(
  random: SeededRandom,
  org: OrganizationRow,
  group: GroupRow,
  effective: string,
  today: string,
): Status {
  if (org.process_status === 9 && org.expiration_date) {
    return { process_status: 9, expiration_date: maxDate(org.expiration_date, effective) };
  }
  if (group.process_status === 9 && group.expiration_date) {
    return { process_status: 9, expiration_date: maxDate(group.expiration_date, effective) };
  }
  if (org.process_status === 2 && org.expiration_date && random.chance(0.7)) {
    return { process_status: 2, expiration_date: org.expiration_date };
  }
  const roll = random.next();
  if (roll < 0.12 && effective < addDays(today, -2)) {
    return {
      process_status: 9,
      expiration_date: dateBetween(random, addDays(effective, 1), addDays(today, -1)),
    };
  }
  if (roll < 0.17) {
    // Terminated with a date still ahead: shown as Active with future termination.
    return { process_status: 9, expiration_date: addDays(today, random.int(5, 120)) };
  }
  if (roll < 0.2) return { process_status: 2, expiration_date: addDays(today, random.int(10, 60)) };
  return { process_status: 1, expiration_date: null };
}

function buildEmployee(
  b: Builder,
  employeeNo: number,
  org: OrganizationRow,
  groups: GroupRow[],
  clientIds: ClientIds,
  home: (typeof PLACES)[number],
): { employee: EmployeeJson; dependents: DependentJson[] } {
  const { random, today } = b;
  const activeGroups = groups.filter((g) => g.process_status === 1);
  const group =
    activeGroups.length > 0 && random.chance(0.9) ? random.pick(activeGroups) : random.pick(groups);
  const retireeGroup = /retiree/i.test(group.name);
  const person = personOf(random);
  const age = retireeGroup ? random.int(58, 84) : random.int(19, 66);
  const birthdate = addDays(addYears(today, -age), -random.int(0, 364));
  const earliest = maxDate(
    maxDate(org.original_effective_date, group.effective_date),
    addYears(birthdate, 18),
  );
  const original = dateBetween(random, earliest, addDays(today, -30));
  const effective = random.chance(0.85)
    ? original
    : dateBetween(random, original, addDays(today, -15));
  const status = employeeStatus(random, org, group, effective, today);
  const place = address(random, home);
  const hasAddress = org.require_address || random.chance(0.85);
  const isRetiree = retireeGroup || (age >= 62 && random.chance(0.3));
  const isEgwp = isRetiree && age >= 65 && random.chance(0.5);
  const cobSecondary = org.use_cob && random.chance(0.08);
  const emailDomain = random.pick(EMAIL_DOMAINS);
  const employee: EmployeeJson = {
    employee_no: employeeNo,
    organization_no: org.organization_no,
    benefit_group_no: group.benefit_group_no,
    group_effective_date: maxDate(effective, group.effective_date),
    first_name: person.first,
    middle_initial: person.middle,
    last_name: person.last,
    birthdate,
    gender: person.gender,
    address1: hasAddress ? place.address1 : null,
    address2: hasAddress ? place.address2 : null,
    city: hasAddress ? place.city : null,
    state: hasAddress ? place.state : null,
    zip: hasAddress ? place.zip : null,
    phone: random.chance(0.85)
      ? `${place.areaCode}-${random.int(200, 989)}-${random.digits(4)}`
      : null,
    email: random.chance(0.6)
      ? `${person.first}.${person.last}${random.chance(0.5) ? random.int(1, 99) : ''}@${emailDomain}`
          .toLowerCase()
          .replace(/[^a-z0-9.@-]/g, '')
      : null,
    ...ssnColumns(b, true),
    person_code: 1,
    client_id: random.chance(0.95) ? clientIds.take(random) : null,
    generated_id: generatedIdFor(employeeNo),
    alternate_id: random.chance(0.2) ? `A${random.digits(9)}` : null,
    effective_date: effective,
    original_effective_date: original,
    expiration_date: status.expiration_date,
    process_status: status.process_status,
    is_cob_secondary: cobSecondary,
    is_cob_mandatory: cobSecondary && random.chance(0.3),
    cob_effective_date: cobSecondary ? dateBetween(random, effective, today) : null,
    cob_termination_date: null,
    client_defined_data:
      org.supports_client_defined_data && random.chance(0.3)
        ? random.pick(CLIENT_DEFINED_NOTES)
        : null,
    is_cobra: /cobra/i.test(group.name),
    is_retiree: isRetiree,
    is_egwp: isEgwp,
    allow_person_code_edit: random.chance(0.05),
    med_d_subsidy_effective_date:
      isEgwp && random.chance(0.3) ? dateBetween(random, effective, today) : null,
    hic_number: isEgwp ? fakeMbi(random) : null,
  };

  const dependents: DependentJson[] = [];
  const count = weightedCount(random);
  let personCode = 2;
  const hasSpouse = count > 0 && age >= 21 && random.chance(0.6);
  for (let i = 0; i < count; i++) {
    const spouse = i === 0 && hasSpouse;
    let relationship: number;
    let who: Person;
    let dependentBirth: string;
    if (spouse) {
      relationship = random.chance(0.92) ? 2 : 7;
      const gender =
        person.gender === 'U'
          ? undefined
          : random.chance(0.9)
            ? person.gender === 'F'
              ? 'M'
              : 'F'
            : person.gender;
      who = personOf(random, gender, random.chance(0.75) ? person.last : undefined);
      const spouseAge = Math.max(19, age + random.int(-6, 6));
      dependentBirth = addDays(addYears(today, -spouseAge), -random.int(0, 364));
    } else {
      // Children born once the employee was 20, up to 30 years old now.
      const oldest = Math.min(30, age - 20);
      const childAge = oldest <= 0 ? 0 : random.int(0, oldest);
      dependentBirth = addDays(addYears(today, -childAge), -random.int(0, 364));
      if (dependentBirth > today) dependentBirth = addDays(today, -random.int(1, 200));
      relationship =
        childAge >= 26
          ? random.chance(0.5)
            ? 6
            : 5
          : childAge >= 19 && random.chance(0.3)
            ? 4
            : random.chance(0.03)
              ? 5
              : 3;
      who = personOf(random, undefined, random.chance(0.9) ? person.last : undefined);
    }
    // Covered from the member's effective date or birth, and not after the member's coverage ended.
    const depEarliest = maxDate(effective, dependentBirth);
    const coverageEnd =
      status.expiration_date && status.expiration_date < today
        ? status.expiration_date
        : addDays(today, -1);
    const depOriginal = dateBetween(random, depEarliest, maxDate(depEarliest, coverageEnd));
    const depEffective = depOriginal;
    let depStatus: Status;
    if (status.process_status === 9 && status.expiration_date) {
      depStatus = {
        process_status: 9,
        expiration_date: maxDate(status.expiration_date, depEffective),
      };
    } else if (status.process_status === 2) {
      depStatus = status;
    } else if (relationship === 3 && addYears(dependentBirth, 26) <= today) {
      depStatus = {
        process_status: 9,
        expiration_date: maxDate(addYears(dependentBirth, 26), depEffective),
      };
    } else if (random.chance(0.07) && depEffective < addDays(today, -2)) {
      depStatus = {
        process_status: 9,
        expiration_date: dateBetween(random, addDays(depEffective, 1), addDays(today, -1)),
      };
    } else if (random.chance(0.02)) {
      depStatus = { process_status: 9, expiration_date: addDays(today, random.int(5, 90)) };
    } else {
      depStatus = { process_status: 1, expiration_date: null };
    }
    const ownAddress = org.supports_different_dependent_address && random.chance(0.15);
    const depPlace = ownAddress ? address(random, home) : null;
    const otherGroups = activeGroups.filter((g) => g.benefit_group_no !== group.benefit_group_no);
    const alternate =
      org.supports_dependent_alternate_group && otherGroups.length > 0 && random.chance(0.1)
        ? random.pick(otherGroups)
        : null;
    const depCob = org.use_cob && random.chance(0.05);
    dependents.push({
      employee_no: employeeNo,
      organization_no: org.organization_no,
      relationship,
      first_name: who.first,
      middle_initial: who.middle,
      last_name: who.last,
      birthdate: dependentBirth,
      gender: who.gender,
      ...ssnColumns(b, org.require_dependent_ssn || random.chance(0.85)),
      person_code: spouse ? 2 : ++personCode,
      effective_date: depEffective,
      original_effective_date: depOriginal,
      expiration_date: depStatus.expiration_date,
      process_status: depStatus.process_status,
      address1: depPlace?.address1 ?? null,
      address2: depPlace?.address2 ?? null,
      city: depPlace?.city ?? null,
      state: depPlace?.state ?? null,
      zip: depPlace?.zip ?? null,
      alternate_benefit_group_no: alternate?.benefit_group_no ?? null,
      alternate_group_effective_date: alternate
        ? maxDate(depEffective, alternate.effective_date)
        : null,
      is_cob_secondary: depCob,
      is_cob_mandatory: false,
      cob_effective_date: depCob
        ? dateBetween(random, depEffective, maxDate(depEffective, today))
        : null,
      cob_termination_date: null,
      client_defined_data: null,
      allow_person_code_edit: false,
    });
  }
  return { employee, dependents };
}

/** Rows as one JSON document: bound parameters would cost one each per column and row. */
async function insertJson(
  db: Kysely<DB>,
  table: 'employee' | 'dependent',
  columns: readonly string[],
  rows: Record<string, unknown>[],
): Promise<void> {
  if (rows.length === 0) return;
  const list = sql.join(columns.map((c) => sql.ref(c)));
  await sql`insert into ${sql.table(table)} (${list}, created_by, updated_by)
    select ${list}, null, null
      from json_populate_recordset(null::${sql.table(table)}, ${JSON.stringify(rows)}::json)`.execute(
    db,
  );
}

/**
 * Runs a bulk load with the tables' secondary indexes and foreign keys set aside, then builds
 * the indexes in one pass each and re-adds (and so re-checks) the foreign keys: far faster
 * than maintaining them row by row. Primary keys and unique constraints stay in place.
 */
async function withoutIndexesAndForeignKeys(
  db: Kysely<DB>,
  tables: string[],
  load: () => Promise<void>,
): Promise<void> {
  const { rows: indexes } = await sql<{ name: string; definition: string }>`
    select i.indexname as name, i.indexdef as definition from pg_indexes i
     where i.schemaname = current_schema() and i.tablename in (${sql.join(tables)})
       and not exists (select 1 from pg_constraint c where c.conname = i.indexname)
     order by i.indexname`.execute(db);
  const { rows: foreignKeys } = await sql<{ table: string; name: string; definition: string }>`
    select c.conrelid::regclass::text as table, c.conname as name,
           pg_get_constraintdef(c.oid) as definition
      from pg_constraint c
     where c.contype = 'f' and c.conrelid::regclass::text in (${sql.join(tables)})
     order by c.conname`.execute(db);
  for (const fk of foreignKeys) {
    await sql`alter table ${sql.table(fk.table)} drop constraint ${sql.ref(fk.name)}`.execute(db);
  }
  for (const index of indexes) await sql`drop index ${sql.ref(index.name)}`.execute(db);
  await load();
  await sql`set maintenance_work_mem = '256MB'`.execute(db);
  for (const index of indexes) await sql.raw(index.definition).execute(db);
  await sql`reset maintenance_work_mem`.execute(db);
  for (const fk of foreignKeys) {
    await sql`alter table ${sql.table(fk.table)} add constraint ${sql.ref(fk.name)} ${sql.raw(fk.definition)}`.execute(
      db,
    );
  }
}

/**
 * What the member page shows beside the employee row (issue 4), derived set-wise from the
 * employees just loaded (numbers above `after`), so it is deterministic and costs a few
 * statements however many members there are: a division and benefit package where the
 * organization supports divisions (each with its history row), the group assignment history
 * (some members came from another group of their organization), earlier client IDs for one member
 * in eight, and incentive programs where the group supports them (mandatory ones always).
 * COB flags are set by buildEmployee where the organization uses COB.
 */
async function seedMemberRecords(db: Kysely<DB>, after: number, today: string): Promise<void> {
  await sql`
    update employee e
       set division_no = d.division_no,
           division_effective_date = greatest(e.group_effective_date, d.effective_date)
      from (select division_no, benefit_group_no, effective_date,
                   row_number() over (partition by benefit_group_no order by division_no) - 1 as k,
                   count(*) over (partition by benefit_group_no) as n
              from division) d, organization o
     where e.employee_no > ${after} and d.benefit_group_no = e.benefit_group_no
       and d.k = e.employee_no % d.n
       and o.organization_no = e.organization_no and o.supports_divisions`.execute(db);
  await sql`
    update employee e
       set benefit_package_no = p.benefit_package_no,
           benefit_package_effective_date = greatest(e.effective_date, p.effective_date),
           benefit_package_assignment_date = greatest(e.effective_date, p.effective_date)
      from (select benefit_package_no, organization_no, effective_date,
                   row_number() over (partition by organization_no order by benefit_package_no) - 1 as k,
                   count(*) over (partition by organization_no) as n
              from benefit_package where process_status = 1) p, organization o
     where e.employee_no > ${after} and p.organization_no = e.organization_no
       and p.k = e.employee_no % p.n
       and o.organization_no = e.organization_no and o.supports_divisions`.execute(db);
  await sql`
    update employee set group_assignment_date = group_effective_date
     where employee_no > ${after}`.execute(db);
  await sql`
    insert into member_group_assignment (employee_no, benefit_group_no, record_type,
           effective_date, expiration_date, assignment_date, created_by, updated_by)
    select e.employee_no, e.benefit_group_no, 1, e.group_effective_date, null::date,
           e.group_effective_date, null::integer, null::integer
      from employee e where e.employee_no > ${after}
    union all
    select e.employee_no, prior.benefit_group_no, 1, e.original_effective_date,
           e.group_effective_date - 1, e.original_effective_date, null::integer, null::integer
      from employee e
      join lateral (select g.benefit_group_no from benefit_group g
                     where g.organization_no = e.organization_no
                       and g.benefit_group_no <> e.benefit_group_no
                     order by g.benefit_group_no limit 1) prior on true
     where e.employee_no > ${after} and e.group_effective_date > e.original_effective_date
       and e.employee_no % 3 = 0`.execute(db);
  await sql`
    insert into member_division_history (employee_no, benefit_group_no, division_no,
           effective_date, assignment_date, created_by, updated_by)
    select employee_no, benefit_group_no, division_no, division_effective_date,
           division_effective_date, null::integer, null::integer
      from employee where employee_no > ${after} and division_no is not null`.execute(db);
  await sql`
    insert into member_benefit_package_history (employee_no, benefit_package_no, effective_date,
           assignment_date, created_by, updated_by)
    select employee_no, benefit_package_no, benefit_package_effective_date,
           benefit_package_assignment_date, null::integer, null::integer
      from employee where employee_no > ${after} and benefit_package_no is not null`.execute(db);
  await sql`
    insert into member_client_id_history (employee_no, historical_id, effective_date,
           created_at, updated_at, created_by, updated_by)
    select employee_no, right(generated_id, 7), original_effective_date,
           least(original_effective_date + (employee_no % 400), ${today}::date)::timestamptz,
           least(original_effective_date + (employee_no % 400), ${today}::date)::timestamptz,
           null::integer, null::integer
      from employee
     where employee_no > ${after} and client_id is not null and employee_no % 8 = 3`.execute(db);
  await sql`
    insert into member_incentive_program (employee_no, dependent_no, program, enrolled,
           effective_date, termination_date, mandatory, created_by, updated_by)
    select e.employee_no, null, gp.program, true, e.group_effective_date,
           case when e.expiration_date is null then null
                else greatest(e.expiration_date, e.group_effective_date) end,
           gp.mandatory, null::integer, null::integer
      from employee e
      join benefit_group_incentive_program gp on gp.benefit_group_no = e.benefit_group_no
     where e.employee_no > ${after}
       and (gp.mandatory or (e.employee_no + length(gp.program)) % 4 = 0)`.execute(db);
}

/** `bulk` forces the bulk path (indexes and triggers set aside) at any size: for its test. */
export async function seedMembers(
  db: Kysely<DB>,
  context: SeedContext,
  options: { bulk?: boolean } = {},
): Promise<void> {
  const random = context.randomFor('members');
  const ssn = createSsnProtector(context.ssnKey);
  const { today } = context;
  const organizations = await db
    .selectFrom('organization')
    .select([
      'organization_no',
      'process_status',
      'original_effective_date',
      'expiration_date',
      'use_cob',
      'supports_client_defined_data',
      'supports_dependent_alternate_group',
      'supports_different_dependent_address',
      'require_address',
      'require_dependent_ssn',
      'client_id_minimum_length',
      'client_id_maximum_length',
      'pad_client_id_with_leading_zeros',
    ])
    .where(
      'organization_no',
      'in',
      context.organizations.map((o) => o.organization_no),
    )
    .orderBy('organization_no')
    .execute();
  const groupRows = await db
    .selectFrom('benefit_group')
    .select([
      'benefit_group_no',
      'organization_no',
      'name',
      'process_status',
      'effective_date',
      'expiration_date',
    ])
    .orderBy('benefit_group_no')
    .execute();
  const groupsByOrg = new Map<number, GroupRow[]>();
  for (const g of groupRows) {
    const list = groupsByOrg.get(g.organization_no) ?? [];
    list.push(g);
    groupsByOrg.set(g.organization_no, list);
  }
  const withGroups = organizations.filter((o) => groupsByOrg.has(o.organization_no));
  const counts = employeeCounts(random, withGroups.length, context.scale.employees);
  const total = counts.reduce((a, b) => a + b, 0);

  const { rows: highestClientIds } = await sql<{ organization_no: number; highest: number }>`
    select organization_no, max(client_id::bigint) as highest from employee
     where client_id ~ '^[0-9]{1,15}$' group by organization_no`.execute(db);
  const highestClientId = new Map(
    highestClientIds.map((r) => [r.organization_no, Number(r.highest)]),
  );

  const start = await db
    .selectFrom('employee')
    .select(sql<number>`coalesce(max(employee_no), 0)`.as('n'))
    .executeTakeFirstOrThrow();
  let employeeNo = Number(start.n);
  let people = 0;
  const builder: Builder = { random, ssn, today, nextPerson: () => people++ };

  await db.connection().execute(async (conn) => {
    const load = async () => {
      let employees: EmployeeJson[] = [];
      let dependents: DependentJson[] = [];
      let pending: Promise<void> = Promise.resolve();
      // The database writes one batch while the next is built: on two cores both stay busy.
      const flush = async () => {
        const [e, d] = [employees, dependents];
        employees = [];
        dependents = [];
        await pending;
        pending = (async () => {
          await insertJson(conn, 'employee', EMPLOYEE_COLUMNS, e);
          await insertJson(conn, 'dependent', DEPENDENT_COLUMNS, d);
        })();
        // Handled when awaited at the next flush; until then a failure must not go unhandled.
        pending.catch(() => undefined);
      };
      for (const [index, org] of withGroups.entries()) {
        const groups = groupsByOrg.get(org.organization_no)!;
        const clientIds = new ClientIds(org, random, highestClientId.get(org.organization_no));
        const home = random.pick(PLACES);
        for (let i = 0; i < counts[index]!; i++) {
          const built = buildEmployee(builder, ++employeeNo, org, groups, clientIds, home);
          employees.push(built.employee);
          dependents.push(...built.dependents);
          if (employees.length >= BATCH_SIZE) await flush();
        }
      }
      await flush();
      await pending;
    };
    const bulk = options.bulk ?? total >= BULK_THRESHOLD;
    if (bulk) {
      // Find Member's people table (migration 0017, decision 0110) is filled once at the end
      // from the loaded tables instead of a trigger call per row, its indexes built after it.
      await withoutIndexesAndForeignKeys(
        conn,
        ['employee', 'dependent', 'member_search'],
        async () => {
          const triggers = [
            ['employee', 'employee_member_search_insert'],
            ['dependent', 'dependent_member_search_insert'],
          ] as const;
          for (const [table, trigger] of triggers) {
            await sql`alter table ${sql.table(table)} disable trigger ${sql.ref(trigger)}`.execute(
              conn,
            );
          }
          try {
            await load();
          } finally {
            for (const [table, trigger] of triggers) {
              await sql`alter table ${sql.table(table)} enable trigger ${sql.ref(trigger)}`.execute(
                conn,
              );
            }
          }
          await sql`select member_search_rebuild()`.execute(conn);
        },
      );
    } else await load();
    // The record histories are demo detail for the member page: a benchmark load goes without.
    if (!bulk) await seedMemberRecords(conn, Number(start.n), today);

    await sql`select setval(pg_get_serial_sequence('employee', 'employee_no'), greatest(${employeeNo}, 1))`.execute(
      conn,
    );
    // After a bulk load, vacuum too: it marks the pages all-visible, so counts can read the
    // name indexes alone (index-only scans), as they can on a table autovacuum keeps.
    for (const table of ['employee', 'dependent', 'member_search']) {
      await sql`${sql.raw(bulk ? 'vacuum (analyze)' : 'analyze')} ${sql.table(table)}`.execute(
        conn,
      );
    }
  });
}
