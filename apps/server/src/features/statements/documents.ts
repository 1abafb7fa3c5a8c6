// The statement and the proof of holdings drawn as PDFs from their models (statement-model.ts),
// in English or Arabic. Each returns the unsigned PDF and the texts drawn on it.
import type { Language } from '@secure-vault/shared/i18n';
import { cashNames, holdingName } from '../../i18n/ledger-names.ts';
import { Canvas, type Column, drawTable, type TableRow } from './pdf-canvas.ts';
import {
  fill,
  formatDay,
  formatInstant,
  formatMonth,
  formatQuantity,
  formatShortDate,
  formatUsd,
  movementDescription,
  pdfTexts,
} from './pdf-text.ts';
import type { Holdings, JournalPosition, ProofModel, StatementModel } from './statement-model.ts';

export interface DrawnDocument {
  pdf: Buffer;
  /** Every text on its pages, in logical order. */
  texts: string[];
}

const teal = '#0f766e';
const muted = '#4b5563';
const totalShade = '#f9fafb';

function heading(canvas: Canvas, language: Language, title: string, subtitle: string): void {
  const t = pdfTexts[language];
  const box = { x: canvas.margin, width: canvas.contentWidth };
  canvas.text(t.brand, { ...box, y: canvas.y }, { size: 18, bold: true, color: teal });
  canvas.y += 28;
  canvas.text(title, { ...box, y: canvas.y }, { size: 14, bold: true });
  canvas.y += 20;
  if (subtitle) {
    canvas.text(subtitle, { ...box, y: canvas.y }, { size: 10, color: muted });
    canvas.y += 16;
  }
  canvas.rule(canvas.y + 2, teal, 1);
  canvas.y += 12;
}

function section(canvas: Canvas, title: string): void {
  canvas.ensureSpace(60);
  canvas.y += 10;
  canvas.text(
    title,
    { x: canvas.margin, y: canvas.y, width: canvas.contentWidth },
    { size: 11, bold: true, color: teal },
  );
  canvas.y += 18;
}

function note(canvas: Canvas, text: string): void {
  canvas.ensureSpace(16);
  canvas.y += 4;
  canvas.text(
    text,
    { x: canvas.margin, y: canvas.y, width: canvas.contentWidth },
    { size: 8, color: muted },
  );
  canvas.y += 14;
}

/** Label and value pairs: the customer, the period, the journal position. */
function facts(canvas: Canvas, pairs: [string, string, ('ltr' | undefined)?][]): void {
  const labelWidth = canvas.contentWidth * 0.36;
  for (const [label, value, base] of pairs) {
    const lines = canvas.wrap(value, canvas.contentWidth - labelWidth, { size: 9.5 }, 2, base);
    canvas.ensureSpace(lines.length * 14 + 2);
    canvas.text(
      label,
      { x: canvas.fromStart(0, labelWidth), y: canvas.y, width: labelWidth },
      { size: 9.5, color: muted },
    );
    lines.forEach((line, n) => {
      canvas.text(
        line,
        {
          x: canvas.fromStart(labelWidth, canvas.contentWidth - labelWidth),
          y: canvas.y + n * 14,
          width: canvas.contentWidth - labelWidth,
        },
        { size: 9.5, bold: true, ...(base ? { base } : {}) },
      );
    });
    canvas.y += lines.length * 14 + 2;
  }
  canvas.y += 4;
}

function journalText(language: Language, position: JournalPosition): string {
  return position.at ? position.id : pdfTexts[language].noJournalRows;
}

const figure = { align: 'end', base: 'ltr' } as const;
/** A quantity and its unit: a figure, in the document's direction around its isolated digits. */
const quantity = { align: 'end' } as const;

/** Holdings at one instant: each position, the cash, the total. */
function holdingsTable(canvas: Canvas, language: Language, holdings: Holdings): void {
  const t = pdfTexts[language];
  const columns: Column[] = [{ share: 5 }, { share: 3, ...quantity }, { share: 3, ...figure }];
  const rows: TableRow[] = holdings.positions.map((position) => ({
    cells: [
      holdingName(language, position.assetSymbol, position.itemName),
      position.quantity === null
        ? ''
        : formatQuantity(position.quantity, position.assetSymbol, language),
      formatUsd(position.value, language),
    ],
  }));
  rows.push({ cells: [cashNames[language], '', formatUsd(holdings.cash, language)] });
  rows.push({
    cells: [t.total, '', formatUsd(holdings.total, language)],
    bold: true,
    shade: totalShade,
  });
  drawTable(canvas, columns, [t.columns.holding, t.columns.quantity, t.columns.value], rows);
}

