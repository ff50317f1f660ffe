import type { EnvelopeError } from './types.ts';
import type { Segment } from './tokenizer.ts';

/** TA1 note codes (I18) the envelope check uses. */
export const TA1 = {
  controlNumbersDiffer: '001',
  dateInvalid: '014',
  timeInvalid: '015',
  controlNumberInvalid: '018',
  acknowledgmentRequestedInvalid: '019',
  testIndicatorInvalid: '020',
  groupCountWrong: '021',
  prematureEnd: '023',
  contentInvalid: '024',
} as const;

/** AK905 codes for the functional group. */
export const AK9 = {
  versionNotSupported: '2',
  trailerMissing: '3',
  controlNumbersDiffer: '4',
  countWrong: '5',
} as const;
/** IK502 codes for the transaction set. */
export const IK5 = {
  notSupported: '1',
  trailerMissing: '2',
  controlNumbersDiffer: '3',
  countWrong: '4',
  segmentsInError: '5',
} as const;

/**
 * Checks the ISA's 16 fields. Widths are not enforced (a non-padded ISA is accepted); values are.
 * Returns the trimmed fields and the errors that call for a TA1 rejection.
 */
export function checkIsa(segment: Segment): { fields: string[]; errors: EnvelopeError[] } {
  const fields = segment.elements.slice(1).map((value) => value.trim());
  const errors: EnvelopeError[] = [];
  const add = (code: string, message: string) =>
    errors.push({ code, message, filePosition: segment.position });
  if (fields.length !== 16) {
    add(TA1.contentInvalid, `The ISA has ${fields.length} elements instead of 16`);
    return { fields, errors };
  }
  if (!/^\d{6}$/.test(fields[8]!) || !isYymmdd(fields[8]!))
    add(TA1.dateInvalid, 'ISA09 is not a date (YYMMDD)');
  if (!/^([01]\d|2[0-3])[0-5]\d$/.test(fields[9]!))
    add(TA1.timeInvalid, 'ISA10 is not a time (HHMM)');
  if (!/^\d{9}$/.test(fields[12]!))
    add(TA1.controlNumberInvalid, 'ISA13 is not a nine-digit control number');
  if (!['0', '1'].includes(fields[13]!))
    add(TA1.acknowledgmentRequestedInvalid, 'ISA14 is not 0 or 1');
  if (!['P', 'T'].includes(fields[14]!)) add(TA1.testIndicatorInvalid, 'ISA15 is not P or T');
  return { fields, errors };
}

function isYymmdd(value: string): boolean {
  const month = Number(value.slice(2, 4));
  const day = Number(value.slice(4, 6));
  return month >= 1 && month <= 12 && day >= 1 && day <= 31;
}

/** Compares a trailer's count and control number with the header's. */
export function checkTrailer(
  trailer: Segment,
  expected: { count: number; controlNumber: string },
  codes: { count: string; control: string },
  label: { count: string; control: string },
): EnvelopeError[] {
  const errors: EnvelopeError[] = [];
  const count = (trailer.elements[1] ?? '').trim();
  const control = (trailer.elements[2] ?? '').trim();
  if (!/^\d+$/.test(count) || Number(count) !== expected.count) {
    errors.push({
      code: codes.count,
      message: `${label.count} is ${count || 'empty'} but there are ${expected.count}`,
      filePosition: trailer.position,
    });
  }
  if (control !== expected.controlNumber) {
    errors.push({
      code: codes.control,
      message: `${label.control} is ${control || 'empty'} but the header's control number is ${expected.controlNumber}`,
      filePosition: trailer.position,
    });
  }
  return errors;
}
