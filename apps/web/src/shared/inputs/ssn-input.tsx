import { SSN_MASKED, applySsnMask } from '@pillar/domain';
import { MaskedInput, type MaskedInputProps } from './masked-input.tsx';

export interface SsnInputProps extends MaskedInputProps {
  /**
   * Edit forms carry and show the SSN as 999-99-9999; create forms take 9 plain digits (spec 1
   * §5) and show exactly that, so what the user sees agrees with the 'no dashes' message.
   */
  dashes?: boolean;
}

/** The digits typed, at most nine: what a create form shows and sends. */
function plainDigits(typed: string): string {
  return typed.replace(/\D/g, '').slice(0, 9);
}

/** Social security number entry. Revealing a stored SSN is the screen's job, not this input's. */
export function SsnInput({ dashes = true, value, ...rest }: SsnInputProps) {
  const mask = dashes ? applySsnMask : plainDigits;
  return (
    <MaskedInput
      inputMode="numeric"
      autoComplete="off"
      placeholder={dashes ? '999-99-9999' : '999999999'}
      // Room for a pasted 999-99-9999, which the plain mask turns into its 9 digits.
      maxLength={11}
      {...rest}
      // A stored SSN arrives masked until revealed; it is shown as such, not emptied by the mask.
      value={value && value !== SSN_MASKED ? mask(value) : value}
      mask={mask}
    />
  );
}
