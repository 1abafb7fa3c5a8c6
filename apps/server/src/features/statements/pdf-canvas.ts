// Text and tables on PDF pages, in English or Arabic. pdfkit (through fontkit) shapes Arabic
// letters into their joined forms and lays out an Arabic word right to left; the order of words
// and of runs in a line is the Unicode Bidirectional Algorithm's (bidi-js), so numbers, names and
// addresses inside Arabic keep their own left-to-right order. Arabic documents mirror the page:
// right-aligned text, and table columns from right to left.
//
// The fonts are IBM Plex Sans Arabic (the web app's Arabic face): its Arabic subset for Arabic
// letters, and its Latin subsets for digits and Latin text.
import { createRequire } from 'node:module';
import bidiModule, { type Bidi } from 'bidi-js';
import PDFDocument from 'pdfkit';
import * as fontkit from 'fontkit';
import { readFileSync } from 'node:fs';
import { inflateSync } from 'node:zlib';

// The package's CommonJS export is the factory itself.
// cast: the package's CommonJS export is the factory, which its types do not say.
const bidi = (bidiModule as unknown as () => Bidi)();
const require = createRequire(import.meta.url);

type Role = 'arabic' | 'latin' | 'latinExt';
type Weight = 'regular' | 'bold';

const fontFiles: Record<Role, Record<Weight, string>> = {
  arabic: { regular: 'arabic-400', bold: 'arabic-600' },
  latin: { regular: 'latin-400', bold: 'latin-600' },
  latinExt: { regular: 'latin-ext-400', bold: 'latin-ext-600' },
};

interface LoadedFont {
  name: string;
  data: Buffer;
  covers(codePoint: number): boolean;
}

let fonts: Record<Role, Record<Weight, LoadedFont>> | undefined;

/**
 * A WOFF font as the plain OpenType file it wraps: fontkit would inflate a WOFF table again on
 * every read, which made an Arabic statement take seconds.
 */
function sfntOfWoff(woff: Buffer): Buffer {
  if (woff.toString('latin1', 0, 4) !== 'wOFF') return woff;
  const numTables = woff.readUInt16BE(12);
  const tables = Array.from({ length: numTables }, (_, i) => {
    const entry = 44 + i * 20;
    const offset = woff.readUInt32BE(entry + 4);
    const compLength = woff.readUInt32BE(entry + 8);
    const origLength = woff.readUInt32BE(entry + 12);
    const stored = woff.subarray(offset, offset + compLength);
    return {
      tag: woff.subarray(entry, entry + 4),
      checksum: woff.readUInt32BE(entry + 16),
      data: compLength < origLength ? inflateSync(stored) : stored,
    };
  });
  let power = 1;
  while (power * 2 <= numTables) power *= 2;
  const header = Buffer.alloc(12 + 16 * numTables);
  woff.copy(header, 0, 4, 8);
  header.writeUInt16BE(numTables, 4);
  header.writeUInt16BE(power * 16, 6);
  header.writeUInt16BE(Math.log2(power), 8);
  header.writeUInt16BE(numTables * 16 - power * 16, 10);
  const parts: Buffer[] = [header];
  let offset = header.length;
  tables.forEach((table, i) => {
    const record = 12 + i * 16;
    table.tag.copy(header, record);
    header.writeUInt32BE(table.checksum, record + 4);
    header.writeUInt32BE(offset, record + 8);
    header.writeUInt32BE(table.data.length, record + 12);
    const padding = (4 - (table.data.length % 4)) % 4;
    parts.push(table.data, Buffer.alloc(padding));
    offset += table.data.length + padding;
  });
  return Buffer.concat(parts);
}

function loadFonts(): Record<Role, Record<Weight, LoadedFont>> {
  if (fonts) return fonts;
  const load = (role: Role, weight: Weight): LoadedFont => {
    const file = require.resolve(
      `@fontsource/ibm-plex-sans-arabic/files/ibm-plex-sans-arabic-${fontFiles[role][weight]}-normal.woff`,
    );
    const data = sfntOfWoff(readFileSync(file));
    const font = fontkit.create(data);
    if (!('hasGlyphForCodePoint' in font)) throw new Error(`${file} is a font collection`);
    return {
      name: `${role}-${weight}`,
      data,
      covers: (codePoint) => font.hasGlyphForCodePoint(codePoint),
    };
  };
  const both = (role: Role) => ({ regular: load(role, 'regular'), bold: load(role, 'bold') });
  fonts = { arabic: both('arabic'), latin: both('latin'), latinExt: both('latinExt') };
  return fonts;
}

