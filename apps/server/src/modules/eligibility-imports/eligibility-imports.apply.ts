import type { Kysely, Transaction } from 'kysely';
import {
  DEPENDENT_MESSAGES,
  ELIGIBILITY_APPLY_MESSAGES as APPLY,
  ELIGIBILITY_IMPORT_MESSAGES as IMPORT,
  MEMBER_HISTORY_EVENTS as EV,
  MEMBER_RECORD_MESSAGES as MR,
  PROCESS_STATUS,
  dependentCoverageFromMember,
  dependentMemberTerminated,
  dependentStartError,
  dependentTerminationError,
  groupSelectable,
  lifecycleDateError,
  todayIso,
  type ImportRun,
  type RejectedRow,
} from '@pillar/domain';
import {
  canSeeOrganization,
  loadPrincipal,
  type Principal,
} from '../../platform/auth/principal.ts';
import { conflict } from '../../platform/http/problem.ts';
import type { DB } from '../../database.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import {
  diffFields,
  endDependentsBatch,
  generatedIdFor,
  insertBenefitPackageHistoryBatch,
  insertDependentsBatch,
  insertDivisionHistoryBatch,
  insertEmployeesBatch,
  insertGroupAssignmentsBatch,
  lockDependentsBatch,
  lockEmployeesBatch,
  lockEmployeesByHash,
  dependentHashesTaken,
  moveGroupsBatch,
  nextEmployeeNos,
  organizationCatalog,
  updateDependentsBatch,
  updateEmployeesBatch,
  writeMemberHistoryBatch,
  type DependentState,
  type EmployeeState,
  type FieldChange,
  type HistoryEntry,
  type NewDependentValues,
  type NewEmployeeValues,
} from '../members/index.ts';
import {
  failApplying,
  finishApplying,
  insertApplyFailures,
  laneMark,
  loadApplyBatch,
  markBatchDone,
  openLanes,
  startApplying,
  type ApplyChange,
} from './eligibility-imports.apply.repo.ts';
import { requireRun } from './eligibility-imports.access.ts';
import { APPLY_LANES } from './eligibility-imports.lanes.ts';
import type { RunRow } from './eligibility-imports.preview.repo.ts';
import { saveSelection, STAGING_BATCH } from './eligibility-imports.repo.ts';
import { runAnswer } from './eligibility-imports.service.ts';

/*
 * Apply (issue 17, decision 0128): the selected changes of a previewed run reach the members in
 * transactions of about STAGING_BATCH changes. Each batch reads its changes with their staged
 * values, locks the members they name (inside the run's organization only), re-checks every
 * change with the domain's rules against the members as they are now, and writes what passed
 * with a fixed number of set-based statements (members module, member-batch.ts): the same
 * columns and history rows as the member page. A row with one refused change is refused whole
 * (reported as a rejected row, nothing of it written). The run's changes are in APPLY_LANES
 * lanes by family (decision 0149), applied at once, each lane on its own connection, batch after
 * batch; a batch moves its lane's mark in the same transaction, so a killed apply resumes each
 * lane after its mark, each change applied once.
 */

export const APPLY_QUEUE = 'eligibility-imports.apply';

type Tx = Transaction<DB>;
type Catalog = Awaited<ReturnType<typeof organizationCatalog>>;

export interface ApplyDeps {
  db: Kysely<DB>;
  /** Today as YYYY-MM-DD; a parameter so tests can pin it. */
  today?: () => string;
}

export interface ApplyRun {
  runId: number;
  organizationNo: number;
  userNo: number;
}

/**
 * The benefit groups (numbers) the applying user may change in the run's organization, read
 * when each batch is applied: undefined for every group; empty for a user no longer active or no
 * longer holding the organization. The preview checked the rows under the run's starter as they
 * were then (decision 0138); a restriction changed since must hold at Apply too (decision 0141).
 */
export async function applyingUserGroups(
  db: Kysely<DB>,
  run: ApplyRun,
): Promise<ReadonlySet<number> | undefined> {
  const principal = await loadPrincipal(db, { userNo: run.userNo });
  if (!principal || !canSeeOrganization(principal, run.organizationNo)) return new Set();
  return principal.restrictedGroups.get(run.organizationNo);
}

/** Thrown inside a row's checks: the row is reported with this field and message. */
class RowRefused extends Error {
  readonly field: string;
  constructor(field: string, message: string) {
    super(message);
    this.field = field;
  }
}
const refuse = (field: string, message: string): never => {
  throw new RowRefused(field, message);
};
const check = (field: string, message: string | null) => {
  if (message) refuse(field, message);
};

/** A hash as a map key; the driver's Buffers are read in place, not copied (decision 0149). */
const hexOf = (b: Uint8Array | null) =>
  b === null
    ? ''
    : (Buffer.isBuffer(b) ? b : Buffer.from(b.buffer, b.byteOffset, b.byteLength)).toString('hex');

