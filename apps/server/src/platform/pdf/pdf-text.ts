import path from 'node:path';
import { createRequire } from 'node:module';

/**
 * The text of each page of a PDF, in reading order as pdf.js lays it out: for tests that open
 * a generated document and check what a person would read. Lines are joined with newlines and
 * the pieces of a line with single spaces.
 */
export async function readPdfText(pdf: Uint8Array): Promise<{ pages: string[]; title: string }> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const require = createRequire(import.meta.url);
  const fonts = path.join(
    path.dirname(require.resolve('pdfjs-dist/package.json')),
    'standard_fonts/',
  );
  const task = getDocument({
    data: new Uint8Array(pdf),
    standardFontDataUrl: fonts,
    verbosity: 0,
  });
  const document = await task.promise;
  try {
    const pages: string[] = [];
    for (let n = 1; n <= document.numPages; n++) {
      const page = await document.getPage(n);
      const content = await page.getTextContent();
      const lines = new Map<number, { x: number; text: string }[]>();
      for (const item of content.items) {
        if (!('str' in item) || item.str.trim() === '') continue;
        const y = Math.round(item.transform[5] as number);
        const line = lines.get(y) ?? [];
        line.push({ x: item.transform[4] as number, text: item.str });
        lines.set(y, line);
      }
      pages.push(
        [...lines.entries()]
          .sort((a, b) => b[0] - a[0])
          .map(([, items]) =>
            items
              .sort((a, b) => a.x - b.x)
              .map((i) => i.text.trim())
              .join(' '),
          )
          .join('\n'),
      );
    }
    const metadata = await document.getMetadata();
    const info = metadata.info as { Title?: string };
    return { pages, title: info.Title ?? '' };
  } finally {
    await task.destroy();
  }
}
