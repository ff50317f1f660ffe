import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  ELIGIBILITY_APPLY_MESSAGES,
  ELIGIBILITY_IMPORT_MESSAGES,
  MEMBER_HISTORY_EVENTS,
  MEMBER_RECORD_MESSAGES,
  type ChangeRow,
  type StandardEligibilityRow,
} from '@pillar/domain';
import { createSsnProtector } from '../../platform/crypto/ssn.ts';
import { given, type EmployeeHandle } from '../../test/given.ts';
import { importRow, newRun } from '../../test/import-runs.ts';
import type { TestApp } from '../../test/test-app.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { writeMemberHistory, writeMemberHistoryBatch } from '../members/index.ts';
import { applyRun, runApplyJob } from './eligibility-imports.apply.ts';
import { startApplying } from './eligibility-imports.apply.repo.ts';
import { dependentFamilies, laneOfFamily } from './eligibility-imports.lanes.ts';
import { listChanges } from './eligibility-imports.preview.repo.ts';
import {
  insertChanges,
  insertRun,
  saveSelection,
  setRunStatus,
  stageRows,
} from './eligibility-imports.repo.ts';

let t: TestApp;
// Jobs started: Apply queues its job (the worker is not started; the tests run the job's work).
useTestApp((app) => (t = app), { startJobs: true });

const TODAY = '2026-11-24';
const deps = () => ({ db: t.ctx.db, today: () => TODAY });
const ssnOf = () => createSsnProtector(t.ctx.secrets.ssnKey);

/** An import configuration of the organization (schema and configuration written directly). */
async function configurationOf(organizationNo: number): Promise<number> {
  const db = t.ctx.db;
  const schema = await sql<{ no: number }>`
    insert into import_schema (name, importer_type, media_type)
    values (${`S${organizationNo}-${Math.random()}`}, 0, 'csv')
    returning import_schema_no as no`.execute(db);
  const config = await sql<{ no: number }>`
    insert into import_configuration (name, organization_no, import_schema_no)
    values (${`C${organizationNo}-${Math.random()}`}, ${organizationNo}, ${schema.rows[0]!.no})
    returning eic_no as no`.execute(db);
  return config.rows[0]!.no;
}

const row = importRow;

const change = (
  rowNumber: number,
  ssn: string,
  kind: ChangeRow['kind'],
  values: Partial<ChangeRow> = {},
): ChangeRow => ({
  rowNumber,
  kind,
  ssn,
  memberId: null,
  field: null,
  oldValue: null,
  newValue: null,
  changeDate: TODAY,
  ...values,
});

/**
 * A previewed run of the organization holding these staged rows and changes, now applying; its
 * changes in their families' lanes as the preview stores them, or all in lane 0 (`oneLane`, as a
 * run stored before decision 0149).
 */
async function previewedRun(
  organizationNo: number,
  rows: StandardEligibilityRow[],
  changes: ChangeRow[],
  options: { start?: boolean; userNo?: number; oneLane?: boolean } = {},
) {
  const db = t.ctx.db;
  const userNo = options.userNo ?? (await t.userNo('accountManager'));
  const eicNo = await configurationOf(organizationNo);
  const runId = (await insertRun(db, newRun({ eicNo, organizationNo }, { createdBy: userNo })))!;
  await stageRows(db, runId, rows, ssnOf());
  const families = options.oneLane ? undefined : dependentFamilies(rows);
  await insertChanges(db, runId, changes, ssnOf(), families);
  await setRunStatus(db, runId, 'previewed');
  if (options.start !== false) expect(await startApplying(db, runId, userNo)).toBe('started');
  return { runId, organizationNo, userNo };
}

interface HistoryRow {
  event: string;
  field: string | null;
  old_value: string | null;
  new_value: string | null;
}

async function historyOf(employeeNo: number, dependentNo: number | null = null) {
  const { rows } = await sql<HistoryRow>`
    select event, field, old_value, new_value from member_change_history
    where employee_no = ${employeeNo} and dependent_no is not distinct from ${dependentNo}
    order by history_no`.execute(t.ctx.db);
  return rows;
}

async function employeeRow(employeeNo: number) {
  const { rows } = await sql<{
    first_name: string;
    last_name: string;
    process_status: number;
    expiration_date: string | null;
    effective_date: string;
    benefit_group_no: number;
  }>`
    select first_name, last_name, process_status, expiration_date::text as expiration_date,
           effective_date::text as effective_date, benefit_group_no
    from employee where employee_no = ${employeeNo}`.execute(t.ctx.db);
  return rows[0]!;
}

async function runRow(runId: number) {
  const { rows } = await sql<{ status: string; rows_applied: number; rows_rejected: number }>`
    select status, rows_applied, rows_rejected from ei_run where run_id = ${runId}`.execute(
    t.ctx.db,
  );
  return rows[0]!;
}

