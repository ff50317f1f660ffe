import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { diffEligibility, ELIGIBILITY_IMPORT_MESSAGES, type AdvancedOptions } from '@pillar/domain';
import { createSsnProtector } from '../../platform/crypto/ssn.ts';
import { given } from '../../test/given.ts';
import { importRow, newRun } from '../../test/import-runs.ts';
import type { TestApp } from '../../test/test-app.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import {
  countStaged,
  insertChanges,
  insertRejected,
  insertRun,
  markApplied,
  nextUnapplied,
  saveSelection,
  setRunStatus,
  stageRows,
  STAGING_BATCH,
} from './eligibility-imports.repo.ts';
import * as preview from './eligibility-imports.preview.repo.ts';

let t: TestApp;
useTestApp((app) => (t = app));
const ssn = createSsnProtector(Buffer.alloc(32, 7));

/** An organization with one import configuration (schema and configuration written directly). */
async function configuration(): Promise<{ eicNo: number; organizationNo: number }> {
  const { organization } = await given(t).organization().build();
  const db = t.ctx.db;
  const schema = await sql<{ no: number }>`
    insert into import_schema (name, importer_type, media_type)
    values (${`S${organization.organizationNo}`}, 0, 'csv') returning import_schema_no as no`.execute(
    db,
  );
  const config = await sql<{ no: number }>`
    insert into import_configuration (name, organization_no, import_schema_no)
    values (${`C${organization.organizationNo}`}, ${organization.organizationNo}, ${schema.rows[0]!.no})
    returning eic_no as no`.execute(db);
  return { eicNo: config.rows[0]!.no, organizationNo: organization.organizationNo };
}

const row = (i: number) =>
  importRow(i + 1, String(100000000 + i), { maintenanceCode: '021', lastName: `Lee${i}` });
const run = (c: { eicNo: number; organizationNo: number }) => newRun(c);

