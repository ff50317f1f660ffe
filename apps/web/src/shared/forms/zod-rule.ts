import { type FormRule } from 'antd';

/** The part of a zod schema the form needs; any zod v4 schema fits. */
export interface ParsingSchema {
  safeParse(
    value: unknown,
  ): { success: true } | { success: false; error: { issues: readonly { message: string }[] } };
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

/**
 * Turns a domain zod schema into an antd Form rule, so the form shows exactly the message the
 * server would send for the same value. The first issue wins, as a form shows one per field.
 */
export function zodRule(schema: ParsingSchema, options: ZodRuleOptions = {}): FormRule {
  const empty = options.empty ?? 'empty-string';
  return {
    validator: async (_rule, value: unknown) => {
      const result = schema.safeParse(normalize(value, empty));
      if (!result.success) throw new Error(result.error.issues[0]?.message ?? 'Invalid value');
    },
  };
}
