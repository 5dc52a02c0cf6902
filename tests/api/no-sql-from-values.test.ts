// No SQL text in the api is built from a value. Only _shared/db.ts and _shared/stream.ts send
// SQL; what they send is a constant, or the text of one of db.ts's statement builders, whose text
// is made of checked names only (the property below: the same names with any values give the same
// text). A template literal or a concatenation that writes SQL anywhere else in the api fails here.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import fc from 'fast-check';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { callStatement, doorCall, rowsStatement, type SqlArgs } from '../../supabase/functions/_shared/db.ts';

const ROOT = resolve(import.meta.dirname, '..', '..');
const API = join(ROOT, 'supabase/functions');
/** The files that may send SQL, and the functions in db.ts that may write SQL text from names. */
const SENDERS = new Set(['supabase/functions/_shared/db.ts', 'supabase/functions/_shared/stream.ts']);
const BUILDERS = new Set(['callStatement', 'doorCall', 'rowsStatement']);
/** Text that reads as SQL: a statement keyword followed by more words. */
const SQL_WORDS = /\b(select|insert\s+into|update\s+\S+\s+set|delete\s+from|with\s+\w+\s+as|set\s+(local\s+)?role|from\s+\w+\.)\b/i;

function apiFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return apiFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

interface Finding {
  file: string;
  line: number;
  problem: string;
}

/** The name of the function declaration `node` is inside, if any. */
function enclosingFunction(node: ts.Node): string | undefined {
  for (let at: ts.Node | undefined = node.parent; at; at = at.parent) {
    if (ts.isFunctionDeclaration(at) && at.name) return at.name.text;
  }
  return undefined;
}

/** Whether `node` is text fixed when the module loads: a literal, or a constant made of such. */
function constantText(node: ts.Expression, constants: Map<string, ts.Expression>, depth = 0): boolean {
  if (depth > 5) return false;
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return true;
  if (ts.isTemplateExpression(node)) return node.templateSpans.every((span) => constantText(span.expression, constants, depth + 1));
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken)
    return constantText(node.left, constants, depth + 1) && constantText(node.right, constants, depth + 1);
  if (ts.isParenthesizedExpression(node)) return constantText(node.expression, constants, depth + 1);
  if (ts.isIdentifier(node)) {
    const value = constants.get(node.text);
    return value !== undefined && constantText(value, constants, depth + 1);
  }
  return false;
}

export function findSqlFromValues(file: string, text: string): Finding[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const findings: Finding[] = [];
  const at = (node: ts.Node, problem: string) =>
    findings.push({ file, line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1, problem });
  // Module-level constants, and the names bound from a statement builder's result.
  const constants = new Map<string, ts.Expression>();
  const built = new Set<string>();
  const visitDeclarations = (node: ts.Node) => {
    if (ts.isVariableDeclaration(node) && node.initializer) {
      const list = node.parent;
      const isConst = ts.isVariableDeclarationList(list) && (list.flags & ts.NodeFlags.Const) !== 0;
      if (isConst && ts.isIdentifier(node.name)) constants.set(node.name.text, node.initializer);
      const init = node.initializer;
      if (ts.isArrayBindingPattern(node.name) && ts.isCallExpression(init) && ts.isIdentifier(init.expression) && BUILDERS.has(init.expression.text)) {
        const first = node.name.elements[0];
        if (first && ts.isBindingElement(first) && ts.isIdentifier(first.name)) built.add(first.name.text);
      }
    }
    // `[statement, values] = builder(...)` assigned later.
    if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.EqualsToken && ts.isArrayLiteralExpression(node.left)) {
      const right = node.right;
      const first = node.left.elements[0];
      if (first && ts.isIdentifier(first) && ts.isCallExpression(right) && ts.isIdentifier(right.expression) && BUILDERS.has(right.expression.text)) built.add(first.text);
    }
    ts.forEachChild(node, visitDeclarations);
  };
  visitDeclarations(source);
  const sqlText = (node: ts.Expression) => constantText(node, constants) || (ts.isIdentifier(node) && built.has(node.text));

  const visit = (node: ts.Node) => {
    // SQL written from parts: only inside the statement builders.
    if (ts.isTemplateExpression(node) && SQL_WORDS.test(node.getText())) {
      const builder = enclosingFunction(node);
      const allowed = relative(ROOT, file) === 'supabase/functions/_shared/db.ts' && builder && BUILDERS.has(builder);
      if (!allowed && !constantText(node, constants)) at(node, `SQL written from a template: ${node.getText().slice(0, 60)}`);
    }
    if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken) {
      const parts = [node.left, node.right];
      if (parts.some((part) => (ts.isStringLiteral(part) || ts.isNoSubstitutionTemplateLiteral(part)) && SQL_WORDS.test(part.text)) && !constantText(node, constants)) {
        at(node, `SQL written by concatenation: ${node.getText().slice(0, 60)}`);
      }
    }
    // What is sent: sql.unsafe(text, ...), bound(connection, text, ...), sql`...`.
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const sends =
        (ts.isPropertyAccessExpression(callee) && callee.name.text === 'unsafe') ||
        (ts.isIdentifier(callee) && callee.text === 'bound');
      if (sends) {
        if (!SENDERS.has(relative(ROOT, file))) at(node, 'SQL sent outside db.ts and stream.ts');
        const textArgument = ts.isIdentifier(callee) ? node.arguments[1] : node.arguments[0];
        const inBound = enclosingFunction(node) === 'bound';
        if (textArgument && !inBound && !sqlText(textArgument)) at(node, `SQL text that is not a constant or a builder's: ${textArgument.getText()}`);
      }
    }
    if (ts.isTaggedTemplateExpression(node) && /^(sql|tx|connection)$/.test(node.tag.getText())) {
      if (!SENDERS.has(relative(ROOT, file))) at(node, 'SQL sent outside db.ts and stream.ts');
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return findings;
}

