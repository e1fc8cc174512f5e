import fs from 'node:fs';
import path from 'node:path';
import { SPORTS_ASSETS_DIR } from '../index.ts';
import { CATALOGUE, teamRef } from './catalogue.ts';
import { animation, leagueBadge, teamCrest } from './crests.ts';

/** Regenerates the bundled sports artwork: `npx tsx apps/server/src/modules/sports/feed/write-crests.ts`. */
const write = (file: string, svg: string) => {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, svg);
};
for (const league of CATALOGUE) {
  write(path.join(SPORTS_ASSETS_DIR, 'leagues', `${league.ref}.svg`), leagueBadge(league));
  for (const team of league.teams) write(path.join(SPORTS_ASSETS_DIR, 'teams', `${teamRef(league, team)}.svg`), teamCrest(team));
}
for (const sport of ['football', 'basketball'] as const) write(path.join(SPORTS_ASSETS_DIR, 'animation', `${sport}.svg`), animation(sport));
console.log(`sports artwork written to ${SPORTS_ASSETS_DIR}`);
