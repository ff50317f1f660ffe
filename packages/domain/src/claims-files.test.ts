import { describe, expect, it } from 'vitest';
import {
  CLAIMS_FILE_MESSAGES,
  faIterationInput,
  fillRangeProblem,
  monthsInRange,
  summaryColumns,
} from './claims-files.ts';

describe('claims files', () => {
  it('counts the calendar months a range touches, both ends', () => {
    expect(monthsInRange('2026-01-31', '2026-02-01')).toBe(2);
    expect(monthsInRange('2026-01-05', '2026-01-20')).toBe(1);
    expect(monthsInRange('2025-11-01', '2026-02-28')).toBe(4);
  });

  it('refuses a range outside the file or reversed', () => {
    expect(fillRangeProblem('2026-01-01', '2026-02-01', '2026-01-01', '2026-03-01')).toBeNull();
    expect(fillRangeProblem('2025-12-31', '2026-02-01', '2026-01-01', '2026-03-01')).toBe(
      CLAIMS_FILE_MESSAGES.rangeOutside,
    );
    expect(fillRangeProblem('2026-02-02', '2026-02-01', '2026-01-01', '2026-03-01')).toBe(
      CLAIMS_FILE_MESSAGES.startAfterEnd,
    );
    expect(fillRangeProblem('2026-01-01', '2026-01-01', null, null)).toBe(
      CLAIMS_FILE_MESSAGES.rangeOutside,
    );
  });

  it('defaults the template to Standard and refuses stale grids and a 4th output', () => {
    const grid = {
      columns: [
        {
          key: 'incumbent',
          name: 'Incumbent',
          planCost: {
            grossClaimAmountPaid: 1,
            lessMemberCostShare: 0,
            totalCredits: 0,
            rebateAmount: 0,
            totalFees: 0,
            netCost: 1,
          },
          contractSavings: { contractSavings: 0, percentSavings: 0 },
        },
      ],
    };
    const body = { mappedClaimFileID: 1, cscData: {}, notes: 'n', pricingGridData: grid };
    expect(faIterationInput.parse(body).outputTemplate).toBe('Standard');
    const stale = faIterationInput.safeParse({ ...body, cscData: { stale: true } });
    expect(stale.error?.issues[0]?.message).toBe(CLAIMS_FILE_MESSAGES.recalculate);
    const four = faIterationInput.safeParse({
      ...body,
      cscData: { outputColumns: ['a', 'b', 'c', 'd'] },
    });
    expect(four.error?.issues[0]?.message).toBe(CLAIMS_FILE_MESSAGES.tooManyOutputs);
    const blank = faIterationInput.safeParse({ ...body, notes: ' ' });
    expect(blank.error?.issues[0]?.message).toBe(CLAIMS_FILE_MESSAGES.notesRequired);
  });
});

describe("the Summary's created and dropped columns (decision 0145 'Summary columns')", () => {
  const source = ['Claim No', 'Member', 'Date Filled', 'Paid', 'Notes', 'Plan'];
  const mapped = ['claimId', 'memberId', 'fillDate', 'planPaid', 'claimStatus', 'drugName'];

  it('counts a renamed column as neither; unread sources dropped; unfed targets created', () => {
    const columns = summaryColumns(source, mapped, [
      { target: 'claimId', source: 'Claim No' },
      { target: 'memberId', source: 'Member' },
      { target: 'fillDate', source: 'Date Filled' },
      { target: 'planPaid', source: 'Paid' },
      // a literal only: derived, no source column fed it
      { target: 'claimStatus', concatenation: [{ type: 'literal', value: 'P' }] },
      { target: 'drugName', source: null },
    ]);
    expect(columns).toEqual({ createdCols: ['claimStatus', 'drugName'], droppedCount: 2 });
  });

  it('counts the source columns a concatenation or a multi-field transform reads', () => {
    const columns = summaryColumns(source, mapped, [
      { target: 'claimId', source: 'Claim No' },
      { target: 'memberId', source: 'Member' },
      { target: 'fillDate', source: 'Date Filled' },
      { target: 'planPaid', source: 'Paid' },
      {
        target: 'claimStatus',
        concatenation: [
          { type: 'schemaField', value: 'Notes' },
          { type: 'literal', value: '-' },
        ],
      },
      {
        target: 'drugName',
        multiField: {
          variables: [{ variableName: 'p', schemaField: 'Plan' }],
          transformation: 'X',
        },
      },
    ]);
    expect(columns).toEqual({ createdCols: [], droppedCount: 0 });
  });

  it('without the template, reads a mapped column from its namesake or its aliases', () => {
    // planPaid has no alias 'Paid'; 'Notes' passes through under its own name.
    expect(summaryColumns(source, [...mapped, 'Notes'], null)).toEqual({
      createdCols: ['planPaid', 'claimStatus', 'drugName'],
      droppedCount: 2,
    });
  });
});
