// The kiosk's idle reset timings: 45 s without a touch or key, then "Still there?" for 20 s
// (WCAG 2.2.1 gives at least 20 s to ask for more time). Development and test builds accept an
// override — `?idle=<ms>&prompt=<ms>` once, kept in session storage — so browser tests need not
// wait 65 s; production builds ignore it.
export interface IdleTimings {
  idleMs: number;
  promptMs: number;
}

export const IDLE_TIMINGS: IdleTimings = { idleMs: 45_000, promptMs: 20_000 };
export const IDLE_OVERRIDE_KEY = 'kiosk_idle_timings';

function positive(value: unknown): number | null {
  const number = Number(value);
  return Number.isFinite(number) && number > 0 ? number : null;
}

export function idleTimings(
  search: string = globalThis.location?.search ?? '',
  allowOverride: boolean = import.meta.env.DEV || import.meta.env.MODE === 'test',
): IdleTimings {
  if (!allowOverride) return IDLE_TIMINGS;
  try {
    const params = new URLSearchParams(search);
    if (params.has('idle') || params.has('prompt')) {
      sessionStorage.setItem(
        IDLE_OVERRIDE_KEY,
        JSON.stringify({ idleMs: params.get('idle'), promptMs: params.get('prompt') }),
      );
    }
    const stored = JSON.parse(sessionStorage.getItem(IDLE_OVERRIDE_KEY) ?? 'null') as Record<
      string,
      unknown
    > | null;
    return {
      idleMs: positive(stored?.idleMs) ?? IDLE_TIMINGS.idleMs,
      promptMs: positive(stored?.promptMs) ?? IDLE_TIMINGS.promptMs,
    };
  } catch {
    return IDLE_TIMINGS;
  }
}
