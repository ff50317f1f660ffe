import type { ReinstatementBody } from '@pillar/domain';
import { useDivisions } from '../../../entities/organization/index.ts';
import { DivisionFields, NEW_DIVISION } from './division-fields.tsx';

export interface ReinstateDivisionValues {
  divisionNo?: number | null;
  divisionId?: string;
  divisionName?: string;
}

/**
 * The division part of the reinstatement body (decision 0074): none into the same group (the
 * current division stays) or where the organization has no divisions; otherwise the chosen
 * division of the new group, or the new one with its ID and name.
 */
export function reinstateDivisionOf(
  values: ReinstateDivisionValues,
  divisionNeeded: boolean,
): Pick<ReinstatementBody, 'divisionNo' | 'newDivision'> {
  if (!divisionNeeded) return {};
  if (values.divisionNo === NEW_DIVISION) {
    return {
      newDivision: { divisionId: values.divisionId ?? '', divisionName: values.divisionName ?? '' },
    };
  }
  return { divisionNo: values.divisionNo ?? null };
}

/**
 * Division, Division ID and Division Name of the Reinstate form: shown when the organization
 * supports divisions and the member goes back into another group, which takes a division of
 * that group with it (an existing one or a new one, decision 0074): always required here.
 */
export function ReinstateDivisionFields({
  organizationNo,
  groupNo,
  trigger,
}: {
  organizationNo: number;
  groupNo: number | undefined;
  trigger: (name: string) => string[];
}) {
  const divisions = useDivisions(organizationNo, groupNo);
  return <DivisionFields divisions={divisions} required={() => true} trigger={trigger} />;
}
