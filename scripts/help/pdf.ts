// Renders a guide's Markdown blocks to a PDF with pdfkit: a title band, headings, text with
// bold, italic, code and links, lists, notes, tables and screenshots, page numbers and an
// outline (bookmarks) of the headings.
import fs from 'node:fs';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import { parseInline, plainText, type Block, type Span } from './markdown.ts';

const BLUE = '#1d4ed8';
const INK = '#1f2937';
const MUTED = '#4b5563';
const RULE = '#d1d5db';
const NOTE_BG = '#eef2ff';
const MARGIN = { top: 64, bottom: 64, left: 60, right: 60 };

const FONTS = {
  regular: 'Helvetica',
  bold: 'Helvetica-Bold',
  italic: 'Helvetica-Oblique',
  boldItalic: 'Helvetica-BoldOblique',
  code: 'Courier',
};

/** The standard PDF fonts speak WinAnsi; a few characters the guides might use do not exist there. */
function printable(text: string): string {
  return text
    .replace(/→/g, '>')
    .replace(/←/g, '<')
    .replace(/[\u2009\u202f]/g, ' ');
}

/** A PNG's pixel size, from its IHDR chunk. */
function pngSize(file: string): { width: number; height: number } {
  const header = fs.readFileSync(file).subarray(0, 24);
  if (header.toString('latin1', 12, 16) !== 'IHDR') throw new Error(`${file} is not a PNG`);
  return { width: header.readUInt32BE(16), height: header.readUInt32BE(20) };
}

export interface GuidePdf {
  title: string;
  description: string;
  blocks: Block[];
  /** Folder of the screenshots the guide's images name. */
  imageDir: string;
  outFile: string;
  /** Shown on the title band; also the PDF's creation date. */
  generatedAt: Date;
}

function fontOf(span: Span): string {
  if (span.code) return FONTS.code;
  if (span.bold && span.italic) return FONTS.boldItalic;
  if (span.bold) return FONTS.bold;
  if (span.italic) return FONTS.italic;
  return FONTS.regular;
}

