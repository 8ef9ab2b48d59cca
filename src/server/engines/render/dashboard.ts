// A published dashboard rendered to a file: its title, the controls it was rendered with, and each widget in
// layout order (top to bottom, left to right): a chart widget as the rows its report's query answered, a text
// widget as its text. PDF: every value as text (pdf.ts). PNG: a panel per chart with a bar per row, as long as the
// row's first numeric value is against the largest (png.ts).
import {Canvas} from './png.js';
import {pdfDocument, type PdfLine} from './pdf.js';

export type Cell = string | number | boolean | null;

export interface RenderedWidget {
  title: string;
  /** A chart: its columns and rows. */
  columns?: string[];
  rows?: Cell[][];
  /** A text widget's text. */
  text?: string;
}

export interface RenderedDashboard {
  title: string;
  description: string | null;
  /** What the render used besides the saved defaults (filters, grains, switched members, the subject). */
  notes: string[];
  widgets: RenderedWidget[];
}

export const CONTENT_TYPES = {png: 'image/png', pdf: 'application/pdf'} as const;
const MAX_ROWS = 200;
const cell = (v: Cell): string => (v === null ? 'null' : String(v));

function pdfLines(d: RenderedDashboard): PdfLine[] {
  const lines: PdfLine[] = [{text: d.title, heading: true}];
  if (d.description) lines.push({text: d.description});
  for (const note of d.notes) lines.push({text: note});
  for (const w of d.widgets) {
    lines.push({text: ''}, {text: w.title, heading: true});
    if (w.text !== undefined) for (const line of w.text.split('\n')) lines.push({text: line});
    if (w.columns) {
      lines.push({text: w.columns.join(' | ')});
      for (const row of (w.rows ?? []).slice(0, MAX_ROWS)) lines.push({text: row.map(cell).join(' | ')});
      const more = (w.rows?.length ?? 0) - MAX_ROWS;
      if (more > 0) lines.push({text: `... ${more} more rows`});
      if ((w.rows ?? []).length === 0) lines.push({text: '(no rows)'});
    }
  }
  return lines;
}

const WIDTH = 800;
const BAR = 12;
const GAP = 4;
const PALETTE: ReadonlyArray<readonly [number, number, number]> = [[66, 133, 244], [52, 168, 83], [251, 188, 5], [234, 67, 53]];

function png(d: RenderedDashboard): Buffer {
  const panels = d.widgets.map((w) => (w.columns ? 24 + Math.min(w.rows?.length ?? 0, MAX_ROWS) * (BAR + GAP) : 32));
  const canvas = new Canvas(WIDTH, 48 + panels.reduce((a, b) => a + b + 16, 0), [255, 255, 255]);
  canvas.fill(0, 0, WIDTH, 40, [32, 33, 36]);
  let y = 48;
  let charts = 0;
  d.widgets.forEach((w, i) => {
    canvas.fill(16, y, WIDTH - 32, 16, [232, 234, 237]);
    if (w.columns) {
      const rows = (w.rows ?? []).slice(0, MAX_ROWS);
      const column = w.columns.findIndex((_, c) => rows.some((r) => typeof r[c] === 'number'));
      const values = rows.map((r) => (column >= 0 && typeof r[column] === 'number' ? Math.max(0, r[column]) : 0));
      const max = Math.max(...values, 0);
      const colour = PALETTE[charts++ % PALETTE.length]!;
      values.forEach((v, r) => canvas.fill(24, y + 24 + r * (BAR + GAP), max > 0 ? Math.max(1, Math.round((v / max) * (WIDTH - 64))) : 1, BAR, colour));
    } else canvas.fill(24, y + 20, WIDTH - 48, 8, [189, 193, 198]);
    y += panels[i]! + 16;
  });
  return canvas.png();
}

export function renderDashboard(d: RenderedDashboard, format: 'png' | 'pdf'): Buffer {
  return format === 'pdf' ? pdfDocument(pdfLines(d), d.title) : png(d);
}
