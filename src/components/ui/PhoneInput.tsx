// A US phone field (PRODUCT §5): strips non-digits, keeps at most 10, shows (AAA) BBB-CCCC and hands
// the digits (never the formatting) to onChange.
import { forwardRef, type InputHTMLAttributes } from 'react';
import { formatPhone, phoneDigits } from '@/lib/phone.ts';
import { Input } from './Input.tsx';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type'> & {
  /** The digits entered so far. */
  value: string;
  onChange: (digits: string) => void;
};

export const PhoneInput = forwardRef<HTMLInputElement, Props>(function PhoneInput(
  { value, onChange, ...props },
  ref,
) {
  return (
    <Input
      ref={ref}
      type="tel"
      inputMode="tel"
      autoComplete="tel-national"
      placeholder="(555) 123-4567"
      {...props}
      value={formatPhone(value)}
      onChange={(event) => onChange(phoneDigits(event.target.value))}
    />
  );
});
