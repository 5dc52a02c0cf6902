// The counter scanner's input (PRODUCT §5): a USB/Bluetooth scanner types the QR value and Enter.
// Visually hidden but labelled; it takes focus back 100 ms after losing it — unless the visitor
// moved focus to another control on purpose (a keyboard user must be able to reach the buttons).
import { useEffect, useRef, useState, type FormEvent } from 'react';

export const SCANNER_REFOCUS_MS = 100;

export function ScannerInput(props: { onScan: (value: string) => void; disabled?: boolean }) {
  const ref = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState('');
  useEffect(() => {
    if (!props.disabled) ref.current?.focus({ preventScroll: true });
  }, [props.disabled]);
  useEffect(() => {
    const input = ref.current;
    if (!input || props.disabled) return;
    let timer: number | undefined;
    const onBlur = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => {
        const active = document.activeElement;
        if (!active || active === document.body) input.focus({ preventScroll: true });
      }, SCANNER_REFOCUS_MS);
    };
    input.addEventListener('blur', onBlur);
    return () => {
      window.clearTimeout(timer);
      input.removeEventListener('blur', onBlur);
    };
  }, [props.disabled]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const scanned = value.trim();
    setValue('');
    if (scanned) props.onScan(scanned);
  };
  return (
    <form onSubmit={submit} className="sr-only">
      <label htmlFor="kiosk-scanner">Scanner input</label>
      <input
        ref={ref}
        id="kiosk-scanner"
        autoComplete="off"
        value={value}
        disabled={props.disabled}
        onChange={(event) => setValue(event.target.value)}
      />
      <button type="submit" tabIndex={-1}>
        Submit scan
      </button>
    </form>
  );
}
