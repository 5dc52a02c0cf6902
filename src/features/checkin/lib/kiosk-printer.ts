// Whether this kiosk has a printer (a kiosk setting, kept on the device like its kiosk mark): staff
// open the landing once with ?printer=yes (or ?printer=no) and it stays. With one, the welcome
// screen after sign-up offers "Print my card"; without, it says to ask at the counter.
export const KIOSK_PRINTER_KEY = 'village-rewards-kiosk-printer';

/** Reads ?printer=yes|no from a landing's address and keeps it; other values change nothing. */
export function rememberKioskPrinter(search: string): void {
  const value = new URLSearchParams(search).get('printer');
  if (value !== 'yes' && value !== 'no') return;
  try {
    localStorage.setItem(KIOSK_PRINTER_KEY, value);
  } catch {
    // storage blocked: no printer is assumed
  }
}

export function kioskHasPrinter(): boolean {
  try {
    return localStorage.getItem(KIOSK_PRINTER_KEY) === 'yes';
  } catch {
    return false;
  }
}
