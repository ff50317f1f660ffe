import { createPdf, type PdfBuilder } from '../../platform/pdf/pdf-document.ts';
import { gridRows, money, percentText, spendBy, type ProposalData } from './proposal-layout.ts';

/*
 * The proposal PDF (decision 0126): cover, the grid, bar charts drawn with pdfkit's vector
 * drawing (no image library, text stays text), footnotes. The output template's layout decides
 * row order, which charts, and where the footnotes go.
 */

const BAR_COLORS = ['#1d4e89', '#2a9d8f', '#e9c46a', '#f4a261', '#8d99ae', '#6d597a'];

/** A horizontal bar chart: one bar per label, scaled to the largest absolute value. */
function barChart(pdf: PdfBuilder, title: string, bars: readonly (readonly [string, number])[]) {
  if (bars.length === 0) return;
  const { doc } = pdf;
  pdf.heading(title);
  const labelWidth = 150;
  const valueWidth = 90;
  const barArea = pdf.width - labelWidth - valueWidth;
  const max = Math.max(1, ...bars.map(([, v]) => Math.abs(v)));
  const left = doc.page.margins.left;
  for (const [i, [label, value]] of bars.entries()) {
    if (doc.y + 20 > doc.page.height - doc.page.margins.bottom) doc.addPage();
    const y = doc.y;
    doc.font('Helvetica').fontSize(9).fillColor('#1f1f1f');
    doc.text(label, left, y + 2, { width: labelWidth - 6, lineBreak: false, ellipsis: true });
    const w = Math.max(1, (Math.abs(value) / max) * barArea);
    doc.rect(left + labelWidth, y, w, 12).fill(BAR_COLORS[i % BAR_COLORS.length]);
    doc.fillColor('#1f1f1f').text(money(value), left + labelWidth + barArea + 4, y + 2, {
      width: valueWidth - 4,
      align: 'right',
      lineBreak: false,
    });
    doc.x = left;
    doc.y = y + 18;
  }
  doc.moveDown(0.5);
}

function footnotes(pdf: PdfBuilder, data: ProposalData) {
  if (data.footNotes.length === 0) return;
  pdf.heading('Footnotes');
  data.footNotes.forEach((f, i) => pdf.paragraph(`${i + 1}. ${f.text}`));
}

export async function proposalPdf(data: ProposalData): Promise<Buffer> {
  const pdf = createPdf({
    title: data.layout.coverTitle,
    subtitle: data.title,
    layout: 'landscape',
    footer: `${data.template} proposal`,
  });
  pdf.fields([
    ['Opportunity', data.title],
    ['Output template', data.template],
    ['Notes', data.notes],
  ]);
  if (data.layout.footnotesFirst) footnotes(pdf, data);

  pdf.heading('Pricing Grid');
  const labelWidth = 160;
  const colWidth = Math.floor((pdf.width - labelWidth) / Math.max(1, data.columns.length));
  pdf.table(
    [
      { header: '', width: labelWidth },
      ...data.columns.map((c) => ({ header: c.name, width: colWidth, align: 'right' as const })),
    ],
    gridRows(data.layout).map((row) => [
      row.label,
      ...data.columns.map((c) =>
        row.kind === 'money' ? money(row.value(c)) : percentText(row.value(c)),
      ),
    ]),
    { fontSize: 9 },
  );

  const { charts } = data.layout;
  if (charts.netCost)
    barChart(
      pdf,
      'Net Cost by Column',
      data.columns.map((c) => [c.name, c.planCost.netCost] as const),
    );
  if (charts.savings)
    barChart(
      pdf,
      'Contract Savings by Column',
      data.columns.map((c) => [c.name, c.contractSavings.contractSavings] as const),
    );
  // Spend shares are the first column's (the incumbent's claims as they were paid).
  const first = data.columns[0];
  if (first && charts.channel)
    barChart(pdf, 'Spend by Channel', [...spendBy(first, 'deliverySystem')]);
  if (first && charts.brandGeneric)
    barChart(pdf, 'Spend by Brand/Generic', [...spendBy(first, 'brandGenericInd')]);

  if (!data.layout.footnotesFirst) footnotes(pdf, data);
  return pdf.toBuffer();
}
