import PDFDocument from 'pdfkit';
import type { TempIdCard } from '@pillar/domain';

/*
 * The temp ID card as a PDF the size of a wallet card (CR80, 3.375 × 2.125 in): the front with
 * the plan, the cardholder and the pharmacy routing (RxBIN, RxPCN, RxGrp) a pharmacy needs to
 * bill the claim, the back with the phone numbers. Printed at 100% it cuts out to a real card.
 */

const WIDTH = 243;
const HEIGHT = 153;
const PAD = 12;
const FONT = 'Helvetica';
const BOLD = 'Helvetica-Bold';
const INK = '#1f1f1f';
const MUTED = '#595959';
const BAND = '#1d3c6e';

export async function renderTempCardPdf(card: TempIdCard, issuedOn: string): Promise<Buffer> {
  const doc = new PDFDocument({
    size: [WIDTH, HEIGHT],
    margin: 0,
    autoFirstPage: false,
    info: {
      Title: 'Temporary ID Card',
      Author: 'Pillar',
      Creator: 'Pillar',
      // A fixed date keeps the same card byte-identical from one download to the next.
      CreationDate: new Date(0),
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const inner = WIDTH - PAD * 2;
  const text = (value: string, x: number, y: number, options: PDFKit.Mixins.TextOptions = {}) =>
    doc.text(value, x, y, { lineBreak: false, ...options });

  // Front.
  doc.addPage();
  doc.rect(0, 0, WIDTH, 30).fill(BAND);
  doc.font(BOLD).fontSize(10).fillColor('#ffffff');
  text('TEMPORARY ID CARD', PAD, 9, { width: inner / 2 + 20 });
  doc.font(FONT).fontSize(7);
  text(card.planName, PAD + inner / 2, 11, { width: inner / 2, align: 'right', ellipsis: true });

  const row = (label: string, value: string, x: number, y: number, width: number) => {
    doc.font(FONT).fontSize(6).fillColor(MUTED);
    text(label, x, y, { width });
    doc.font(BOLD).fontSize(9).fillColor(INK);
    text(value, x, y + 7, { width, ellipsis: true });
  };
  row('Name', card.name, PAD, 38, inner);
  row('ID Number', card.idNumber, PAD, 62, inner);
  const third = inner / 3;
  row('RxBIN', card.rxBin, PAD, 90, third);
  row('RxPCN', card.rxPcn, PAD + third, 90, third);
  row('RxGrp', card.rxGrp, PAD + third * 2, 90, third);
  doc.font(FONT).fontSize(6).fillColor(MUTED);
  text(`Issued ${issuedOn}. Temporary: valid until the permanent card arrives.`, PAD, 128, {
    width: inner,
  });

  // Back.
  doc.addPage();
  doc.font(BOLD).fontSize(8).fillColor(INK);
  text('Pharmacy benefit', PAD, PAD, { width: inner });
  row('Customer Service', card.customerServicePhone, PAD, 30, inner);
  row('Pharmacy Help Desk', card.helpDeskPhone, PAD, 54, inner);
  doc.font(FONT).fontSize(6).fillColor(MUTED);
  doc.text(
    'Present this card at the pharmacy with a photo ID. Pharmacists: submit claims with the ' +
      'RxBIN, RxPCN and RxGrp on the front; call the help desk with any question.',
    PAD,
    86,
    { width: inner },
  );
  doc.end();
  return done;
}
