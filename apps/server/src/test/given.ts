import type { Kysely, Selectable } from 'kysely';
import {
  findRole,
  type DependentDetail,
  type EmployeeDetail,
  type FileUploadResult,
} from '@pillar/domain';
import { hashPassword } from '../platform/auth/passwords.ts';
import type { PersonaKey } from '../seed/personas.ts';
import { multipartBody } from './multipart.ts';
import type { TestApp } from './test-app.ts';

/*
 * Test scenario builders: a test states the records it needs instead of hunting the demo seed for
 * a fitting row and reshaping it with SQL (which leaks into every later test of the file).
 *
 *   const { organization, group, employee } = await given(t)
 *     .organization({ supportsDivisions: true })
 *     .group()
 *     .employee({ terminationDate: '2025-01-31' })
 *     .dependent()
 *     .build();
 *
 * Each step hangs off the latest record of its parent kind (a group off the latest organization,
 * an employee off the latest group, ...); `.in(handle)` continues from records built earlier.
 * Members (employees, dependents, their terminations) are written through the API as a persona
 * (the account manager unless `as` says otherwise), so the SSN encryption, generated IDs, group
 * assignments and history rows are the application's own. Organizations, groups, divisions,
 * benefit packages, coverages and user grants have no write route: they are inserted here, the
 * one place a test's setup SQL lives. Users (`.user({ type: 'broker', roles, groups })`) are
 * inserted too, with their roles and a grant of the latest organization, since creating one
 * through the API also e-mails an invitation; a test calls as one with `t.injectAs(user, …)`.
 * Member terminations are applied once every dependent is
 * written, and an organization's or group's status and expiration after that, so a scenario can
 * hold a terminated member with dependents, or members of a terminated group.
 * Every name, ID and SSN is unique per test app and the same on every run.
 */

/** The app's database type, taken from the test app, wherever that type is composed. */
type Tables = TestApp['ctx']['db'] extends Kysely<infer D> ? D : never;
type OrganizationRow = Selectable<Tables['organization']>;
type GroupRow = Selectable<Tables['benefit_group']>;

export interface OrganizationHandle {
  organizationNo: number;
  name: string;
  /** The portal path of its members: `/portal/v1/organizations/{no}/employees`. */
  employeesUrl: string;
  row: OrganizationRow;
}
export interface GroupHandle {
  benefitGroupNo: number;
  benefitGroupId: string;
  organizationNo: number;
  row: GroupRow;
}
export interface DivisionHandle {
  divisionNo: number;
  divisionId: string;
  benefitGroupNo: number;
  organizationNo: number;
}
export interface BenefitPackageHandle {
  benefitPackageNo: number;
  benefitPackageId: string;
  organizationNo: number;
}
export interface EmployeeHandle {
  employeeNo: number;
  organizationNo: number;
  benefitGroupNo: number;
  /** The SSN's nine digits as created, or null without one. */
  ssn: string | null;
  /** The member's portal path: `/portal/v1/organizations/{org}/employees/{no}`. */
  url: string;
  /** The API's answer after the last write the builder made. */
  detail: EmployeeDetail;
}
export interface DependentHandle {
  dependentNo: number;
  employeeNo: number;
  organizationNo: number;
  ssn: string | null;
  url: string;
  detail: DependentDetail;
}
export interface CoverageHandle {
  coverageNo: number;
  employeeNo: number;
  organizationNo: number;
  name: string;
}

export interface UserHandle {
  userNo: number;
  username: string;
  type: UserKind;
  /** The organizations granted (their numbers), empty for none. */
  organizationNos: number[];
}

export interface FileHandle {
  fileId: string;
  name: string;
  organizationNo: number;
}

interface Handles {
  organization: OrganizationHandle;
  group: GroupHandle;
  division: DivisionHandle;
  benefitPackage: BenefitPackageHandle;
  employee: EmployeeHandle;
  dependent: DependentHandle;
  coverage: CoverageHandle;
  file: FileHandle;
  user: UserHandle;
}
type Kind = keyof Handles;

/** The latest record of each kind built, and every one of them in order (`groups`, ...). */
export type Scenario<K extends Kind> = { [P in K]: Handles[P] } & {
  [P in K as `${P}s`]: Handles[P][];
};

