import { describe, expect, it } from 'vitest';
import { ELIGIBILITY_EXPORT_MESSAGES } from '@pillar/domain';
import { readX12 } from '../../platform/x12/reader.ts';
import { given, type EmployeeHandle } from '../../test/given.ts';
import type { TestApp } from '../../test/test-app.ts';
import { useTestApp } from '../../test/use-test-app.ts';

let t: TestApp;
useTestApp((app) => (t = app));

const url = (orgNo: number, kind: 'full' | 'changes') =>
  `/eligibilityImportSchema/organizations/${orgNo}/eligibility-834?kind=${kind}`;

/** The file, read back with the platform's 834 reader: its one transaction. */
async function readBack(text: string) {
  const read = await readX12(text);
  expect(read.errors).toEqual([]);
  const interchange = read.interchanges[0]!;
  expect(interchange.errors).toEqual([]);
  expect(interchange.groups[0]!.errors).toEqual([]);
  const transaction = interchange.groups[0]!.transactions[0]!;
  expect(transaction.segmentErrors).toEqual([]);
  expect(transaction.errors).toEqual([]);
  expect(transaction.status).toBe('A');
  return transaction;
}

describe('834 export', () => {
  it("writes the organization's members and dependents, then only what changed since", async () => {
    const s = await given(t)
      .organization()
      .group({ benefitGroupId: 'GRX1' })
      .employee({ firstName: 'Ann', lastName: 'Able', effectiveDate: '2026-01-01' })
      .dependent({ firstName: 'Kit', lastName: 'Able', relationship: 3, ssn: '223456789' })
      .employee({ firstName: 'Bob', lastName: 'Best', effectiveDate: '2026-01-01' })
      .build();
    const [ann, bob] = s.employees as [EmployeeHandle, EmployeeHandle];
    const orgNo = s.organization.organizationNo;

    const full = await t.injectAs('accountManager', { method: 'GET', url: url(orgNo, 'full') });
    expect(full.statusCode, full.body).toBe(200);
    expect(full.headers['content-disposition']).toContain(`eligibility-${orgNo}-full-`);
    expect(full.body).toMatch(/^ISA\*/);
    expect(full.body).toContain('BGN*00*');
    const all = await readBack(full.body);
    expect(
      all.members.map((m) => [m.subscriber, m.relationship, m.maintenanceType, m.firstName]),
    ).toEqual([
      [true, '18', '030', 'Ann'],
      [false, '19', '030', 'Kit'],
      [true, '18', '030', 'Bob'],
    ]);
    const annLoop = all.members[0]!;
    expect(annLoop).toMatchObject({
      lastName: 'Able',
      ssn: ann.ssn,
      group: 'GRX1',
      birthDate: expect.stringMatching(/^\d{8}$/) as unknown,
    });
    expect(annLoop.coverages[0]).toMatchObject({ insuranceLine: 'PDG', begin: '20260101' });
    expect(all.members[1]).toMatchObject({ ssn: '223456789', subscriberId: annLoop.subscriberId });

    // Nothing changed since: no file (an 834 needs a member loop), and no export recorded.
    const none = await t.injectAs('accountManager', { method: 'GET', url: url(orgNo, 'changes') });
    expect(none.statusCode).toBe(409);
    expect(none.json<{ detail: string }>().detail).toBe(ELIGIBILITY_EXPORT_MESSAGES.noChanges);

    // Bob is terminated (his history says so) and Cy is added.
    const ended = await t.injectAs('accountManager', {
      method: 'PUT',
      url: `${bob.url}/termination`,
      payload: { terminationDate: '2026-12-31' },
    });
    expect(ended.statusCode).toBe(200);
    await given(t)
      .in(s.organization, s.group)
      .employee({ firstName: 'Cy', lastName: 'Cole', effectiveDate: '2026-02-01' })
      .build();
    const changes = await t.injectAs('accountManager', {
      method: 'GET',
      url: url(orgNo, 'changes'),
    });
    const changed = await readBack(changes.body);
    expect(changed.members.map((m) => [m.firstName, m.maintenanceType])).toEqual([
      ['Bob', '024'],
      ['Cy', '021'],
    ]);
    expect(changed.members[0]!.coverages[0]).toMatchObject({ end: '20261231' });
  });

  it("answers 404 outside the caller's organizations and 400 for an unknown kind", async () => {
    const s = await given(t).organization().group().employee().build();
    const orgNo = s.organization.organizationNo;
    const outside = await t.injectAs('client', { method: 'GET', url: url(orgNo, 'full') });
    expect(outside.statusCode).toBe(404);
    const bad = await t.injectAs('accountManager', {
      method: 'GET',
      url: `/eligibilityImportSchema/organizations/${orgNo}/eligibility-834?kind=some`,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ params: Record<string, string> }>().params).toMatchObject({
      kind: 'Kind must be full or changes',
    });
  });
});
