// The schema files read in one direction: a file calls only functions defined in itself or in an
// earlier file (supabase/schemas/ is applied in file-name order). A plpgsql body is not checked
// until it runs, so Postgres would accept a call forward; a reader would not, and a sql-language
// body or a policy that calls forward fails to apply. Every function is declared one way,
// `create function`: each name is defined once (tests/db/schema-squash.pg.test.ts), and a second
// definition fails instead of replacing the first.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../../dev/db.ts';

const SCHEMAS_DIR = join(ROOT, 'supabase', 'schemas');

interface SchemaFile {
  name: string;
  text: string;
}

/** The SQL without its comments (string literals kept: a scheduled command names what it calls). */
function stripComments(sql: string): string {
  let out = '';
  let i = 0;
  let quote: string | null = null; // "'" or a dollar tag such as "$$" / "$fn$"
  while (i < sql.length) {
    if (quote) {
      if (sql.startsWith(quote, i)) {
        out += quote;
        i += quote.length;
        quote = null;
      } else {
        out += sql[i++];
      }
      continue;
    }
    if (sql.startsWith('--', i)) {
      while (i < sql.length && sql[i] !== '\n') i++;
      continue;
    }
    if (sql.startsWith('/*', i)) {
      const end = sql.indexOf('*/', i + 2);
      i = end < 0 ? sql.length : end + 2;
      continue;
    }
    if (sql[i] === "'") {
      quote = "'";
      out += sql[i++];
      continue;
    }
    const dollar = /^\$[A-Za-z_]*\$/.exec(sql.slice(i, i + 40));
    if (dollar) {
      // A dollar-quoted body is code: it is read like the file around it, its comments dropped.
      out += dollar[0];
      i += dollar[0].length;
      continue;
    }
    out += sql[i++];
  }
  return out;
}

const DEFINITION = /\bcreate\s+(?:or\s+replace\s+)?function\s+((?:app|private|public)\.\w+)\s*\(/gi;
const CALL = /\b((?:app|private|public)\.\w+)\s*\(/gi;
const TRIGGER_CALL = /\bexecute\s+(?:function|procedure)\s+((?:app|private|public)\.\w+)/gi;

/** Where each function is first defined (file index), and the calls each file makes. */
function forwardCalls(files: SchemaFile[]): string[] {
  const definedIn = new Map<string, number>();
  const code = files.map((file) => stripComments(file.text));
  code.forEach((text, index) => {
    for (const match of text.matchAll(DEFINITION)) {
      const name = match[1]!.toLowerCase();
      if (!definedIn.has(name)) definedIn.set(name, index);
    }
  });
  const problems = new Set<string>();
  code.forEach((text, index) => {
    const definitions = new Set([...text.matchAll(DEFINITION)].map((m) => m.index! + m[0].indexOf(m[1]!)));
    const calls = [...text.matchAll(CALL), ...text.matchAll(TRIGGER_CALL)];
    for (const match of calls) {
      const at = match.index! + match[0].indexOf(match[1]!);
      if (definitions.has(at)) continue;
      const name = match[1]!.toLowerCase();
      const home = definedIn.get(name);
      if (home !== undefined && home > index) {
        problems.add(`${files[index]!.name} calls ${name}, defined later in ${files[home]!.name}`);
      }
    }
  });
  return [...problems].sort();
}

function schemaFiles(): SchemaFile[] {
  return readdirSync(SCHEMAS_DIR)
    .filter((file) => file.endsWith('.sql'))
    .sort()
    .map((name) => ({ name, text: readFileSync(join(SCHEMAS_DIR, name), 'utf8') }));
}

/**
 * Triggers declared away from their table (beside a trigger function that must come later)
 * that the table's file does not name: a reader of the table's file sees every trigger on it.
 */
function unlistedTriggers(files: SchemaFile[]): string[] {
  const tableFile = new Map<string, SchemaFile>();
  for (const file of files) {
    for (const match of stripComments(file.text).matchAll(/\bcreate\s+table\s+((?:private|public)\.\w+)/gi)) {
      tableFile.set(match[1]!.toLowerCase(), file);
    }
  }
  const missing: string[] = [];
  for (const file of files) {
    const triggers = stripComments(file.text).matchAll(
      /\bcreate\s+(?:constraint\s+)?trigger\s+(\w+)\s[^;]*?\bon\s+((?:private|public)\.\w+)/gi,
    );
    for (const [, trigger, table] of triggers) {
      const home = tableFile.get(table!.toLowerCase());
      if (!home || home === file) continue;
      if (!new RegExp(`^--.*\\b${trigger}\\b`, 'im').test(home.text)) {
        missing.push(`${home.name} does not name ${trigger} (on ${table}, declared in ${file.name})`);
      }
    }
  }
  return missing.sort();
}

describe('the schema files read in one direction', () => {
  it('no file calls a function that only a later file defines', () => {
    const files = schemaFiles();
    expect(files.length).toBeGreaterThan(20);
    // The scan reads the function bodies: it sees the calls inside them.
    const calls = files.reduce((n, file) => n + [...stripComments(file.text).matchAll(CALL)].length, 0);
    expect(calls).toBeGreaterThan(1500);
    expect(forwardCalls(files)).toEqual([]);
  });

  it('names, in the file of each table, the triggers on it that other files declare', () => {
    expect(unlistedTriggers(schemaFiles())).toEqual([]);
  });

  it('declares every function with `create function`', () => {
    const replaced = schemaFiles().flatMap((file) =>
      [...stripComments(file.text).matchAll(/\bcreate\s+or\s+replace\s+function\s+([\w.]+)/gi)].map(
        (match) => `${file.name}: ${match[1]}`,
      ),
    );
    expect(replaced).toEqual([]);
  });

  it('finds a call forward, a trigger forward and ignores comments and the definition itself', () => {
    const files = [
      {
        name: '10_a.sql',
        text: [
          'create function private.a() returns int language sql as $$ select 1 $$;',
          '-- private.c() is mentioned here only in a comment',
          'create function private.b() returns int language plpgsql as $$ begin return private.c(); end $$;',
          'create trigger t after insert on x for each row execute function private.d();',
        ].join('\n'),
      },
      {
        name: '20_b.sql',
        text: [
          'create function private.c() returns int language sql as $$ select private.a() $$;',
          'create function private.d() returns trigger language plpgsql as $$ begin return new; end $$;',
        ].join('\n'),
      },
    ];
    expect(forwardCalls(files)).toEqual([
      '10_a.sql calls private.c, defined later in 20_b.sql',
      '10_a.sql calls private.d, defined later in 20_b.sql',
    ]);
    expect(forwardCalls([files[1]!, { ...files[0]!, name: '30_a.sql' }])).toEqual([
      '20_b.sql calls private.a, defined later in 30_a.sql',
    ]);
  });

  it("finds a trigger its table's file does not name, and accepts one it names in a comment", () => {
    const table = { name: '10_t.sql', text: 'create table public.t (id int);\n' };
    const trigger = {
      name: '20_f.sql',
      text: 'create function private.f() returns trigger language plpgsql as $$ begin return new; end $$;\n' +
        'create trigger t_f\n  before insert on public.t\n  for each row execute function private.f();\n',
    };
    expect(unlistedTriggers([table, trigger])).toEqual(['10_t.sql does not name t_f (on public.t, declared in 20_f.sql)']);
    const named = { ...table, text: `${table.text}-- Triggers on public.t: t_f (20_f.sql)\n` };
    expect(unlistedTriggers([named, trigger])).toEqual([]);
  });
});
