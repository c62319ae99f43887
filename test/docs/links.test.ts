/**
 * The documentation's relative links resolve: every link in README.md and docs/ (Markdown `[text](target)`, other
 * than http(s) and mail addresses) names a file or folder of the repository, and a `#fragment` names a heading
 * of the Markdown file it points into, as GitHub makes its anchors (lower case, punctuation dropped, spaces to
 * hyphens, a repeated heading numbered -1, -2 …). README is the front page and the reference lives in docs/, so
 * most of what a reader follows crosses files.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** README.md and every Markdown file under docs/, as repository paths. */
function documents(): string[] {
  const found = ['README.md'];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (entry.name.endsWith('.md')) found.push(file);
    }
  };
  walk('docs');
  return found;
}

/** The text outside fenced and indented code blocks and inline code spans, where links are links. */
function prose(markdown: string): string {
  return markdown
    .replace(/^```[\s\S]*?^```/gm, '')
    .replace(/^ {4}.*$/gm, '')
    .replace(/`[^`\n]*`/g, '');
}

/** GitHub's anchor for each heading of a Markdown file. */
function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const result = new Set<string>();
  for (const [, heading] of markdown.replace(/^```[\s\S]*?^```/gm, '').matchAll(/^#{1,6} (.+)$/gm)) {
    const base = heading.trim().toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    result.add(count === 0 ? base : `${base}-${count}`);
  }
  return result;
}

/** The relative links of a document: [text](target) with target neither a URL nor a mail address. */
function relativeLinks(markdown: string): string[] {
  return [...prose(markdown).matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)]
    .map((m) => m[1])
    .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target));
}

/** What is wrong with `target` linked from `from`, or null. */
function brokenLink(from: string, target: string): string | null {
  const [file, fragment] = target.split('#', 2);
  const resolved = file === '' ? from : path.normalize(path.join(path.dirname(from), decodeURIComponent(file)));
  if (resolved.startsWith('..')) return `${target}: outside the repository`;
  if (!fs.existsSync(resolved)) return `${target}: no file ${resolved}`;
  if (fragment === undefined) return null;
  if (!resolved.endsWith('.md')) return `${target}: a fragment into a file that is not Markdown`;
  return anchors(fs.readFileSync(resolved, 'utf8')).has(fragment) ? null : `${target}: no heading #${fragment} in ${resolved}`;
}

describe('links in README.md and docs/', () => {
  it('makes anchors as GitHub does', () => {
    expect([...anchors('# A\n## `grainflow calibrate` and `grainflow impact`\n## Outputs (`--out <dir>`)\n### Hunt–Crossley family, Kelvin–Voigt\n## A\n')])
      .toEqual(['a', 'grainflow-calibrate-and-grainflow-impact', 'outputs---out-dir', 'huntcrossley-family-kelvinvoigt', 'a-1']);
  });

  it('README links to the reference pages in docs/', () => {
    const linked = new Set(relativeLinks(fs.readFileSync('README.md', 'utf8')).map((t) => t.split('#')[0]));
    const pages = fs.readdirSync('docs').filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`);
    expect(pages.filter((page) => !linked.has(page))).toEqual([]);
  });

  for (const document of documents()) {
    it(`${document}: every relative link resolves`, () => {
      const links = relativeLinks(fs.readFileSync(document, 'utf8'));
      expect(links.map((target) => brokenLink(document, target)).filter((problem) => problem !== null)).toEqual([]);
    });
  }
});
