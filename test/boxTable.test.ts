// The table view's own box drawing (src/report/boxTable.ts) against cli-table3 in the
// configuration report.ts gives it: the same characters for every table it draws (seeded law),
// and no drawing at all for text it cannot measure exactly.
import fc from 'fast-check';
import Table from 'cli-table3';
import { describe, expect, it } from 'vitest';
import { drawBoxTable } from '../src/report/boxTable.js';

function cliTable3(head: string[], rows: string[][], widths: number[], aligns: ('left' | 'right')[]): string {
  const table = new Table({ head, style: { head: [], border: [], compact: true }, colAligns: aligns, colWidths: [...widths], wordWrap: true });
  for (const r of rows) table.push(r);
  return table.toString();
}

// Words of ASCII and of every non-ASCII character boxTable.ts counts as one column, runs of
// spaces, line breaks (leading and trailing ones too) and empty cells.
const word = fc.string({ unit: fc.constantFrom(...'aZ09.%-+[]()–—−…±×→←≥≤≈≠·•°’‘“”äöüÄÖÜßéèàç'), minLength: 0, maxLength: 5 });
const text = fc.tuple(word, fc.array(fc.tuple(fc.constantFrom(' ', ' ', '  ', '   ', '\n', ' \n '), word), { maxLength: 5 })).map(([first, rest]) => first + rest.flat().join(''));

describe('drawBoxTable', () => {
  it('draws what cli-table3 draws, or nothing (seeded law)', () => {
    let drawn = 0;
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 4 }).chain((cols) =>
          fc.record({
            head: fc.array(text, { minLength: cols, maxLength: cols }),
            rows: fc.array(fc.array(text, { minLength: cols, maxLength: cols }), { maxLength: 4 }),
            widths: fc.array(fc.integer({ min: 5, max: 24 }), { minLength: cols, maxLength: cols }),
            aligns: fc.array(fc.constantFrom('left' as const, 'right' as const), { minLength: cols, maxLength: cols }),
          }),
        ),
        ({ head, rows, widths, aligns }) => {
          const mine = drawBoxTable(head, rows, widths, aligns);
          if (mine === null) return;
          drawn++;
          expect(mine).toBe(cliTable3(head, rows, widths, aligns));
        },
      ),
      { seed: 29, numRuns: 300 },
    );
    // Many generated tables fit (the rest have a word wider than its column, or a line its leading
    // white space makes too long): the law is not vacuous.
    expect(drawn).toBeGreaterThan(100);
  });

  it('a real report table: header over numbers, wrapped text, a rule under the head only', () => {
    const head = ['Rev-9', 'win', 'turn-cap games', 'games'];
    const rows = [['endoskeleton', '85.26%', '0', '5000'], ['liquid exoskeleton (damaged)', '–', '12', '5000']];
    const widths = [14, 8, 10, 7];
    const aligns = ['left', 'right', 'right', 'right'] as const;
    expect(drawBoxTable(head, rows, widths, [...aligns])).toBe(cliTable3(head, rows, widths, [...aligns]));
    expect(drawBoxTable(head, [], widths, [...aligns])).toBe(cliTable3(head, [], widths, [...aligns]));
  });

  it('leaves to cli-table3 what it cannot measure or would cut: wide, zero-width and control characters, colour codes, a word wider than its column', () => {
    for (const cell of ['表', '✅ ok', 'e\u0301', 'a\tb', '\u001b[31mred\u001b[39m', 'x\u00a0y', 'unbreakable-word']) {
      expect(drawBoxTable(['h'], [[cell]], [8], ['left']), JSON.stringify(cell)).toBeNull();
    }
  });
});
