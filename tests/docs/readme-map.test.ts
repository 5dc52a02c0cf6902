// The README is a map: short, with the quick start a newcomer types, and every page it and docs/
// link to present. The repository describes itself: no tracked file points at documents kept
// outside it (the product's own description is docs/PRODUCT.md).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const README = join(ROOT, 'README.md');
const MAX_README_LINES = 200;
const QUICK_START = [
  '```sh',
  'npm install && npm run dev   # the app on http://127.0.0.1:5173, with an embedded database and seed data',
  'npm test                     # every check and test suite',
  '```',
].join('\n');

/** README.md and every Markdown page under docs/. */
function markdownPages(): string[] {
  const docs = join(ROOT, 'docs');
  const pages = readdirSync(docs, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.md'))
    .map((name) => join(docs, name));
  return [README, ...pages];
}

/** Markdown links `[text](target)` and HTML `src="…"`/`href="…"`, outside fenced code blocks. */
export function linkTargets(markdown: string): string[] {
  const prose = markdown.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
  const targets: string[] = [];
  for (const match of prose.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) targets.push(match[1] ?? '');
  for (const match of prose.matchAll(/\b(?:src|href)="([^"]+)"/g)) targets.push(match[1] ?? '');
  return targets;
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
export function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');
}

function anchorsIn(markdown: string): Set<string> {
  const prose = markdown.replace(/^```[\s\S]*?^```/gm, '');
  return new Set([...prose.matchAll(/^#{1,6} (.+)$/gm)].map((match) => anchorOf(match[1] ?? '')));
}

/** Each relative link of a page that points at no file, or at no heading of its page. */
function brokenLinks(page: string): string[] {
  const broken: string[] = [];
  for (const target of linkTargets(readFileSync(page, 'utf8'))) {
    if (/^[a-z][a-z+.-]*:/i.test(target)) continue; // https:, mailto:, …
    const [path = '', anchor] = target.split('#', 2);
    const file = path === '' ? page : resolve(dirname(page), decodeURIComponent(path));
    if (!existsSync(file)) {
      broken.push(`${target} (no file ${relative(ROOT, file)})`);
      continue;
    }
    if (anchor && file.endsWith('.md') && !anchorsIn(readFileSync(file, 'utf8')).has(anchor)) {
      broken.push(`${target} (no heading #${anchor} in ${relative(ROOT, file)})`);
    }
  }
  return broken;
}

// Built from parts so that this file does not name them itself.
const OUTSIDE = ['..' + '/shared', '/work' + '/shared', 'SPEC' + '.md', 'DESIGN' + '.md', 'STYLE' + '.md', 'SUPABASE' + '-NOTES'];

describe('the README is a map', () => {
  const readme = readFileSync(README, 'utf8');

  it(`is at most ${MAX_README_LINES} lines`, () => {
    expect(readme.trimEnd().split('\n').length).toBeLessThanOrEqual(MAX_README_LINES);
  });

  it('keeps the two quick-start commands exactly', () => {
    const section = readme.split(/^## Quick start$/m)[1]?.split(/^## /m)[0] ?? '';
    expect(section).toContain(QUICK_START);
  });

  it('links every page of docs/', () => {
    const linked = new Set(linkTargets(readme).map((target) => target.split('#')[0]));
    const pages = readdirSync(join(ROOT, 'docs')).filter((name) => name.endsWith('.md'));
    expect(pages.filter((name) => !linked.has(`docs/${name}`))).toEqual([]);
  });

  it.each(markdownPages().map((page) => [relative(ROOT, page), page]))(
    '%s links only to files and headings that exist',
    (_name, page) => {
      expect(brokenLinks(page)).toEqual([]);
    },
  );
});

describe('the repository describes itself', () => {
  it('has no tracked file that refers to documents outside it', () => {
    const files = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' })
      .split('\0')
      .filter((name) => name !== '' && existsSync(join(ROOT, name)) && statSync(join(ROOT, name)).isFile());
    expect(files.length).toBeGreaterThan(100);
    const found: string[] = [];
    for (const name of files) {
      const bytes = readFileSync(join(ROOT, name));
      if (bytes.includes(0)) continue; // binary: images, fonts
      const text = bytes.toString('utf8');
      for (const word of OUTSIDE) if (text.includes(word)) found.push(`${name}: ${word}`);
    }
    expect(found).toEqual([]);
  });
});

describe('the checks themselves', () => {
  it('finds links and images, but not ones in code', () => {
    const page = 'See [a](docs/A.md#x) and <img src="b.png">.\n```\n[c](C.md)\n```\n`[d](D.md)`';
    expect(linkTargets(page)).toEqual(['docs/A.md#x', 'b.png']);
  });

  it("makes GitHub's anchors", () => {
    expect(anchorOf('Changing a rule: the declarative schema')).toBe('changing-a-rule-the-declarative-schema');
    expect(anchorOf('The admin dashboard (`/admin`) and the staff counter')).toBe(
      'the-admin-dashboard-admin-and-the-staff-counter',
    );
  });
});