export async function drawStatement(
  model: StatementModel,
  language: Language,
  origin: string,
): Promise<DrawnDocument> {
  const t = pdfTexts[language];
  const canvas = new Canvas({
    direction: language === 'ar' ? 'rtl' : 'ltr',
    language,
    title: `${t.brand} — ${t.statementTitle} ${model.period}`,
    issuedAt: model.issuedAt,
  });
  heading(canvas, language, t.statementTitle, formatMonth(model.start, language));
  const lastDay = new Date(model.end.getTime() - 24 * 60 * 60 * 1000);
  facts(canvas, [
    [t.customer, model.customer.name],
    [t.accountNumber, model.customer.accountNumber, 'ltr'],
    [
      t.period,
      `${formatDay(model.start, language)} – ${
        model.isCurrentMonth ? t.periodToDate : formatDay(lastDay, language)
      }`,
    ],
    [t.issuedAt, formatInstant(model.issuedAt, language)],
    [t.journalPosition, journalText(language, model.journalPosition)],
  ]);

  section(canvas, `${t.opening} — ${formatDay(model.start, language)}`);
  holdingsTable(canvas, language, model.opening);

  section(canvas, t.movements);
  if (model.movements.length === 0) {
    note(canvas, t.noMovements);
  } else {
    drawTable(
      canvas,
      [
        { share: 2.1, base: 'ltr', maxLines: 1 },
        { share: 3.4 },
        { share: 2.4 },
        { share: 2.6, ...quantity },
        { share: 2.3, ...figure },
        { share: 3.2, base: 'ltr', maxLines: 2 },
      ],
      [
        t.columns.date,
        t.columns.description,
        t.columns.asset,
        t.columns.quantityChange,
        t.columns.valueChange,
        t.columns.reference,
      ],
      model.movements.map((movement) => ({
        cells: [
          formatShortDate(movement.at, language),
          movementDescription(language, movement),
          holdingName(language, movement.assetSymbol, movement.itemName),
          movement.quantityDelta === null
            ? ''
            : formatQuantity(movement.quantityDelta, movement.assetSymbol, language, true),
          formatUsd(movement.valueDelta, language, true),
          movement.reference ?? '',
        ],
      })),
      7.5,
    );
  }

  section(canvas, t.totals);
  drawTable(
    canvas,
    [{ share: 8 }, { share: 3, ...figure }],
    [t.totals, t.columns.value],
    [
      { cells: [t.valueIn, formatUsd(model.totals.valueIn, language)] },
      { cells: [t.valueOut, formatUsd(model.totals.valueOut, language)] },
      {
        cells: [t.net, formatUsd(model.totals.net, language, true)],
        bold: true,
        shade: totalShade,
      },
    ],
  );

  section(
    canvas,
    model.isCurrentMonth
      ? `${t.closingToDate} — ${formatInstant(model.issuedAt, language)}`
      : `${t.closing} — ${formatDay(lastDay, language)}`,
  );
  holdingsTable(canvas, language, model.closing);
  note(canvas, t.bookValues);

  const pdf = await canvas.finish((page, pages) => [
    fill(t.footer, { origin }),
    fill(t.page, { page, pages }),
  ]);
  return { pdf, texts: canvas.drawn };
}

export async function drawProofOfHoldings(
  model: ProofModel,
  language: Language,
  origin: string,
): Promise<DrawnDocument> {
  const t = pdfTexts[language];
  const canvas = new Canvas({
    direction: language === 'ar' ? 'rtl' : 'ltr',
    language,
    title: `${t.brand} — ${t.proofTitle}`,
    issuedAt: model.at,
  });
  heading(canvas, language, t.proofTitle, formatInstant(model.at, language));
  facts(canvas, [
    [t.customer, model.customer.name],
    [t.accountNumber, model.customer.accountNumber, 'ltr'],
    [t.holdingsAt, formatInstant(model.at, language)],
    [t.journalPosition, journalText(language, model.journalPosition)],
  ]);

  section(canvas, t.holdings);
  const rows: TableRow[] = model.holdings.map((holding) => ({
    cells: [
      holdingName(language, holding.assetSymbol, holding.itemName),
      holding.status === 'delivered' ? '' : t.statuses[holding.status],
      holding.quantity === null
        ? ''
        : formatQuantity(holding.quantity, holding.assetSymbol, language),
      formatUsd(holding.value, language),
    ],
  }));
  rows.push({
    cells: [cashNames[language], t.statuses.active, '', formatUsd(model.cash, language)],
  });
  rows.push({
    cells: [t.total, '', '', formatUsd(model.total, language)],
    bold: true,
    shade: totalShade,
  });
  drawTable(
    canvas,
    [{ share: 5 }, { share: 3 }, { share: 3, ...quantity }, { share: 3, ...figure }],
    [t.columns.holding, t.columns.status, t.columns.quantity, t.columns.value],
    rows,
  );
  if (model.holdings.length === 0) note(canvas, t.noHoldings);
  note(canvas, t.vaultValues);

  const pdf = await canvas.finish((page, pages) => [
    fill(t.footer, { origin }),
    fill(t.page, { page, pages }),
  ]);
  return { pdf, texts: canvas.drawn };
}
