/**
 * X12 tokenizer: finds the delimiters in the ISA and yields segments one at a time from a stream of
 * chunks, so a large interchange never sits in memory whole.
 */

export interface Delimiters {
  element: string;
  repetition: string;
  component: string;
  segment: string;
}

export interface Segment {
  id: string;
  /** elements[0] is the segment id, so elements[1] is e.g. INS01 (the X12 numbering). */
  elements: string[];
  /** 1-based position of the segment in the file (ISA is 1). */
  position: number;
}

export class X12SyntaxError extends Error {
  /** TA1 note code (I18) when the interchange header itself is unreadable. */
  readonly ta1Code: string;
  constructor(message: string, ta1Code: string) {
    super(message);
    this.ta1Code = ta1Code;
  }
}

const LEADING_NOISE = /^[\uFEFF\s]+/;

/**
 * Reads the delimiters from the start of the text. The element separator is the character after
 * "ISA"; counting 16 element separators (rather than relying on the fixed widths) also accepts a
 * non-padded ISA. ISA16 is the component separator and the next character ends the segment.
 * Returns undefined when the text is too short to hold the whole ISA yet.
 */
export function readDelimiters(
  text: string,
): { delimiters: Delimiters; isaEnd: number } | undefined {
  const start = text.replace(LEADING_NOISE, '');
  if (start.length < 4) return undefined;
  if (!start.startsWith('ISA')) {
    // The file's own text stays out of the message: a file that is not an 834 may hold anything.
    throw new X12SyntaxError(
      start.slice(0, 3).toUpperCase() === 'ISA'
        ? 'The file starts with a lowercase "isa": X12 segment ids are uppercase'
        : 'The file does not start with an ISA segment',
      '024',
    );
  }
  const element = start[3]!;
  if (/[A-Za-z0-9\s]/.test(element)) {
    throw new X12SyntaxError('The ISA element separator is a letter, digit or space', '026');
  }
  let index = 3;
  // The separator after "ISA" is the first of 16; find the other 15.
  for (let count = 1; count < 16; count++) {
    index = start.indexOf(element, index + 1);
    if (index < 0) return start.length > 200 ? fail() : undefined;
  }
  // After the 16th separator: ISA16 (one character), then the segment terminator.
  if (start.length < index + 3) return undefined;
  const component = start[index + 1]!;
  const segment = start[index + 2]!;
  const fields = start.slice(0, index + 2).split(element);
  const repetitionField = fields[11] ?? '';
  // ISA11 is the repetition separator from 00501; older versions carry "U" there.
  const repetition =
    repetitionField.length === 1 && !/[A-Za-z0-9]/.test(repetitionField) ? repetitionField : '';
  if (/[A-Za-z0-9]/.test(component) || component === element) {
    throw new X12SyntaxError('The ISA component separator (ISA16) is invalid', '027');
  }
  if (/[A-Za-z0-9]/.test(segment) || segment === element || segment === component) {
    throw new X12SyntaxError('The segment terminator after ISA16 is invalid', '004');
  }
  return {
    delimiters: { element, repetition, component, segment },
    isaEnd: text.length - start.length + index + 3,
  };
}

function fail(): never {
  throw new X12SyntaxError('The ISA segment does not have 16 elements', '024');
}

/**
 * What a transfer leaves between and after segments that is not data: line breaks, spaces, and the
 * NUL and SUB (Ctrl-Z) bytes that fixed-block and DOS transfers pad a file's end with.
 */
// eslint-disable-next-line no-control-regex -- NUL and SUB are what this matches
const PADDING = /^[\s\0\x1a]*$/;

function toSegment(raw: string, delimiters: Delimiters, position: number): Segment | undefined {
  // Line breaks (CRLF or LF) after a terminator and stray leading whitespace are not data.
  const trimmed = raw.replace(/^[\r\n\s]+/, '').replace(/[\r\n]+$/, '');
  if (PADDING.test(trimmed)) return undefined;
  const elements = trimmed.split(delimiters.element);
  return { id: elements[0]!.trim(), elements, position };
}

/** Splits one element by the repetition separator, then each repeat by the component separator. */
export function splitElement(value: string, delimiters: Delimiters): string[][] {
  const repeats = delimiters.repetition ? value.split(delimiters.repetition) : [value];
  return repeats.map((repeat) => repeat.split(delimiters.component));
}

/** Yields the segments of an interchange read from chunks (strings or UTF-8 bytes). */
export async function* readSegments(
  chunks: AsyncIterable<string | Uint8Array> | Iterable<string | Uint8Array>,
  onDelimiters?: (delimiters: Delimiters) => void,
): AsyncGenerator<Segment> {
  const decoder = new TextDecoder('utf-8');
  let buffer = '';
  let delimiters: Delimiters | undefined;
  let position = 0;
  for await (const chunk of chunks) {
    buffer += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
    if (!delimiters) {
      const found = readDelimiters(buffer);
      if (!found) continue;
      delimiters = found.delimiters;
      onDelimiters?.(delimiters);
    }
    let end: number;
    while ((end = buffer.indexOf(delimiters.segment)) >= 0) {
      const segment = toSegment(buffer.slice(0, end), delimiters, position + 1);
      buffer = buffer.slice(end + 1);
      if (segment) {
        position++;
        yield segment;
      }
    }
  }
  buffer += decoder.decode();
  if (!delimiters) {
    if (buffer.replace(LEADING_NOISE, '') === '')
      throw new X12SyntaxError('The file is empty', '023');
    readDelimiters(buffer); // throws when the start is wrong rather than short
    throw new X12SyntaxError('The ISA segment is incomplete', '023');
  }
  // A last segment without a terminator is still read (the envelope check reports what is missing).
  const last = toSegment(buffer, delimiters, position + 1);
  if (last) yield last;
}
