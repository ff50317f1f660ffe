/**
 * The member search scenario (design.md §6: p95 under 25 ms at 20 concurrent requests, with
 * 1,000,000 employees and 1,500,000 dependents on PostgreSQL): what the /members page and an
 * organization's Members tab send, drawn from the seeded members with a fixed seed, so every
 * run sends the same requests in the same order.
 */
import type { Config } from '../../apps/server/src/config.ts';
import { openDatabase } from '../../apps/server/src/platform/db/database.ts';
import type { Budget } from './report.ts';
import { createRandom, pickFromMix } from './workload.ts';

/** design.md §6: member search across organizations at 1,000,000 employees. */
export const MEMBER_SEARCH_BUDGET: Budget = {
  named: 'member search across organizations',
  note: 'design.md §6: p95 under 25 ms at 20 concurrent requests, 1,000,000 employees and 1,500,000 dependents on PostgreSQL',
  p95Ms: 25,
};

export interface MemberDataset {
  employees: number;
  dependents: number;
  /** A sample of employees to search for: names, identifiers, dates, organization, group. */
  sample: {
    employeeNo: number;
    organizationNo: number;
    groupNo: number;
    lastName: string;
    firstName: string;
    birthdate: string;
    effectiveDate: string;
    generatedId: string;
    clientId: string | null;
    alternateId: string | null;
  }[];
  /** A sample of dependents, with the IDs of the member they belong to (their card's). */
  dependentSample: {
    dependentNo: number;
    employeeNo: number;
    organizationNo: number;
    firstName: string;
    lastName: string;
    birthdate: string;
    generatedId: string;
    alternateId: string | null;
  }[];
}

const SAMPLE = 2000;

/**
 * Counts the seeded members and samples some to search for: every n-th across all
 * organizations, and as many again from `organizationNos` (a broker's), whose few hundred
 * members an even sample of a million would miss.
 */
