import { useCallback, useState } from 'react';
import { type FormProps } from 'antd';

type FieldData = Parameters<NonNullable<FormProps['onFieldsChange']>>[0][number];
type NamePath = string | number | (string | number)[];

function keyOf(name: NamePath): string {
  return Array.isArray(name) ? name.join('.') : String(name);
}

/**
 * Spec 1 §4 "Forms": a field is first checked when the user leaves it, and from then on as they
 * type. Give the Form `onFieldsChange` and each Form.Item `validateTrigger={trigger(name)}`.
 */
export function useBlurThenChange() {
  const [checked, setChecked] = useState<ReadonlySet<string>>(() => new Set());
  const onFieldsChange = useCallback((changed: FieldData[]) => {
    const validated = changed
      .filter((field) => field.validated)
      .map((f) => keyOf(f.name as NamePath));
    if (!validated.length) return;
    setChecked((current) => {
      if (validated.every((key) => current.has(key))) return current;
      return new Set([...current, ...validated]);
    });
  }, []);
  const trigger = useCallback(
    (name: NamePath): string[] => (checked.has(keyOf(name)) ? ['onBlur', 'onChange'] : ['onBlur']),
    [checked],
  );
  const reset = useCallback(() => setChecked(new Set()), []);
  return { onFieldsChange, trigger, reset };
}
