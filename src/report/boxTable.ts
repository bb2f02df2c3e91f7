// The table view's box drawing for plain text, the same characters cli-table3 draws for the one
// configuration report.ts uses (compact, no colours, fixed column widths, word wrap, padding 1).
// Why: cli-table3 measures every piece of text through string-width and ANSI-stripping regular
// expressions many times a cell; drawing a Dark Fate report took about 60 ms of CPU, a quarter of
// a one-game run (bench/startup.ts). This draws only what it can draw exactly: text whose every
// character's width it knows as cli-table3 measures it (one column, or two for the Japanese of the
// CCG's rulebook citations) and never truncated; for anything else it returns null and the caller
// draws with cli-table3. test/boxTable.test.ts holds the two to the same output, except that a
// Japanese run breaks between its characters where cli-table3 would cut it.

/** Characters one column wide for string-width (as cli-table3 measures), besides printable ASCII. */
const ONE_COLUMN = '–—−…±×→←≥≤≈≠·•°’‘“”§äöüÄÖÜßéèàç';
/**
 * Characters two columns wide for string-width (is-fullwidth-code-point, none of them an emoji or
 * white space): Japanese punctuation and brackets, hiragana, katakana, CJK ideographs, fullwidth forms.
 */
const TWO_COLUMNS = '\\u3001\\u3002\\u300C-\\u300F\\u3041-\\u3096\\u30A1-\\u30FA\\u30FC\\u4E00-\\u9FFF\\uFF01-\\uFF5E';
const PLAIN = new RegExp(`^[\\x20-\\x7E\\n${ONE_COLUMN}${TWO_COLUMNS}]*$`);
const WIDE = new RegExp(`[${TWO_COLUMNS}]`, 'g');
const WIDE_CHAR = new RegExp(`[${TWO_COLUMNS}]`);

/** Whether cli-table3 would measure `text` exactly as textWidth does on every line (no colour codes, emoji or zero-width characters). */
export function isPlainText(text: string): boolean {
  return PLAIN.test(text);
}

/** Columns a line of plain text takes (isPlainText): its length, plus one for each wide character. */
export function textWidth(line: string): number {
  // Most text has no wide character: one scan, no count.
  if (!WIDE_CHAR.test(line)) return line.length;
  WIDE.lastIndex = 0;
  let wide = 0;
  while (WIDE.exec(line) !== null) wide++;
  return line.length + wide;
}

/**
 * A line may not break before these (closing marks and punctuation, halfwidth and fullwidth, the
 * long vowel mark, small kana) nor after the opening ones (kinsoku).
 */
const NO_BREAK_BEFORE = '、。」』）］｝！？：；，．ー)]},.;:!?…”’ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶ';
const NO_BREAK_AFTER = '「『（［｛([{§“‘';

/**
 * A word cut where a line may break inside it: beside a two-column character (Japanese runs have no
 * spaces), never before a closing mark nor after an opening one. A word without one is one piece.
 */
function pieces(word: string): string[] {
  const out: string[] = [];
  let piece = '';
  for (let k = 0; k < word.length; k++) {
    const c = word[k];
    const prev = word[k - 1];
    if (piece && (WIDE_CHAR.test(prev) || WIDE_CHAR.test(c)) && !NO_BREAK_BEFORE.includes(c) && !NO_BREAK_AFTER.includes(prev)) {
      out.push(piece);
      piece = '';
    }
    piece += c;
  }
  if (piece) out.push(piece);
  return out;
}

/** Columns of the widest piece of `text` no line break may cut (a word, or a piece of a Japanese run). */
export function longestUnbreakable(text: string): number {
  let most = 0;
  for (const word of text.split(/\s+/)) {
    if (!WIDE_CHAR.test(word)) most = Math.max(most, word.length);
    else for (const p of pieces(word)) most = Math.max(most, textWidth(p));
  }
  return most;
}

/**
 * cli-table3's word wrap (utils.wordWrap) for plain text, line by line: words are never cut, runs
 * of white space are kept inside a line, and a line break falls before a word that would pass
 * `maxLength`. Its quirks are kept (a line's leading white space is not counted). Unlike
 * cli-table3, which cuts a word wider than its column, a Japanese run wider than a line breaks
 * between its characters (pieces): anything narrower wraps exactly as cli-table3 wraps it.
 */
function wrapLine(maxLength: number, input: string, into: string[]): void {
  const split = input.split(/(\s+)/g);
  let line: string[] = [];
  let lineLength = 0;
  let whitespace: string | undefined;
  const place = (word: string): void => {
    let newLength = lineLength + textWidth(word);
    if (lineLength > 0 && whitespace) newLength += whitespace.length;
    if (newLength > maxLength) {
      if (lineLength !== 0) into.push(line.join(''));
      line = [word];
      lineLength = textWidth(word);
    } else {
      line.push(whitespace || '', word);
      lineLength = newLength;
    }
  };
  for (let i = 0; i < split.length; i += 2) {
    const word = split[i];
    // A Japanese run breaks between its characters only where cli-table3 would cut it: wider than a line.
    if (!WIDE_CHAR.test(word) || textWidth(word) <= maxLength) place(word);
    else {
      for (const piece of pieces(word)) {
        place(piece);
        // The pieces of one word follow each other with nothing between them.
        whitespace = '';
      }
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
      for (const l of wrapped) if (textWidth(l) > widths[c] - 2) return false;
      lines.push(wrapped);
      height = Math.max(height, wrapped.length);
    }
    for (let k = 0; k < height; k++) {
      let s = '│';
      for (let c = 0; c < cols; c++) {
        const l = lines[c][k] ?? '';
        const pad = ' '.repeat(widths[c] - 2 - textWidth(l));
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
