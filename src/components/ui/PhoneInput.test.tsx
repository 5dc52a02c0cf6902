// PhoneInput (PRODUCT §5): strips non-digits, keeps at most 10, shows (AAA) BBB-CCCC, hands over digits.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { formatPhone } from '@/lib/phone.ts';
import { PhoneInput } from './PhoneInput.tsx';

function Harness(props: { onDigits: (digits: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <>
      <label htmlFor="phone">Phone</label>
      <PhoneInput
        id="phone"
        value={value}
        onChange={(digits) => {
          setValue(digits);
          props.onDigits(digits);
        }}
      />
    </>
  );
}

describe('PhoneInput', () => {
  it('shows (AAA) BBB-CCCC as digits are typed and hands over only the digits', async () => {
    const onDigits = vi.fn();
    render(<Harness onDigits={onDigits} />);
    const input = screen.getByLabelText('Phone');
    await userEvent.type(input, '5551234567');
    expect(input).toHaveValue('(555) 123-4567');
    expect(onDigits).toHaveBeenLastCalledWith('5551234567');
    expect(input).toHaveAttribute('type', 'tel');
  });

  it('strips letters and punctuation and stops at 10 digits', async () => {
    const onDigits = vi.fn();
    render(<Harness onDigits={onDigits} />);
    const input = screen.getByLabelText('Phone');
    await userEvent.type(input, 'a5b5-5.1 2 3(4)5 6 7 8 9');
    expect(input).toHaveValue('(555) 123-4567');
    expect(onDigits).toHaveBeenLastCalledWith('5551234567');
  });

  it('formats pasted numbers too, dropping a +1 country code', async () => {
    const onDigits = vi.fn();
    render(<Harness onDigits={onDigits} />);
    const input = screen.getByLabelText('Phone');
    await userEvent.click(input);
    await userEvent.paste('+1 (555) 987-6543');
    expect(onDigits).toHaveBeenLastCalledWith('5559876543');
    expect(input).toHaveValue('(555) 987-6543');
  });

  it('formats partial numbers as they grow', () => {
    expect(formatPhone('')).toBe('');
    expect(formatPhone('5')).toBe('(5');
    expect(formatPhone('555')).toBe('(555');
    expect(formatPhone('5551')).toBe('(555) 1');
    expect(formatPhone('555123')).toBe('(555) 123');
    expect(formatPhone('5551234')).toBe('(555) 123-4');
  });
});
