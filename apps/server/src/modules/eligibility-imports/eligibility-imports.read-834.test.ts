import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readX12 } from '../../platform/x12/reader.ts';
import { memberValues } from './eligibility-imports.read.ts';

// A sponsor's 834 lists every coverage of a member; the guide's termination may carry only the
// member's eligibility end. The file is the X12 reader's own test file in that shape.
const file = fs.readFileSync(
  path.join(import.meta.dirname, '../../platform/x12/test-files/several-coverages.834'),
  'utf8',
);

describe('an 834 member as a standard row', () => {
  it('takes the drug coverage (PDG) among several, and a termination date from DTP*357 without HD', async () => {
    const result = await readX12([file], { tree: false });
    const members = result.interchanges[0]!.groups[0]!.transactions[0]!.members;
    // HLT, DEN and VIS come first and begin 2025-01-01; the PDG coverage begins 2026-12-01.
    expect(memberValues(members[0]!)).toMatchObject({
      maintenanceCode: '001',
      effectiveDate: '2026-12-01',
      termDate: null,
    });
    expect(memberValues(members[3]!)).toMatchObject({
      maintenanceCode: '024',
      recordType: 'D',
      effectiveDate: null,
      termDate: '2026-11-30',
    });
    // A dependent without NM109: no SSN of its own, the subscriber's as the employee SSN.
    expect(memberValues(members[2]!)).toMatchObject({ ssn: null, employeeSsn: '410556677' });
  });
});
