// A PDF 1.4 document of text lines (Helvetica, A4), written by hand: the header, one content stream per page,
// the page tree, the catalog and a cross-reference table with each object's byte offset. Text outside Latin-1
// is written as `?` (the standard fonts have no other glyphs).

const PAGE_WIDTH = 595;
const PAGE_HEIGHT = 842;
const MARGIN = 50;
const LEADING = 14;
export const LINES_PER_PAGE = Math.floor((PAGE_HEIGHT - 2 * MARGIN) / LEADING);

/** One line of a page: its text, and whether it is a heading (bold, larger). */
export interface PdfLine {
  text: string;
  heading?: boolean;
}

const escape = (text: string): string =>
  [...text].map((ch) => (ch.charCodeAt(0) > 0xff || ch.charCodeAt(0) < 0x20 ? '?' : ch)).join('').replace(/[\\()]/g, (m) => `\\${m}`);

function pageStream(lines: readonly PdfLine[]): string {
  const out = ['BT', `${MARGIN} ${PAGE_HEIGHT - MARGIN} Td`, `${LEADING} TL`];
  for (const line of lines) out.push(`/${line.heading ? 'F2 13' : 'F1 10'} Tf`, `(${escape(line.text)}) '`);
  out.push('ET');
  return out.join('\n');
}

/** The document: `lines` cut into pages of LINES_PER_PAGE. */
export function pdfDocument(lines: readonly PdfLine[], title: string): Buffer {
  const pages: PdfLine[][] = [];
  for (let i = 0; i < Math.max(lines.length, 1); i += LINES_PER_PAGE) pages.push(lines.slice(i, i + LINES_PER_PAGE));
  // Objects: 1 catalog, 2 page tree, 3 and 4 fonts, 5 info, then a page and its content stream per page.
  const objects: string[] = [];
  const pageIds = pages.map((_, i) => 6 + 2 * i);
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`;
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>';
  objects[4] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>';
  objects[5] = `<< /Title (${escape(title)}) /Producer (svc) >>`;
  pages.forEach((page, i) => {
    const stream = pageStream(page);
    objects[pageIds[i]!] = `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${pageIds[i]! + 1} 0 R >>`;
    objects[pageIds[i]! + 1] = `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`;
  });
  let body = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id++) {
    offsets[id] = Buffer.byteLength(body, 'latin1');
    body += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id++) body += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length} /Root 1 0 R /Info 5 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
