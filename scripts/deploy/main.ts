// npm run deploy -- --project-ref <ref> --village <file.json> [--db-url <url>] [--dry-run]
// (scripts/deploy/deploy.ts; docs/DEPLOY.md).
import { spawn } from 'node:child_process';
import { parseArgs } from 'node:util';
import { deploy, ROOT, type RunCli } from './deploy.ts';

const USAGE = 'Usage: npm run deploy -- --project-ref <ref> --village <village.json> [--db-url <url>] [--dry-run]';

const runCli: RunCli = (args, env) =>
  new Promise((resolve, reject) => {
    const child = spawn('npx', ['supabase', ...args], { cwd: ROOT, env, stdio: 'inherit' });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`supabase ${args[0]} ${args[1] ?? ''} stopped (exit ${code})`))));
  });

async function main(): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        'project-ref': { type: 'string' },
        village: { type: 'string' },
        'db-url': { type: 'string' },
        'dry-run': { type: 'boolean', default: false },
      },
    }));
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  if (!values['project-ref'] || !values.village) {
    console.error(USAGE);
    return 2;
  }
  try {
    const result = await deploy({
      projectRef: values['project-ref'],
      villagePath: values.village,
      dryRun: values['dry-run'],
      ...(values['db-url'] ? { dbUrl: values['db-url'] } : {}),
      env: process.env,
      runCli,
      log: (line) => console.log(line),
    });
    return result.ok ? 0 : 1;
  } catch (error) {
    console.error((error as Error).message);
    return 1;
  }
}

process.exitCode = await main();
