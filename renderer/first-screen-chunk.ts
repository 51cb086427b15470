// The first screen's code in one chunk. The boot script (src/main.tsx) loads the app
// (src/app-root.tsx), which loads the other screens and the dialogs when first shown
// (src/navigation/later.tsx). Left to itself the bundler splits the modules the app shares with those
// parts into a handful of small chunks (the catalogs, error words, thumbnails...), each a request
// of its own before the first rows: over loopback HTTP/1.1 the browser opens 6 connections to a
// host, one of them held by the event stream, so they queued. Everything the app needs at once
// (statically reachable from app-root, not already in the boot script) goes into one chunk.
import type { Plugin } from 'vite';

/** The plugin that notes the module graph, and the code-splitting group it decides (named app-root, as the app). */
export function firstScreenChunk(boot: string, app: string) {
  const imports = new Map<string, readonly string[]>();
  let firstScreen: Set<string> | null = null;

  const reach = (from: string, skip: ReadonlySet<string> = new Set()): Set<string> => {
    const seen = new Set<string>();
    const stack = [from];
    while (stack.length > 0) {
      const id = stack.pop() as string;
      if (seen.has(id) || skip.has(id)) continue;
      seen.add(id);
      stack.push(...(imports.get(id) ?? []));
    }
    return seen;
  };

  return {
    plugin: {
      name: 'market-desk-first-screen',
      moduleParsed(info) {
        imports.set(info.id, info.importedIds);
      },
      // The page names the chunk and its styles itself: the browser fetches them (and compiles the
      // code off the main thread) beside the boot script, not once the boot script has run.
      transformIndexHtml: {
        order: 'post',
        handler(html, context) {
          const chunk = Object.values(context.bundle ?? {}).find((file) => file.type === 'chunk' && file.name === 'app-root');
          if (chunk?.type !== 'chunk') return html;
          const links = [
            ...[chunk.fileName, ...chunk.imports].filter((file) => !html.includes(file)).map((file) => `<link rel="modulepreload" crossorigin href="./${file}">`),
            ...[...(chunk.viteMetadata?.importedCss ?? [])].map((file) => `<link rel="preload" as="style" crossorigin href="./${file}">`),
          ];
          return html.replace('</head>', `  ${links.join('\n    ')}\n  </head>`);
        },
      },
    } satisfies Plugin,
    group: {
      name: 'app-root',
      test(id: string): boolean {
        firstScreen ??= reach(app, reach(boot));
        return firstScreen.has(id);
      },
      // Only the modules the test picks: the boot script's own stay in its chunk.
      includeDependenciesRecursively: false,
    },
  };
}
