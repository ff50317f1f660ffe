import ExcelJS from 'exceljs';
import { stringify } from 'csv-stringify/sync';
import {
  REPORT_TYPE_LABELS,
  formatDate,
  formatUsd,
  invoiceTypeLabel,
  sumMoney,
  type ReportFormat,
  type ReportType,
} from '@pillar/domain';
import { createPdf, type PdfColumn } from '../../platform/pdf/pdf-document.ts';
import type {
  ClaimDetailRow,
  ClaimSummaryRow,
  InvoiceLineRow,
  InvoiceWithContext,
} from './workspace.repo.ts';

/** What an invoice's documents are made from: its own lines, claim summary and claim detail. */
export interface InvoiceDocumentData {
  invoice: InvoiceWithContext;
  lines: InvoiceLineRow[];
  summary: ClaimSummaryRow[];
  detail: ClaimDetailRow[];
}

export interface RenderedReport {
  body: Buffer;
  contentType: string;
}

const CONTENT_TYPES: Record<ReportFormat, string> = {
  PDF: 'application/pdf',
  Excel: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  Text: 'text/csv; charset=utf-8',
};

/** A table every format renders: header, rows, an optional total row, and money columns. */
interface ReportTable {
  title: string;
  columns: (PdfColumn & { key: string; money?: boolean; number?: boolean })[];
  rows: string[][];
  total?: string[];
}

function invoiceTable({ lines }: InvoiceDocumentData): ReportTable {
  return {
    title: 'Invoice',
    columns: [
      { key: 'line', header: 'Line', width: 0.6, align: 'right', number: true },
      { key: 'description', header: 'Description', width: 5 },
      { key: 'quantity', header: 'Quantity', width: 1.2, align: 'right', number: true },
      { key: 'unitAmount', header: 'Unit Amount', width: 1.5, align: 'right', money: true },
      { key: 'amount', header: 'Amount', width: 1.7, align: 'right', money: true },
    ],
    rows: lines.map((l) => [
      String(l.line_no),
      l.description,
      trimQuantity(l.quantity),
      l.unit_amount,
      l.amount,
    ]),
    total: ['', 'Total Due', '', '', sumMoney(lines.map((l) => l.amount))],
  };
}

function summaryTable({ summary }: InvoiceDocumentData): ReportTable {
  return {
    title: 'Claim Summary',
    columns: [
      { key: 'groupId', header: 'Group ID', width: 1.3 },
      { key: 'groupName', header: 'Group', width: 2.4 },
      { key: 'claims', header: 'Claims', width: 0.9, align: 'right', number: true },
      { key: 'ingredientCost', header: 'Ingredient Cost', width: 1.5, align: 'right', money: true },
      { key: 'dispensingFee', header: 'Dispensing Fee', width: 1.4, align: 'right', money: true },
      { key: 'memberPaid', header: 'Member Paid', width: 1.4, align: 'right', money: true },
      { key: 'planPaid', header: 'Plan Paid', width: 1.5, align: 'right', money: true },
    ],
    rows: summary.map((s) => [
      s.benefit_group_id,
      s.group_name,
      String(s.claim_count),
      s.ingredient_cost,
      s.dispensing_fee,
      s.member_paid,
      s.plan_paid,
    ]),
    total: [
      'Total',
      '',
      String(summary.reduce((n, s) => n + s.claim_count, 0)),
      sumMoney(summary.map((s) => s.ingredient_cost)),
      sumMoney(summary.map((s) => s.dispensing_fee)),
      sumMoney(summary.map((s) => s.member_paid)),
      sumMoney(summary.map((s) => s.plan_paid)),
    ],
  };
}

