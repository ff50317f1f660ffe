import { CONTRACT_TERMS, discountValue, type ContractInfo, type SsgOrDsg } from '@pillar/domain';
import { type ContractSave } from '../../../entities/opportunity/index.ts';

/** The form's values: the three required answers, and every term by its code. */
export interface ContractFormValues {
  contractTermLength?: number | null;
  contractEffDate?: string | null;
  ssgOrDsg?: SsgOrDsg | null;
  terms: Record<string, number | null | undefined>;
}

export function formValuesOf(contract: ContractInfo | null): ContractFormValues {
  const terms = Object.fromEntries(
    CONTRACT_TERMS.map((term) => [
      term.code,
      contract ? discountValue(contract.discounts, term.code) : null,
    ]),
  );
  return {
    contractTermLength: contract?.contractTermLength ?? null,
    contractEffDate: contract?.contractEffDate ?? null,
    ssgOrDsg: contract?.ssgOrDsg ?? null,
    terms,
  };
}

/** The form's values as the API takes them: every term, in CONTRACT_TERMS order, null if blank. */
export function contractInputOf(values: ContractFormValues): ContractSave {
  return {
    contractTermLength: values.contractTermLength as number,
    contractEffDate: values.contractEffDate as string,
    ssgOrDsg: values.ssgOrDsg as SsgOrDsg,
    discounts: CONTRACT_TERMS.map((term) => {
      const value = values.terms[term.code];
      return { code: term.code, value: typeof value === 'number' ? value : null };
    }),
  };
}

/**
 * The form field a server problem names: the three answers by name; `discounts.{n}.value` is the
 * n-th term sent, which is CONTRACT_TERMS' n-th (contractInputOf sends them all, in order).
 */
export function fieldOfParam(param: string): (string | number)[] | null {
  if (['contractTermLength', 'contractEffDate', 'ssgOrDsg'].includes(param)) return [param];
  const match = /^discounts\.(\d+)(?:\.(?:value|code))?$/.exec(param);
  const term = match ? CONTRACT_TERMS[Number(match[1])] : undefined;
  return term ? ['terms', term.code] : null;
}