/** The order a row's changes are applied in: back to active first, terminated last. */
const KIND_ORDER: Record<ApplyChange['kind'], number> = {
  newMember: 0,
  newDependent: 0,
  reinstatement: 1,
  fieldChange: 2,
  groupChange: 3,
  divisionChange: 4,
  benefitPackageChange: 5,
  termination: 6,
};

const FLAG_INDEX = { cobra: 0, retiree: 1, student: 2, disabled: 3, adultDependent: 4 } as const;
const flagOf = (flags: string | null, key: keyof typeof FLAG_INDEX) => flags?.[FLAG_INDEX[key]];

/** Relationship codes (RELATIONSHIPS) a dependent's status flags stand for. */
const STATUS_RELATIONSHIP = { student: 4, disabled: 5, adultDependent: 6 } as const;
const CHILD = 3;

/**
 * A new dependent's relationship: a code 2-7 from the file, an 834 INS02 (01 spouse, 19 child),
 * else its status flags (student, disabled, adult dependent), else child.
 */
function relationshipOf(c: ApplyChange): number {
  const r = c.relationship?.trim() ?? '';
  if (/^[2-7]$/.test(r)) return Number(r);
  if (r === '01') return 2;
  if (r === '19') return CHILD;
  for (const key of ['student', 'disabled', 'adultDependent'] as const)
    if (flagOf(c.flags, key) === 'Y') return STATUS_RELATIONSHIP[key];
  return CHILD;
}

const memberOf = (e: EmployeeState) => ({
  processStatus: e.process_status,
  effectiveDate: e.effective_date,
  expirationDate: e.expiration_date,
});

/** What one batch wrote: changes applied, refused, and the rows refused. */
export interface BatchOutcome {
  changes: number;
  applied: number;
  refused: RejectedRow[];
}

/** The writes a batch collects, each written afterwards by one statement. */
interface Pending {
  employees: Map<number, EmployeeState>;
  dependents: Map<number, DependentState>;
  history: HistoryEntry[];
  /** Dated assignments, all made today (the batch's day is added when they are written). */
  moves: { employeeNo: number; benefitGroupNo: number; date: string }[];
  divisions: { employeeNo: number; benefitGroupNo: number; divisionNo: number; date: string }[];
  packages: { employeeNo: number; benefitPackageNo: number; date: string }[];
  ends: { employeeNo: number; date: string; event: string }[];
}

function emptyPending(): Pending {
  return {
    employees: new Map(),
    dependents: new Map(),
    history: [],
    moves: [],
    divisions: [],
    packages: [],
    ends: [],
  };
}

/** Whether a group can take members today (the member page's rule). */
const selectable = (group: Catalog['groups'][number], today: string) =>
  groupSelectable(
    { processStatus: group.process_status, expirationDate: group.expiration_date },
    today,
  );

/** A batch's dated assignments with the day they are made. */
const madeOn = <T>(entries: T[], today: string) => entries.map((e) => ({ ...e, today }));

/**
 * Applies the next batch of a lane of a run's selected changes in one transaction; null when
 * none is left. `permitted`: the groups the applying user may change (applyingUserGroups),
 * undefined for all.
 */