describe('eligibility import runs: storage', () => {
  it('refuses a second active run on one configuration, and allows one after the first is previewed', async () => {
    const c = await configuration();
    const first = await insertRun(t.ctx.db, run(c));
    expect(first).toBeTypeOf('number');
    expect(await insertRun(t.ctx.db, run(c))).toBeNull();
    await setRunStatus(t.ctx.db, first!, 'previewed');
    expect(await insertRun(t.ctx.db, run(c))).toBeTypeOf('number');
  });

  it('stages rows in batches, stores the diff, and a killed apply resumes where it stopped', async () => {
    const c = await configuration();
    const runId = (await insertRun(t.ctx.db, run(c)))!;
    const rows = Array.from({ length: STAGING_BATCH * 2 + 1 }, (_, i) => row(i));
    const progress: number[] = [];
    await stageRows(t.ctx.db, runId, rows, ssn, async (n) => void progress.push(n));
    expect(await countStaged(t.ctx.db, runId)).toBe(rows.length);
    // The run's progress hears each batch once it is written (the job's rows validated).
    expect(progress).toEqual([STAGING_BATCH, STAGING_BATCH * 2, rows.length]);
    const { rows: order } = await sql<{ n: number; ln: string }>`
      select row_number as n, last_name as ln from ei_staging_row
      where run_id = ${runId} and row_number in (1, ${STAGING_BATCH + 1}, ${rows.length})
      order by 1`.execute(t.ctx.db);
    expect(order).toEqual([
      { n: 1, ln: 'Lee0' },
      { n: STAGING_BATCH + 1, ln: `Lee${STAGING_BATCH}` },
      { n: rows.length, ln: `Lee${rows.length - 1}` },
    ]);
    // No SSN in the clear (migrations 0027, 0029): a staged row holds the keyed hash only.
    const { rows: staged } = await sql<{ h: Buffer; text: string }>`
      select ssn_hash as h, row_to_json(s)::text as text
      from ei_staging_row s where run_id = ${runId} and row_number = 1`.execute(t.ctx.db);
    expect(Buffer.from(staged[0]!.h).equals(ssn.searchHash(rows[0]!.ssn))).toBe(true);
    expect(staged[0]!.text).not.toContain(rows[0]!.ssn);
    expect(Object.keys(JSON.parse(staged[0]!.text) as object)).not.toContain('ssn_encrypted');

    const options = { supportsUpdateOnlyRecords: false } as AdvancedOptions;
    const diff = diffEligibility([...rows, { ...row(0), rowNumber: rows.length + 1 }], [], {
      organizationId: 'X',
      groups: new Set(['G1']),
      today: '2026-11-24',
      fullFile: false,
      options,
    });
    expect(diff.rejected).toEqual([
      { rowNumber: 1, field: 'ssn', message: ELIGIBILITY_IMPORT_MESSAGES.duplicateSsn },
      {
        rowNumber: rows.length + 1,
        field: 'ssn',
        message: ELIGIBILITY_IMPORT_MESSAGES.duplicateSsn,
      },
    ]);
    await insertChanges(t.ctx.db, runId, diff.changes, ssn);
    // A change holds its row's SSN as the same keyed hash and a ciphertext that decrypts to it.
    const { rows: stored } = await sql<{ h: Buffer; e: Buffer; text: string }>`
      select ssn_hash as h, ssn_encrypted as e, row_to_json(c)::text as text
      from ei_change c where run_id = ${runId} and row_number = 2`.execute(t.ctx.db);
    expect(Buffer.from(stored[0]!.h).equals(ssn.searchHash(rows[1]!.ssn))).toBe(true);
    expect(ssn.decrypt(stored[0]!.e)).toBe(rows[1]!.ssn);
    expect(stored[0]!.text).not.toContain(rows[1]!.ssn);
    await insertRejected(t.ctx.db, runId, diff.rejected);
    await saveSelection(t.ctx.db, runId, [2]);

    // The first batch is applied, then the process dies; the resumed apply starts after it.
    const first = await nextUnapplied(t.ctx.db, runId, STAGING_BATCH);
    expect(first.map((x) => x.changeId).slice(0, 2)).toEqual([1, 3]);
    await t.ctx.db.transaction().execute((tx) =>
      markApplied(
        tx,
        runId,
        first.map((x) => x.changeId),
      ),
    );
    const rest: number[] = [];
    for (;;) {
      const batch = await nextUnapplied(t.ctx.db, runId, STAGING_BATCH);
      if (batch.length === 0) break;
      await markApplied(
        t.ctx.db,
        runId,
        batch.map((x) => x.changeId),
      );
      rest.push(...batch.map((x) => x.changeId));
    }
    const all = [...first.map((x) => x.changeId), ...rest];
    expect(new Set(all).size).toBe(all.length);
    expect(all).toHaveLength(diff.changes.length - 1);
    expect(all).not.toContain(2);
    const { rows: counts } = await sql<{ applied: number }>`
      select rows_applied as applied from ei_run where run_id = ${runId}`.execute(t.ctx.db);
    expect(counts[0]!.applied).toBe(diff.changes.length - 1);
  });

  it("stages each field as the file gives it, answers the rows' keyed hashes, and leaves the staging analyzed", async () => {
    const c = await configuration();
    const runId = (await insertRun(t.ctx.db, run(c)))!;
    const rows = [
      importRow(1, '100000001', {
        maintenanceCode: '021',
        organizationId: 'ORG\\1',
        firstName: 'Ann\tMarie',
        lastName: 'Lee\nO\\Brien\r',
        groupId: 'G1',
        alternateGroupId: 'G2',
        divisionId: 'D1',
        benefitPackage: 'BP',
        termDate: '2026-12-31',
        cobra: 'Y',
        retiree: 'N',
      }),
      importRow(2, '100000002', {
        recordType: 'D',
        employeeSsn: '100000001',
        firstName: 'Kit',
        relationship: '19',
        student: 'Y',
        disabled: 'N',
      }),
    ];
    const hashes = await stageRows(t.ctx.db, runId, rows, ssn);
    const hex = (s: string) => ssn.searchHash(s).toString('hex');
    expect(hashes).toEqual({
      ssn: [hex('100000001'), hex('100000002')],
      employeeSsn: [null, hex('100000001')],
    });
    const { rows: staged } = await sql<Record<string, unknown>>`
      select row_number, record_type, maintenance_code, organization_id,
        encode(ssn_hash, 'hex') as ssn_hash, encode(employee_ssn_hash, 'hex') as employee_ssn_hash,
        first_name, last_name, date_of_birth::text, gender, relationship, group_id,
        alternate_group_id, division_id, benefit_package, effective_date::text,
        term_date::text, flags
      from ei_staging_row where run_id = ${runId} order by row_number`.execute(t.ctx.db);
    expect(staged).toEqual([
      {
        row_number: 1,
        record_type: 'E',
        maintenance_code: '021',
        organization_id: 'ORG\\1',
        ssn_hash: hex('100000001'),
        employee_ssn_hash: null,
        first_name: 'Ann\tMarie',
        last_name: 'Lee\nO\\Brien\r',
        date_of_birth: '1980-01-01',
        gender: 'F',
        relationship: null,
        group_id: 'G1',
        alternate_group_id: 'G2',
        division_id: 'D1',
        benefit_package: 'BP',
        effective_date: '2026-01-01',
        term_date: '2026-12-31',
        flags: 'YN---',
      },
      {
        row_number: 2,
        record_type: 'D',
        maintenance_code: null,
        organization_id: null,
        ssn_hash: hex('100000002'),
        employee_ssn_hash: hex('100000001'),
        first_name: 'Kit',
        last_name: 'Lee',
        date_of_birth: '1980-01-01',
        gender: 'F',
        relationship: '19',
        group_id: 'G1',
        alternate_group_id: null,
        division_id: null,
        benefit_package: null,
        effective_date: '2026-01-01',
        term_date: null,
        flags: '--YN-',
      },
    ]);
    // The preview's reads are planned on statistics that know the run's rows (decision 0150).
    const { rows: stats } = await sql<{ tuples: number }>`
      select reltuples::int as tuples from pg_class where relname = 'ei_staging_row'`.execute(
      t.ctx.db,
    );
    expect(stats[0]!.tuples).toBeGreaterThanOrEqual(rows.length);
  });

  it("names the rows whose SSN is another organization's member or dependent and none of this one's, and reads this one's members the rows name", async () => {
    const mine = await given(t).organization().group().employee().build();
    const theirs = await given(t)
      .organization()
      .group()
      .employee()
      .dependent({ ssn: '899881234' })
      .build();
    // One SSN held in both organizations: a member of this one, so its row is not refused.
    const both = await given(t).in(theirs.group).employee({ ssn: mine.employee.ssn }).build();
    expect(both.employee.ssn).toBe(mine.employee.ssn);
    const c = {
      eicNo: (await configuration()).eicNo,
      organizationNo: mine.organization.organizationNo,
    };
    const runId = (await insertRun(t.ctx.db, run(c)))!;
    const key = createSsnProtector(t.ctx.secrets.ssnKey);
    const rows = [
      importRow(1, mine.employee.ssn!),
      importRow(2, theirs.employee.ssn!),
      importRow(3, '899881234', { recordType: 'D', employeeSsn: theirs.employee.ssn }),
      importRow(4, '899887777'),
    ];
    const hashes = await stageRows(t.ctx.db, runId, rows, key);
    expect(await preview.rowsNamingOtherOrganizations(t.ctx.db, runId, c.organizationNo)).toEqual([
      2, 3,
    ]);
    const current = await preview.currentRecords(t.ctx.db, runId, c.organizationNo, false);
    expect(current).toEqual([
      expect.objectContaining({
        memberId: mine.employee.employeeNo,
        recordType: 'E',
        ssnHash: hashes.ssn[0],
        // Named by a staged row: its SSN is the file's, its ciphertext not read.
        ssnEncrypted: null,
      }),
    ]);
    // A full file reads every member with its ciphertext (the members it leaves out).
    const all = await preview.currentRecords(t.ctx.db, runId, c.organizationNo, true);
    expect(all.map((r) => key.decrypt(r.ssnEncrypted!))).toEqual([mine.employee.ssn]);
  });

  it('refuses staged rows and changes naming no run (one check per statement, decision 0142), and a deleted run takes its rows along', async () => {
    const c = await configuration();
    const missing = 2_000_000_000;
    const rows = Array.from({ length: STAGING_BATCH + 1 }, (_, i) => row(i));
    // The first batch fails while the second is built: the error is the caller's, not unhandled.
    await expect(stageRows(t.ctx.db, missing, rows, ssn)).rejects.toMatchObject({
      code: '23503',
    });
    expect(await countStaged(t.ctx.db, missing)).toBe(0);
    const change = {
      rowNumber: 1,
      kind: 'newMember' as const,
      ssn: rows[0]!.ssn,
      memberId: null,
      field: null,
      oldValue: null,
      newValue: null,
      changeDate: '2026-11-24',
    };
    await expect(insertChanges(t.ctx.db, missing, [change], ssn)).rejects.toMatchObject({
      code: '23503',
    });

    const runId = (await insertRun(t.ctx.db, run(c)))!;
    await stageRows(t.ctx.db, runId, rows.slice(0, 2), ssn);
    await insertChanges(t.ctx.db, runId, [change], ssn);
    await sql`delete from ei_run where run_id = ${runId}`.execute(t.ctx.db);
    expect(await countStaged(t.ctx.db, runId)).toBe(0);
    const { rows: left } = await sql<{ n: number }>`
      select count(*)::int as n from ei_change where run_id = ${runId}`.execute(t.ctx.db);
    expect(left[0]!.n).toBe(0);
  });
});
