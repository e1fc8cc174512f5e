import { shanghaiDateTime, type NewsMatch, type StandingRow } from '@bp/contract';
import { lastForm } from './standings.ts';

/**
 * Articles written from the book's own data: a report of each finished match and a preview of each
 * coming one, in zh-CN, with the league table's standing and each side's form. Nothing is made up:
 * every figure is a result or a fixture of the book.
 */
const HOUR = 3_600_000;

/** When an article is published: a report at full time (about 2 h after kickoff), a preview a day before kickoff; never in the future. */
export const publishedAt = (kind: 'result' | 'preview', m: NewsMatch, now: number) =>
  Math.min(now, kind === 'result' ? m.startAt + 2 * HOUR : m.startAt - 24 * HOUR);

const FORM_WORDS = { W: '胜', D: '平', L: '负' } as const;
const formText = (results: NewsMatch[], team: string) => {
  const form = lastForm(results, team);
  return form.length ? `近${form.length}场${form.map((f) => FORM_WORDS[f]).join('')}` : '本季暂无战绩';
};
const placeOf = (table: StandingRow[], team: string) => {
  const r = table.find((x) => x.teamName === team);
  return r ? `排名第${r.rank}（${r.played}场${r.points}分）` : '尚无排名';
};

export function reportTitle(m: NewsMatch): string {
  return `${m.leagueName}：${m.homeName} ${m.homeScore}-${m.visitScore} ${m.visitName}`;
}

function reportSummary(m: NewsMatch): string {
  if (m.homeScore === m.visitScore) return `${m.homeName}主场与${m.visitName}${m.homeScore}-${m.visitScore}战平，双方各取1分。`;
  const [winner, loser] = m.homeScore > m.visitScore ? [m.homeName, m.visitName] : [m.visitName, m.homeName];
  const margin = Math.abs(m.homeScore - m.visitScore);
  return `${winner}${margin >= 3 ? '大胜' : '击败'}${loser}，全场比分${m.homeScore}-${m.visitScore}。`;
}

export const previewTitle = (m: NewsMatch) => `${m.leagueName}前瞻：${m.homeName} vs ${m.visitName}`;

const previewSummary = (m: NewsMatch) => `北京时间${shanghaiDateTime(m.startAt).slice(5, 16)}开球，${m.homeName}坐镇主场迎战${m.visitName}。`;

export const summaryOf = (kind: 'result' | 'preview', m: NewsMatch) => (kind === 'result' ? reportSummary(m) : previewSummary(m));
export const titleOf = (kind: 'result' | 'preview', m: NewsMatch) => (kind === 'result' ? reportTitle(m) : previewTitle(m));

/** The article's body: the summary, then each side's standing and form from the league's results (latest first). */
export function paragraphs(kind: 'result' | 'preview', m: NewsMatch, results: NewsMatch[], table: StandingRow[]): string[] {
  const before = kind === 'result' ? results.filter((r) => r.startAt < m.startAt) : results;
  const sides = [m.homeName, m.visitName].map((team) => `${team}：${placeOf(table, team)}，赛前${formText(before, team)}。`);
  const met = results.filter(
    (r) => r.matchId !== m.matchId && [r.homeName, r.visitName].includes(m.homeName) && [r.homeName, r.visitName].includes(m.visitName),
  );
  const meetings = met.length
    ? `本季双方此前交手${met.length}次，最近一次${met[0].homeName} ${met[0].homeScore}-${met[0].visitScore} ${met[0].visitName}。`
    : '本季双方此前尚未交手。';
  const close =
    kind === 'preview'
      ? '本场赛事已开放投注，可前往体育页面查看最新赔率。'
      : `比赛于北京时间${shanghaiDateTime(m.startAt).slice(5, 16)}开球，本场投注已按赛果结算。`;
  return [summaryOf(kind, m), ...sides, meetings, close];
}