export async function readMemberDataset(
  database: Config['database'],
  organizationNos: readonly number[] = [],
): Promise<MemberDataset> {
  const opened = await openDatabase(database);
  try {
    const { db } = opened;
    const employees = Number(
      (
        await db
          .selectFrom('employee')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    const dependents = Number(
      (
        await db
          .selectFrom('dependent')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    // Every n-th employee: spread over all organizations, the same on every run.
    const step = Math.max(1, Math.floor(employees / SAMPLE));
    const sample = await db
      .selectFrom('employee')
      .select([
        'employee_no',
        'organization_no',
        'benefit_group_no',
        'last_name',
        'first_name',
        'birthdate',
        'effective_date',
        'generated_id',
        'client_id',
        'alternate_id',
      ])
      .where((eb) =>
        eb.or([
          eb(eb('employee_no', '%', step), '=', 0),
          eb('organization_no', 'in', [...organizationNos, 0]),
        ]),
      )
      .orderBy('employee_no')
      .limit(SAMPLE * 2)
      .execute();
    const dependentStep = Math.max(1, Math.floor(dependents / SAMPLE));
    const dependentSample = await db
      .selectFrom('dependent as d')
      .innerJoin('employee as e', 'e.employee_no', 'd.employee_no')
      .select([
        'd.dependent_no',
        'd.employee_no',
        'd.organization_no',
        'd.first_name',
        'd.last_name',
        'd.birthdate',
        'e.generated_id',
        'e.alternate_id',
      ])
      .where((eb) =>
        eb.or([
          eb(eb('d.dependent_no', '%', dependentStep), '=', 0),
          eb('d.organization_no', 'in', [...organizationNos, 0]),
        ]),
      )
      .orderBy('d.dependent_no')
      .limit(SAMPLE * 2)
      .execute();
    return {
      employees,
      dependents,
      sample: sample.map((e) => ({
        employeeNo: e.employee_no,
        organizationNo: e.organization_no,
        groupNo: e.benefit_group_no,
        lastName: e.last_name,
        firstName: e.first_name,
        birthdate: e.birthdate,
        effectiveDate: e.effective_date,
        generatedId: e.generated_id,
        clientId: e.client_id,
        alternateId: e.alternate_id,
      })),
      dependentSample: dependentSample.map((d) => ({
        dependentNo: d.dependent_no,
        employeeNo: d.employee_no,
        organizationNo: d.organization_no,
        firstName: d.first_name,
        lastName: d.last_name,
        birthdate: d.birthdate,
        generatedId: d.generated_id,
        alternateId: d.alternate_id,
      })),
    };
  } finally {
    await opened.close();
  }
}

/** Kinds of member search and their share of the mix. */
export const MEMBER_SEARCH_MIX = {
  /** The start of a last name and a status: the most common search at a desk. */
  namePrefixAndStatus: 0.25,
  /** "Last, First" typed in full, with a status (the Members page wants a second field). */
  fullName: 0.12,
  /** A generated or client ID alone. */
  memberId: 0.1,
  /** Name and birth date, the call-centre check. */
  nameAndBirthDate: 0.1,
  /** An organization and a status: its active members, paged and sorted. */
  organizationAndStatus: 0.1,
  /** An organization's Members tab: its members by name, or a group. */
  organizationTab: 0.13,
  /** Dependents by name and birth date, or name and status. */
  dependents: 0.15,
  /** Birth date and effective date, no name. */
  dates: 0.05,
} as const;
type MemberSearchKind = keyof typeof MEMBER_SEARCH_MIX;

const EMPLOYEE_SORTS = ['name', 'organizationName', 'birthdate', 'effectiveDate', 'generatedId'];

function pickKind(roll: number): MemberSearchKind {
  return pickFromMix(MEMBER_SEARCH_MIX, roll, 'namePrefixAndStatus');
}

/**
 * GET /portal/v1/employees, /dependents and the organization routes, as the pages send them:
 * page size 20 mostly, sometimes a sort or a second page. `organizationNos` limits the mix to
 * the persona's organizations (a broker), so searches find what that persona may see.
 */
export function memberSearchRequests(
  dataset: MemberDataset,
  options: { organizationNos?: readonly number[]; count?: number; seed?: number } = {},
): string[] {
  const random = createRandom(options.seed ?? 2026);
  const inScope = (o: number) => !options.organizationNos || options.organizationNos.includes(o);
  const employees = dataset.sample.filter((e) => inScope(e.organizationNo));
  const dependents = dataset.dependentSample.filter((d) => inScope(d.organizationNo));
  if (employees.length === 0) throw new Error('no seeded employees in the persona’s scope');
  const paths: string[] = [];
  for (let i = 0; i < (options.count ?? 2000); i++) {
    const kind = pickKind(random.next());
    const e = random.pick(employees);
    const params = new URLSearchParams();
    let path = '/portal/v1/employees';
    const prefix = e.lastName.slice(0, random.int(3, Math.min(6, e.lastName.length)));
    switch (kind) {
      case 'namePrefixAndStatus':
        params.set('name', prefix);
        params.set('processStatus', random.next() < 0.8 ? 'active' : 'terminated');
        break;
      case 'fullName':
        // The Members page needs a second field beside a name (spec 1 §5).
        params.set('name', `${e.lastName}, ${e.firstName}`);
        params.set('processStatus', 'active');
        break;
      case 'memberId':
        params.set('memberId', random.next() < 0.7 || !e.clientId ? e.generatedId : e.clientId);
        break;
      case 'nameAndBirthDate':
        params.set('name', prefix);
        params.set('birthDate', e.birthdate);
        break;
      case 'organizationAndStatus':
        params.set('organizationNo', String(e.organizationNo));
        params.set('processStatus', 'active');
        break;
      case 'organizationTab':
        path = `/portal/v1/organizations/${e.organizationNo}/employees`;
        if (random.next() < 0.5) params.set('name', prefix);
        else params.set('groupNo', String(e.groupNo));
        break;
      case 'dependents': {
        const d = dependents.length > 0 ? random.pick(dependents) : undefined;
        path = '/portal/v1/dependents';
        params.set('name', (d?.lastName ?? e.lastName).slice(0, 4));
        if (d && random.next() < 0.5) params.set('birthDate', d.birthdate);
        else params.set('processStatus', 'active');
        break;
      }
      case 'dates':
        params.set('birthDate', e.birthdate);
        params.set('effectiveDate', e.effectiveDate);
        break;
    }
    if (path.endsWith('/employees') && random.next() < 0.2) {
      params.set('sort', `${random.pick(EMPLOYEE_SORTS)}:${random.pick(['asc', 'desc'])}`);
    }
    if (random.next() < 0.1) params.set('offset', '20');
    params.set('limit', '20');
    paths.push(`${path}?${params.toString()}`);
  }
  return paths;
}

/** design.md §6: "organization dashboard and member page API calls": p95 under 30 ms. */
export const MEMBER_PAGE_BUDGET: Budget = {
  named: 'member page API calls',
  note: 'design.md §6: organization dashboard and member page API calls, p95 under 30 ms at 20 concurrent requests, at the member search scale',
  p95Ms: 30,
};

/**
 * What opening a member page sends for its panels: the member, their dependents (by the
 * member's generated ID), their coverages, the organization's groups for the group select and
 * its benefit packages, and now and then the change history. Members drawn from the sample with a
 * fixed seed; `organizationNos` keeps them to a persona's organizations.
 */
export function memberPageRequests(
  dataset: MemberDataset,
  options: { organizationNos?: readonly number[]; count?: number; seed?: number } = {},
): string[] {
  const random = createRandom(options.seed ?? 2027);
  const employees = dataset.sample.filter(
    (e) => !options.organizationNos || options.organizationNos.includes(e.organizationNo),
  );
  if (employees.length === 0) throw new Error('no seeded employees in the persona’s scope');
  const paths: string[] = [];
  while (paths.length < (options.count ?? 2000)) {
    const e = random.pick(employees);
    const org = `/portal/v1/organizations/${e.organizationNo}`;
    const member = `${org}/employees/${e.employeeNo}`;
    paths.push(
      member,
      `${org}/dependents?memberId=${encodeURIComponent(e.generatedId)}&limit=100&offset=0&sort=name:asc`,
      `${member}/coverages`,
      `${org}/groups?limit=100&offset=0&sort=name:asc&processStatus=1`,
      `${org}/benefit-packages?limit=100&offset=0&sort=name:asc`,
    );
    if (random.next() < 0.2) {
      paths.push(
        `/portal/v1/datanet/memberchangehistory?employeeId=${e.employeeNo}&limit=20&offset=0&sort=changedAt:desc`,
      );
    }
  }
  return paths.slice(0, options.count ?? 2000);
}