export async function renderGuidePdf(guide: GuidePdf): Promise<{ pages: number; bytes: number }> {
  const doc = new PDFDocument({
    size: 'LETTER',
    margins: MARGIN,
    bufferPages: true,
    autoFirstPage: true,
    pdfVersion: '1.7',
    lang: 'en-US',
    displayTitle: true,
    info: {
      Title: guide.title,
      Author: 'Pillar',
      Subject: guide.description,
      Keywords: 'Pillar, help, guide',
      CreationDate: guide.generatedAt,
      ModDate: guide.generatedAt,
    },
  });
  const out = fs.createWriteStream(guide.outFile);
  const finished = new Promise<void>((resolve, reject) => {
    out.on('finish', resolve);
    out.on('error', reject);
  });
  doc.pipe(out);

  const left = MARGIN.left;
  const width = doc.page.width - MARGIN.left - MARGIN.right;
  const bottom = () => doc.page.height - MARGIN.bottom;
  const ensureSpace = (needed: number) => {
    if (doc.y + needed > bottom()) doc.addPage();
  };

  // Title band.
  doc.rect(0, 0, doc.page.width, 150).fill(BLUE);
  doc
    .font(FONTS.bold)
    .fontSize(11)
    .fillColor('#c7d2fe')
    .text('PILLAR HELP', left, 40, { characterSpacing: 1.5 });
  doc
    .font(FONTS.bold)
    .fontSize(26)
    .fillColor('#ffffff')
    .text(printable(guide.title), left, 62, { width });
  doc.y = 170;
  doc
    .font(FONTS.regular)
    .fontSize(12.5)
    .fillColor(MUTED)
    .text(printable(guide.description), left, doc.y, { width, lineGap: 3 });
  doc.moveDown(0.4);
  doc
    .fontSize(9.5)
    .fillColor(MUTED)
    .text(
      `Generated from the running product on ${guide.generatedAt.toISOString().slice(0, 10)}. ` +
        'Screens may differ slightly for your role.',
      { width },
    );
  doc.moveDown(1);

  /** Writes inline-formatted text at x with the given width, continuing line by line. */
  const writeSpans = (text: string, x: number, w: number, size: number, color = INK) => {
    const spans = parseInline(printable(text));
    doc.fontSize(size);
    spans.forEach((span, i) => {
      const options = {
        continued: i < spans.length - 1,
        link: span.link ?? null,
        underline: !!span.link,
      };
      doc.font(fontOf(span)).fillColor(span.link ? BLUE : color);
      // Position and width go with the first piece only: pdfkit keeps one line wrapper for
      // a continued text, and new layout options would start another line.
      if (i === 0) doc.text(span.text, x, doc.y, { ...options, width: w, lineGap: 2.5 });
      else doc.text(span.text, options);
    });
    doc.x = left;
  };

  let firstHeading = true;
  for (const block of guide.blocks) {
    switch (block.kind) {
      case 'heading': {
        if (block.level === 1 && firstHeading) {
          // The title band already shows the guide's title.
          firstHeading = false;
          break;
        }
        const size = block.level === 1 ? 20 : block.level === 2 ? 16 : 13;
        ensureSpace(size * 5);
        doc.moveDown(block.level === 3 ? 0.4 : 0.8);
        const text = plainText(printable(block.text));
        doc.outline.addItem(text);
        doc
          .font(FONTS.bold)
          .fontSize(size)
          .fillColor(block.level === 3 ? INK : BLUE)
          .text(text, left, doc.y, { width });
        doc.moveDown(0.35);
        break;
      }
      case 'paragraph':
        ensureSpace(30);
        writeSpans(block.text, left, width, 11);
        doc.moveDown(0.6);
        break;
      case 'list': {
        // Each level counts on its own; a nested list restarts under every parent item.
        let number = 0;
        let nested = 0;
        for (const item of block.items) {
          ensureSpace(24);
          const indent = item.level === 1 ? 22 : 0;
          if (item.level === 0) {
            number += 1;
            nested = 0;
          } else nested += 1;
          const marker = item.ordered ? `${item.level === 0 ? number : nested}.` : '•';
          const y = doc.y;
          doc
            .font(item.ordered ? FONTS.bold : FONTS.regular)
            .fontSize(11)
            .fillColor(item.ordered ? BLUE : INK)
            .text(marker, left + 4 + indent, y, { width: 16 });
          doc.y = y;
          writeSpans(item.text, left + 22 + indent, width - 22 - indent, 11);
          doc.moveDown(0.25);
        }
        doc.moveDown(0.4);
        break;
      }
      case 'note': {
        doc.font(FONTS.regular).fontSize(10.5);
        const textHeight = doc.heightOfString(plainText(printable(block.text)), {
          width: width - 32,
          lineGap: 2.5,
        });
        const boxHeight = textHeight + 20;
        ensureSpace(boxHeight + 8);
        const y = doc.y;
        doc.roundedRect(left, y, width, boxHeight, 4).fill(NOTE_BG);
        doc.rect(left, y, 3, boxHeight).fill(BLUE);
        doc.y = y + 10;
        writeSpans(block.text, left + 16, width - 32, 10.5);
        doc.y = y + boxHeight;
        doc.moveDown(0.8);
        break;
      }
      case 'table': {
        const columns = block.header.length;
        const columnWidth = width / columns;
        const rowHeight = (cells: string[], font: string) => {
          doc.font(font).fontSize(9.5);
          return (
            Math.max(
              ...cells.map((cell) =>
                doc.heightOfString(plainText(printable(cell)), { width: columnWidth - 12 }),
              ),
            ) + 10
          );
        };
        const drawRow = (cells: string[], header: boolean) => {
          const font = header ? FONTS.bold : FONTS.regular;
          const h = rowHeight(cells, font);
          ensureSpace(h);
          const y = doc.y;
          if (header) doc.rect(left, y, width, h).fill('#f3f4f6');
          doc
            .moveTo(left, y + h)
            .lineTo(left + width, y + h)
            .lineWidth(0.5)
            .stroke(RULE);
          cells.forEach((cell, i) => {
            doc
              .font(font)
              .fontSize(9.5)
              .fillColor(INK)
              .text(plainText(printable(cell)), left + i * columnWidth + 6, y + 5, {
                width: columnWidth - 12,
              });
          });
          doc.x = left;
          doc.y = y + h;
        };
        ensureSpace(60);
        drawRow(block.header, true);
        for (const row of block.rows) drawRow(row, false);
        doc.moveDown(0.8);
        break;
      }
      case 'image': {
        const file = path.join(guide.imageDir, path.basename(block.src));
        if (!fs.existsSync(file)) throw new Error(`Screenshot ${block.src} was not taken`);
        const image = pngSize(file);
        let scale = Math.min(width / image.width, 320 / image.height);
        // Rather than leave half a page empty, a screenshot shrinks a little to fit the page.
        const room = bottom() - doc.y - 34;
        if (image.height * scale > room && room >= image.height * scale * 0.7) {
          scale = room / image.height;
        }
        const w = image.width * scale;
        const h = image.height * scale;
        ensureSpace(h + 34);
        const x = left + (width - w) / 2;
        const y = doc.y + 4;
        doc.image(file, x, y, { width: w, height: h });
        doc.rect(x, y, w, h).lineWidth(0.75).stroke(RULE);
        doc.y = y + h + 6;
        doc
          .font(FONTS.italic)
          .fontSize(9)
          .fillColor(MUTED)
          .text(printable(block.alt), left, doc.y, { width, align: 'center' });
        doc.moveDown(0.9);
        break;
      }
      case 'pageBreak':
        doc.addPage();
        break;
    }
  }

  // Page numbers, written into the bottom margin of every page.
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i += 1) {
    doc.switchToPage(i);
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const y = doc.page.height - 40;
    doc
      .moveTo(left, y - 8)
      .lineTo(left + width, y - 8)
      .lineWidth(0.5)
      .stroke(RULE);
    doc
      .font(FONTS.regular)
      .fontSize(8.5)
      .fillColor(MUTED)
      .text(`Pillar Help · ${printable(guide.title)}`, left, y, {
        width: width / 2,
        lineBreak: false,
      });
    doc.text(`Page ${i + 1} of ${range.count}`, left + width / 2, y, {
      width: width / 2,
      align: 'right',
      lineBreak: false,
    });
    doc.page.margins.bottom = margin;
  }
  doc.end();
  await finished;
  return { pages: range.count, bytes: fs.statSync(guide.outFile).size };
}