export interface OrganizationOptions {
  name?: string;
  type?: string;
  /** 1 active (default), 2 pending termination, 9 terminated; applied after members are written. */
  status?: number;
  effectiveDate?: string;
  expirationDate?: string | null;
  useCob?: boolean;
  supportsDivisions?: boolean;
  supportsClientDefinedData?: boolean;
  supportsDependentAlternateGroup?: boolean;
  supportsDifferentDependentAddress?: boolean;
  requireAddress?: boolean;
  requireDependentSsn?: boolean;
  defaultDependentSsn?: boolean;
  generateEmployeeSsn?: boolean;
  clientId?: {
    minimumLength?: number | null;
    maximumLength?: number | null;
    padWithLeadingZeros?: boolean;
    ltrim?: boolean;
    rtrim?: boolean;
  };
}

export interface GroupOptions {
  name?: string;
  benefitGroupId?: string;
  /** Applied after the group's members are written. */
  status?: number;
  effectiveDate?: string;
  expirationDate?: string | null;
  dependentAlternateGroupNumber?: string | null;
  incentivePrograms?: { program: string; mandatory?: boolean }[];
}

export interface DivisionOptions {
  divisionId?: string;
  divisionName?: string;
  effectiveDate?: string;
}

export interface BenefitPackageOptions {
  benefitPackageId?: string;
  name?: string;
  status?: number;
  effectiveDate?: string;
}

export interface EmployeeOptions {
  firstName?: string;
  lastName?: string;
  birthdate?: string;
  gender?: string;
  /** Nine digits; a unique one by default; null for none. */
  ssn?: string | null;
  effectiveDate?: string;
  /** Terminated through the API once its dependents are written (the app ends them too). */
  terminationDate?: string;
  /**
   * Any other field of the create body (clientId, personCode, divisionNo, ...). An address is
   * sent where the organization requires one.
   */
  body?: Record<string, unknown>;
  /** The persona who writes the member (default accountManager). */
  as?: PersonaKey;
}

export interface DependentOptions {
  firstName?: string;
  lastName?: string;
  birthdate?: string;
  gender?: string;
  /** 2 spouse, 3 child (default), ... (2-7) */
  relationship?: number;
  /** Nine digits, or none (default). */
  ssn?: string | null;
  /** Default: the employee's effective date. */
  effectiveDate?: string;
  terminationDate?: string;
  body?: Record<string, unknown>;
  as?: PersonaKey;
}

export interface CoverageOptions {
  name?: string;
  effectiveDate?: string;
  expirationDate?: string | null;
  supportsTempCard?: boolean;
  supportsNewCardRequest?: boolean;
  alternateId?: string | null;
}

export interface FileOptions {
  name?: string;
  content?: string | Buffer;
  categoryId?: number;
  phi?: boolean;
  /** Who receives it; each must see the organization (grant them first). */
  recipients?: PersonaKey[];
  /** The sender (default accountManager). */
  as?: PersonaKey;
}

export type UserKind = 'internal' | 'broker' | 'client';

export interface UserOptions {
  /** Default client. */
  type?: UserKind;
  /** A unique address by default. */
  username?: string;
  firstName?: string;
  lastName?: string;
  /** Role keys of the domain's role definitions; by default the type's view-only role. */
  roles?: string[];
  /** Default true. */
  active?: boolean;
  rxbAdmin?: boolean;
  allOrganizations?: boolean;
  /**
   * Whether the user gets the latest organization built (default: a broker or client does when
   * there is one, an internal user does not).
   */
  grant?: boolean;
  /** Restrict the grant to these groups of the organization (by position among those built). */
  groups?: number[];
  /** A password to sign in with (stored hashed as the app does); none by default. */
  password?: string;
}

const DEFAULT_ROLE: Record<UserKind, string> = {
  internal: 'accountManager',
  broker: 'brokerViewEligibility',
  client: 'clientViewEligibility',
};
const USER_TYPE_CODE: Record<UserKind, 'i' | 'b' | 'c'> = {
  internal: 'i',
  broker: 'b',
  client: 'c',
};

export interface GrantOptions {
  /** Restrict the persona to these groups of the organization (by position among those built). */
  groups?: number[];
}

type Step = (state: State) => Promise<void>;

