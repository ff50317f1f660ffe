import {
  DATE_FORMATS,
  DMG03,
  DTP01_BY_LOOP,
  HD01,
  HD03,
  HD05,
  INS01,
  INS02,
  INS04,
  INS05,
  MAINTENANCE_TYPES,
} from './codes-834.ts';

/** IK403 codes (005010X231A1) for the element errors the reader finds. */
export const IK4 = {
  requiredMissing: '1',
  tooLong: '5',
  invalidCode: '7',
  invalidDate: '8',
} as const;

export interface ElementRule {
  /** The X12 data element reference number (IK402). */
  dataElement: number;
  required?: boolean;
  max?: number;
  codes?: readonly string[] | ((loopId: string) => readonly string[] | undefined);
}

/** The checked elements of the segments the 834 reader maps, by segment and element position. */
export const ELEMENT_RULES: Readonly<Record<string, Readonly<Record<number, ElementRule>>>> = {
  INS: {
    1: { dataElement: 1073, required: true, codes: INS01 },
    2: { dataElement: 1069, required: true, codes: Object.keys(INS02) },
    3: { dataElement: 875, required: true, codes: Object.keys(MAINTENANCE_TYPES) },
    4: { dataElement: 1203, codes: INS04 },
    5: { dataElement: 1216, required: true, codes: INS05 },
  },
  NM1: {
    1: { dataElement: 98, required: true, max: 3 },
    2: { dataElement: 1065, required: true, codes: ['1', '2'] },
    3: { dataElement: 1035, max: 60 },
    4: { dataElement: 1036, max: 35 },
    5: { dataElement: 1037, max: 25 },
    9: { dataElement: 67, max: 80 },
  },
  DMG: {
    1: { dataElement: 1250, required: true, codes: ['D8'] },
    2: { dataElement: 1251, required: true, max: 35 },
    3: { dataElement: 1068, required: true, codes: DMG03 },
  },
  HD: {
    1: { dataElement: 875, required: true, codes: HD01 },
    3: { dataElement: 1205, required: true, codes: HD03 },
    4: { dataElement: 1204, max: 50 },
    5: { dataElement: 1207, codes: HD05 },
  },
  DTP: {
    1: { dataElement: 374, required: true, codes: (loopId) => DTP01_BY_LOOP[loopId] },
    2: { dataElement: 1250, required: true, codes: DATE_FORMATS },
    3: { dataElement: 1251, required: true, max: 35 },
  },
  REF: {
    1: { dataElement: 128, required: true, max: 3 },
    2: { dataElement: 127, required: true, max: 50 },
  },
};

/** True for a real calendar date written CCYYMMDD. */
export function isD8(value: string): boolean {
  if (!/^\d{8}$/.test(value)) return false;
  const year = Number(value.slice(0, 4));
  const month = Number(value.slice(4, 6));
  const day = Number(value.slice(6, 8));
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

/** True when the value matches its format qualifier: D8 one date, RD8 a range CCYYMMDD-CCYYMMDD. */
export function isDateInFormat(format: string, value: string): boolean {
  if (format === 'D8') return isD8(value);
  if (format === 'RD8') {
    const [from, to, ...rest] = value.split('-');
    return (
      rest.length === 0 &&
      from !== undefined &&
      to !== undefined &&
      isD8(from) &&
      isD8(to) &&
      from <= to
    );
  }
  return true;
}
