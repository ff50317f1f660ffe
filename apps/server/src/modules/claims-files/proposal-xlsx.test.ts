import { buffer } from 'node:stream/consumers';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { PROPOSAL_LAYOUTS, type ProposalData } from './proposal-layout.ts';
import { proposalXlsx, SHEET_ROW_LIMIT } from './proposal-xlsx.ts';

const DATA: ProposalData = {
  title: 'Opportunity 1, iteration 1',
  notes: '',
  template: 'Standard',
  layout: PROPOSAL_LAYOUTS.Standard,
  columns: [],
  footNotes: [],
  claimDetail: undefined,
};

async function* claims(n: number) {
  for (let i = 1; i <= n; i++)
    yield { row: i, claimId: `C${i}`, channel: i % 2 ? 'retail' : 'mail', gross: i / 100 };
}

describe('the proposal workbook (decision 0140)', () => {
  it("is Excel's row limit per sheet", () => {
    expect(SHEET_ROW_LIMIT).toBe(1_048_576);
  });

  it('streams every claim of the detail, continuing on a further sheet past the row limit', async () => {
    // 25 claims, 10 rows a sheet (the header and 9 claims): sheets of 9, 9 and 7 claims.
    const bytes = await buffer(proposalXlsx(DATA, claims(25), 10));
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(bytes as unknown as ArrayBuffer);
    expect(book.worksheets.map((s) => s.name)).toEqual([
      'Pricing Grid',
      'Claim Detail',
      'Claim Detail 2',
      'Claim Detail 3',
    ]);
    const sheets = book.worksheets.slice(1);
    expect(sheets.map((s) => s.rowCount)).toEqual([10, 10, 8]);
    let total = 0;
    const ids: string[] = [];
    for (const sheet of sheets) {
      expect(sheet.getRow(1).values).toEqual([undefined, 'row', 'claimId', 'channel', 'gross']);
      sheet.eachRow((row, n) => {
        if (n === 1) return;
        ids.push(row.getCell(2).value as string);
        total += row.getCell(4).value as number;
      });
    }
    expect(ids).toEqual(Array.from({ length: 25 }, (_, i) => `C${i + 1}`));
    // 1 + 2 + ... + 25 cents = $3.25.
    expect(Math.round(total * 100)).toBe(325);
  });

  it('stops reading the claims when the reader goes away, freeing their source', async () => {
    let read = 0;
    let freed!: () => void;
    const released = new Promise<void>((resolve) => (freed = resolve));
    async function* endless() {
      try {
        for (;;) {
          read += 1;
          yield { row: read, claimId: `C${read}`, gross: 1.25 };
        }
      } finally {
        freed();
      }
    }
    const out = proposalXlsx(DATA, endless());
    // Nobody reads: the workbook waits on its backlog, then the reader goes away.
    await new Promise((resolve) => setTimeout(resolve, 50));
    out.destroy();
    await released;
    expect(read).toBeGreaterThan(0);
  });

  it('writes the grid alone when there is no detail', async () => {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await buffer(proposalXlsx(DATA))) as unknown as ArrayBuffer);
    expect(book.worksheets.map((s) => s.name)).toEqual(['Pricing Grid']);
    expect(book.getWorksheet('Pricing Grid')!.getRow(1).values).toEqual([
      undefined,
      PROPOSAL_LAYOUTS.Standard.coverTitle,
    ]);
  });
});
