import { SSN_MASKED, applySsnMask } from '@pillar/domain';
import { MaskedInput, type MaskedInputProps } from './masked-input.tsx';

export interface SsnInputProps extends MaskedInputProps {
  /**
   * Edit forms carry the SSN as 999-99-9999; create forms send 9 plain digits (spec 1 §5).
   * Either way the user sees the dashes while typing.
   */
  dashes?: boolean;
}

/** Social security number entry. Revealing a stored SSN is the screen's job, not this input's. */
export function SsnInput({ dashes = true, value, onChange, ...rest }: SsnInputProps) {
  return (
    <MaskedInput
      inputMode="numeric"
      autoComplete="off"
      placeholder="999-99-9999"
      maxLength={11}
      {...rest}
      // A stored SSN arrives masked until revealed; it is shown as such, not emptied by the mask.
      value={value && value !== SSN_MASKED ? applySsnMask(value) : value}
      onChange={(masked) => onChange?.(dashes ? masked : masked.replace(/-/g, ''))}
      mask={applySsnMask}
    />
  );
}