const AN_ADDRESS = { address1: '1 Elm St', city: 'Dayton', state: 'OH', zip: '45402' };

interface State {
  built: { [P in Kind]: Handles[P][] };
  current: Partial<Handles>;
  /** Member terminations, applied once every dependent is written. */
  terminations: (() => Promise<void>)[];
  /** Status changes applied last, so members can be written first. */
  finally: (() => Promise<void>)[];
}

/** Per test app, so values are unique within its database and the same on every run. */
const counters = new WeakMap<TestApp, { n: number }>();

function nextNumber(t: TestApp): number {
  let counter = counters.get(t);
  if (!counter) {
    counter = { n: 0 };
    counters.set(t, counter);
  }
  counter.n += 1;
  return counter.n;
}

/** The number in letters (1 → "b", 26 → "ba"): person names take no digits. */
function letters(n: number): string {
  let out = '';
  do {
    out = String.fromCharCode(97 + (n % 26)) + out;
    n = Math.floor(n / 26);
  } while (n > 0);
  return out;
}

/** Issuable (area 899, group 77), so it passes the SSN rules, and unique per test app. */
export function uniqueSsn(t: TestApp): string {
  return `89977${String(nextNumber(t) % 10000 || 1).padStart(4, '0')}`;
}

function need<K extends Kind>(state: State, kind: K, step: string): Handles[K] {
  const handle = state.current[kind];
  if (!handle) throw new Error(`given: .${step}() needs a ${kind} first`);
  return handle;
}

async function expectStatus(
  response: { statusCode: number; body: string },
  status: number,
  what: string,
): Promise<void> {
  if (response.statusCode !== status)
    throw new Error(`given: ${what} answered ${response.statusCode}: ${response.body}`);
}

export class ScenarioBuilder<K extends Kind = never> {
  readonly #t: TestApp;
  readonly #steps: Step[];

  constructor(t: TestApp, steps: Step[] = []) {
    this.#t = t;
    this.#steps = steps;
  }

  #then<N extends Kind>(step: Step): ScenarioBuilder<K | N> {
    return new ScenarioBuilder<K | N>(this.#t, [...this.#steps, step]);
  }

