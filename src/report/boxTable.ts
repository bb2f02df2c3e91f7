// The table view's box drawing for plain text, the same characters cli-table3 draws for the one
// configuration report.ts uses (compact, no colours, fixed column widths, word wrap, padding 1).
// Why: cli-table3 measures every piece of text through string-width and ANSI-stripping regular
// expressions many times a cell; drawing a Dark Fate report took about 60 ms of CPU, a quarter of
// a one-game run (bench/startup.ts). This draws only what it can draw exactly: text whose every
// character is one column wide and never truncated; for anything else it returns null and the
// caller draws with cli-table3. test/boxTable.test.ts holds the two to the same output.

/** Characters one column wide for string-width (as cli-table3 measures), besides printable ASCII. */
const ONE_COLUMN = '–—−…±×→←≥≤≈≠·•°’‘“”äöüÄÖÜßéèàç';
const PLAIN = new RegExp(`^[\\x20-\\x7E\\n${ONE_COLUMN}]*$`);

/** Whether cli-table3 would measure `text` as its length on every line (no colour codes, no wide or zero-width characters). */
export function isPlainText(text: string): boolean {
  return PLAIN.test(text);
}

/**
 * cli-table3's word wrap (utils.wordWrap) for plain text, line by line: words are never cut, runs
 * of white space are kept inside a line, and a line break falls before a word that would pass
 * `maxLength`. Its quirks are kept (a line's leading white space is not counted).
 */
function wrapLine(maxLength: number, input: string, into: string[]): void {
  const split = input.split(/(\s+)/g);
  let line: string[] = [];
  let lineLength = 0;
  let whitespace: string | undefined;
  for (let i = 0; i < split.length; i += 2) {
    const word = split[i];
    let newLength = lineLength + word.length;
    if (lineLength > 0 && whitespace) newLength += whitespace.length;
    if (newLength > maxLength) {
      if (lineLength !== 0) into.push(line.join(''));
      line = [word];
      lineLength = word.length;
    } else {
      line.push(whitespace || '', word);
      lineLength = newLength;
    }
    whitespace = split[i + 1];
  }
  if (lineLength) into.push(line.join(''));
}

/**
 * The table as cli-table3 draws `head` over `rows` (compact style: a rule under the head only),
 * columns `widths` wide including one space of padding each side, aligned left or right; or null
 * when some text is not plain or a line would not fit its column (cli-table3 would cut it).
 */
export function drawBoxTable(head: readonly string[], rows: readonly (readonly string[])[], widths: readonly number[], aligns: readonly ('left' | 'right')[]): string | null {
  const cols = head.length;
  if (cols === 0 || widths.length !== cols || widths.some((w) => !(w >= 3))) return null;
  const out: string[] = [];
  const rule = (left: string, mid: string, right: string) => left + widths.map((w) => '─'.repeat(w)).join(mid) + right;
  const drawRow = (cells: readonly string[]): boolean => {
    if (cells.length !== cols) return false;
    const lines: string[][] = [];
    let height = 1;
    for (let c = 0; c < cols; c++) {
      const text = cells[c];
      if (!isPlainText(text)) return false;
      const wrapped: string[] = [];
      for (const part of text.split('\n')) wrapLine(widths[c] - 2, part, wrapped);
      for (const l of wrapped) if (l.length > widths[c] - 2) return false;
      lines.push(wrapped);
      height = Math.max(height, wrapped.length);
    }
    for (let k = 0; k < height; k++) {
      let s = '│';
      for (let c = 0; c < cols; c++) {
        const l = lines[c][k] ?? '';
        const pad = ' '.repeat(widths[c] - 2 - l.length);
        s += ` ${aligns[c] === 'right' ? pad + l : l + pad} │`;
      }
      out.push(s);
    }
    return true;
  };
  out.push(rule('┌', '┬', '┐'));
  if (!drawRow(head)) return null;
  if (rows.length) out.push(rule('├', '┼', '┤'));
  for (const r of rows) if (!drawRow(r)) return null;
  out.push(rule('└', '┴', '┘'));
  return out.join('\n');
}
