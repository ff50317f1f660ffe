import { applyPhoneMask } from '@pillar/domain';
import { MaskedInput, type MaskedInputProps } from './masked-input.tsx';

/** Phone number as 999-999-9999, with the optional 1- prefix (spec 1 §9). */
export function PhoneInput(props: MaskedInputProps) {
  return (
    <MaskedInput
      inputMode="tel"
      autoComplete="tel-national"
      placeholder="999-999-9999"
      maxLength={14}
      {...props}
      mask={applyPhoneMask}
    />
  );
}
