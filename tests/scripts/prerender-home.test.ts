// The build's prerendered home (scripts/prerender-home.ts): what it writes into index.html, and the
// markup itself, which must be the app's own first render of `/` (the public layout and the home
// screen with every read pending).
import { fileURLToPath } from 'node:url';
import { resolveConfig } from 'vite';
import {
  HIDE_ELSEWHERE,
  renderHomeMarkup,
  withPrerenderedHome,
} from '../../scripts/prerender-home.ts';

const SHELL = `<!doctype html>
<html lang="en">
  <head>
    <title>Village Rewards</title>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

describe('the prerendered home in index.html', () => {
  it('goes beside a hidden, empty root, hidden on other paths by a head script, its buttons disabled', () => {
    const html = withPrerenderedHome(
      SHELL,
      '<link rel="preload" as="image" href="/favicon.svg"/><div><button type="button" aria-expanded="false">Menu</button><button disabled="">Off</button><a href="/join">Join Now</a></div>',
    );
    expect(html).toContain(
      `<title>Village Rewards</title>\n    <script>${HIDE_ELSEWHERE}</script>`,
    );
    expect(html).toContain(
      '<div id="prerendered"><div><button disabled="" type="button" aria-expanded="false">Menu</button><button disabled="">Off</button><a href="/join">Join Now</a></div></div><div id="root" hidden></div>',
    );
    expect(html).not.toContain('rel="preload"');
  });

  it('refuses an index.html without an empty root rather than write a page the app cannot mount in', () => {
    expect(() =>
      withPrerenderedHome(SHELL.replace('<div id="root"></div>', ''), '<p>x</p>'),
    ).toThrow('no empty #root');
  });

  it('hides it on every path but /', () => {
    for (const [path, hidden] of [
      ['/', false],
      ['/join', true],
      ['/admin', true],
      ['/creamery', true],
    ] as const) {
      const classes = new Set<string>();
      new Function('location', 'document', HIDE_ELSEWHERE)(
        { pathname: path },
        { documentElement: { classList: { add: (name: string) => classes.add(name) } } },
      );
      expect([path, classes.has('not-home')]).toEqual([path, hidden]);
    }
  });

  it('is the home page with its reads pending: the hero, the steps and the calls to join, no business yet', async () => {
    // The app's own config, resolved for a build, as the plugin gets it (its root and aliases).
    const root = fileURLToPath(new URL('../..', import.meta.url));
    const config = await resolveConfig({ root, logLevel: 'error' }, 'build');
    const markup = await renderHomeMarkup(config.root, config.resolve.alias);
    expect(markup).toMatch(/<h1[^>]*>Village Rewards<\/h1>/);
    expect(markup).toContain('Join once, check in with your QR code on every visit');
    expect(markup).toContain('Three simple steps');
    expect(markup).toContain('href="/join"');
    expect(markup).toContain('<main');
    // Six empty tiles hold the businesses' place until the list answers.
    expect(markup.match(/aria-hidden="true" class="rounded-2xl/g)).toHaveLength(6);
  }, 60_000);
});