/** How many lanes a run's changes fill (each lane's last batch finds it has nothing left). */
async function lanesUsed(runId: number) {
  const { rows } = await sql<{ n: number }>`
    select count(distinct lane)::int as n from ei_change where run_id = ${runId}`.execute(t.ctx.db);
  return rows[0]!.n;
}

/** The lane of a family, by its SSN (the employee's). */
const laneOf = (ssn: string) => laneOfFamily(ssnOf().searchHash(ssn));

/** `n` SSNs from `from` on whose own family would be in `lane`. */
function ssnsInLane(lane: number, n: number, from: number): string[] {
  const out: string[] = [];
  for (let x = from; out.length < n; x++) if (laneOf(String(x)) === lane) out.push(String(x));
  return out;
}

/** A run's changes as the run page lists them: id, selected, applied. */
async function changeMarks(runId: number) {
  const { rows } = await listChanges(t.ctx.db, runId, {
    limit: null,
    offset: 0,
    sort: 'rowNumber',
    desc: false,
  });
  return rows.map((r) => ({ changeId: r.changeId, selected: r.selected, applied: r.applied }));
}

/** The history rows a hand edit made, without the first ('create') row of the member. */
const edits = async (e: EmployeeHandle) => (await historyOf(e.employeeNo)).slice(1);

const person = {
  firstName: 'Ann',
  lastName: 'Lee',
  birthdate: '1980-01-01',
  gender: 'F',
  effectiveDate: '2026-01-01',
};

