import type { Plugin } from 'vite';

/**
 * The built page runs its entry from /boot.js (public/boot.js) once the first screen has painted,
 * instead of as soon as it has arrived: the entry is still fetched at once (modulepreload).
 */
export function bootAfterPaint(): Plugin {
  return {
    name: 'bp-boot-after-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(html);
        if (!entry) throw new Error('boot after paint: index.html has no entry script');
        return html.replace(
          entry[0],
          `<link rel="modulepreload" crossorigin href="${entry[1]}"><script defer src="/boot.js" data-entry="${entry[1]}"></script>`,
        );
      },
    },
  };
}
