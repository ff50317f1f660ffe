import ExcelJS from 'exceljs';
import { gridRows, type ProposalData } from './proposal-layout.ts';

/*
 * The proposal workbook (decision 0126): a 'Pricing Grid' sheet (rows in the template's order,
 * numbers as numbers so the reader can sum them) and, when the repricing engine gave one, a
 * 'Claim Detail' sheet of the per-claim repricing. Money cells carry a currency format.
 */

const MONEY_FORMAT = '"$"#,##0.00;[Red]-"$"#,##0.00';

export async function proposalXlsx(data: ProposalData): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.creator = 'Pillar';
  // A fixed date keeps one iteration's workbook the same from one download to the next.
  book.created = new Date(0);
  book.modified = new Date(0);
  const grid = book.addWorksheet('Pricing Grid');
  grid.addRow([data.layout.coverTitle]);
  grid.addRow([data.title, data.template]);
  grid.addRow([]);
  grid.addRow(['', ...data.columns.map((c) => c.name)]).font = { bold: true };
  for (const row of gridRows(data.layout)) {
    const added = grid.addRow([row.label, ...data.columns.map((c) => row.value(c))]);
    added.eachCell((cell, col) => {
      if (col > 1) cell.numFmt = row.kind === 'money' ? MONEY_FORMAT : '0.0"%"';
    });
  }
  grid.getColumn(1).width = 28;
  data.columns.forEach((_, i) => (grid.getColumn(i + 2).width = 18));
  if (data.footNotes.length > 0) {
    grid.addRow([]);
    grid.addRow(['Footnotes']).font = { bold: true };
    data.footNotes.forEach((f, i) => grid.addRow([`${i + 1}. ${f.text}`]));
  }

  const detail = data.claimDetail;
  if (detail && detail.length > 0) {
    const sheet = book.addWorksheet('Claim Detail');
    const keys = Object.keys(detail[0]!);
    sheet.addRow(keys).font = { bold: true };
    for (const claim of detail) sheet.addRow(keys.map((k) => cellValue(claim[k])));
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

function cellValue(v: unknown): string | number | boolean | null {
  if (v === null || v === undefined) return null;
  if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'string') return v;
  return JSON.stringify(v);
}