function detailTable({ detail }: InvoiceDocumentData, iso: boolean): ReportTable {
  return {
    title: 'Claim Detail',
    columns: [
      { key: 'claimNumber', header: 'Claim Number', width: 1.35 },
      { key: 'fillDate', header: 'Fill Date', width: 1.05 },
      { key: 'groupId', header: 'Group ID', width: 1.0 },
      { key: 'memberId', header: 'Member ID', width: 1.15 },
      { key: 'memberName', header: 'Member Name', width: 1.5 },
      { key: 'drug', header: 'Drug', width: 2.0 },
      { key: 'ndc', header: 'NDC', width: 1.45 },
      { key: 'pharmacy', header: 'Pharmacy', width: 1.6 },
      { key: 'quantity', header: 'Quantity', width: 1.05, align: 'right', number: true },
      { key: 'daysSupply', header: 'Days Supply', width: 0.85, align: 'right', number: true },
      {
        key: 'ingredientCost',
        header: 'Ingredient Cost',
        width: 1.25,
        align: 'right',
        money: true,
      },
      { key: 'dispensingFee', header: 'Dispensing Fee', width: 1.3, align: 'right', money: true },
      { key: 'memberPaid', header: 'Member Paid', width: 1.05, align: 'right', money: true },
      { key: 'planPaid', header: 'Plan Paid', width: 1.15, align: 'right', money: true },
    ],
    rows: detail.map((d) => [
      d.claim_number,
      iso ? d.fill_date : formatDate(d.fill_date),
      d.benefit_group_id,
      d.member_id,
      d.member_name,
      d.drug_name,
      d.ndc,
      d.pharmacy_name,
      trimQuantity(d.quantity),
      String(d.days_supply),
      d.ingredient_cost,
      d.dispensing_fee,
      d.member_paid,
      d.plan_paid,
    ]),
    total: [
      'Total',
      '',
      '',
      '',
      `${detail.length} claims`,
      '',
      '',
      '',
      '',
      '',
      sumMoney(detail.map((d) => d.ingredient_cost)),
      sumMoney(detail.map((d) => d.dispensing_fee)),
      sumMoney(detail.map((d) => d.member_paid)),
      sumMoney(detail.map((d) => d.plan_paid)),
    ],
  };
}

/** The claim extract: one flat row per claim for loading into other systems; no total row. */
function extractTable(data: InvoiceDocumentData): ReportTable {
  const detail = detailTable(data, true);
  return {
    title: 'Claim Extract',
    columns: [
      { key: 'invoiceNumber', header: 'Invoice Number', width: 1.2 },
      { key: 'invoiceDate', header: 'Invoice Date', width: 1.2 },
      ...detail.columns,
    ],
    rows: detail.rows.map((row) => [
      String(data.invoice.invoiceNo),
      data.invoice.invoiceDate,
      ...row,
    ]),
  };
}

/** '30.000' -> '30'; '1.500' -> '1.5'. */
function trimQuantity(quantity: string): string {
  return quantity.includes('.') ? quantity.replace(/0+$/, '').replace(/\.$/, '') : quantity;
}

function tableOf(type: ReportType, data: InvoiceDocumentData): ReportTable {
  switch (type) {
    case 'Invoice':
      return invoiceTable(data);
    case 'Summary':
      return summaryTable(data);
    case 'Detail':
      return detailTable(data, false);
    case 'InvoiceClaimExtract':
      return extractTable(data);
  }
}

function headingFields(data: InvoiceDocumentData): [string, string][] {
  const { invoice } = data;
  return [
    ['Invoice Number', String(invoice.invoiceNo)],
    ['Invoice Date', formatDate(invoice.invoiceDate)],
    ['Organization', invoice.organizationName],
    ['Type', invoiceTypeLabel(invoice.isTria)],
    ['Invoice', invoice.configName],
    ['Distribution', invoice.distributionMethod],
    ['Billing Period', `${formatDate(invoice.periodStart)} - ${formatDate(invoice.periodEnd)}`],
    ['Due Date', formatDate(invoice.dueDate)],
  ];
}

