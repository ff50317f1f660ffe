/**
 * Identifiers Pillar generates for members. The generated ID is unique across all
 * organizations: a fixed bijection of the employee number over 10^9, so it can be computed
 * before the row is written and looks nothing like a counter. Member creation (issue 4) uses
 * the same function.
 */

const SPACE = 1_000_000_000;
/** Odd and not a multiple of 5, so it is invertible modulo 10^9: distinct numbers never collide. */
const MULTIPLIER = 387_420_489; // 3^18
const OFFSET = 271_828_182;

export const GENERATED_ID_PREFIX = 'PL';

/** 'PL' and nine digits, e.g. PL658248671; unique for employee numbers below 10^9. */
export function generatedIdFor(employeeNo: number): string {
  if (!Number.isSafeInteger(employeeNo) || employeeNo < 1 || employeeNo >= SPACE) {
    throw new Error('employee numbers run from 1 to 999,999,999');
  }
  // BigInt: the product passes 2^53 for large employee numbers.
  const mixed = (BigInt(employeeNo) * BigInt(MULTIPLIER) + BigInt(OFFSET)) % BigInt(SPACE);
  return `${GENERATED_ID_PREFIX}${mixed.toString().padStart(9, '0')}`;
}
