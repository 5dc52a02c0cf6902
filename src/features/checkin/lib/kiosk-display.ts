// The kiosk's large-text, high-contrast mode: a member switches it on for their visit; it ends
// when the kiosk goes back to its landing (the next visitor starts with the usual screen). Kept in
// session storage so it follows the visitor from screen to screen, and applied as a class on
// <html> (index.css: larger root font, black on white) so dialogs and toasts follow it too.
const KEY = 'kiosk_large_text';
const listeners = new Set<() => void>();

export function largeTextOn(): boolean {
  try {
    return sessionStorage.getItem(KEY) === 'on';
  } catch {
    return false;
  }
}

export function setLargeText(on: boolean): void {
  try {
    if (on) sessionStorage.setItem(KEY, 'on');
    else sessionStorage.removeItem(KEY);
  } catch {
    // storage blocked: the mode lasts as long as this screen
  }
  for (const listener of listeners) listener();
}

export function subscribeLargeText(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
