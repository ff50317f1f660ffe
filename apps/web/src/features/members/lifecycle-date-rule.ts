import { lifecycleDateError } from '@pillar/domain';

/**
 * A form rule: a lifecycle date (termination, reinstatement, group or package change) may not fall
 * before the member's or dependent's effective date (spec 1 §4, §5). An empty value is left to the
 * field's required rule.
 */
export function notBeforeEffective(
  kind: Parameters<typeof lifecycleDateError>[0],
  effectiveDate: string,
) {
  return {
    validator: async (_: unknown, value: string | null | undefined) => {
      if (!value) return;
      const error = lifecycleDateError(kind, value, effectiveDate);
      if (error) throw new Error(error);
    },
  };
}
