import { Input, type InputProps } from 'antd';
import { useState, type ChangeEvent, type FocusEvent } from 'react';
import { autoSlashDate, formatDate, isIsoDate, parseDisplayDate } from '@pillar/domain';

export interface DateInputProps extends Omit<InputProps, 'value' | 'onChange'> {
  /** YYYY-MM-DD, or null/undefined when empty. */
  value?: string | null;
  /**
   * YYYY-MM-DD once the typed text is a real date; null when emptied; otherwise the unfinished
   * text itself, so a Form rule (isoDateRule) can flag it rather than it silently vanishing.
   */
  onChange?: (value: string | null) => void;
}

function displayOf(value: string | null | undefined): string {
  if (!value) return '';
  return isIsoDate(value) ? formatDate(value) : value;
}

/** A date typed as MM/DD/YYYY with the slashes inserted as the user types (spec 1 §5). */
export function DateInput({ value, onChange, onBlur, status, ...rest }: DateInputProps) {
  const [text, setText] = useState(() => displayOf(value));
  const [touched, setTouched] = useState(false);
  const [lastValue, setLastValue] = useState(value);

  // A value set from outside (form reset, URL restore) replaces what is shown.
  if (value !== lastValue) {
    setLastValue(value);
    const shown = displayOf(value);
    if (shown !== text) setText(shown);
  }

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const typed = event.target.value;
    // Deleting a slash must not re-add it at once, or backspace would appear stuck.
    const next =
      typed.length < text.length && text.startsWith(typed) ? typed : autoSlashDate(typed);
    setText(next);
    const out = next === '' ? null : (parseDisplayDate(next) ?? next);
    setLastValue(out);
    onChange?.(out);
  };

  const handleBlur = (event: FocusEvent<HTMLInputElement>) => {
    setTouched(true);
    onBlur?.(event);
  };

  const invalid = touched && text !== '' && parseDisplayDate(text) === null;
  return (
    <Input
      inputMode="numeric"
      placeholder="MM/DD/YYYY"
      maxLength={10}
      autoComplete="off"
      {...rest}
      value={text}
      onChange={handleChange}
      onBlur={handleBlur}
      status={invalid ? 'error' : status}
      aria-invalid={invalid || rest['aria-invalid'] === true || undefined}
    />
  );
}

/** antd Form rule for a DateInput: rejects unfinished or impossible dates. */
export function isoDateRule(label = 'Date') {
  return {
    validator: (_: unknown, value: unknown) =>
      value === null ||
      value === undefined ||
      value === '' ||
      (typeof value === 'string' && isIsoDate(value))
        ? Promise.resolve()
        : Promise.reject(new Error(`${label} must be a valid date (MM/DD/YYYY)`)),
  };
}
