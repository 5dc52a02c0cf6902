// A one-time code field (PRODUCT §5): digits only, at most 6, numeric keyboard, and the browser's
// one-time-code autofill from the SMS.
import { forwardRef, type InputHTMLAttributes } from 'react';
import { cn } from '@/lib/cn.ts';
import { Input } from './Input.tsx';

export const CODE_LENGTH = 6;

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type'> & {
  value: string;
  onChange: (digits: string) => void;
};

export const CodeInput = forwardRef<HTMLInputElement, Props>(function CodeInput(
  { value, onChange, className, ...props },
  ref,
) {
  return (
    <Input
      ref={ref}
      type="text"
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]*"
      maxLength={CODE_LENGTH}
      placeholder="000000"
      className={cn('text-center font-mono text-2xl tracking-[0.5em]', className)}
      {...props}
      value={value}
      onChange={(event) => onChange(event.target.value.replace(/\D/g, '').slice(0, CODE_LENGTH))}
    />
  );
});
