import { isExternalLink, isUsableLink } from '../../shared/routing/built-paths.ts';
import { resolveEgameLink } from '../../shared/venue/egame-code.ts';

/** Where a link of the site's content goes: egame venue keys become their page's code. */
export const resolveLink = (link: string): string => resolveEgameLink(link);

/** Whether content with this link is shown: an empty link is shown (nothing to open), a dead one is not. */
export const showsLink = (link: string): boolean => link === '' || isUsableLink(resolveLink(link));

/** Opens a content link: inside the site by the router, outside in a new tab. */
export function openLink(link: string, navigate: (path: string) => void): void {
  if (!link) return;
  const target = resolveLink(link);
  if (isExternalLink(target)) window.open(target, '_blank', 'noopener');
  else navigate(target);
}
