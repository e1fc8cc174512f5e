import { addLocale, type Locale } from '../../shared/i18n/index.ts';

/** The news screens' words; loaded with those screens (a lazy chunk). */
export const newsLocale: Locale = {
  zh: {
    news: {
      tabs: { news: '资讯', soccer: '赛程赛果', tables: '积分榜' },
      kind: { result: '战报', preview: '前瞻' },
      empty: '暂无资讯',
      days: { yesterday: '昨天', today: '今天', tomorrow: '明天' },
      fixtures: '赛程',
      results: '赛果',
      noMatches: '当日暂无赛事',
      table: { rank: '排名', team: '球队', played: '场', record: '胜/平/负', goals: '进/失', points: '积分' },
      noTables: '暂无积分数据',
      toMatch: '查看赛事与赔率',
      assist: '赛事助手',
      form: '近期战绩',
      h2h: '历史交锋',
      noH2h: '本季双方尚未交手',
      formWord: { W: '胜', D: '平', L: '负' },
      links: { experts: '专家推荐', sponsors: '赞助伙伴' },
    },
  },
  en: {
    news: {
      tabs: { news: 'News', soccer: 'Fixtures', tables: 'Tables' },
      kind: { result: 'Report', preview: 'Preview' },
      empty: 'No news yet',
      days: { yesterday: 'Yesterday', today: 'Today', tomorrow: 'Tomorrow' },
      fixtures: 'Fixtures',
      results: 'Results',
      noMatches: 'No matches this day',
      table: { rank: '#', team: 'Team', played: 'P', record: 'W/D/L', goals: 'GF/GA', points: 'Pts' },
      noTables: 'No table yet',
      toMatch: 'See the match and odds',
      assist: 'Match assistant',
      form: 'Form',
      h2h: 'Head to head',
      noH2h: 'They have not met this season',
      formWord: { W: 'W', D: 'D', L: 'L' },
      links: { experts: 'Expert tips', sponsors: 'Sponsors' },
    },
  },
};

addLocale(newsLocale);
