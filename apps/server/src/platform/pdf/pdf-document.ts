import PDFDocument from 'pdfkit';

/**
 * A small layer over pdfkit for the product's documents (invoices and claim reports, ID cards,
 * guides): US Letter, the standard Helvetica faces (no font files to ship), a title block,
 * label/value rows, tables that carry on over pages with their header repeated, and a footer
 * with page numbers. Build with the methods, then `toBuffer()`.
 */

export interface PdfColumn {
  header: string;
  /** Share of the usable width; the shares of a table are scaled to fill it. */
  width: number;
  align?: 'left' | 'right';
}

export interface PdfOptions {
  title: string;
  /** Printed small under the title, e.g. the organization. */
  subtitle?: string;
  author?: string;
  size?: 'LETTER' | [number, number];
  layout?: 'portrait' | 'landscape';
  /** Printed at the bottom left of every page. */
  footer?: string;
}

const FONT = 'Helvetica';
const BOLD = 'Helvetica-Bold';
const TEXT = '#1f1f1f';
const MUTED = '#595959';
const RULE = '#bfbfbf';
const HEADER_FILL = '#f0f0f0';

export class PdfBuilder {
  readonly doc: PDFKit.PDFDocument;
  readonly #chunks: Buffer[] = [];
  readonly #done: Promise<Buffer>;
  readonly #footer: string | undefined;

  constructor(options: PdfOptions) {
    this.doc = new PDFDocument({
      size: options.size ?? 'LETTER',
      layout: options.layout ?? 'portrait',
      margins: { top: 54, bottom: 60, left: 48, right: 48 },
      bufferPages: true,
      info: {
        Title: options.title,
        Author: options.author ?? 'Pillar',
        Creator: 'Pillar',
        // A fixed date keeps the same document byte-identical from one download to the next.
        CreationDate: new Date(0),
      },
    });
    this.#footer = options.footer;
    this.doc.on('data', (chunk: Buffer) => this.#chunks.push(chunk));
    this.#done = new Promise((resolve, reject) => {
      this.doc.on('end', () => resolve(Buffer.concat(this.#chunks)));
      this.doc.on('error', reject);
    });
    this.doc.fillColor(TEXT).font(BOLD).fontSize(18).text(options.title);
    if (options.subtitle) this.doc.font(FONT).fontSize(11).fillColor(MUTED).text(options.subtitle);
    this.doc.fillColor(TEXT).moveDown(0.8);
  }

  get width(): number {
    return this.doc.page.width - this.doc.page.margins.left - this.doc.page.margins.right;
  }

  get #left(): number {
    return this.doc.page.margins.left;
  }

  get #bottom(): number {
    return this.doc.page.height - this.doc.page.margins.bottom;
  }

  heading(text: string): this {
    this.#ensureSpace(40);
    this.doc.moveDown(0.4).font(BOLD).fontSize(12).fillColor(TEXT).text(text, this.#left);
    this.doc.moveDown(0.3);
    return this;
  }

  paragraph(text: string): this {
    this.doc.font(FONT).fontSize(10).fillColor(TEXT).text(text, this.#left, undefined, {
      width: this.width,
    });
    return this;
  }

  /** Label and value pairs in two columns, like a form printed out. */
  fields(pairs: readonly (readonly [string, string])[]): this {
    const half = this.width / 2;
    const labelWidth = 110;
    for (let i = 0; i < pairs.length; i += 2) {
      this.#ensureSpace(18);
      const y = this.doc.y;
      let next = y;
      for (const [column, pair] of [pairs[i], pairs[i + 1]].entries()) {
        if (!pair) continue;
        const x = this.#left + column * half;
        this.doc.font(BOLD).fontSize(9).fillColor(MUTED).text(pair[0], x, y, { width: labelWidth });
        this.doc
          .font(FONT)
          .fontSize(10)
          .fillColor(TEXT)
          .text(pair[1], x + labelWidth, y, { width: half - labelWidth - 8 });
        next = Math.max(next, this.doc.y);
      }
      this.doc.y = next + 3;
    }
    this.doc.x = this.#left;
    this.doc.moveDown(0.5);
    return this;
  }

  /**
   * A table; `total` is a last row in bold above a rule. Long tables continue on new pages with
   * the header row repeated.
   */
  table(
    columns: readonly PdfColumn[],
    rows: readonly (readonly string[])[],
    options: { total?: readonly string[]; fontSize?: number } = {},
  ): this {
    const fontSize = options.fontSize ?? 9;
    const shares = columns.reduce((sum, c) => sum + c.width, 0);
    const widths = columns.map((c) => (c.width / shares) * this.width);
    const padding = 3;

    const rowHeight = (cells: readonly string[], font: string) => {
      this.doc.font(font).fontSize(fontSize);
      return (
        Math.max(
          ...cells.map((cell, i) =>
            this.doc.heightOfString(cell, { width: widths[i]! - padding * 2 }),
          ),
        ) +
        padding * 2
      );
    };
    const drawRow = (cells: readonly string[], font: string, fill?: string) => {
      const height = rowHeight(cells, font);
      const y = this.doc.y;
      if (fill) this.doc.rect(this.#left, y, this.width, height).fill(fill);
      let x = this.#left;
      this.doc.font(font).fontSize(fontSize).fillColor(TEXT);
      cells.forEach((cell, i) => {
        this.doc.text(cell, x + padding, y + padding, {
          width: widths[i]! - padding * 2,
          align: columns[i]!.align ?? 'left',
        });
        x += widths[i]!;
      });
      this.doc
        .moveTo(this.#left, y + height)
        .lineTo(this.#left + this.width, y + height)
        .lineWidth(0.5)
        .strokeColor(RULE)
        .stroke();
      this.doc.x = this.#left;
      this.doc.y = y + height;
    };
    const header = columns.map((c) => c.header);
    this.#ensureSpace(rowHeight(header, BOLD) * 2);
    drawRow(header, BOLD, HEADER_FILL);
    for (const row of rows) {
      if (this.doc.y + rowHeight(row, FONT) > this.#bottom) {
        this.doc.addPage();
        drawRow(header, BOLD, HEADER_FILL);
      }
      drawRow(row, FONT);
    }
    if (options.total) {
      if (this.doc.y + rowHeight(options.total, BOLD) > this.#bottom) this.doc.addPage();
      drawRow(options.total, BOLD);
    }
    this.doc.moveDown(0.8);
    return this;
  }

  #ensureSpace(height: number): void {
    if (this.doc.y + height > this.#bottom) this.doc.addPage();
  }

  /** Writes the footers and finishes the document. */
  async toBuffer(): Promise<Buffer> {
    const { start, count } = this.doc.bufferedPageRange();
    for (let i = start; i < start + count; i++) {
      this.doc.switchToPage(i);
      const y = this.doc.page.height - this.doc.page.margins.bottom + 24;
      // Writing below the bottom margin would otherwise start a new page.
      const margin = this.doc.page.margins.bottom;
      this.doc.page.margins.bottom = 0;
      this.doc.font(FONT).fontSize(8).fillColor(MUTED);
      if (this.#footer)
        this.doc.text(this.#footer, this.#left, y, { width: this.width / 2, lineBreak: false });
      this.doc.text(`Page ${i - start + 1} of ${count}`, this.#left, y, {
        width: this.width,
        align: 'right',
        lineBreak: false,
      });
      this.doc.page.margins.bottom = margin;
    }
    this.doc.end();
    return this.#done;
  }
}

export function createPdf(options: PdfOptions): PdfBuilder {
  return new PdfBuilder(options);
}