export type Direction = 'ltr' | 'rtl';

export interface TextStyle {
  size: number;
  bold?: boolean;
  color?: string;
}

/** A piece of a line in visual order, in one font, drawn left to right. */
interface Piece {
  text: string;
  font: string;
  width: number;
}

const arabicLetter = /\p{Script=Arabic}/u;
// Characters of right-to-left scripts, and the controls that open a right-to-left run.
const rightToLeft =
  /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc\u200f\u202b\u202e\u2067]|[\u{10800}-\u{10fff}\u{1e800}-\u{1efff}]/u;
// Controls that steer the algorithm but have no glyph.
const invisible = /[\u200b-\u200f\u202a-\u202e\u2066-\u2069\u061c\ufeff]/u;

export class Canvas {
  readonly doc: PDFKit.PDFDocument;
  readonly direction: Direction;
  readonly width: number;
  readonly height: number;
  readonly margin = 48;
  /** Every text drawn, in logical order: what a test reads the document by. */
  readonly drawn: string[] = [];
  y: number;
  private readonly chunks: Buffer[] = [];
  private readonly fontsByRole = loadFonts();
  private readonly layouts = new Map<string, Piece[]>();
  private readonly coverage = new Map<number, boolean>();

  constructor(options: { direction: Direction; title: string; language: string; issuedAt: Date }) {
    this.direction = options.direction;
    this.doc = new PDFDocument({
      size: 'A4',
      margin: 0,
      bufferPages: true,
      lang: options.language,
      displayTitle: true,
      info: {
        Title: options.title,
        Author: 'Secure Vault',
        Creator: 'Secure Vault',
        Producer: 'Secure Vault',
        CreationDate: options.issuedAt,
        ModDate: options.issuedAt,
      },
    });
    for (const role of Object.values(this.fontsByRole)) {
      for (const font of Object.values(role)) this.doc.registerFont(font.name, font.data);
    }
    this.doc.on('data', (chunk: Buffer) => this.chunks.push(chunk));
    this.width = this.doc.page.width;
    this.height = this.doc.page.height;
    this.y = this.margin;
  }

  get contentWidth(): number {
    return this.width - 2 * this.margin;
  }

  /** The bottom of the writable area: the footer sits below it. */
  get bottom(): number {
    return this.height - this.margin - 24;
  }

  private isCovered(codePoint: number): boolean {
    let covered = this.coverage.get(codePoint);
    if (covered === undefined) {
      covered = Object.values(this.fontsByRole).some((f) => f.regular.covers(codePoint));
      this.coverage.set(codePoint, covered);
    }
    return covered;
  }

  private roleOf(codePoint: number, previous: Role | undefined): Role {
    const f = this.fontsByRole;
    const char = String.fromCodePoint(codePoint);
    if (arabicLetter.test(char) && f.arabic.regular.covers(codePoint)) return 'arabic';
    // A space keeps the font of the word before it.
    if (char === ' ' && previous) return previous;
    if (f.latin.regular.covers(codePoint)) return 'latin';
    if (f.latinExt.regular.covers(codePoint)) return 'latinExt';
    if (f.arabic.regular.covers(codePoint)) return 'arabic';
    return 'latin';
  }

  private measure(text: string, font: string, size: number): number {
    return this.doc.font(font).fontSize(size).widthOfString(text);
  }

  /**
   * One line of logical text as pieces in visual order. `base` is the paragraph's direction:
   * the document's for words, left to right for figures.
   */
  private layoutLine(text: string, base: Direction, style: TextStyle): Piece[] {
    const key = `${base}|${style.size}|${style.bold ? 1 : 0}|${text}`;
    let pieces = this.layouts.get(key);
    if (!pieces) {
      pieces = this.layoutUncached(text, base, style);
      this.layouts.set(key, pieces);
    }
    return pieces;
  }

