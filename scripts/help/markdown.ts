// The small part of Markdown the help guides use, read into blocks for the PDF renderer:
// front matter, headings, paragraphs, lists, images, notes (block quotes) and pipe tables,
// with **bold**, *italic*, `code` and [links](url) inside text. The guides are ours, so a
// dependency-free reader of this subset is simpler than a general parser and its tokens.

export interface FrontMatter {
  /** Single values by key; `check` lines are collected in `checks`. */
  values: Record<string, string>;
  /** `check: <path> | <text>`: the page at path must still show the text (see build.ts). */
  checks: { path: string; text: string }[];
}

export type Block =
  | { kind: 'heading'; level: 1 | 2 | 3; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'list'; ordered: boolean; items: ListItem[] }
  | { kind: 'image'; alt: string; src: string }
  | { kind: 'note'; text: string }
  | { kind: 'table'; header: string[]; rows: string[][] }
  | { kind: 'pageBreak' };

export interface Document {
  front: FrontMatter;
  blocks: Block[];
}

/** A list item; level 1 items sit under the level 0 item before them. */
export interface ListItem {
  text: string;
  level: 0 | 1;
  ordered: boolean;
}

export interface Span {
  text: string;
  bold?: boolean;
  italic?: boolean;
  code?: boolean;
  link?: string;
}

function readFrontMatter(lines: string[]): { front: FrontMatter; rest: string[] } {
  const front: FrontMatter = { values: {}, checks: [] };
  if (lines[0]?.trim() !== '---') return { front, rest: lines };
  const end = lines.indexOf('---', 1);
  if (end < 0) throw new Error('Front matter opened with --- is never closed');
  for (const line of lines.slice(1, end)) {
    if (!line.trim() || line.trimStart().startsWith('#')) continue;
    const colon = line.indexOf(':');
    if (colon < 0) throw new Error(`Front matter line without a colon: ${line}`);
    const key = line.slice(0, colon).trim();
    const value = line.slice(colon + 1).trim();
    if (key === 'check') {
      const [path, text] = value.split('|').map((part) => part.trim());
      if (!path || !text) throw new Error(`check needs "<path> | <text>": ${line}`);
      front.checks.push({ path, text });
    } else {
      front.values[key] = value;
    }
  }
  return { front, rest: lines.slice(end + 1) };
}

const IMAGE = /^!\[([^\]]*)\]\(([^)\s]+)\)$/;
const LIST_ITEM = /^(\s*)([-*]|\d+\.)\s+(.*)$/;
const TABLE_RULE = /^\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?$/;

function tableCells(line: string): string[] {
  return line
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split('|')
    .map((cell) => cell.trim());
}

/** Reads a guide's Markdown into front matter and blocks. */
export function parseMarkdown(source: string): Document {
  const { front, rest } = readFrontMatter(source.replace(/\r\n/g, '\n').split('\n'));
  const blocks: Block[] = [];
  let index = 0;
  const line = () => rest[index] ?? '';
  while (index < rest.length) {
    const current = line();
    const trimmed = current.trim();
    if (!trimmed || trimmed.startsWith('<!--')) {
      // Comments are for the people editing the guide, one line each.
      index += 1;
      continue;
    }
    const heading = /^(#{1,3})\s+(.*)$/.exec(trimmed);
    if (heading) {
      blocks.push({
        kind: 'heading',
        level: heading[1]!.length as 1 | 2 | 3,
        text: heading[2]!.trim(),
      });
      index += 1;
      continue;
    }
    if (trimmed === '\\pagebreak') {
      blocks.push({ kind: 'pageBreak' });
      index += 1;
      continue;
    }
    const image = IMAGE.exec(trimmed);
    if (image) {
      blocks.push({ kind: 'image', alt: image[1]!, src: image[2]! });
      index += 1;
      continue;
    }
    if (trimmed.startsWith('>')) {
      const text: string[] = [];
      while (index < rest.length && line().trim().startsWith('>')) {
        text.push(line().trim().replace(/^>\s?/, ''));
        index += 1;
      }
      blocks.push({ kind: 'note', text: text.join(' ').trim() });
      continue;
    }
    if (trimmed.startsWith('|') && TABLE_RULE.test(rest[index + 1]?.trim() ?? '')) {
      const header = tableCells(trimmed);
      index += 2;
      const rows: string[][] = [];
      while (index < rest.length && line().trim().startsWith('|')) {
        rows.push(tableCells(line()));
        index += 1;
      }
      blocks.push({ kind: 'table', header, rows });
      continue;
    }
    const item = LIST_ITEM.exec(current);
    if (item) {
      const baseIndent = item[1]!.length;
      const items: ListItem[] = [];
      while (index < rest.length) {
        const next = LIST_ITEM.exec(line());
        if (next) {
          items.push({
            text: next[3]!.trim(),
            level: next[1]!.length > baseIndent ? 1 : 0,
            ordered: /\d/.test(next[2]!),
          });
        } else if (line().trim() && /^\s{2,}/.test(line()) && items.length) {
          // A wrapped item continues on an indented line.
          items[items.length - 1]!.text += ` ${line().trim()}`;
        } else {
          break;
        }
        index += 1;
      }
      blocks.push({ kind: 'list', ordered: /\d/.test(item[2]!), items });
      continue;
    }
    const text: string[] = [];
    while (index < rest.length) {
      const next = line().trim();
      if (!next || /^(#{1,3}\s|>|!\[|\|)/.test(next) || LIST_ITEM.test(line())) break;
      text.push(next);
      index += 1;
    }
    blocks.push({ kind: 'paragraph', text: text.join(' ') });
  }
  return { front, blocks };
}

// Italic is *text* or _text_ (Prettier writes the latter); an underscore inside a word is text.
const INLINE = /(\*\*[^*]+\*\*|\*[^*]+\*|(?<![\w])_[^_]+_(?![\w])|`[^`]+`|\[[^\]]+\]\([^)\s]+\))/g;

/** Splits text into runs of plain, bold, italic, code and linked text. */
export function parseInline(text: string): Span[] {
  const spans: Span[] = [];
  let last = 0;
  for (const match of text.matchAll(INLINE)) {
    const start = match.index;
    if (start > last) spans.push({ text: text.slice(last, start) });
    const token = match[0];
    if (token.startsWith('**')) spans.push({ text: token.slice(2, -2), bold: true });
    else if (token.startsWith('`')) spans.push({ text: token.slice(1, -1), code: true });
    else if (token.startsWith('[')) {
      const link = /^\[([^\]]+)\]\(([^)\s]+)\)$/.exec(token)!;
      spans.push({ text: link[1]!, link: link[2]! });
    } else spans.push({ text: token.slice(1, -1), italic: true });
    last = start + token.length;
  }
  if (last < text.length) spans.push({ text: text.slice(last) });
  return spans;
}

/** The text of a line without its Markdown marks, for outlines and plain-text checks. */
export function plainText(text: string): string {
  return parseInline(text)
    .map((span) => span.text)
    .join('');
}
