import { type FormRule } from 'antd';
import { DATE_FORMAT_ISSUE } from '@pillar/domain';

/** The part of a zod schema the form needs; any zod v4 schema fits. */
export interface ParsingSchema {
  safeParse(
    value: unknown,
  ):
    | { success: true }
    | { success: false; error: { issues: readonly { message: string; params?: unknown }[] } };
}

export interface ZodRuleOptions {
  /**
   * How an untouched or cleared field reaches the schema. Inputs start as undefined and clear to
   * ''; domain schemas decide whether that is allowed (emptyToNull for optional fields).
   */
  empty?: 'as-is' | 'null' | 'undefined' | 'empty-string';
}

function normalize(value: unknown, empty: ZodRuleOptions['empty']): unknown {
  const isEmpty = value === undefined || value === null || value === '';
  if (!isEmpty || empty === 'as-is') return value;
  if (empty === 'null') return null;
  if (empty === 'undefined') return undefined;
  return '';
}

/** A malformed date: every DateInput field carries isoDateRule, which says so in MM/DD/YYYY. */
function isDateFormatIssue(issue: { params?: unknown }): boolean {
  const params = issue.params as Record<string, unknown> | undefined;
  return params?.[DATE_FORMAT_ISSUE] === true;
}

/**
 * Turns a domain zod schema into an antd Form rule, so the form shows exactly the message the
 * server would send for the same value. The first issue wins, as a form shows one per field.
 * A malformed date is left to the field's isoDateRule, which words it in the user's format: the
 * schema's YYYY-MM-DD wording, meant for API callers, beside it would be a second, contradictory
 * message.
 */
export function zodRule(schema: ParsingSchema, options: ZodRuleOptions = {}): FormRule {
  const empty = options.empty ?? 'empty-string';
  return {
    validator: async (_rule, value: unknown) => {
      const result = schema.safeParse(normalize(value, empty));
      if (result.success) return;
      const issue = result.error.issues[0];
      if (issue && isDateFormatIssue(issue)) return;
      throw new Error(issue?.message ?? 'Invalid value');
    },
  };
}
