import type { LeagueDef, TeamDef } from './catalogue.ts';

/**
 * The bundled artwork of the built-in feed, drawn here so it stays in step with the catalogue:
 * team crests (a shield in the team's colours with its code), league badges and the match
 * animations. `write-crests.ts` writes them to apps/server/assets/sports/.
 */
const FONT = `font-family="PingFang SC, Microsoft YaHei, Noto Sans CJK SC, Helvetica, Arial, sans-serif"`;

const escape = (text: string) => text.replace(/[<>&"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** Black or white, whichever reads on `hex`. */
function inkOn(hex: string): string {
  const n = parseInt(hex.slice(1), 16);
  const luminance = 0.299 * (n >> 16) + 0.587 * ((n >> 8) & 255) + 0.114 * (n & 255);
  return luminance > 160 ? '#111111' : '#FFFFFF';
}

/** A shield split in the team's two colours, one of three cuts chosen by its code. */
export function teamCrest(team: TeamDef): string {
  const [c1, c2] = team.colors;
  const code = team.ref.toUpperCase().slice(0, 4);
  const cut = [...team.ref].reduce((n, ch) => n + ch.charCodeAt(0), 0) % 3;
  const shield = 'M32 4 L56 12 V30 C56 45 45 55 32 60 C19 55 8 45 8 30 V12 Z';
  const second = ['<rect x="32" y="0" width="32" height="64"/>', '<rect x="0" y="30" width="64" height="34"/>', '<path d="M0 64 L64 0 V64 Z"/>'][cut];
  const size = code.length > 3 ? 11 : 14;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64">
  <defs><clipPath id="s"><path d="${shield}"/></clipPath></defs>
  <g clip-path="url(#s)"><rect width="64" height="64" fill="${c1}"/><g fill="${c2}">${second}</g></g>
  <path d="${shield}" fill="none" stroke="#D4AF37" stroke-width="2.5"/>
  <circle cx="32" cy="31" r="15" fill="#000000" fill-opacity="0.55"/>
  <text x="32" y="36" text-anchor="middle" font-size="${size}" font-weight="700" fill="#FFFFFF" ${FONT}>${escape(code)}</text>
</svg>
`;
}

/** A rounded badge with the league's short name over its first team's colours. */
export function leagueBadge(league: LeagueDef): string {
  const [c1, c2] = league.teams[0].colors;
  const text = league.short;
  const size = text.length > 3 ? 15 : text.length === 3 ? 17 : 21;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1B1B22"/><stop offset="1" stop-color="#3A3124"/></linearGradient></defs>
  <rect x="2" y="2" width="60" height="60" rx="14" fill="url(#g)" stroke="#D4AF37" stroke-width="2"/>
  <rect x="10" y="46" width="22" height="4" rx="2" fill="${c1}"/><rect x="32" y="46" width="22" height="4" rx="2" fill="${c2 === '#FFFFFF' ? inkOn(c1) : c2}"/>
  <text x="32" y="38" text-anchor="middle" font-size="${size}" font-weight="700" fill="#F3D98B" ${FONT}>${escape(text)}</text>
</svg>
`;
}

/** A looping match tracker: a ball travelling the pitch (football) or court (basketball). */
export function animation(sport: 'football' | 'basketball'): string {
  const football = sport === 'football';
  const ground = football ? '#2E7D32' : '#B9773E';
  const lines = football
    ? '<rect x="10" y="10" width="300" height="160" fill="none"/><line x1="160" y1="10" x2="160" y2="170"/><circle cx="160" cy="90" r="26" fill="none"/><rect x="10" y="50" width="40" height="80" fill="none"/><rect x="270" y="50" width="40" height="80" fill="none"/>'
    : '<rect x="10" y="10" width="300" height="160" fill="none"/><line x1="160" y1="10" x2="160" y2="170"/><circle cx="160" cy="90" r="22" fill="none"/><path d="M10 40 A60 50 0 0 1 10 140" fill="none"/><path d="M310 40 A60 50 0 0 0 310 140" fill="none"/>';
  const ball = football ? '#FFFFFF' : '#E8661C';
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 180" width="320" height="180">
  <rect width="320" height="180" fill="${ground}"/>
  <g stroke="#FFFFFF" stroke-opacity="0.7" stroke-width="2">${lines}</g>
  <circle r="6" fill="${ball}" stroke="#222" stroke-width="1">
    <animateMotion dur="9s" repeatCount="indefinite" path="M160 90 C220 40 260 60 285 90 C250 130 200 150 150 120 C100 90 70 60 40 90 C70 130 120 140 160 90 Z"/>
  </circle>
</svg>
`;
}