  private layoutUncached(text: string, base: Direction, style: TextStyle): Piece[] {
    const weight: Weight = style.bold ? 'bold' : 'regular';
    // Left-to-right text with nothing right-to-left in it is all at level 0.
    const levels =
      base === 'ltr' && !rightToLeft.test(text)
        ? new Uint8Array(text.length)
        : bidi.getEmbeddingLevels(text, base).levels;
    // Logical runs of one level and one font, split at spaces: pdfkit lays out word by word.
    interface Run {
      level: number;
      role: Role;
      text: string;
    }
    const runs: Run[] = [];
    let previous: Role | undefined;
    for (let i = 0; i < text.length;) {
      const codePoint = text.codePointAt(i) ?? 0;
      const char = String.fromCodePoint(codePoint);
      const level = levels[i] ?? 0;
      i += char.length;
      if (invisible.test(char)) continue;
      const shown = this.isCovered(codePoint) || char === ' ' ? char : '?';
      const role = this.roleOf(shown.codePointAt(0) ?? 63, previous);
      previous = role;
      const last = runs.at(-1);
      const isSpace = shown === ' ';
      if (last && last.level === level && last.role === role && !isSpace && last.text !== ' ') {
        last.text += shown;
      } else {
        runs.push({ level, role, text: shown });
      }
    }
    // Rule L2: from the highest level down to the lowest odd one, reverse every stretch of runs
    // at that level or higher.
    const highest = Math.max(0, ...runs.map((run) => run.level));
    const lowestOdd = Math.min(
      ...runs.map((run) => run.level).filter((level) => level % 2 === 1),
      highest + 1,
    );
    for (let level = highest; level >= lowestOdd; level -= 1) {
      for (let i = 0; i < runs.length;) {
        if ((runs[i]?.level ?? 0) < level) {
          i += 1;
          continue;
        }
        let j = i;
        while (j < runs.length && (runs[j]?.level ?? 0) >= level) j += 1;
        runs.splice(i, j - i, ...runs.slice(i, j).reverse());
        i = j;
      }
    }
    return runs.map((run) => {
      let shown = run.text;
      if (run.level % 2 === 1 && !arabicLetter.test(shown)) {
        // Right-to-left without an Arabic letter (punctuation, Hebrew…): fontkit keeps it left to
        // right, so its characters are put in visual order here, brackets mirrored.
        shown = [...shown]
          .reverse()
          .map((char) => bidi.getMirroredCharacter(char) ?? char)
          .join('');
      }
      const font = this.fontsByRole[run.role][weight].name;
      return { text: shown, font, width: this.measure(shown, font, style.size) };
    });
  }

  /** The width of a line of text as it would be drawn. */
  widthOf(text: string, style: TextStyle, base: Direction = this.direction): number {
    return this.layoutLine(text, base, style).reduce((total, piece) => total + piece.width, 0);
  }

  /**
   * Logical text broken into lines that fit `width` (at spaces, or anywhere in a word too long
   * for a line), at most `maxLines`, the last cut with "…" when the text does not fit.
   */
  wrap(text: string, width: number, style: TextStyle, maxLines = 3, base = this.direction) {
    const lines: string[] = [];
    const fits = (line: string) => this.widthOf(line, style, base) <= width;
    let rest = text.replace(/\s+/g, ' ').trim();
    while (rest && lines.length < maxLines) {
      if (fits(rest)) {
        lines.push(rest);
        rest = '';
        break;
      }
      // The longest prefix that fits, preferably ending at a space.
      const chars = [...rest];
      let low = 1;
      let high = chars.length;
      while (low < high) {
        const mid = Math.ceil((low + high) / 2);
        if (fits(chars.slice(0, mid).join(''))) low = mid;
        else high = mid - 1;
      }
      const prefix = chars.slice(0, low).join('');
      const space = prefix.lastIndexOf(' ');
      const cut =
        space > 0 && fits(rest.slice(0, space)) && chars[low] !== ' ' ? space : prefix.length;
      lines.push(rest.slice(0, cut).trimEnd());
      rest = rest.slice(cut).trimStart();
    }
    if (rest && lines.length > 0) {
      let last = `${lines.pop() ?? ''}…`;
      while (last.length > 1 && !fits(last)) last = `${[...last].slice(0, -2).join('')}…`;
      lines.push(last);
    }
    return lines.length > 0 ? lines : [''];
  }

  /**
   * Draws one line in the box [x, x + width): aligned to its start (the document's direction
   * decides which side that is), its end, or the centre.
   */
  text(
    text: string,
    box: { x: number; y: number; width: number },
    style: TextStyle & { align?: 'start' | 'end' | 'center'; base?: Direction },
  ): void {
    if (text) this.drawn.push(text);
    const pieces = this.layoutLine(text, style.base ?? this.direction, style);
    const total = pieces.reduce((sum, piece) => sum + piece.width, 0);
    const align = style.align ?? 'start';
    const right = this.direction === 'rtl' ? align === 'start' : align === 'end';
    let x =
      align === 'center'
        ? box.x + (box.width - total) / 2
        : right
          ? box.x + box.width - total
          : box.x;
    this.doc.fillColor(style.color ?? '#111827');
    for (const piece of pieces) {
      this.doc
        .font(piece.font)
        .fontSize(style.size)
        .text(piece.text, x, box.y, { lineBreak: false, baseline: 'top' });
      x += piece.width;
    }
  }

