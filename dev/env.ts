// What `npm run dev` and `npm run stack` read from the environment: DATABASE_URL (a real
// Postgres), DEV_DATABASE=memory (a throwaway in-memory PGlite instead of .local/pglite) and
// DEMO_MODE (on unless set to false: kiosks trusted without enrolment).

/** The part of the stack's options the environment decides (dev/stack.ts StackOptions). */
export interface EnvStackOptions {
  databaseUrl?: string;
  /** null: PGlite in memory. */
  dataDir?: null;
  demoMode: boolean;
}

const FLAGS: Record<string, boolean> = { true: true, '1': true, on: true, false: false, '0': false, off: false };

export function stackOptionsFromEnv(env: Record<string, string | undefined>): EnvStackOptions {
  const database = env.DEV_DATABASE?.trim().toLowerCase() ?? '';
  if (!['', 'memory', 'file'].includes(database)) {
    throw new Error(`DEV_DATABASE=${env.DEV_DATABASE}: expected memory (throwaway) or file (.local/pglite, the default)`);
  }
  const demo = env.DEMO_MODE?.trim().toLowerCase() ?? '';
  if (demo !== '' && !(demo in FLAGS)) {
    throw new Error(`DEMO_MODE=${env.DEMO_MODE}: expected true or false`);
  }
  return {
    databaseUrl: env.DATABASE_URL || undefined,
    ...(database === 'memory' ? { dataDir: null } : {}),
    // The local stack is a demo unless told otherwise; deployments default the other way.
    demoMode: demo === '' ? true : FLAGS[demo]!,
  };
}
