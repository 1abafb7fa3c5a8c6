// The cast budget (issue 27): a type assertion (`x as T`) is a claim the compiler takes on trust,
// so non-test code keeps few (23 in all), each with its reason beside it. Counted per package, as
// the compiler parses the code (`as const` is no assertion; an `as unknown as T` chain is one),
// in every non-test file: not `*.test.ts(x)`, nothing under a `test/` folder, no `*-test-*` helper.
// A ceiling is what the package holds today: lower it when casts go, never raise it.
//
// In every package each cast carries `// cast: <why the value is that type>`
// on the line above it (or at its end). What a cast may stand for: a driver's or library's type
// that cannot be named from here, rows of raw SQL, JSON this code wrote itself.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');

interface Budget {
  folder: string;
  ceiling: number;
  /** Every cast says why on its line or the comment lines right above it. */
  needsReasons: boolean;
}

const budgets: Budget[] = [
  { folder: 'apps/server/src', ceiling: 18, needsReasons: true },
  { folder: 'packages/shared/src', ceiling: 1, needsReasons: true },
  { folder: 'apps/web/src', ceiling: 4, needsReasons: true },
];

const reason = /\/\/ cast: \S/;

function isTestFile(name: string): boolean {
  return /\.test\.tsx?$/.test(name) || /(^|[-.])test[-.]/.test(name);
}

function sourceFiles(folder: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(path.join(root, folder), { withFileTypes: true })) {
    const relative = `${folder}/${entry.name}`;
    if (entry.isDirectory()) {
      if (entry.name !== 'test' && entry.name !== 'node_modules') {
        found.push(...sourceFiles(relative));
      }
    } else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) {
      if (!isTestFile(entry.name)) found.push(relative);
    }
  }
  return found;
}

interface Cast {
  file: string;
  line: number;
  text: string;
  hasReason: boolean;
}

function isAssertion(node: ts.Node): node is ts.AsExpression | ts.TypeAssertion {
  return ts.isAsExpression(node) || ts.isTypeAssertionExpression(node);
}

const isAsConst = (node: ts.AsExpression | ts.TypeAssertion) =>
  ts.isTypeReferenceNode(node.type) && node.type.typeName.getText() === 'const';

function castsIn(file: string): Cast[] {
  const text = readFileSync(path.join(root, file), 'utf8');
  const lines = text.split('\n');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const casts: Cast[] = [];
  const visit = (node: ts.Node) => {
    // `a as unknown as B` is one cast: count the outer assertion of a chain.
    if (isAssertion(node) && !isAsConst(node) && !isAssertion(node.parent)) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const said = [lines[start] ?? '', lines[end] ?? ''];
      // The comment lines right above where the cast starts, or above its `as` line.
      for (const from of [start, end]) {
        for (let above = from - 1; above >= 0 && /^\s*\/\//.test(lines[above] ?? ''); above--) {
          said.push(lines[above] ?? '');
        }
      }
      casts.push({
        file,
        line: start + 1,
        text: (lines[start] ?? '').trim(),
        hasReason: said.some((line) => reason.test(line)),
      });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return casts;
}

describe('the cast budget', () => {
  for (const budget of budgets) {
    const casts = sourceFiles(budget.folder).flatMap(castsIn);

    it(`holds ${budget.folder} to at most ${budget.ceiling} casts`, () => {
      expect(
        casts.length,
        casts.map((cast) => `${cast.file}:${cast.line}: ${cast.text}`).join('\n'),
      ).toBeLessThanOrEqual(budget.ceiling);
    });

    if (budget.needsReasons) {
      it(`gives every cast in ${budget.folder} its reason`, () => {
        const unreasoned = casts
          .filter((cast) => !cast.hasReason)
          .map((cast) => `${cast.file}:${cast.line}: ${cast.text}`);
        expect(unreasoned, 'add `// cast: <why>` above each').toEqual([]);
      });
    }
  }

  it('counts what the compiler sees as an assertion, and only that', () => {
    const sample = [
      'const a = b as string; // cast: sample',
      'const c = [1] as const;',
      'const d = e as unknown as number;',
      '// "as" in a comment, and in a string: "x as y"',
      'import { f as g } from "h";',
    ].join('\n');
    const source = ts.createSourceFile('sample.ts', sample, ts.ScriptTarget.Latest, true);
    let found = 0;
    const visit = (node: ts.Node) => {
      if (isAssertion(node) && !isAsConst(node) && !isAssertion(node.parent)) found += 1;
      ts.forEachChild(node, visit);
    };
    visit(source);
    expect(found).toBe(2);
  });
});
