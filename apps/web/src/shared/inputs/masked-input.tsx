import { Input, type InputProps } from 'antd';
import { type ChangeEvent } from 'react';

export interface MaskedInputProps extends Omit<InputProps, 'value' | 'onChange'> {
  value?: string | null;
  /** The masked text; '' when emptied. Works as an antd Form.Item control. */
  onChange?: (value: string) => void;
}

interface Props extends MaskedInputProps {
  /** Formats what the user typed (digits and separators) into the mask. */
  mask: (typed: string) => string;
}

/** A text input that reformats as the user types, so the value always has the mask's shape. */
export function MaskedInput({ mask, value, onChange, ...rest }: Props) {
  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    onChange?.(mask(event.target.value));
  };
  return <Input {...rest} value={value ?? ''} onChange={handleChange} />;
}
