// npm run dev's environment: DEV_DATABASE=memory really means memory, DEMO_MODE=false turns
// demo mode off, DEV_KEYS_FILE names the key file, and the stack built from it honours them.
import { loadConfig } from './config.ts';
import { configuredPorts, DEFAULT_DEV_PORTS, devPortsFromEnv, devServeFromEnv, stackOptionsFromEnv } from './env.ts';
import { startStack } from './stack.ts';
import { stackTarget, supabaseClient } from './auth/testing.ts';

describe('stackOptionsFromEnv', () => {
  it('defaults to the .local database and demo mode on', () => {
    expect(stackOptionsFromEnv({})).toEqual({ databaseUrl: undefined, demoMode: true, demoMonth: true });
  });

  it('reads DEV_DATABASE=memory as no data directory, and DEMO_MODE=false as demo mode off', () => {
    expect(stackOptionsFromEnv({ DEV_DATABASE: 'memory', DEMO_MODE: 'false' })).toEqual({
      databaseUrl: undefined,
      dataDir: null,
      demoMode: false,
      demoMonth: true,
    });
    expect(stackOptionsFromEnv({ DEMO_MONTH: 'false' })).toMatchObject({ demoMonth: false });
    expect(stackOptionsFromEnv({ DEMO_MODE: 'on', DATABASE_URL: 'postgres://x' })).toMatchObject({ demoMode: true, databaseUrl: 'postgres://x' });
  });

  it('reads DEV_KEYS_FILE as the key file, and a blank one as none', () => {
    expect(stackOptionsFromEnv({ DEV_KEYS_FILE: ' .local/keys-54331.json ' }).keysFile).toBe('.local/keys-54331.json');
    expect(stackOptionsFromEnv({ DEV_KEYS_FILE: ' ' })).not.toHaveProperty('keysFile');
  });

  it('refuses values it does not know instead of guessing', () => {
    expect(() => stackOptionsFromEnv({ DEV_DATABASE: 'ram' })).toThrow(/DEV_DATABASE/);
    expect(() => stackOptionsFromEnv({ DEMO_MODE: 'maybe' })).toThrow(/DEMO_MODE/);
    expect(() => stackOptionsFromEnv({ DEMO_MONTH: 'some' })).toThrow(/DEMO_MONTH/);
  });
});

describe('devPortsFromEnv', () => {
  it("defaults to npm run dev's ports (config.toml's for the stack) and .env.local", () => {
    const config = loadConfig();
    expect(DEFAULT_DEV_PORTS).toMatchObject({ stackPort: config.apiPort, dbPort: config.dbPort });
    expect(devPortsFromEnv({})).toEqual({ appPort: 5173, stackPort: 54321, dbPort: 54322, envFile: '.env.local' });
    expect(devPortsFromEnv({ BROWSER_LANE: '1' })).toEqual(devPortsFromEnv({}));
  });

  it("follows config.toml's [api] and [db] ports: change them there and the stack moves", () => {
    const ports = configuredPorts('[api]\nenabled = true\nport = 60000\n\n[db]\nport = 60001\n');
    expect(ports).toEqual({ stackPort: 60000, dbPort: 60001 });
    expect(devPortsFromEnv({}, { appPort: 5173, ...ports })).toEqual({
      appPort: 5173, stackPort: 60000, dbPort: 60001, envFile: '.env.local',
    });
    expect(devPortsFromEnv({ BROWSER_LANE: '2' }, { appPort: 5173, ...ports })).toMatchObject({ stackPort: 60010, dbPort: 60011 });
  });

  it('moves a browser lane up by ten ports, with an env file of its own', () => {
    expect(devPortsFromEnv({ BROWSER_LANE: '2' })).toEqual({
      appPort: 5183,
      stackPort: 54331,
      dbPort: 54332,
      envFile: '.local/stack-54331.env',
    });
  });

  it('takes ports named outright, the database next to the stack', () => {
    expect(devPortsFromEnv({ APP_PORT: '6000', STACK_PORT: '6100' })).toEqual({
      appPort: 6000,
      stackPort: 6100,
      dbPort: 6101,
      envFile: '.local/stack-6100.env',
    });
  });

  it('refuses what is not a lane or a port', () => {
    expect(() => devPortsFromEnv({ BROWSER_LANE: 'two' })).toThrow(/BROWSER_LANE/);
    expect(() => devPortsFromEnv({ APP_PORT: '70000' })).toThrow(/APP_PORT/);
  });
});

describe.each([
  ['true', 201],
  ['false', 403],
] as const)('a stack started with DEMO_MODE=%s and DEV_DATABASE=memory', (demo, checkinStatus) => {
  it(`answers ${checkinStatus} to an unenrolled kiosk checking a customer in by phone`, async () => {
    const stack = await startStack({
      ...stackOptionsFromEnv({ DEV_DATABASE: 'memory', DEMO_MODE: demo, DEMO_MONTH: 'false' }),
      port: 0,
      quiet: true,
    });
    try {
      const api = (path: string, token: string, body: unknown) =>
        fetch(`${stack.url}/functions/v1/api${path}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
      const { data } = await supabaseClient(stackTarget(stack)).auth.signInAnonymously();
      const kiosk = data.session!.access_token;
      expect((await api('/kiosk/session', kiosk, { locationId: 'creamery' })).status).toBe(200);
      expect((await api('/customers', kiosk, { name: 'Ann', phone: '3125559001' })).status).toBe(201);
      const checkin = await api('/checkin/start', kiosk, { locationId: 'creamery', phone: '3125559001' });
      expect(checkin.status).toBe(checkinStatus);
    } finally {
      await stack.stop();
    }
  });
});

describe('DEV_ENV_FILE', () => {
  it('names the env file outright, on any port', () => {
    expect(devPortsFromEnv({ DEV_ENV_FILE: '.local/e2e.env' }).envFile).toBe('.local/e2e.env');
    expect(devPortsFromEnv({ BROWSER_LANE: '2', DEV_ENV_FILE: '.local/e2e.env' }).envFile).toBe('.local/e2e.env');
  });
});

describe('devServeFromEnv', () => {
  it('serves with the dev server unless DEV_SERVE=built asks for a production build', () => {
    expect(devServeFromEnv({})).toBe('dev');
    expect(devServeFromEnv({ DEV_SERVE: ' Dev ' })).toBe('dev');
    expect(devServeFromEnv({ DEV_SERVE: 'built' })).toBe('built');
    expect(() => devServeFromEnv({ DEV_SERVE: 'prod' })).toThrow(/DEV_SERVE=prod: expected dev/);
  });
});