export async function applyNextBatch(
  trx: Tx,
  run: ApplyRun,
  today: string,
  limit = STAGING_BATCH,
  catalog?: Catalog,
  permitted?: ReadonlySet<number>,
  lane = 0,
): Promise<BatchOutcome | null> {
  const after = await laneMark(trx, run.runId, lane);
  const changes = await loadApplyBatch(trx, run.runId, lane, after, limit);
  if (changes.length === 0) return null;
  const cat = catalog ?? (await organizationCatalog(trx, run.organizationNo));
  // A member held in a group the user may not change, or a group named outside theirs: refused.
  const heldIn = (groupNo: number) => {
    if (permitted && !permitted.has(groupNo)) refuse('ssn', IMPORT.memberGroupNotPermitted);
  };
  const movedTo = (groupNo: number) => {
    if (permitted && !permitted.has(groupNo)) refuse('groupId', IMPORT.groupNotPermitted);
  };
  const org = run.organizationNo;
  const rows = new Map<number, ApplyChange[]>();
  for (const c of changes) {
    const list = rows.get(c.rowNumber) ?? [];
    list.push(c);
    rows.set(c.rowNumber, list);
  }

  // The members the batch names, locked, read inside the run's organization only.
  const depNos = changes
    .filter((c) => c.recordType === 'D' && c.memberId !== null && c.kind !== 'newDependent')
    .map((c) => c.memberId!);
  const dependents = new Map(
    (await lockDependentsBatch(trx, org, [...new Set(depNos)])).map((d) => [d.dependent_no, d]),
  );
  const empNos = changes
    .filter((c) => c.recordType === 'E' && c.memberId !== null && c.kind !== 'newMember')
    .map((c) => c.memberId!)
    .concat([...dependents.values()].map((d) => d.employee_no));
  const employees = new Map(
    (await lockEmployeesBatch(trx, org, [...new Set(empNos)])).map((e) => [e.employee_no, e]),
  );
  const newMembers = changes.filter((c) => c.kind === 'newMember');
  const newDeps = changes.filter((c) => c.kind === 'newDependent');
  const byHash = new Map<string, EmployeeState>();
  for (const e of await lockEmployeesByHash(trx, org, [
    ...newMembers.map((c) => c.ssnHash),
    ...newDeps.flatMap((c) => (c.employeeSsnHash ? [c.employeeSsnHash] : [])),
  ]))
    byHash.set(hexOf(e.ssn_hash), e);
  const depTaken = await dependentHashesTaken(
    trx,
    org,
    newDeps.map((c) => c.ssnHash),
  );

  const refused: RejectedRow[] = [];
  const done = new Set<number>();
  const pending = emptyPending();
  const groupsById = new Map(cat.groups.map((g) => [g.benefit_group_id, g]));
  const groupIdOf = new Map(cat.groups.map((g) => [g.benefit_group_no, g.benefit_group_id]));
  const supportsDivisions = cat.settings?.supports_divisions === true;

  // --- New members: checked, then inserted together (their dependents may follow) ---
  const inserts: {
    change: ApplyChange;
    values: Omit<NewEmployeeValues, 'employee_no' | 'generated_id'>;
    division?: { no: number; id: string };
    packageNo?: number;
  }[] = [];
  for (const c of newMembers) {
    try {
      if (byHash.has(hexOf(c.ssnHash))) refuse('ssn', APPLY.ssnTaken);
      const group =
        (c.groupId !== null ? groupsById.get(c.groupId) : undefined) ??
        (c.alternateGroupId !== null ? groupsById.get(c.alternateGroupId) : undefined);
      if (!group) return refuse('groupId', IMPORT.groupOutsideOrganization);
      movedTo(group.benefit_group_no);
      if (!selectable(group, today)) refuse('groupId', MR.groupChangeTerminatedGroup);
      if (!supportsDivisions && (c.divisionId || c.benefitPackage))
        refuse(c.divisionId ? 'divisionId' : 'benefitPackage', MR.divisionsNotSupported);
      const division = c.divisionId
        ? cat.divisions.find(
            (d) => d.benefit_group_no === group.benefit_group_no && d.division_id === c.divisionId,
          )
        : undefined;
      if (c.divisionId && !division) refuse('divisionId', MR.divisionNotInGroup);
      const pkg = c.benefitPackage
        ? cat.packages.find((p) => p.benefit_package_id === c.benefitPackage)
        : undefined;
      if (c.benefitPackage && !pkg) refuse('benefitPackage', APPLY.benefitPackageNotFound);
      if (pkg && pkg.process_status !== PROCESS_STATUS.active)
        refuse('benefitPackage', MR.benefitPackageTerminated);
      const effective = c.effectiveDate ?? c.changeDate;
      inserts.push({
        change: c,
        values: {
          benefit_group_no: group.benefit_group_no,
          first_name: c.firstName,
          last_name: c.lastName,
          birthdate: c.dateOfBirth!,
          gender: (c.gender ?? 'U') as 'M' | 'F' | 'U',
          is_cobra: flagOf(c.flags, 'cobra') === 'Y',
          is_retiree: flagOf(c.flags, 'retiree') === 'Y',
          process_status: c.termDate ? PROCESS_STATUS.terminated : PROCESS_STATUS.active,
          expiration_date: c.termDate,
          effective_date: effective,
          reinstatement_date: null,
          group_effective_date: effective,
          group_assignment_date: today,
          division_no: division?.division_no ?? null,
          division_effective_date: division ? effective : null,
          benefit_package_no: pkg?.benefit_package_no ?? null,
          benefit_package_effective_date: pkg ? effective : null,
          benefit_package_assignment_date: pkg ? today : null,
          ssn_hash: c.ssnHash,
          ssn_encrypted: c.ssnEncrypted,
        },
        ...(division ? { division: { no: division.division_no, id: division.division_id } } : {}),
        ...(pkg ? { packageNo: pkg.benefit_package_no } : {}),
      });
      done.add(c.changeId);
    } catch (e) {
      refused.push(refusalOf(c, e));
    }
  }
  const numbers = await nextEmployeeNos(trx, inserts.length);
  const newEmployees: NewEmployeeValues[] = inserts.map((x, i) => ({
    ...x.values,
    employee_no: numbers[i]!,
    generated_id: generatedIdFor(numbers[i]!),
  }));
  await insertEmployeesBatch(trx, org, run.userNo, newEmployees);
  await insertGroupAssignmentsBatch(
    trx,
    run.userNo,
    newEmployees.map((e) => ({
      employeeNo: e.employee_no,
      benefitGroupNo: e.benefit_group_no,
      date: e.effective_date,
      today,
    })),
  );
  newEmployees.forEach((e, i) => {
    const x = inserts[i]!;
    if (x.division)
      pending.divisions.push({
        employeeNo: e.employee_no,
        benefitGroupNo: e.benefit_group_no,
        divisionNo: x.division.no,
        date: e.effective_date,
      });
    if (x.packageNo !== undefined)
      pending.packages.push({
        employeeNo: e.employee_no,
        benefitPackageNo: x.packageNo,
        date: e.effective_date,
      });
    pending.history.push({
      employeeNo: e.employee_no,
      dependentNo: null,
      event: EV.create,
      changes: [],
      always: true,
    });
    byHash.set(hexOf(e.ssn_hash), {
      ...e,
      group_id: groupIdOf.get(e.benefit_group_no) ?? '',
      division_id: x.division?.id ?? null,
      benefit_package_id: null,
      ssn_hash: e.ssn_hash,
    });
  });

  // --- Every other row, in file order: checked on copies, kept only when the whole row passes ---
  const newDependents: NewDependentValues[] = [];
  for (const [rowNumber, list] of rows) {
    const row = list.filter((c) => c.kind !== 'newMember');
    if (row.length === 0) continue;
    row.sort((a, b) => KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || a.changeId - b.changeId);
    const local = emptyPending();
    let newDependent: NewDependentValues | undefined;
    try {
      for (const c of row) {
        if (c.kind === 'newDependent') {
          const checked = checkNewDependent(c, byHash, depTaken, pending);
          newDependent = checked.values;
          heldIn(checked.member.benefit_group_no);
          continue;
        }
        if (c.recordType === 'E') {
          const current =
            pending.employees.get(c.memberId!) ??
            local.employees.get(c.memberId!) ??
            employees.get(c.memberId!);
          if (!current) return refuse('ssn', APPLY.memberNotFound);
          heldIn(current.benefit_group_no);
          if (c.kind === 'groupChange') {
            const target = cat.groups.find((g) => g.benefit_group_id === c.newValue);
            if (target) movedTo(target.benefit_group_no);
          }
          const next = { ...current };
          applyEmployeeChange(c, next, local, cat, today, supportsDivisions);
          local.employees.set(next.employee_no, next);
        } else {
          const current =
            pending.dependents.get(c.memberId!) ??
            local.dependents.get(c.memberId!) ??
            dependents.get(c.memberId!);
          if (!current) return refuse('ssn', APPLY.memberNotFound);
          const member =
            pending.employees.get(current.employee_no) ?? employees.get(current.employee_no)!;
          heldIn(member.benefit_group_no);
          if (c.kind === 'groupChange') {
            const target = cat.groups.find((g) => g.benefit_group_id === c.newValue);
            if (target) movedTo(target.benefit_group_no);
          }
          const next = { ...current };
          applyDependentChange(c, next, member, local, cat, today);
          local.dependents.set(next.dependent_no, next);
        }
      }
      for (const [no, e] of local.employees) pending.employees.set(no, e);
      for (const [no, d] of local.dependents) pending.dependents.set(no, d);
      pending.history.push(...mergeHistory(local.history));
      pending.moves.push(...local.moves);
      pending.divisions.push(...local.divisions);
      pending.packages.push(...local.packages);
      pending.ends.push(...local.ends);
      if (newDependent) newDependents.push(newDependent);
      for (const c of row) done.add(c.changeId);
    } catch (e) {
      if (!(e instanceof RowRefused)) throw e;
      refused.push({ rowNumber, field: e.field, message: e.message });
    }
  }

  // --- The writes: a fixed number of statements, whatever the batch holds ---
  await updateEmployeesBatch(trx, org, run.userNo, [...pending.employees.values()]);
  await updateDependentsBatch(trx, org, run.userNo, [...pending.dependents.values()]);
  const dependentNos = await insertDependentsBatch(trx, org, run.userNo, newDependents);
  newDependents.forEach((d, i) =>
    pending.history.push({
      employeeNo: d.employee_no,
      dependentNo: dependentNos[i]!,
      event: EV.create,
      changes: [],
      always: true,
    }),
  );
  await moveGroupsBatch(trx, run.userNo, madeOn(pending.moves, today));
  await insertDivisionHistoryBatch(trx, run.userNo, madeOn(pending.divisions, today));
  await insertBenefitPackageHistoryBatch(trx, run.userNo, madeOn(pending.packages, today));
  await writeMemberHistoryBatch(trx, run.userNo, pending.history);
  await endDependentsBatch(trx, org, run.userNo, pending.ends);

  const failures = dedupe(refused);
  await insertApplyFailures(trx, run.runId, failures);
  await markBatchDone(trx, run.runId, lane, changes.at(-1)!.changeId, {
    applied: done.size,
    refused: failures.length,
  });
  return { changes: changes.length, applied: done.size, refused: failures };
}

