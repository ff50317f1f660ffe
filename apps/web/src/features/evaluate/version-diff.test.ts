import { describe, expect, it } from 'vitest';
import { diffVersions } from './version-diff.ts';

describe('diffVersions', () => {
  it('labels contract terms by their screen label and marks only what changed', () => {
    const march = {
      contractTermLength: 3,
      contractEffDate: '2026-01-01',
      ssgOrDsg: 'no',
      discounts: [
        { code: 'retailBrand', value: 18 },
        { code: 'mailFee', value: null },
      ],
    };
    const june = {
      contractTermLength: 3,
      contractEffDate: '2026-01-01',
      ssgOrDsg: 'SSG',
      discounts: [
        { code: 'mailFee', value: 0.5 },
        { code: 'retailBrand', value: 18 },
      ],
    };
    expect(diffVersions(march, june)).toEqual([
      {
        path: 'contractTermLength',
        label: 'Contract Term Length',
        left: '3',
        right: '3',
        changed: false,
      },
      {
        path: 'contractEffDate',
        label: 'Contract Effective Date',
        left: '01/01/2026',
        right: '01/01/2026',
        changed: false,
      },
      { path: 'ssgOrDsg', label: 'SSG/DSG', left: 'No', right: 'Yes - SSG', changed: true },
      {
        path: 'discounts.retailBrand',
        label: 'Retail Brand',
        left: '18',
        right: '18',
        changed: false,
      },
      {
        path: 'discounts.mailFee',
        label: 'Mail Dispensing Fee',
        left: '—',
        right: '0.5',
        changed: true,
      },
    ]);
  });

  it('compares named rows by name and shows a row only one version has', () => {
    const before = [{ name: 'Admin Fee', type: 'PEPM', amount: 2 }];
    const after = [
      { name: 'Connectivity Fee', type: 'PMPM', amount: 1 },
      { name: 'Admin Fee', type: 'PEPM', amount: 2.5 },
    ];
    const rows = diffVersions(before, after);
    expect(
      rows.filter((row) => row.changed).map((row) => [row.label, row.left, row.right]),
    ).toEqual([
      ['Admin Fee · Amount', '2', '2.5'],
      ['Connectivity Fee · Name', '—', 'Connectivity Fee'],
      ['Connectivity Fee · Type', '—', 'PMPM'],
      ['Connectivity Fee · Amount', '—', '1'],
    ]);
  });

  it('reads booleans as Yes and No, and an emptied list as a dash', () => {
    const rows = diffVersions({ used: true, items: [{ name: 'A' }] }, { used: false, items: [] });
    expect(rows.map((row) => [row.label, row.left, row.right, row.changed])).toEqual([
      ['Used', 'Yes', 'No', true],
      ['Items A · Name', 'A', '—', true],
      ['Items', '—', '—', false],
    ]);
  });

  it("compares a formulary list's drugs by formulary and NDC, wherever they stand in the list", () => {
    const drug = (formulary: string, ndc: string, status: string) => ({
      formulary,
      ndc,
      drugName: 'Atorvastatin',
      status,
    });
    const before = [
      drug('Value', '00093000001', 'excluded'),
      drug('Value', '00093000002', 'excluded'),
    ];
    const after = [
      drug('Value', '00093000002', 'nonPreferred'),
      drug('Value', '00093000001', 'excluded'),
      drug('Select', '00093000001', 'excluded'),
    ];
    expect(
      diffVersions(before, after)
        .filter((row) => row.changed)
        .map((row) => [row.path, row.left, row.right]),
    ).toEqual([
      ['Value 00093000002.status', 'excluded', 'nonPreferred'],
      ['Select 00093000001.formulary', '—', 'Select'],
      ['Select 00093000001.ndc', '—', '00093000001'],
      ['Select 00093000001.drugName', '—', 'Atorvastatin'],
      ['Select 00093000001.status', '—', 'excluded'],
    ]);
  });
});