describe('SQL text in the api', () => {
  it('is never built from a value', () => {
    const findings = apiFiles(API).flatMap((file) => findSqlFromValues(file, readFileSync(file, 'utf8')));
    expect(findings.map((f) => `${relative(ROOT, f.file)}:${f.line} ${f.problem}`)).toEqual([]);
  });

  it('is sent only where the door is', () => {
    const senders = apiFiles(API).filter((file) => /\.unsafe\(|\bbound\(/.test(readFileSync(file, 'utf8')));
    expect(senders.map((file) => relative(ROOT, file)).sort()).toEqual([...SENDERS].sort());
  });

  it('catches a value written into SQL text, a concatenation and a send outside the door', () => {
    const db = join(API, '_shared/db.ts');
    const route = join(API, '_shared/routes/example.ts');
    const problems = (file: string, text: string) => findSqlFromValues(file, text).map((f) => f.problem);
    expect(problems(db, 'export async function lookUp(sql, phone) { return sql.unsafe(`select * from app.customers where phone = \'${phone}\'`); }')).toHaveLength(2);
    expect(problems(db, 'function f(sql, id) { return sql.unsafe("select app.me(" + id + ")"); }')).toHaveLength(2);
    expect(problems(db, 'function f(c, v) { const text = `select app.x(${v})`; return bound(c, text, []); }')).toHaveLength(2);
    expect(problems(route, 'async function f(sql) { return sql.unsafe(DOOR); }\nconst DOOR = "select 1";')).toEqual(['SQL sent outside db.ts and stream.ts']);
    expect(problems(route, 'const q = (t) => `select * from app.t where name = ${t}`;')).toHaveLength(1);
    expect(problems(db, 'const A = "select 1"; const B = `${A} as one`; function f(c) { return c.unsafe(B); }')).toEqual([]);
    expect(problems(db, 'function f(c, fn, args) { const [statement, values] = callStatement(fn, args); return c.unsafe(statement, values); }')).toEqual([]);
  });

  it("builders' text depends on the names only, never on the values", () => {
    const value = fc.oneof(fc.string({ maxLength: 30 }).filter((s) => !s.includes('\0')), fc.integer(), fc.boolean(), fc.constant(null));
    const names = fc.uniqueArray(fc.stringMatching(/^p_[a-z0-9_]{1,8}$/), { minLength: 0, maxLength: 5 });
    fc.assert(
      fc.property(names, fc.array(value, { minLength: 5, maxLength: 5 }), fc.array(value, { minLength: 5, maxLength: 5 }), (keys, a, b) => {
        const args = (values: unknown[]) => Object.fromEntries(keys.map((k, i) => [k, values[i]])) as SqlArgs;
        const types = new Map(keys.map((k) => [k, 'text']));
        expect(callStatement('app.fn', args(a))[0]).toBe(callStatement('app.fn', args(b))[0]);
        expect(rowsStatement('app.fn', args(a))[0]).toBe(rowsStatement('app.fn', args(b))[0]);
        expect(doorCall('app.fn', args(a), types)[0]).toBe(doorCall('app.fn', args(b), types)[0]);
      }),
    );
  });
});
