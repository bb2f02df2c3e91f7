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

// Words of ASCII and of every non-ASCII character boxTable.ts counts as one column (and, for the
// second law, of the two-column characters at the edges of its ranges: Japanese, the CCG's
// rulebook citations), runs of spaces, line breaks (leading and trailing ones too) and empty cells.
const ONE_COLUMN = 'aZ09.%-+[]()–—−…±×→←≥≤≈≠·•°’‘“”§äöüÄÖÜßéèàç';
const textOf = (alphabet: string) => {
  const word = fc.string({ unit: fc.constantFrom(...alphabet), minLength: 0, maxLength: 5 });
  return fc.tuple(word, fc.array(fc.tuple(fc.constantFrom(' ', ' ', '  ', '   ', '\n', ' \n '), word), { maxLength: 5 })).map(([first, rest]) => first + rest.flat().join(''));
};
const tablesOf = (text: fc.Arbitrary<string>) =>
  fc.integer({ min: 1, max: 4 }).chain((cols) =>
    fc.record({
      head: fc.array(text, { minLength: cols, maxLength: cols }),
      rows: fc.array(fc.array(text, { minLength: cols, maxLength: cols }), { maxLength: 4 }),
      widths: fc.array(fc.integer({ min: 5, max: 24 }), { minLength: cols, maxLength: cols }),
      aligns: fc.array(fc.constantFrom('left' as const, 'right' as const), { minLength: cols, maxLength: cols }),
    }),
  );
/** Terminal columns of a line as string-width counts them (the characters generated here). */
const columns = (line: string) => [...line].reduce((n, c) => n + (/[\u3001-\u30FF\u4E00-\u9FFF\uFF01-\uFF5E]/.test(c) ? 2 : 1), 0);

describe('drawBoxTable', () => {
  it('draws what cli-table3 draws, or nothing (seeded law)', () => {
    let drawn = 0;
    fc.assert(
      fc.property(tablesOf(textOf(ONE_COLUMN)), ({ head, rows, widths, aligns }) => {
        const mine = drawBoxTable(head, rows, widths, aligns);
        if (mine === null) return;
        drawn++;
        expect(mine).toBe(cliTable3(head, rows, widths, aligns));
      }),
      { seed: 29, numRuns: 300 },
    );
    // Many generated tables fit (the rest have a word wider than its column, or a line its leading
    // white space makes too long): the law is not vacuous.
    expect(drawn).toBeGreaterThan(100);
  });

  it('with Japanese: every line as wide as the table on a terminal, and no character lost (seeded law)', () => {
    let drawn = 0;
    let broken = 0;
    fc.assert(
      fc.property(tablesOf(textOf(`${ONE_COLUMN}、。「」『』ぁゖァヺー一敵鿿！～`)), ({ head, rows, widths, aligns }) => {
        const mine = drawBoxTable(head, rows, widths, aligns);
        if (mine === null) return;
        drawn++;
        const lines = mine.split('\n');
        for (const l of lines) expect(columns(l), l).toBe(columns(lines[0]));
        if (mine !== cliTable3(head, rows, widths, aligns)) broken++;
        // Column c's text, read down the header's lines and then the body's, is the cells' text in order.
        const rule = lines.findIndex((l) => l.startsWith('├'));
        const body = rule < 0 ? [] : lines.slice(rule + 1, -1);
        const headLines = lines.slice(1, rule < 0 ? -1 : rule);
        const column = (part: string[], c: number) => part.map((l) => l.split('│')[c + 1]).join('').replace(/\s+/g, '');
        for (let c = 0; c < head.length; c++) {
          expect(column(headLines, c)).toBe(head[c].replace(/\s+/g, ''));
          expect(column(body, c)).toBe(rows.map((r) => r[c]).join('').replace(/\s+/g, ''));
        }
      }),
      { seed: 29, numRuns: 300 },
    );
    expect(drawn).toBeGreaterThan(100);
    // Some tables break a Japanese run that cli-table3 would have cut.
    expect(broken).toBeGreaterThan(0);
  });

  it('a real report table: header over numbers, wrapped text, a rule under the head only', () => {
    const head = ['Rev-9', 'win', 'turn-cap games', 'games'];
    const rows = [['endoskeleton', '85.26%', '0', '5000'], ['liquid exoskeleton (damaged)', '–', '12', '5000']];
    const widths = [14, 8, 10, 7];
    const aligns = ['left', 'right', 'right', 'right'] as const;
    expect(drawBoxTable(head, rows, widths, [...aligns])).toBe(cliTable3(head, rows, widths, [...aligns]));
    expect(drawBoxTable(head, [], widths, [...aligns])).toBe(cliTable3(head, [], widths, [...aligns]));
  });

  it('a CCG parameter row citing the Japanese rulebook: two columns a character; a run too wide breaks between characters, never before a closing mark', () => {
    const head = ['key', 'meaning (source)'];
    const rows = [['escapeBonus', 'per character of that surplus (source: digest §敵集団からの脱出: compare the character counts (相手のキャラクター数を比較), if the enemy has more, +1 per (相手のメインキャラクター超過分 1体につき)']];
    // Every line as wide as the table, the text whole (a run fills a line, then goes on on the next).
    const drawn = drawBoxTable(head, rows, [13, 36], ['left', 'left'])!.split('\n');
    for (const l of drawn) expect(columns(l), l).toBe(52);
    expect(drawn.slice(3, -1).map((l) => l.split('│')[2]).join('').replace(/\s+/g, '')).toBe(rows[0][1].replace(/\s+/g, ''));
    // Narrower: cli-table3 cuts the run with "…"; here it goes on on the next line.
    expect(cliTable3(head, rows, [13, 24], ['left', 'left'])).toContain('…');
    expect(drawBoxTable(head, [['x', '(ルール未記載だが…使用できると思われる); §アイテム']], [5, 24], ['left', 'left'])).toBe(
      [
        '┌─────┬────────────────────────┐',
        '│ key │ meaning (source)       │',
        '├─────┼────────────────────────┤',
        '│ x   │ (ルール未記載だが…使用 │',
        '│     │ できると思われる);     │',
        '│     │ §アイテム              │',
        '└─────┴────────────────────────┘',
      ].join('\n'),
    );
  });

  it('a Japanese run that fits a line wraps as cli-table3 wraps it (whole); fullwidth punctuation and small kana never start a line', () => {
    const rows = [['x', 'see §敵集団からの脱出 and (相手のキャラクター数を比較), then §アイテム: ルール未記載']];
    for (const width of [36, 44, 60]) expect(drawBoxTable(['key', 'meaning'], rows, [5, width], ['left', 'left']), String(width)).toBe(cliTable3(['key', 'meaning'], rows, [5, width], ['left', 'left']));
    const drawn = drawBoxTable(['k'], [['あいうえおかきくけこ！さしすせそっゃたちつてと？なにぬねの：はひふへほ，まみむめも］']], [14], ['left'])!.split('\n').slice(1, -1);
    for (const l of drawn) expect(l.slice(2), l).not.toMatch(/^[！？：，］っゃ]/);
  });

  it('leaves to cli-table3 what it cannot measure or would cut: other wide, zero-width and control characters, colour codes, a word wider than its column', () => {
    for (const cell of ['한', '表\u3000表', '✅ ok', 'e\u0301', 'a\tb', '\u001b[31mred\u001b[39m', 'x\u00a0y', 'unbreakable-word']) {
      expect(drawBoxTable(['h'], [[cell]], [8], ['left']), JSON.stringify(cell)).toBeNull();
    }
  });
});
