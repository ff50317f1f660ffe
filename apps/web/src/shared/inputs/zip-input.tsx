import { applyZipMask } from '@pillar/domain';
import { MaskedInput, type MaskedInputProps } from './masked-input.tsx';

/** Zip code as 99999 or 99999-9999 (spec 1 §9). */
export function ZipInput(props: MaskedInputProps) {
  return (
    <MaskedInput
      inputMode="numeric"
      autoComplete="postal-code"
      placeholder="99999-9999"
      maxLength={10}
      {...props}
      mask={applyZipMask}
    />
  );
}
