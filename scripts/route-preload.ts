// A build-only Vite plugin: index.html gets an inline script that, before the entry runs, adds
// <link rel="modulepreload"> for the chunks of the screen group the page's path loads
// (src/app/route-preload.ts), so they download next to the entry instead of after it runs.
import type { Plugin } from 'vite';
import { ROUTE_PRELOAD } from '../src/app/route-preload.ts';

interface OutputChunk {
  type: 'chunk';
  fileName: string;
  facadeModuleId: string | null;
  imports: string[];
}

export function routePreload(): Plugin {
  return {
    name: 'village-rewards:route-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return [];
        const chunks = Object.values(bundle).filter(
          (item): item is typeof item & OutputChunk => item.type === 'chunk',
        );
        const entry = chunks.find((chunk) => (chunk as { isEntry?: boolean }).isEntry);
        const inEntry = new Set<string>();
        const closure = (fileName: string, seen: Set<string>) => {
          if (seen.has(fileName)) return;
          seen.add(fileName);
          const chunk = bundle[fileName] as OutputChunk | undefined;
          for (const imported of chunk?.imports ?? []) closure(imported, seen);
        };
        if (entry) closure(entry.fileName, inEntry);
        const table = ROUTE_PRELOAD.map(([pattern, barrel]) => {
          const chunk = chunks.find((item) => item.facadeModuleId?.endsWith(`/${barrel}`));
          if (!chunk) throw new Error(`route-preload: no chunk for ${barrel}`);
          const files = new Set<string>();
          closure(chunk.fileName, files);
          return [pattern, [...files].filter((file) => !inEntry.has(file))];
        });
        const script =
          `(function(){var t=${JSON.stringify(table)},p=location.pathname;` +
          'for(var i=0;i<t.length;i++)if(new RegExp(t[i][0]).test(p)){t[i][1].forEach(function(f){' +
          "var l=document.createElement('link');l.rel='modulepreload';l.href='/'+f;document.head.appendChild(l)});break}})()";
        return [{ tag: 'script', children: script, injectTo: 'head' }];
      },
    },
  };
}