function refusalOf(c: ApplyChange, e: unknown): RejectedRow {
  if (!(e instanceof RowRefused)) throw e;
  return { rowNumber: c.rowNumber, field: e.field, message: e.message };
}

function dedupe(rows: RejectedRow[]): RejectedRow[] {
  const seen = new Set<string>();
  return rows.filter((r) => {
    const key = `${r.rowNumber}\u0000${r.field}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * A row's history entries with the field changes of one member and event joined into one entry,
 * as one PATCH of the member page writes them (one 'update' with each changed field).
 */
function mergeHistory(entries: HistoryEntry[]): HistoryEntry[] {
  const out: HistoryEntry[] = [];
  for (const e of entries) {
    const last = out.at(-1);
    if (
      last &&
      e.event === EV.update &&
      last.event === EV.update &&
      last.employeeNo === e.employeeNo &&
      last.dependentNo === e.dependentNo
    ) {
      out[out.length - 1] = { ...last, changes: [...last.changes, ...e.changes] };
    } else out.push(e);
  }
  return out;
}

/** A new dependent's values, and its member as the batch holds it. */
function checkNewDependent(
  c: ApplyChange,
  byHash: Map<string, EmployeeState>,
  depTaken: Set<string>,
  pending: Pending,
): { values: NewDependentValues; member: EmployeeState } {
  if (depTaken.has(hexOf(c.ssnHash))) refuse('ssn', APPLY.ssnTaken);
  const found = c.employeeSsnHash ? byHash.get(hexOf(c.employeeSsnHash)) : undefined;
  if (!found) return refuse('employeeSsn', IMPORT.employeeNotFound);
  const member = pending.employees.get(found.employee_no) ?? found;
  const effective = c.effectiveDate ?? c.changeDate;
  check('effectiveDate', dependentStartError('effective', effective, memberOf(member)));
  // Decision 0073: under a member whose coverage ends, the dependent ends with it.
  const coverage = dependentCoverageFromMember(memberOf(member));
  const ends = [coverage.expirationDate, c.termDate].filter((d): d is string => d !== null);
  const expiration = ends.length > 0 ? ends.sort()[0]! : null;
  const values: NewDependentValues = {
    employee_no: member.employee_no,
    first_name: c.firstName,
    last_name: c.lastName,
    birthdate: c.dateOfBirth!,
    gender: (c.gender ?? 'U') as 'M' | 'F' | 'U',
    relationship: relationshipOf(c),
    process_status: expiration !== null ? PROCESS_STATUS.terminated : PROCESS_STATUS.active,
    expiration_date: expiration,
    effective_date: effective,
    alternate_benefit_group_no: null,
    alternate_group_effective_date: null,
    ssn_hash: c.ssnHash,
    ssn_encrypted: c.ssnEncrypted,
  };
  return { values, member };
}

const EMPLOYEE_FIELDS = {
  firstName: ['first_name', 'firstName'],
  lastName: ['last_name', 'lastName'],
  dateOfBirth: ['birthdate', 'birthdate'],
  gender: ['gender', 'gender'],
} as const;

/** One change of an employee, checked and applied to `next`; history and side writes to `local`. */
function applyEmployeeChange(
  c: ApplyChange,
  next: EmployeeState,
  local: Pending,
  cat: Catalog,
  today: string,
  supportsDivisions: boolean,
): void {
  const history = (event: HistoryEntry['event'], changes: FieldChange[]) => {
    if (changes.length > 0 || event !== EV.update)
      local.history.push({ employeeNo: next.employee_no, dependentNo: null, event, changes });
  };
  const terminated = next.process_status === PROCESS_STATUS.terminated;
  const date = c.changeDate;
  switch (c.kind) {
    case 'fieldChange': {
      const f = c.field ?? '';
      if (f in EMPLOYEE_FIELDS) {
        const [column, name] = EMPLOYEE_FIELDS[f as keyof typeof EMPLOYEE_FIELDS];
        const before = next[column];
        (next as unknown as Record<string, unknown>)[column] = c.newValue;
        history(EV.update, diffFields({ [name]: before }, { [name]: c.newValue }));
      } else if (f === 'cobra' || f === 'retiree') {
        const column = f === 'cobra' ? 'is_cobra' : 'is_retiree';
        const name = f === 'cobra' ? 'isCobra' : 'isRetiree';
        const before = next[column];
        next[column] = c.newValue === 'Y';
        history(EV.update, diffFields({ [name]: before }, { [name]: next[column] }));
      }
      return;
    }
    case 'termination': {
      const end = c.newValue ?? today;
      check('termDate', lifecycleDateError('termination', end, next.effective_date));
      if (terminated && next.expiration_date === end) return;
      const event = terminated ? EV.changeTermination : EV.terminate;
      history(
        event,
        terminated
          ? [{ field: 'expirationDate', oldValue: next.expiration_date, newValue: end }]
          : [
              {
                field: 'processStatus',
                oldValue: next.process_status,
                newValue: PROCESS_STATUS.terminated,
              },
              { field: 'expirationDate', oldValue: next.expiration_date, newValue: end },
            ],
      );
      next.process_status = PROCESS_STATUS.terminated;
      next.expiration_date = end;
      local.ends.push({ employeeNo: next.employee_no, date: end, event });
      return;
    }
    case 'reinstatement': {
      check('effectiveDate', lifecycleDateError('reinstate', date, next.effective_date));
      const group = cat.groups.find((g) => g.benefit_group_no === next.benefit_group_no);
      if (!group || !selectable(group, today)) refuse('groupId', MR.reinstateGroupTerminated);
      history(
        EV.reinstate,
        diffFields(
          {
            processStatus: next.process_status,
            expirationDate: next.expiration_date,
            effectiveDate: next.effective_date,
          },
          { processStatus: PROCESS_STATUS.active, expirationDate: null, effectiveDate: date },
        ),
      );
      next.process_status = PROCESS_STATUS.active;
      next.expiration_date = null;
      next.effective_date = date;
      next.reinstatement_date = date;
      return;
    }
    case 'groupChange': {
      if (terminated) refuse('groupId', MR.groupChangeTerminated);
      const group = cat.groups.find((g) => g.benefit_group_id === c.newValue);
      if (!group) return refuse('groupId', IMPORT.groupOutsideOrganization);
      if (!selectable(group, today)) refuse('groupId', MR.groupChangeTerminatedGroup);
      check('groupId', lifecycleDateError('change', date, next.effective_date));
      let division: { division_no: number; division_id: string } | undefined;
      if (supportsDivisions) {
        if (!c.divisionId) refuse('divisionId', MR.divisionRequired);
        division = cat.divisions.find(
          (d) => d.benefit_group_no === group.benefit_group_no && d.division_id === c.divisionId,
        );
        if (!division) refuse('divisionId', MR.divisionNotInGroup);
      }
      const divisionNo = division?.division_no ?? null;
      const divisionChanged = divisionNo !== next.division_no;
      history(
        EV.groupChange,
        diffFields(
          { group: next.group_id, division: next.division_id },
          { group: group.benefit_group_id, division: division?.division_id ?? null },
        ),
      );
      local.moves.push({
        employeeNo: next.employee_no,
        benefitGroupNo: group.benefit_group_no,
        date,
      });
      if (division && divisionChanged)
        local.divisions.push({
          employeeNo: next.employee_no,
          benefitGroupNo: group.benefit_group_no,
          divisionNo: division.division_no,
          date,
        });
      next.benefit_group_no = group.benefit_group_no;
      next.group_id = group.benefit_group_id;
      next.group_effective_date = date;
      next.group_assignment_date = today;
      if (divisionChanged) {
        next.division_no = divisionNo;
        next.division_id = division?.division_id ?? null;
        next.division_effective_date = division ? date : null;
      }
      return;
    }
    case 'divisionChange': {
      // A group change of the same row has already taken the file's division.
      if (next.division_id === c.newValue) return;
      if (!supportsDivisions) refuse('divisionId', MR.divisionsNotSupported);
      if (terminated) refuse('divisionId', MR.groupChangeTerminated);
      const division = cat.divisions.find(
        (d) => d.benefit_group_no === next.benefit_group_no && d.division_id === c.newValue,
      );
      if (!division) return refuse('divisionId', MR.divisionNotInGroup);
      check('divisionId', lifecycleDateError('change', date, next.effective_date));
      history(
        EV.divisionChange,
        diffFields({ division: next.division_id }, { division: division.division_id }),
      );
      local.divisions.push({
        employeeNo: next.employee_no,
        benefitGroupNo: next.benefit_group_no,
        divisionNo: division.division_no,
        date,
      });
      next.division_no = division.division_no;
      next.division_id = division.division_id;
      next.division_effective_date = date;
      return;
    }
    case 'benefitPackageChange': {
      if (next.benefit_package_id === c.newValue) return;
      if (!supportsDivisions) refuse('benefitPackage', MR.divisionsNotSupported);
      if (terminated) refuse('benefitPackage', MR.groupChangeTerminated);
      const pkg = cat.packages.find((p) => p.benefit_package_id === c.newValue);
      if (!pkg) return refuse('benefitPackage', APPLY.benefitPackageNotFound);
      if (pkg.process_status !== PROCESS_STATUS.active)
        refuse('benefitPackage', MR.benefitPackageTerminated);
      check('benefitPackage', lifecycleDateError('change', date, next.effective_date));
      history(EV.benefitPackageChange, [
        {
          field: 'benefitPackage',
          oldValue: next.benefit_package_id,
          newValue: pkg.benefit_package_id,
        },
      ]);
      local.packages.push({
        employeeNo: next.employee_no,
        benefitPackageNo: pkg.benefit_package_no,
        date,
      });
      next.benefit_package_no = pkg.benefit_package_no;
      next.benefit_package_id = pkg.benefit_package_id;
      next.benefit_package_effective_date = date;
      next.benefit_package_assignment_date = today;
      return;
    }
    default:
      return;
  }
}

/** The dependent page's text of a value (dependent-record/update.ts). */
const depText = (v: string | number | null) => (v === null ? null : String(v));

/** One change of a dependent, checked and applied to `next`; history to `local`. */
function applyDependentChange(
  c: ApplyChange,
  next: DependentState,
  member: EmployeeState,
  local: Pending,
  cat: Catalog,
  today: string,
): void {
  const history = (
    event: HistoryEntry['event'],
    changes: { field: string; old: string | number | null; new: string | number | null }[],
  ) =>
    local.history.push({
      employeeNo: next.employee_no,
      dependentNo: next.dependent_no,
      event,
      changes: changes.map((x) => ({
        field: x.field,
        oldValue: depText(x.old),
        newValue: depText(x.new),
      })),
      always: true,
    });
  const date = c.changeDate;
  const frozen = dependentMemberTerminated(memberOf(member), today);
  switch (c.kind) {
    case 'fieldChange': {
      if (frozen) refuse(c.field ?? 'ssn', DEPENDENT_MESSAGES.memberTerminatedEdit);
      const f = c.field ?? '';
      if (f in EMPLOYEE_FIELDS) {
        const [column, name] = EMPLOYEE_FIELDS[f as keyof typeof EMPLOYEE_FIELDS];
        const before = next[column];
        if (before === c.newValue) return;
        (next as unknown as Record<string, unknown>)[column] = c.newValue;
        history(EV.update, [{ field: name, old: before, new: c.newValue }]);
      } else if (f === 'student' || f === 'disabled' || f === 'adultDependent') {
        const code = STATUS_RELATIONSHIP[f];
        const after =
          c.newValue === 'Y' ? code : next.relationship === code ? CHILD : next.relationship;
        if (after === next.relationship) return;
        history(EV.update, [{ field: 'relationship', old: next.relationship, new: after }]);
        next.relationship = after;
      }
      return;
    }
    case 'termination': {
      const end = c.newValue ?? today;
      check(
        'termDate',
        lifecycleDateError('termination', end, next.effective_date) ??
          dependentTerminationError(end, memberOf(member)),
      );
      if (next.process_status === PROCESS_STATUS.terminated && next.expiration_date === end) return;
      history(
        next.process_status === PROCESS_STATUS.terminated ? EV.changeTermination : EV.terminate,
        [{ field: 'expirationDate', old: next.expiration_date, new: end }],
      );
      next.process_status = PROCESS_STATUS.terminated;
      next.expiration_date = end;
      return;
    }
    case 'reinstatement': {
      if (frozen) refuse('effectiveDate', DEPENDENT_MESSAGES.memberTerminated);
      check(
        'effectiveDate',
        lifecycleDateError('reinstate', date, next.effective_date) ??
          dependentStartError('reinstate', date, memberOf(member)),
      );
      const coverage = dependentCoverageFromMember(memberOf(member));
      history(EV.reinstate, [
        { field: 'effectiveDate', old: next.effective_date, new: date },
        { field: 'expirationDate', old: next.expiration_date, new: coverage.expirationDate },
      ]);
      next.process_status = coverage.processStatus;
      next.expiration_date = coverage.expirationDate;
      next.effective_date = date;
      return;
    }
    case 'groupChange': {
      if (!cat.settings?.supports_dependent_alternate_group)
        refuse('groupId', DEPENDENT_MESSAGES.alternateGroupsNotSupported);
      if (frozen) refuse('groupId', DEPENDENT_MESSAGES.memberTerminatedEdit);
      if (next.process_status === PROCESS_STATUS.terminated)
        refuse('groupId', DEPENDENT_MESSAGES.alternateGroupDependentTerminated);
      const group = cat.groups.find((g) => g.benefit_group_id === c.newValue);
      if (!group) return refuse('groupId', IMPORT.groupOutsideOrganization);
      if (!selectable(group, today)) refuse('groupId', DEPENDENT_MESSAGES.groupTerminated);
      check('groupId', lifecycleDateError('change', date, next.effective_date));
      // Decision 0047: the member's own group ends the alternate group.
      const followsMember = group.benefit_group_no === member.benefit_group_no;
      history(EV.alternateGroupChange, [
        { field: 'alternateGroup', old: next.group_id, new: group.benefit_group_id },
        { field: 'changeDate', old: next.alternate_group_effective_date, new: date },
      ]);
      next.alternate_benefit_group_no = followsMember ? null : group.benefit_group_no;
      next.alternate_group_effective_date = followsMember ? null : date;
      next.group_id = group.benefit_group_id;
      return;
    }
    case 'divisionChange':
    case 'benefitPackageChange':
      return refuse(
        c.kind === 'divisionChange' ? 'divisionId' : 'benefitPackage',
        APPLY.dependentFollowsMember,
      );
    default:
      return;
  }
}

/** PostgreSQL's deadlock_detected: a batch chosen as the victim is run again. */
const DEADLOCK = '40P01';
const BATCH_ATTEMPTS = 3;

/**
 * Applies every selected change of a run: its lanes at once (decision 0149), each batch after
 * batch in its own transactions (on PGlite, one connection, the transactions take turns). Two
 * lanes lock different families, but a dependent row naming another employee than its own can
 * make them wait on each other; a batch PostgreSQL ends as a deadlock's victim is run again. A
 * lane that fails stops the others after their batch, and the error is thrown (the run fails;
 * Apply again resumes each lane after its mark). The run is applied when every lane is done.
 * `stopAfter` ends each lane early after that many batches (a test's stand-in for a killed
 * process). Answers the changes applied by this call.
 */
export async function applyRun(
  deps: ApplyDeps,
  run: ApplyRun,
  options: { batchSize?: number; stopAfter?: number } = {},
): Promise<{ batches: number; applied: number; refused: number }> {
  const today = deps.today ? deps.today() : todayIso();
  const catalog = await deps.db
    .transaction()
    .execute((trx) => organizationCatalog(trx, run.organizationNo));
  await openLanes(deps.db, run.runId, APPLY_LANES);
  const total = { batches: 0, applied: 0, refused: 0 };
  let failed = false;
  const batch = async (lane: number) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await deps.db
          .transaction()
          .execute(async (trx) =>
            applyNextBatch(
              trx,
              run,
              today,
              options.batchSize ?? STAGING_BATCH,
              catalog,
              await applyingUserGroups(trx, run),
              lane,
            ),
          );
      } catch (error) {
        if ((error as { code?: string }).code !== DEADLOCK || attempt >= BATCH_ATTEMPTS)
          throw error;
      }
    }
  };
  const applyLane = async (lane: number): Promise<boolean> => {
    try {
      for (let batches = 0; ; batches++) {
        if (failed || (options.stopAfter !== undefined && batches >= options.stopAfter))
          return false;
        const outcome = await batch(lane);
        if (outcome === null) return true;
        total.batches += 1;
        total.applied += outcome.applied;
        total.refused += outcome.refused.length;
      }
    } catch (error) {
      failed = true;
      throw error;
    }
  };
  const lanes = await Promise.allSettled(
    Array.from({ length: APPLY_LANES }, (_, lane) => applyLane(lane)),
  );
  for (const l of lanes) if (l.status === 'rejected') throw l.reason;
  if (lanes.every((l) => l.status === 'fulfilled' && l.value))
    await finishApplying(deps.db, run.runId);
  return total;
}

/**
 * The job: apply the run. An error marks it failed with its message (never row values; Apply
 * again resumes it); a killed process leaves it applying, and pg-boss's retry resumes it.
 */
export async function runApplyJob(
  deps: ApplyDeps,
  data: { runId: number; organizationNo: number; userNo: number },
): Promise<void> {
  try {
    await applyRun(deps, data);
  } catch (error) {
    await failApplying(
      deps.db,
      data.runId,
      error instanceof Error ? error.message : 'Apply failed',
    );
  }
}

/** The worker (main.ts starts it with the other workers). */
export async function startApplyWorker(deps: ApplyDeps & { jobs: JobQueue }): Promise<void> {
  await deps.jobs.work<{ runId: number; organizationNo: number; userNo: number }>(
    APPLY_QUEUE,
    (data) => runApplyJob(deps, data),
  );
}

// ---- The routes' services: the selection and the start of Apply ----

export interface ApplyRouteDeps {
  db: Kysely<DB>;
  jobs: JobQueue;
}

/** A run that can still be selected and applied: previewed, or an apply that failed (resumes). */
function refuseUnlessApplicable(run: RunRow): void {
  if (run.status === 'applied') throw conflict(IMPORT.alreadyApplied);
  if (run.status === 'applying') throw conflict(IMPORT.runInProgress);
  if (run.status !== 'previewed' && !(run.status === 'failed' && run.appliedBy !== null))
    throw conflict(IMPORT.notPreviewed);
}

/** PUT .../selection: accept every valid row, or deselect some. Nothing reaches the members. */
export async function saveRunSelection(
  db: Kysely<DB>,
  principal: Principal,
  runId: number,
  body: { acceptAll: boolean; deselected: readonly number[] },
): Promise<ImportRun> {
  const run = await requireRun(db, principal, runId);
  refuseUnlessApplicable(run);
  await saveSelection(db, runId, body.acceptAll ? [] : body.deselected);
  return runAnswer(db, runId);
}

/**
 * POST .../apply: the run becomes 'applying' (409 when another run of the configuration is
 * reading or applying, or this one is not previewed) and the job is queued.
 */
export async function startApply(
  deps: ApplyRouteDeps,
  principal: Principal,
  runId: number,
): Promise<ImportRun> {
  const run = await requireRun(deps.db, principal, runId);
  refuseUnlessApplicable(run);
  const started = await startApplying(deps.db, runId, principal.userNo);
  if (started === 'busy') throw conflict(IMPORT.runInProgress);
  if (started === 'wrongStatus') throw conflict(IMPORT.notPreviewed);
  await deps.jobs.send(APPLY_QUEUE, {
    runId,
    organizationNo: run.organizationNo,
    userNo: principal.userNo,
  });
  return runAnswer(deps.db, runId);
}