describe('eligibility import apply', () => {
  it('applies each kind of change with the same history rows as the member page', async () => {
    const s = await given(t)
      .organization()
      .group({ benefitGroupId: 'G1' })
      .employee(person)
      .employee(person)
      .employee({ firstName: 'Bob', effectiveDate: '2026-01-01' })
      .dependent({ firstName: 'Bea', effectiveDate: '2026-01-01' })
      .employee({ firstName: 'Bob', effectiveDate: '2026-01-01' })
      .dependent({ firstName: 'Bea', effectiveDate: '2026-01-01' })
      .employee({ effectiveDate: '2026-01-01', terminationDate: '2026-06-30' })
      .employee({ effectiveDate: '2026-01-01' })
      .group({ benefitGroupId: 'G2' })
      .build();
    const [ann, annByHand, bob, bobByHand, cal, dan] = s.employees as [
      EmployeeHandle,
      EmployeeHandle,
      EmployeeHandle,
      EmployeeHandle,
      EmployeeHandle,
      EmployeeHandle,
    ];
    const [g1, g2] = s.groups;
    const bea = s.dependents[0]!;
    const org = s.organization.organizationNo;

    // The same edits by hand, for the history rows to compare with.
    const patched = await t.injectAs('accountManager', {
      method: 'PUT',
      url: annByHand.url,
      payload: { ...person, firstName: 'Anne', effectiveDate: undefined },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const terminated = await t.injectAs('accountManager', {
      method: 'PUT',
      url: `${bobByHand.url}/termination`,
      payload: { terminationDate: '2026-12-31' },
    });
    expect(terminated.statusCode).toBe(200);

    const newSsn = '123450001';
    const kidSsn = '123450002';
    const run = await previewedRun(
      org,
      [
        row(1, ann.ssn!, { firstName: 'Anne' }),
        row(2, bob.ssn!, { termDate: '2026-12-31' }),
        row(3, cal.ssn!, { effectiveDate: '2026-07-01' }),
        row(4, dan.ssn!, { groupId: 'G2' }),
        row(5, newSsn, { firstName: 'Nia', lastName: 'New' }),
        row(6, kidSsn, {
          recordType: 'D',
          employeeSsn: newSsn,
          firstName: 'Kit',
          lastName: 'New',
          relationship: '19',
        }),
      ],
      [
        change(1, ann.ssn!, 'fieldChange', {
          memberId: ann.employeeNo,
          field: 'firstName',
          oldValue: 'Ann',
          newValue: 'Anne',
        }),
        change(2, bob.ssn!, 'termination', {
          memberId: bob.employeeNo,
          field: 'termDate',
          newValue: '2026-12-31',
          changeDate: '2026-12-31',
        }),
        change(3, cal.ssn!, 'reinstatement', {
          memberId: cal.employeeNo,
          field: 'termDate',
          oldValue: '2026-06-30',
          changeDate: '2026-07-01',
        }),
        change(4, dan.ssn!, 'groupChange', {
          memberId: dan.employeeNo,
          field: 'groupId',
          oldValue: 'G1',
          newValue: 'G2',
        }),
        change(5, newSsn, 'newMember', { newValue: 'New, Nia', changeDate: '2026-01-01' }),
        change(6, kidSsn, 'newDependent', { newValue: 'New, Kit', changeDate: '2026-01-01' }),
      ],
    );

    const outcome = await applyRun(deps(), run);
    // One batch a lane (a new member and its dependent share one).
    expect(outcome).toEqual({ batches: await lanesUsed(run.runId), applied: 6, refused: 0 });
    expect(await runRow(run.runId)).toMatchObject({ status: 'applied', rows_applied: 6 });

    // A changed field and a termination: the rows the member page wrote for the same edits.
    expect((await employeeRow(ann.employeeNo)).first_name).toBe('Anne');
    expect(await edits(ann)).toEqual(await edits(annByHand));
    expect(await edits(ann)).toEqual([
      { event: 'update', field: 'firstName', old_value: 'Ann', new_value: 'Anne' },
    ]);
    expect(await employeeRow(bob.employeeNo)).toMatchObject({
      process_status: 9,
      expiration_date: '2026-12-31',
    });
    expect(await edits(bob)).toEqual(await edits(bobByHand));
    // The dependent ends with the member (decision 0073), as by hand.
    const handBea = s.dependents[1]!;
    expect((await historyOf(bob.employeeNo, bea.dependentNo)).slice(1)).toEqual(
      (await historyOf(bobByHand.employeeNo, handBea.dependentNo)).slice(1),
    );
    expect((await historyOf(bob.employeeNo, bea.dependentNo)).slice(1)).toEqual([
      { event: 'terminate', field: 'processStatus', old_value: '1', new_value: '9' },
      { event: 'terminate', field: 'expirationDate', old_value: null, new_value: '2026-12-31' },
    ]);

    // A reinstatement: back to active from the file's date.
    expect(await employeeRow(cal.employeeNo)).toMatchObject({
      process_status: 1,
      expiration_date: null,
      effective_date: '2026-07-01',
    });
    expect((await historyOf(cal.employeeNo)).at(-3)).toEqual({
      event: MEMBER_HISTORY_EVENTS.reinstate,
      field: 'processStatus',
      old_value: '9',
      new_value: '1',
    });

    // A group change: the member's group, its assignments and the history.
    expect((await employeeRow(dan.employeeNo)).benefit_group_no).toBe(g2!.benefitGroupNo);
    const { rows: assignments } = await sql<{ g: number; e: string; x: string | null }>`
      select benefit_group_no as g, effective_date::text as e, expiration_date::text as x
      from member_group_assignment where employee_no = ${dan.employeeNo}
      order by group_assignment_no`.execute(t.ctx.db);
    expect(assignments).toEqual([
      { g: g1!.benefitGroupNo, e: '2026-01-01', x: '2026-11-23' },
      { g: g2!.benefitGroupNo, e: TODAY, x: null },
    ]);
    expect(await edits(dan)).toEqual([
      { event: 'group-change', field: 'group', old_value: 'G1', new_value: 'G2' },
    ]);

    // A new member and its dependent, with the SSN's hash and a 'create' row each.
    const ssn = ssnOf();
    const { rows: created } = await sql<{
      employee_no: number;
      first_name: string;
      ssn_encrypted: Uint8Array;
      generated_id: string;
    }>`
      select employee_no, first_name, ssn_encrypted, generated_id from employee
      where organization_no = ${org} and ssn_hash = ${ssn.searchHash(newSsn)}`.execute(t.ctx.db);
    expect(created).toHaveLength(1);
    expect(created[0]!.first_name).toBe('Nia');
    expect(ssn.decrypt(created[0]!.ssn_encrypted)).toBe(newSsn);
    expect(created[0]!.generated_id).toMatch(/^PL\d{9}$/);
    expect(await historyOf(created[0]!.employee_no)).toEqual([
      { event: 'create', field: null, old_value: null, new_value: null },
    ]);
    const { rows: kids } = await sql<{ dependent_no: number; relationship: number }>`
      select dependent_no, relationship from dependent
      where employee_no = ${created[0]!.employee_no}`.execute(t.ctx.db);
    expect(kids).toEqual([{ dependent_no: kids[0]!.dependent_no, relationship: 3 }]);
    expect(await historyOf(created[0]!.employee_no, kids[0]!.dependent_no)).toEqual([
      { event: 'create', field: null, old_value: null, new_value: null },
    ]);
  });

  it('applies two lanes at once; a killed apply resumes each lane after its mark and applies each change once', async () => {
    const s = await given(t).organization().group({ benefitGroupId: 'G1' }).build();
    const org = s.organization.organizationNo;
    // Seven new members in lane 0 and five in lane 1, in the file one of each after the other.
    const zero = ssnsInLane(0, 7, 223450000);
    const one = ssnsInLane(1, 5, 223460000);
    const ssns = zero.flatMap((x, i) => (one[i] ? [x, one[i]] : [x]));
    const run = await previewedRun(
      org,
      ssns.map((x, i) => row(i + 1, x, { lastName: `Lee${i}` })),
      ssns.map((x, i) => change(i + 1, x, 'newMember')),
    );
    const creates = async () => {
      const { rows } = await sql<{ n: number }>`
        select count(*)::int as n from member_change_history h
        join employee e on e.employee_no = h.employee_no
        where e.organization_no = ${org} and h.event = 'create'`.execute(t.ctx.db);
      return rows[0]!.n;
    };
    const changeOf = new Map(ssns.map((x, i) => [x, i + 1]));

    // The process dies after each lane's first batch of three.
    expect(await applyRun(deps(), run, { batchSize: 3, stopAfter: 1 })).toMatchObject({
      batches: 2,
      applied: 6,
    });
    expect(await creates()).toBe(6);
    expect(await runRow(run.runId)).toMatchObject({ status: 'applying', rows_applied: 6 });
    // The run page's Applied column: each lane's first three changes, from the lanes' marks.
    const first = new Set([...zero.slice(0, 3), ...one.slice(0, 3)].map((x) => changeOf.get(x)));
    expect(await changeMarks(run.runId)).toEqual(
      ssns.map((_, i) => ({ changeId: i + 1, selected: true, applied: first.has(i + 1) })),
    );

    // Restarted: the rest, once (lane 0 in two batches, lane 1 in one).
    expect(await applyRun(deps(), run, { batchSize: 3 })).toMatchObject({
      batches: 3,
      applied: 6,
    });
    expect(await creates()).toBe(12);
    const { rows } = await sql<{ n: number; hashes: number }>`
      select count(*)::int as n, count(distinct ssn_hash)::int as hashes from employee
      where organization_no = ${org}`.execute(t.ctx.db);
    expect(rows[0]).toEqual({ n: 12, hashes: 12 });
    expect(await runRow(run.runId)).toMatchObject({ status: 'applied', rows_applied: 12 });
    expect((await changeMarks(run.runId)).every((c) => c.applied)).toBe(true);
    expect(await applyRun(deps(), run)).toEqual({ batches: 0, applied: 0, refused: 0 });
    expect(await creates()).toBe(12);
  });

  it('a lane that fails fails the run with its message; Apply again resumes it and applies each change once', async () => {
    const s = await given(t).organization().group({ benefitGroupId: 'G1' }).build();
    const org = s.organization.organizationNo;
    const zero = ssnsInLane(0, 4, 523450000);
    const one = ssnsInLane(1, 4, 523460000);
    const ssns = [...zero, ...one];
    // Lane 0's third member cannot be written (a stand-in for a database error mid-lane).
    const run = await previewedRun(
      org,
      ssns.map((x, i) => row(i + 1, x, { lastName: i === 2 ? 'Boom' : `Lee${i}` })),
      ssns.map((x, i) => change(i + 1, x, 'newMember')),
    );
    await sql`
      create function pg_temp_boom() returns trigger language plpgsql as $$
      begin
        if new.last_name = 'Boom' then raise exception 'lane test failure'; end if;
        return new;
      end $$`.execute(t.ctx.db);
    await sql`
      create trigger boom before insert on employee
      for each row execute function pg_temp_boom()`.execute(t.ctx.db);
    const count = async () => {
      const { rows } = await sql<{ n: number; hashes: number }>`
        select count(*)::int as n, count(distinct ssn_hash)::int as hashes from employee
        where organization_no = ${org}`.execute(t.ctx.db);
      return rows[0]!;
    };
    try {
      await runApplyJob(deps(), run);
      // Lane 1's batch, begun with lane 0's, is written; lane 0's is not.
      const { rows: failed } = await sql<{ status: string; error: string | null }>`
        select status, error from ei_run where run_id = ${run.runId}`.execute(t.ctx.db);
      expect(failed[0]!.status).toBe('failed');
      expect(failed[0]!.error?.length).toBeGreaterThan(0);
      expect(await count()).toEqual({ n: 4, hashes: 4 });
      expect(await runRow(run.runId)).toMatchObject({ rows_applied: 4 });
    } finally {
      await sql`drop trigger boom on employee`.execute(t.ctx.db);
      await sql`drop function pg_temp_boom()`.execute(t.ctx.db);
    }

    expect(await startApplying(t.ctx.db, run.runId, run.userNo)).toBe('started');
    expect(await applyRun(deps(), run)).toEqual({ batches: 1, applied: 4, refused: 0 });
    expect(await count()).toEqual({ n: 8, hashes: 8 });
    expect(await runRow(run.runId)).toMatchObject({ status: 'applied', rows_applied: 8 });
    expect((await changeMarks(run.runId)).every((c) => c.applied)).toBe(true);
  });

  it("keeps a family in its employee's lane: new dependents of a new employee, split across batches, or following their employee's row", async () => {
    const s = await given(t).organization().group({ benefitGroupId: 'G1' }).build();
    const org = s.organization.organizationNo;
    // A family in each lane; each dependent's own SSN would be in the other lane.
    const [mom] = ssnsInLane(0, 1, 323450000);
    const [dad] = ssnsInLane(1, 1, 323460000);
    const momKids = ssnsInLane(1, 3, 323470000);
    const dadKids = ssnsInLane(0, 3, 323480000);
    const kid = (n: number, x: string, employeeSsn: string | null) =>
      row(n, x, { recordType: 'D', employeeSsn, firstName: `Kid${n}`, relationship: '19' });
    // Dad's children follow his row and name no one (the employee row before them counts);
    // Mom's name her. Batches of two: Mom's first child comes with her, the others after.
    const rows = [
      row(1, mom!, { lastName: 'Mom' }),
      row(2, dad!, { lastName: 'Dad' }),
      ...dadKids.map((x, i) => kid(3 + i, x, null)),
      ...momKids.map((x, i) => kid(6 + i, x, mom!)),
    ];
    const run = await previewedRun(
      org,
      rows,
      rows.map((r) =>
        change(r.rowNumber, r.ssn, r.recordType === 'E' ? 'newMember' : 'newDependent'),
      ),
    );
    const { rows: lanes } = await sql<{ row_number: number; lane: number }>`
      select row_number, lane from ei_change where run_id = ${run.runId}
      order by row_number`.execute(t.ctx.db);
    expect(lanes.map((l) => l.lane)).toEqual([0, 1, 1, 1, 1, 0, 0, 0]);

    // Batches of two: each family's dependents come in its lane's later batches.
    expect(await applyRun(deps(), run, { batchSize: 2 })).toEqual({
      batches: 4,
      applied: 8,
      refused: 0,
    });
    const ssn = ssnOf();
    const childrenOf = async (employeeSsn: string) => {
      const { rows: found } = await sql<{ h: Buffer }>`
        select d.ssn_hash as h from dependent d join employee e on e.employee_no = d.employee_no
        where e.organization_no = ${org} and e.ssn_hash = ${ssn.searchHash(employeeSsn)}
        order by d.dependent_no`.execute(t.ctx.db);
      return found.map((f) => Buffer.from(f.h).toString('hex'));
    };
    const hexOf = (x: string) => ssn.searchHash(x).toString('hex');
    expect(await childrenOf(mom!)).toEqual(momKids.map(hexOf));
    expect(await childrenOf(dad!)).toEqual(dadKids.map(hexOf));
    expect(await runRow(run.runId)).toMatchObject({ status: 'applied', rows_applied: 8 });
  });

  it('a change Apply has passed keeps its selection: a deselected one stays unapplied and a later Apply leaves it', async () => {
    const s = await given(t).organization().group({ benefitGroupId: 'G1' }).build();
    const org = s.organization.organizationNo;
    const ssns = ssnsInLane(0, 4, 423450000);
    const run = await previewedRun(
      org,
      ssns.map((x, i) => row(i + 1, x)),
      ssns.map((x, i) => change(i + 1, x, 'newMember')),
      { start: false },
    );
    await saveSelection(t.ctx.db, run.runId, [2]);
    expect(await startApplying(t.ctx.db, run.runId, run.userNo)).toBe('started');
    // The first batch reaches change 3 (1 and 3: change 2 is not selected).
    expect(await applyRun(deps(), run, { batchSize: 2, stopAfter: 1 })).toMatchObject({
      batches: 1,
      applied: 2,
    });
    expect(await changeMarks(run.runId)).toEqual([
      { changeId: 1, selected: true, applied: true },
      { changeId: 2, selected: false, applied: false },
      { changeId: 3, selected: true, applied: true },
      { changeId: 4, selected: true, applied: false },
    ]);
    // The apply failed here; every change is accepted again before Apply resumes: change 2,
    // behind the lane's mark, keeps its selection; change 4 is deselected.
    await saveSelection(t.ctx.db, run.runId, [4]);
    expect(await applyRun(deps(), run, { batchSize: 2 })).toEqual({
      batches: 0,
      applied: 0,
      refused: 0,
    });
    expect(await changeMarks(run.runId)).toEqual([
      { changeId: 1, selected: true, applied: true },
      { changeId: 2, selected: false, applied: false },
      { changeId: 3, selected: true, applied: true },
      { changeId: 4, selected: false, applied: false },
    ]);
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from employee where organization_no = ${org}`.execute(t.ctx.db);
    expect(rows[0]!.n).toBe(2);
    expect(await runRow(run.runId)).toMatchObject({ status: 'applied', rows_applied: 2 });
  });

  it("a batch cut inside a row's changes takes the rest of that row", async () => {
    const s = await given(t)
      .organization()
      .group({ benefitGroupId: 'G1' })
      .employee({ lastName: 'One', effectiveDate: '2026-01-01' })
      .employee({ firstName: 'Two', lastName: 'Two', effectiveDate: '2026-01-01' })
      .employee({ lastName: 'Three', effectiveDate: '2026-01-01' })
      .build();
    const [one, two, three] = s.employees as [EmployeeHandle, EmployeeHandle, EmployeeHandle];
    const names = (e: EmployeeHandle, field: string, oldValue: string, newValue: string) =>
      change(0, e.ssn!, 'fieldChange', { memberId: e.employeeNo, field, oldValue, newValue });
    const run = await previewedRun(
      s.organization.organizationNo,
      [
        row(1, one.ssn!, { lastName: 'Uno' }),
        row(2, two.ssn!, { firstName: 'Dos', lastName: 'Deux' }),
        row(3, three.ssn!, { lastName: 'Tres' }),
      ],
      [
        { ...names(one, 'lastName', 'One', 'Uno'), rowNumber: 1 },
        { ...names(two, 'firstName', 'Two', 'Dos'), rowNumber: 2 },
        { ...names(two, 'lastName', 'Two', 'Deux'), rowNumber: 2 },
        { ...names(three, 'lastName', 'Three', 'Tres'), rowNumber: 3 },
      ],
      { oneLane: true },
    );
    // A batch of two ends at row 2's first change: its second comes along, row 3 waits.
    expect(await applyRun(deps(), run, { batchSize: 2, stopAfter: 1 })).toMatchObject({
      batches: 1,
      applied: 3,
    });
    expect(await employeeRow(two.employeeNo)).toMatchObject({
      first_name: 'Dos',
      last_name: 'Deux',
    });
    expect(await edits(two)).toEqual([
      {
        event: MEMBER_HISTORY_EVENTS.update,
        field: 'firstName',
        old_value: 'Two',
        new_value: 'Dos',
      },
      {
        event: MEMBER_HISTORY_EVENTS.update,
        field: 'lastName',
        old_value: 'Two',
        new_value: 'Deux',
      },
    ]);
    expect((await employeeRow(three.employeeNo)).last_name).toBe('Three');
    expect(await applyRun(deps(), run, { batchSize: 2 })).toEqual({
      batches: 1,
      applied: 1,
      refused: 0,
    });
    expect((await employeeRow(three.employeeNo)).last_name).toBe('Tres');
  });

  it("never touches another organization's member, and refuses a row whole when one change breaks a rule", async () => {
    const other = await given(t)
      .organization()
      .group({ benefitGroupId: 'G1' })
      .employee({ lastName: 'Outside', effectiveDate: '2026-01-01' })
      .build();
    const s = await given(t)
      .organization()
      .group({ benefitGroupId: 'G1' })
      .employee({ lastName: 'Inside', effectiveDate: '2026-03-01' })
      .employee({ lastName: 'Plain', effectiveDate: '2026-01-01' })
      .build();
    const [inside, plain] = s.employees as [EmployeeHandle, EmployeeHandle];
    const outsider = other.employee;
    const run = await previewedRun(
      s.organization.organizationNo,
      [
        row(1, outsider.ssn!, { lastName: 'Taken' }),
        row(2, inside.ssn!, { lastName: 'Changed', termDate: '2026-02-01' }),
        row(3, plain.ssn!, { lastName: 'Plainer' }),
      ],
      [
        change(1, outsider.ssn!, 'fieldChange', {
          memberId: outsider.employeeNo,
          field: 'lastName',
          newValue: 'Taken',
        }),
        change(2, inside.ssn!, 'fieldChange', {
          memberId: inside.employeeNo,
          field: 'lastName',
          newValue: 'Changed',
        }),
        // The member's effective date is after the file's termination date.
        change(2, inside.ssn!, 'termination', {
          memberId: inside.employeeNo,
          field: 'termDate',
          newValue: '2026-02-01',
        }),
        change(3, plain.ssn!, 'fieldChange', {
          memberId: plain.employeeNo,
          field: 'lastName',
          newValue: 'Plainer',
        }),
      ],
    );
    expect(await applyRun(deps(), run)).toEqual({
      batches: await lanesUsed(run.runId),
      applied: 1,
      refused: 2,
    });
    expect((await employeeRow(outsider.employeeNo)).last_name).toBe('Outside');
    expect(await edits(outsider)).toEqual([]);
    expect(await employeeRow(inside.employeeNo)).toMatchObject({
      last_name: 'Inside',
      process_status: 1,
    });
    expect(await edits(inside)).toEqual([]);
    expect((await employeeRow(plain.employeeNo)).last_name).toBe('Plainer');
    const { rows: rejected } = await sql<{ row_number: number; field: string; message: string }>`
      select row_number, field, message from ei_rejected where run_id = ${run.runId}
      order by row_number`.execute(t.ctx.db);
    expect(rejected).toEqual([
      { row_number: 1, field: 'ssn', message: ELIGIBILITY_APPLY_MESSAGES.memberNotFound },
      {
        row_number: 2,
        field: 'termDate',
        message: MEMBER_RECORD_MESSAGES.terminationBeforeEffective,
      },
    ]);
    expect(await runRow(run.runId)).toMatchObject({
      status: 'applied',
      rows_applied: 1,
      rows_rejected: 2,
    });
  });

  it("re-checks the applying user's groups: a restriction narrowed after the preview refuses the other groups' rows", async () => {
    const s = await given(t)
      .organization()
      .group({ benefitGroupId: 'G1' })
      .employee({ lastName: 'Mine', effectiveDate: '2026-01-01' })
      .employee({ lastName: 'Mover', effectiveDate: '2026-01-01' })
      .group({ benefitGroupId: 'G2' })
      .employee({ lastName: 'Theirs', effectiveDate: '2026-01-01' })
      .user({ type: 'client', roles: ['clientManageEligibility'], groups: [0, 1] })
      .build();
    const [mine, mover, theirs] = s.employees as [EmployeeHandle, EmployeeHandle, EmployeeHandle];
    const [g1, g2] = s.groups;
    const org = s.organization.organizationNo;
    const rows = [
      row(1, mine.ssn!, { lastName: 'Mended' }),
      row(2, theirs.ssn!, { lastName: 'Changed', groupId: 'G2' }),
      row(3, mover.ssn!, { groupId: 'G2' }),
      row(4, '123460001', { firstName: 'Gus', lastName: 'There', groupId: 'G2' }),
      row(5, '123460002', {
        recordType: 'D',
        employeeSsn: theirs.ssn!,
        firstName: 'Kit',
        lastName: 'Theirs',
        relationship: '19',
        groupId: 'G2',
      }),
      row(6, '123460003', { firstName: 'Hal', lastName: 'Here' }),
    ];
    const changes = [
      change(1, mine.ssn!, 'fieldChange', {
        memberId: mine.employeeNo,
        field: 'lastName',
        oldValue: 'Mine',
        newValue: 'Mended',
      }),
      change(2, theirs.ssn!, 'fieldChange', {
        memberId: theirs.employeeNo,
        field: 'lastName',
        oldValue: 'Theirs',
        newValue: 'Changed',
      }),
      change(3, mover.ssn!, 'groupChange', {
        memberId: mover.employeeNo,
        field: 'groupId',
        oldValue: 'G1',
        newValue: 'G2',
      }),
      change(4, '123460001', 'newMember', { newValue: 'There, Gus', changeDate: '2026-01-01' }),
      change(5, '123460002', 'newDependent', { newValue: 'Theirs, Kit', changeDate: '2026-01-01' }),
      change(6, '123460003', 'newMember', { newValue: 'Here, Hal', changeDate: '2026-01-01' }),
    ];
    // Previewed while the client held both groups; G2 is taken away before Apply.
    const run = await previewedRun(org, rows, changes, { userNo: s.user.userNo });
    await sql`delete from user_benefit_group
      where user_no = ${s.user.userNo} and benefit_group_no = ${g2!.benefitGroupNo}`.execute(
      t.ctx.db,
    );
    expect(await applyRun(deps(), run)).toEqual({
      batches: await lanesUsed(run.runId),
      applied: 2,
      refused: 4,
    });
    const { rows: rejected } = await sql<{ row_number: number; field: string; message: string }>`
      select row_number, field, message from ei_rejected where run_id = ${run.runId}
      order by row_number`.execute(t.ctx.db);
    const M = ELIGIBILITY_IMPORT_MESSAGES;
    expect(rejected).toEqual([
      { row_number: 2, field: 'ssn', message: M.memberGroupNotPermitted },
      { row_number: 3, field: 'groupId', message: M.groupNotPermitted },
      { row_number: 4, field: 'groupId', message: M.groupNotPermitted },
      { row_number: 5, field: 'ssn', message: M.memberGroupNotPermitted },
    ]);
    expect((await employeeRow(mine.employeeNo)).last_name).toBe('Mended');
    expect((await employeeRow(theirs.employeeNo)).last_name).toBe('Theirs');
    expect(await edits(theirs)).toEqual([]);
    expect((await employeeRow(mover.employeeNo)).benefit_group_no).toBe(g1!.benefitGroupNo);
    const { rows: people } = await sql<{ last_name: string; benefit_group_no: number | null }>`
      select e.last_name, e.benefit_group_no from employee e where e.organization_no = ${org}
        and e.last_name in ('There', 'Here')
      union all
      select d.last_name, null from dependent d where d.employee_no = ${theirs.employeeNo}`.execute(
      t.ctx.db,
    );
    expect(people).toEqual([{ last_name: 'Here', benefit_group_no: g1!.benefitGroupNo }]);

    // A user no longer active applies nothing.
    const next = await previewedRun(
      org,
      [row(1, mine.ssn!, { lastName: 'Again' })],
      [
        change(1, mine.ssn!, 'fieldChange', {
          memberId: mine.employeeNo,
          field: 'lastName',
          oldValue: 'Mended',
          newValue: 'Again',
        }),
      ],
      { userNo: s.user.userNo },
    );
    await sql`update app_user set active = false where user_no = ${s.user.userNo}`.execute(
      t.ctx.db,
    );
    expect(await applyRun(deps(), next)).toEqual({
      batches: await lanesUsed(next.runId),
      applied: 0,
      refused: 1,
    });
    expect((await employeeRow(mine.employeeNo)).last_name).toBe('Mended');
    // The run page's Applied column says No for a change its row's refusal left unwritten.
    expect(await changeMarks(next.runId)).toEqual([
      { changeId: 1, selected: true, applied: false },
    ]);
  });

  it('the set-based history writer writes the rows writeMemberHistory writes', async () => {
    const s = await given(t).organization().group().employee().build();
    const employeeNo = s.employee.employeeNo;
    const entry = {
      event: MEMBER_HISTORY_EVENTS.update,
      changes: [
        { field: 'firstName', oldValue: 'A', newValue: 'B' },
        { field: 'ssn', oldValue: '123456789', newValue: '987654321' },
        { field: 'zip', oldValue: '', newValue: 45402 },
      ],
    };
    const before = (await historyOf(employeeNo)).length;
    await t.ctx.db.transaction().execute(async (trx) => {
      await writeMemberHistory(trx, { changedBy: 1, target: { employeeNo } as never, ...entry });
      await writeMemberHistoryBatch(trx, 1, [{ employeeNo, dependentNo: null, ...entry }]);
      await writeMemberHistoryBatch(trx, 1, [
        { employeeNo, dependentNo: null, event: 'create', changes: [], always: true },
      ]);
    });
    const rows = (await historyOf(employeeNo)).slice(before);
    expect(rows.slice(3, 6)).toEqual(rows.slice(0, 3));
    expect(rows[1]).toEqual({
      event: 'update',
      field: 'ssn',
      old_value: null,
      new_value: 'changed',
    });
    expect(rows[2]).toMatchObject({ field: 'zip', old_value: null, new_value: '45402' });
    expect(rows[6]).toEqual({ event: 'create', field: null, old_value: null, new_value: null });
  });

  it('selection and Apply through the API: a deselected change stays, a second Apply is refused, outside scope is 404', async () => {
    const s = await given(t)
      .organization()
      .group({ benefitGroupId: 'G1' })
      .employee({ ...person, lastName: 'One' })
      .employee({ ...person, lastName: 'Two' })
      .build();
    const [one, two] = s.employees as [EmployeeHandle, EmployeeHandle];
    const run = await previewedRun(
      s.organization.organizationNo,
      [row(1, one.ssn!, { lastName: 'Uno' }), row(2, two.ssn!, { lastName: 'Dos' })],
      [
        change(1, one.ssn!, 'fieldChange', {
          memberId: one.employeeNo,
          field: 'lastName',
          newValue: 'Uno',
        }),
        change(2, two.ssn!, 'fieldChange', {
          memberId: two.employeeNo,
          field: 'lastName',
          newValue: 'Dos',
        }),
      ],
      { start: false },
    );
    const url = `/eligibilityImportSchema/eligibility-import-runs/${run.runId}`;
    // The client persona's organizations do not include this one.
    const outside = await t.injectAs('client', { method: 'POST', url: `${url}/apply` });
    expect(outside.statusCode).toBe(404);

    const selected = await t.injectAs('accountManager', {
      method: 'PUT',
      url: `${url}/selection`,
      payload: { acceptAll: false, deselected: [2] },
    });
    expect(selected.statusCode, selected.body).toBe(200);
    expect(selected.json()).toMatchObject({ status: 'previewed', rowsSelected: 1 });

    const applied = await t.injectAs('accountManager', { method: 'POST', url: `${url}/apply` });
    expect(applied.statusCode, applied.body).toBe(201);
    expect(applied.json()).toMatchObject({ status: 'applying' });
    const again = await t.injectAs('accountManager', { method: 'POST', url: `${url}/apply` });
    expect(again.statusCode).toBe(409);

    // The queued job's work, run here rather than by the worker.
    await runApplyJob(deps(), run);
    const answer = await t.injectAs('accountManager', { method: 'GET', url });
    expect(answer.json()).toMatchObject({ status: 'applied', rowsApplied: 1 });
    expect((await employeeRow(one.employeeNo)).last_name).toBe('Uno');
    expect((await employeeRow(two.employeeNo)).last_name).toBe('Two');
    const late = await t.injectAs('accountManager', {
      method: 'PUT',
      url: `${url}/selection`,
      payload: { acceptAll: true },
    });
    expect(late.statusCode).toBe(409);
  });
});