async function renderPdf(type: ReportType, data: InvoiceDocumentData): Promise<Buffer> {
  const table = tableOf(type, data);
  const wide = table.columns.length > 7;
  const pdf = createPdf({
    title:
      type === 'Invoice'
        ? `Invoice ${data.invoice.invoiceNo}`
        : `${REPORT_TYPE_LABELS[type]} - Invoice ${data.invoice.invoiceNo}`,
    subtitle: data.invoice.organizationName,
    layout: wide ? 'landscape' : 'portrait',
    footer: `Pillar - ${REPORT_TYPE_LABELS[type]} for invoice ${data.invoice.invoiceNo}`,
  });
  pdf.fields(headingFields(data));
  if (type === 'Invoice') {
    pdf.fields([['Total Due', formatUsd(data.invoice.totalAmount)]]);
  }
  pdf.heading(table.title);
  const show = (row: readonly string[]) =>
    row.map((cell, i) => (table.columns[i]?.money && cell !== '' ? formatUsd(cell) : cell));
  pdf.table(table.columns, table.rows.map(show), {
    ...(table.total ? { total: show(table.total) } : {}),
    fontSize: wide ? 7 : 9,
  });
  if (table.rows.length === 0)
    pdf.paragraph('There are no claims on this invoice for the groups you may see.');
  return pdf.toBuffer();
}

function renderCsv(type: ReportType, data: InvoiceDocumentData): Buffer {
  const table = tableOf(type, data);
  const records = [table.columns.map((c) => c.header), ...table.rows];
  if (table.total) records.push(table.total);
  // A byte-order mark, so spreadsheet programs read the names' accents as UTF-8.
  return Buffer.from(`\uFEFF${stringify(records, { record_delimiter: '\r\n' })}`, 'utf8');
}

async function renderExcel(type: ReportType, data: InvoiceDocumentData): Promise<Buffer> {
  const table = tableOf(type, data);
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Pillar';
  // Fixed, so the same invoice gives the same workbook.
  workbook.created = new Date(0);
  workbook.modified = new Date(0);
  const sheet = workbook.addWorksheet(table.title);
  let headerRow = 1;
  if (type !== 'InvoiceClaimExtract') {
    for (const [label, value] of headingFields(data)) {
      const row = sheet.addRow([label, value]);
      row.getCell(1).font = { bold: true };
    }
    sheet.addRow([]);
    headerRow = sheet.rowCount + 1;
  }
  const header = sheet.addRow(table.columns.map((c) => c.header));
  header.font = { bold: true };
  header.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFF0F0F0' } };
  const cellValue = (value: string, i: number) => {
    const column = table.columns[i];
    if (value === '') return null;
    return column?.money || column?.number ? Number(value) : value;
  };
  for (const row of table.rows) sheet.addRow(row.map(cellValue));
  const firstData = headerRow + 1;
  const lastData = sheet.rowCount;
  if (table.total) {
    const totalRow = sheet.addRow(
      table.total.map((value, i) => {
        const column = table.columns[i];
        if (!column?.money || value === '' || table.rows.length === 0) return cellValue(value, i);
        const letter = sheet.getColumn(i + 1).letter;
        // A live formula, with the exact total as its cached result for readers that do not
        // recalculate.
        return {
          formula: `SUM(${letter}${firstData}:${letter}${lastData})`,
          result: Number(value),
        };
      }),
    );
    totalRow.font = { bold: true };
  }
  table.columns.forEach((column, i) => {
    const sheetColumn = sheet.getColumn(i + 1);
    sheetColumn.width = Math.max(
      10,
      Math.min(40, column.header.length + 4, Math.round(column.width * 9)),
    );
    if (column.money) sheetColumn.numFmt = '"$"#,##0.00;[Red]-"$"#,##0.00';
  });
  sheet.getColumn(1).width = Math.max(
    sheet.getColumn(1).width ?? 10,
    type === 'InvoiceClaimExtract' ? 14 : 16,
  );
  sheet.views = [{ state: 'frozen', ySplit: headerRow }];
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Generates one of an invoice's documents from its own data. */
export async function renderReport(
  type: ReportType,
  format: ReportFormat,
  data: InvoiceDocumentData,
): Promise<RenderedReport> {
  const body =
    format === 'PDF'
      ? await renderPdf(type, data)
      : format === 'Excel'
        ? await renderExcel(type, data)
        : renderCsv(type, data);
  return { body, contentType: CONTENT_TYPES[format] };
}