  /** x of a box given from the start side (left in English, right in Arabic). */
  fromStart(offset: number, width: number): number {
    return this.direction === 'rtl'
      ? this.margin + this.contentWidth - offset - width
      : this.margin + offset;
  }

  rule(y: number, color = '#d1d5db', weight = 0.5): void {
    this.doc
      .moveTo(this.margin, y)
      .lineTo(this.margin + this.contentWidth, y)
      .lineWidth(weight)
      .strokeColor(color)
      .stroke();
  }

  /** Starts a new page when `height` does not fit below the cursor; true when it did. */
  ensureSpace(height: number): boolean {
    if (this.y + height <= this.bottom) return false;
    this.doc.addPage({ size: 'A4', margin: 0 });
    this.y = this.margin;
    return true;
  }

  /** Draws `footer` on every page with its page number, then ends the document. */
  async finish(footer: (page: number, pages: number) => [string, string]): Promise<Buffer> {
    const range = this.doc.bufferedPageRange();
    for (let i = range.start; i < range.start + range.count; i += 1) {
      this.doc.switchToPage(i);
      const [signed, pageText] = footer(i - range.start + 1, range.count);
      const y = this.height - this.margin;
      this.rule(y - 6);
      const style = { size: 7.5, color: '#4b5563' };
      const pageWidth = 90;
      this.text(
        signed,
        {
          x: this.fromStart(0, this.contentWidth - pageWidth),
          y,
          width: this.contentWidth - pageWidth,
        },
        style,
      );
      this.text(
        pageText,
        { x: this.fromStart(this.contentWidth - pageWidth, pageWidth), y, width: pageWidth },
        { ...style, align: 'end' },
      );
    }
    const ended = new Promise<void>((resolve, reject) => {
      this.doc.on('end', resolve);
      this.doc.on('error', reject);
    });
    this.doc.end();
    await ended;
    return Buffer.concat(this.chunks);
  }
}

export interface Column {
  /** Share of the table's width. */
  share: number;
  align?: 'start' | 'end';
  /** Figures are laid out left to right whatever the document's direction. */
  base?: Direction;
  maxLines?: number;
}

export interface TableRow {
  cells: string[];
  bold?: boolean;
  /** A shaded row: the header, or a total. */
  shade?: string;
}

/** A table from the start side, repeating its header on each new page. */
export function drawTable(
  canvas: Canvas,
  columns: Column[],
  header: string[],
  rows: TableRow[],
  size = 8,
): void {
  const shares = columns.reduce((total, column) => total + column.share, 0);
  const widths = columns.map((column) => (column.share / shares) * canvas.contentWidth);
  const offsets = widths.map((_, i) => widths.slice(0, i).reduce((a, b) => a + b, 0));
  const padding = 4;
  const lineHeight = size * 1.45;
  const drawRow = (row: TableRow) => {
    const style = { size, bold: row.bold ?? false };
    const lines = row.cells.map((cell, i) =>
      canvas.wrap(
        cell,
        (widths[i] ?? 0) - 2 * padding,
        style,
        columns[i]?.maxLines ?? 3,
        columns[i]?.base ?? canvas.direction,
      ),
    );
    const height = Math.max(...lines.map((cell) => cell.length)) * lineHeight + 2 * padding;
    if (canvas.ensureSpace(height) && row !== headerRow) drawRow(headerRow);
    if (row.shade) {
      canvas.doc.rect(canvas.margin, canvas.y, canvas.contentWidth, height).fill(row.shade);
    }
    lines.forEach((cellLines, i) => {
      const column = columns[i];
      const width = widths[i] ?? 0;
      const x = canvas.fromStart(offsets[i] ?? 0, width) + padding;
      cellLines.forEach((line, n) => {
        canvas.text(
          line,
          { x, y: canvas.y + padding + n * lineHeight, width: width - 2 * padding },
          {
            ...style,
            align: column?.align ?? 'start',
            ...(column?.base ? { base: column.base } : {}),
          },
        );
      });
    });
    canvas.y += height;
    canvas.rule(canvas.y, '#e5e7eb');
  };
  const headerRow: TableRow = { cells: header, bold: true, shade: '#f3f4f6' };
  canvas.ensureSpace(lineHeight * 2 + 4 * padding);
  drawRow(headerRow);
  for (const row of rows) drawRow(row);
}
