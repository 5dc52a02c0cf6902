// CodeInput (PRODUCT §5): digits only, at most 6, a numeric keyboard and one-time-code autofill.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { CodeInput } from './CodeInput.tsx';

function Harness(props: { onCode: (code: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <>
      <label htmlFor="code">Code</label>
      <CodeInput
        id="code"
        value={value}
        onChange={(code) => {
          setValue(code);
          props.onCode(code);
        }}
      />
    </>
  );
}

describe('CodeInput', () => {
  it('keeps digits only, at most 6', async () => {
    const onCode = vi.fn();
    render(<Harness onCode={onCode} />);
    const input = screen.getByLabelText('Code');
    await userEvent.type(input, '1a2-3 4b5678');
    expect(input).toHaveValue('123456');
    expect(onCode).toHaveBeenLastCalledWith('123456');
  });

  it('asks for the numeric keyboard and the SMS code autofill', () => {
    render(<Harness onCode={() => {}} />);
    const input = screen.getByLabelText('Code');
    expect(input).toHaveAttribute('inputmode', 'numeric');
    expect(input).toHaveAttribute('autocomplete', 'one-time-code');
    expect(input).toHaveAttribute('maxlength', '6');
  });
});