  /** Continue from records built before: the next steps hang off these handles. */
  in(...handles: Handles[Kind][]): ScenarioBuilder<K> {
    return this.#then<never>(async (state) => {
      for (const handle of handles) {
        if ('dependentNo' in handle) state.current.dependent = handle;
        else if ('employeeNo' in handle && 'detail' in handle) state.current.employee = handle;
        else if ('coverageNo' in handle) state.current.coverage = handle;
        else if ('fileId' in handle) state.current.file = handle;
        else if ('userNo' in handle) state.current.user = handle;
        else if ('divisionNo' in handle) state.current.division = handle;
        else if ('benefitPackageNo' in handle) state.current.benefitPackage = handle;
        else if ('benefitGroupNo' in handle && 'benefitGroupId' in handle)
          state.current.group = handle;
        else state.current.organization = handle;
      }
    });
  }

  /** A new organization, active since 2020-01-01, every optional setting off unless asked. */
  organization(options: OrganizationOptions = {}): ScenarioBuilder<K | 'organization'> {
    const t = this.#t;
    return this.#then(async (state) => {
      const n = nextNumber(t);
      const client = options.clientId ?? {};
      const row = await t.ctx.db
        .insertInto('organization')
        .values({
          name: options.name ?? `Given Organization ${n}`,
          type: options.type ?? 'Employer',
          process_status: 1,
          effective_date: options.effectiveDate ?? '2020-01-01',
          expiration_date: null,
          original_effective_date: options.effectiveDate ?? '2020-01-01',
          use_cob: options.useCob ?? false,
          supports_divisions: options.supportsDivisions ?? false,
          supports_client_defined_data: options.supportsClientDefinedData ?? false,
          supports_dependent_alternate_group: options.supportsDependentAlternateGroup ?? false,
          supports_different_dependent_address: options.supportsDifferentDependentAddress ?? false,
          require_address: options.requireAddress ?? false,
          require_dependent_ssn: options.requireDependentSsn ?? false,
          default_dependent_ssn: options.defaultDependentSsn ?? false,
          generate_employee_ssn: options.generateEmployeeSsn ?? false,
          client_id_minimum_length: client.minimumLength ?? null,
          client_id_maximum_length: client.maximumLength ?? null,
          pad_client_id_with_leading_zeros: client.padWithLeadingZeros ?? false,
          ltrim_client_id: client.ltrim ?? false,
          rtrim_client_id: client.rtrim ?? false,
          created_by: null,
          updated_by: null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      const handle: OrganizationHandle = {
        organizationNo: row.organization_no,
        name: row.name,
        employeesUrl: `/portal/v1/organizations/${row.organization_no}/employees`,
        row,
      };
      if (options.status !== undefined || options.expirationDate !== undefined) {
        state.finally.push(async () => {
          handle.row = await t.ctx.db
            .updateTable('organization')
            .set({
              ...(options.status === undefined ? {} : { process_status: options.status }),
              ...(options.expirationDate === undefined
                ? {}
                : { expiration_date: options.expirationDate }),
            })
            .where('organization_no', '=', row.organization_no)
            .returningAll()
            .executeTakeFirstOrThrow();
        });
      }
      state.built.organization.push(handle);
      state.current = { organization: handle };
    });
  }

  /** A benefit group of the latest organization, active from the organization's start. */
  group(options: GroupOptions = {}): ScenarioBuilder<K | 'group'> {
    const t = this.#t;
    return this.#then(async (state) => {
      const organization = need(state, 'organization', 'group');
      const n = nextNumber(t);
      const row = await t.ctx.db
        .insertInto('benefit_group')
        .values({
          organization_no: organization.organizationNo,
          benefit_group_id: options.benefitGroupId ?? `GV-${n}`,
          name: options.name ?? `Given Group ${n}`,
          process_status: 1,
          effective_date: options.effectiveDate ?? organization.row.effective_date,
          expiration_date: null,
          dependent_alternate_group_number: options.dependentAlternateGroupNumber ?? null,
          created_by: null,
          updated_by: null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      if (options.incentivePrograms?.length) {
        await t.ctx.db
          .insertInto('benefit_group_incentive_program')
          .values(
            options.incentivePrograms.map((p) => ({
              benefit_group_no: row.benefit_group_no,
              organization_no: organization.organizationNo,
              program: p.program,
              mandatory: p.mandatory ?? false,
              created_by: null,
              updated_by: null,
            })),
          )
          .execute();
      }
      const handle: GroupHandle = {
        benefitGroupNo: row.benefit_group_no,
        benefitGroupId: row.benefit_group_id,
        organizationNo: organization.organizationNo,
        row,
      };
      if (options.status !== undefined || options.expirationDate !== undefined) {
        state.finally.push(async () => {
          handle.row = await t.ctx.db
            .updateTable('benefit_group')
            .set({
              ...(options.status === undefined ? {} : { process_status: options.status }),
              ...(options.expirationDate === undefined
                ? {}
                : { expiration_date: options.expirationDate }),
            })
            .where('benefit_group_no', '=', row.benefit_group_no)
            .returningAll()
            .executeTakeFirstOrThrow();
        });
      }
      state.built.group.push(handle);
      state.current = { organization: state.current.organization, group: handle };
    });
  }

  /** A division of the latest group; the next employees of that group are placed in it. */
  division(options: DivisionOptions = {}): ScenarioBuilder<K | 'division'> {
    const t = this.#t;
    return this.#then(async (state) => {
      const group = need(state, 'group', 'division');
      const n = nextNumber(t);
      const row = await t.ctx.db
        .insertInto('division')
        .values({
          organization_no: group.organizationNo,
          benefit_group_no: group.benefitGroupNo,
          division_id: options.divisionId ?? `DV-${n}`,
          division_name: options.divisionName ?? `Given Division ${n}`,
          effective_date: options.effectiveDate ?? group.row.effective_date,
          created_by: null,
          updated_by: null,
        })
        .returning(['division_no', 'division_id'])
        .executeTakeFirstOrThrow();
      const handle: DivisionHandle = {
        divisionNo: row.division_no,
        divisionId: row.division_id,
        benefitGroupNo: group.benefitGroupNo,
        organizationNo: group.organizationNo,
      };
      state.built.division.push(handle);
      state.current.division = handle;
    });
  }

  /** A benefit package of the latest organization (active unless `status` says otherwise). */
  benefitPackage(options: BenefitPackageOptions = {}): ScenarioBuilder<K | 'benefitPackage'> {
    const t = this.#t;
    return this.#then(async (state) => {
      const organization = need(state, 'organization', 'benefitPackage');
      const n = nextNumber(t);
      const row = await t.ctx.db
        .insertInto('benefit_package')
        .values({
          organization_no: organization.organizationNo,
          benefit_package_id: options.benefitPackageId ?? `BP-${n}`,
          name: options.name ?? `Given Package ${n}`,
          process_status: options.status ?? 1,
          effective_date: options.effectiveDate ?? organization.row.effective_date,
          created_by: null,
          updated_by: null,
        })
        .returning(['benefit_package_no', 'benefit_package_id'])
        .executeTakeFirstOrThrow();
      const handle: BenefitPackageHandle = {
        benefitPackageNo: row.benefit_package_no,
        benefitPackageId: row.benefit_package_id,
        organizationNo: organization.organizationNo,
      };
      state.built.benefitPackage.push(handle);
      state.current.benefitPackage = handle;
    });
  }

  /**
   * An employee of the latest group, created through POST .../employees (in the latest division
   * of that group, if any); with `terminationDate`, terminated through the API at the end of the
   * build, after its dependents, as members are.
   */
  employee(options: EmployeeOptions = {}): ScenarioBuilder<K | 'employee'> {
    const t = this.#t;
    return this.#then(async (state) => {
      const group = need(state, 'group', 'employee');
      const division = state.current.division;
      const as = options.as ?? 'accountManager';
      const ssn = options.ssn === undefined ? uniqueSsn(t) : options.ssn;
      const n = nextNumber(t);
      const base = `/portal/v1/organizations/${group.organizationNo}/employees`;
      const organization = [state.current.organization, ...state.built.organization].find(
        (o) => o?.organizationNo === group.organizationNo,
      );
      const created = await t.injectAs(as, {
        method: 'POST',
        url: base,
        payload: {
          firstName: options.firstName ?? 'Given',
          lastName: options.lastName ?? `Employee${letters(n)}`,
          birthdate: options.birthdate ?? '1985-04-12',
          gender: options.gender ?? 'F',
          effectiveDate: options.effectiveDate ?? '2024-01-01',
          benefitGroupId: group.benefitGroupNo,
          ...(ssn === null ? {} : { ssn }),
          // Where the organization requires an address, a member has one.
          ...(organization?.row.require_address ? AN_ADDRESS : {}),
          ...(division?.benefitGroupNo === group.benefitGroupNo
            ? { divisionNo: division.divisionNo }
            : {}),
          ...options.body,
        },
      });
      await expectStatus(created, 201, 'creating an employee');
      const detail = created.json<EmployeeDetail>();
      const url = `${base}/${detail.employeeNo}`;
      const handle: EmployeeHandle = {
        employeeNo: detail.employeeNo,
        organizationNo: group.organizationNo,
        benefitGroupNo: group.benefitGroupNo,
        ssn,
        url,
        detail,
      };
      const terminationDate = options.terminationDate;
      if (terminationDate) {
        // After its dependents are written: a terminated member takes no new dependent.
        state.terminations.push(async () => {
          const terminated = await t.injectAs(as, {
            method: 'PUT',
            url: `${url}/termination`,
            payload: { terminationDate },
          });
          await expectStatus(terminated, 200, 'terminating an employee');
          handle.detail = terminated.json<EmployeeDetail>();
        });
      }
      state.built.employee.push(handle);
      state.current.employee = handle;
    });
  }

  /** A dependent of the latest employee, created through the API (a child, no SSN, by default). */
  dependent(options: DependentOptions = {}): ScenarioBuilder<K | 'dependent'> {
    const t = this.#t;
    return this.#then(async (state) => {
      const employee = need(state, 'employee', 'dependent');
      const as = options.as ?? 'accountManager';
      const ssn = options.ssn ?? null;
      const n = nextNumber(t);
      const base = `${employee.url}/dependents`;
      const created = await t.injectAs(as, {
        method: 'POST',
        url: base,
        payload: {
          firstName: options.firstName ?? 'Given',
          lastName: options.lastName ?? `Dependent${letters(n)}`,
          birthdate: options.birthdate ?? '2010-05-06',
          gender: options.gender ?? 'F',
          relationship: options.relationship ?? 3,
          effectiveDate: options.effectiveDate ?? employee.detail.effectiveDate,
          ...(ssn === null ? {} : { ssn }),
          ...options.body,
        },
      });
      await expectStatus(created, 201, 'creating a dependent');
      let detail = created.json<DependentDetail>();
      const url = `${base}/${detail.dependentNo}`;
      if (options.terminationDate) {
        const terminated = await t.injectAs(as, {
          method: 'PUT',
          url: `${url}/termination`,
          payload: { terminationDate: options.terminationDate },
        });
        await expectStatus(terminated, 200, 'terminating a dependent');
        detail = terminated.json<DependentDetail>();
      }
      const handle: DependentHandle = {
        dependentNo: detail.dependentNo,
        employeeNo: employee.employeeNo,
        organizationNo: employee.organizationNo,
        ssn,
        url,
        detail,
      };
      state.built.dependent.push(handle);
      state.current.dependent = handle;
    });
  }

  /** A pharmacy coverage of the latest employee (the PBM's data has no write route). */
  coverage(options: CoverageOptions = {}): ScenarioBuilder<K | 'coverage'> {
    const t = this.#t;
    return this.#then(async (state) => {
      const employee = need(state, 'employee', 'coverage');
      const group = state.built.group.find((g) => g.benefitGroupNo === employee.benefitGroupNo);
      const n = nextNumber(t);
      const name = options.name ?? `Given Plan ${n}`;
      const row = await t.ctx.db
        .insertInto('coverage')
        .values({
          employee_no: employee.employeeNo,
          organization_no: employee.organizationNo,
          group_id: group?.benefitGroupId ?? employee.detail.groupId ?? `GV-${n}`,
          name,
          alternate_id: options.alternateId ?? null,
          group_number: null,
          contract_number: null,
          effective_date: options.effectiveDate ?? employee.detail.effectiveDate,
          expiration_date: options.expirationDate ?? null,
          supports_temp_card: options.supportsTempCard ?? true,
          supports_new_card_request: options.supportsNewCardRequest ?? true,
          rx_bin: '610014',
          rx_pcn: 'GIVEN',
          rx_grp: `RX${n}`,
          customer_service_phone: '800-555-0100',
          help_desk_phone: '800-555-0101',
          created_by: null,
          updated_by: null,
        })
        .returning('coverage_no')
        .executeTakeFirstOrThrow();
      const handle: CoverageHandle = {
        coverageNo: row.coverage_no,
        employeeNo: employee.employeeNo,
        organizationNo: employee.organizationNo,
        name,
      };
      state.built.coverage.push(handle);
      state.current.coverage = handle;
    });
  }

  /** A secure file of the latest organization, uploaded through POST /portal/v1/files. */
  file(options: FileOptions = {}): ScenarioBuilder<K | 'file'> {
    const t = this.#t;
    return this.#then(async (state) => {
      const organization = need(state, 'organization', 'file');
      const n = nextNumber(t);
      const name = options.name ?? `given-${n}.txt`;
      const fields: [string, string | number | boolean][] = [
        ['categoryId', options.categoryId ?? 1],
        ['organizationNo', organization.organizationNo],
        ['phi', options.phi ?? false],
      ];
      for (const key of options.recipients ?? []) fields.push(['recipientId', await t.userNo(key)]);
      const body = multipartBody(fields, [
        { name, content: options.content ?? `Given file ${n}.\n` },
      ]);
      const uploaded = await t.injectAs(options.as ?? 'accountManager', {
        method: 'POST',
        url: '/portal/v1/files',
        ...body,
      });
      await expectStatus(uploaded, 201, 'uploading a file');
      const handle: FileHandle = {
        fileId: uploaded.json<FileUploadResult>().data[0]!.id,
        name,
        organizationNo: organization.organizationNo,
      };
      state.built.file.push(handle);
      state.current.file = handle;
    });
  }

  /**
   * A Pillar user (internal, broker or client) with roles, and for a broker or client the latest
   * organization (restricted to some of its groups with `groups`), ready for
   * `t.injectAs(user, …)`. Inserted here rather than through POST /authorization/v1/users, which
   * would also e-mail an invitation through the job queue (not started in most tests).
   */
  user(options: UserOptions = {}): ScenarioBuilder<K | 'user'> {
    const t = this.#t;
    return this.#then(async (state) => {
      const type = options.type ?? 'client';
      const n = nextNumber(t);
      const organization = state.current.organization;
      const grant = options.grant ?? (type !== 'internal' && organization !== undefined);
      if (grant && !organization) throw new Error('given: .user({ grant }) needs an organization');
      const row = await t.ctx.db
        .insertInto('app_user')
        .values({
          username: options.username ?? `given.user.${n}@given.example`,
          first_name: options.firstName ?? 'Given',
          last_name: options.lastName ?? `User${letters(n)}`,
          phone: null,
          extension: null,
          user_type: USER_TYPE_CODE[type],
          rxb_admin: options.rxbAdmin ?? false,
          all_organizations: options.allOrganizations ?? false,
          active: options.active ?? true,
          password_hash:
            options.password === undefined ? null : await hashPassword(options.password),
          created_by: null,
          updated_by: null,
        })
        .returning(['user_no', 'username'])
        .executeTakeFirstOrThrow();
      const roles = (options.roles ?? [DEFAULT_ROLE[type]]).map((key) => {
        const role = findRole(key);
        if (!role) throw new Error(`given: .user() names role ${key}, not defined`);
        return { user_no: row.user_no, role_id: role.id, created_by: null };
      });
      if (roles.length > 0) await t.ctx.db.insertInto('user_role').values(roles).execute();
      if (grant && organization) {
        await grantOrganization(t, state, organization, row.user_no, options.groups);
      }
      const handle: UserHandle = {
        userNo: row.user_no,
        username: row.username,
        type,
        organizationNos: grant && organization ? [organization.organizationNo] : [],
      };
      state.built.user.push(handle);
      state.current.user = handle;
    });
  }

  /**
   * Grants a persona the latest organization (a broker's or client's scope); with `groups`, only
   * those of its groups built so far (by position), as a client restricted to some groups.
   */
  grant(key: PersonaKey, options: GrantOptions = {}): ScenarioBuilder<K> {
    const t = this.#t;
    return this.#then<never>(async (state) => {
      const organization = need(state, 'organization', 'grant');
      await grantOrganization(t, state, organization, await t.userNo(key), options.groups);
    });
  }

  /** Writes the scenario and answers its handles. */
  async build(): Promise<Scenario<K>> {
    const state: State = {
      built: {
        organization: [],
        group: [],
        division: [],
        benefitPackage: [],
        employee: [],
        dependent: [],
        coverage: [],
        file: [],
        user: [],
      },
      current: {},
      terminations: [],
      finally: [],
    };
    for (const step of this.#steps) await step(state);
    for (const late of [...state.terminations, ...state.finally]) await late();
    const out: Record<string, unknown> = {};
    for (const [kind, list] of Object.entries(state.built)) {
      if (list.length === 0) continue;
      out[kind] = list[list.length - 1];
      out[`${kind}s`] = list;
    }
    return out as Scenario<K>;
  }
}

/** The user's grant of an organization, restricted to the groups named (by position) if any. */
async function grantOrganization(
  t: TestApp,
  state: State,
  organization: OrganizationHandle,
  userNo: number,
  groupPositions: number[] | undefined,
): Promise<void> {
  const restrict = groupPositions !== undefined;
  await t.ctx.db
    .insertInto('user_organization')
    .values({
      user_no: userNo,
      organization_no: organization.organizationNo,
      restrict_benefit_groups: restrict,
      created_by: null,
    })
    .execute();
  if (!restrict || groupPositions.length === 0) return;
  const groups = state.built.group.filter((g) => g.organizationNo === organization.organizationNo);
  await t.ctx.db
    .insertInto('user_benefit_group')
    .values(
      groupPositions.map((index) => {
        const group = groups[index];
        if (!group) throw new Error(`given: a grant names group ${index}, not built`);
        return {
          user_no: userNo,
          organization_no: organization.organizationNo,
          benefit_group_no: group.benefitGroupNo,
          created_by: null,
        };
      }),
    )
    .execute();
}

/** Starts a scenario on the test app's database. */
export function given(t: TestApp): ScenarioBuilder {
  return new ScenarioBuilder(t);
}
