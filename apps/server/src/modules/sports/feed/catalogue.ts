import type { MatchClass, Sport, SportsVenueCode } from '@bp/contract';

/** A team as the built-in feed knows it: its rating drives the prices, its colours its crest. */
export interface TeamDef {
  ref: string;
  name: string;
  rating: number;
  colors: [string, string];
}

export interface LeagueDef {
  /** The league's id at its venue (the tid); the World Cup keeps its id of seed 9. */
  leagueId: number;
  ref: string;
  sport: Sport;
  name: string;
  short: string;
  region: string;
  matchClass: MatchClass;
  venueCode: SportsVenueCode;
  hot: number;
  /** Matches kept on the board at once, and feed minutes between their starts. */
  open: number;
  gapMinutes: [number, number];
  /** Esports: maps per series. */
  bestOf?: number;
  teams: TeamDef[];
}

type Row = [ref: string, name: string, rating: number, c1: string, c2: string];
const teams = (rows: Row[]): TeamDef[] => rows.map(([ref, name, rating, c1, c2]) => ({ ref, name, rating, colors: [c1, c2] }));

const football = (d: Omit<LeagueDef, 'sport' | 'open' | 'gapMinutes' | 'teams'>, rows: Row[]): LeagueDef => ({
  ...d,
  sport: 'football',
  open: 3,
  gapMinutes: [35, 80],
  teams: teams(rows),
});
const basketball = (d: Omit<LeagueDef, 'sport' | 'open' | 'gapMinutes' | 'teams' | 'matchClass'>, rows: Row[]): LeagueDef => ({
  ...d,
  sport: 'basketball',
  matchClass: 'league',
  open: 3,
  gapMinutes: [50, 90],
  teams: teams(rows),
});
const esports = (d: Omit<LeagueDef, 'sport' | 'open' | 'gapMinutes' | 'teams' | 'matchClass'>, rows: Row[]): LeagueDef => ({
  ...d,
  sport: 'esports',
  matchClass: 'esports',
  open: 2,
  gapMinutes: [70, 130],
  teams: teams(rows),
});

export const CATALOGUE: LeagueDef[] = [
  football(
    { leagueId: 3169, ref: 'worldcup', name: '国际足联世界杯', short: '世界杯', region: '国际', matchClass: 'international', venueCode: 'OBTY', hot: 120 },
    [
      ['bra', '巴西', 90, '#FEDD00', '#009739'],
      ['arg', '阿根廷', 92, '#75AADB', '#FFFFFF'],
      ['fra', '法国', 91, '#002395', '#ED2939'],
      ['ger', '德国', 86, '#FFFFFF', '#000000'],
      ['esp', '西班牙', 89, '#C60B1E', '#FFC400'],
      ['eng', '英格兰', 88, '#FFFFFF', '#CF081F'],
      ['por', '葡萄牙', 87, '#006600', '#FF0000'],
      ['ned', '荷兰', 85, '#FF6600', '#21468B'],
      ['bel', '比利时', 82, '#ED2939', '#FAE042'],
      ['cro', '克罗地亚', 81, '#FF0000', '#171796'],
      ['jpn', '日本', 78, '#0B2A8A', '#FFFFFF'],
      ['kor', '韩国', 76, '#CD2E3A', '#0047A0'],
    ],
  ),
  football({ leagueId: 1001, ref: 'epl', name: '英格兰超级联赛', short: '英超', region: '英格兰', matchClass: 'league', venueCode: 'OBTY', hot: 100 }, [
    ['mci', '曼城', 92, '#6CABDD', '#1C2C5B'],
    ['ars', '阿森纳', 90, '#EF0107', '#FFFFFF'],
    ['liv', '利物浦', 91, '#C8102E', '#00B2A9'],
    ['che', '切尔西', 84, '#034694', '#FFFFFF'],
    ['mun', '曼联', 82, '#DA291C', '#FBE122'],
    ['tot', '热刺', 82, '#132257', '#FFFFFF'],
    ['new', '纽卡斯尔联', 83, '#241F20', '#FFFFFF'],
    ['avl', '阿斯顿维拉', 83, '#670E36', '#95BFE5'],
  ]),
  football({ leagueId: 1002, ref: 'laliga', name: '西班牙甲级联赛', short: '西甲', region: '西班牙', matchClass: 'league', venueCode: 'OBTY', hot: 90 }, [
    ['rma', '皇家马德里', 92, '#FFFFFF', '#FEBE10'],
    ['bar', '巴塞罗那', 90, '#A50044', '#004D98'],
    ['atm', '马德里竞技', 86, '#CB3524', '#272E61'],
    ['rso', '皇家社会', 80, '#0067B1', '#FFFFFF'],
    ['vil', '比利亚雷亚尔', 79, '#FFE667', '#005187'],
    ['sev', '塞维利亚', 78, '#D71920', '#FFFFFF'],
    ['ath', '毕尔巴鄂竞技', 81, '#EE2523', '#FFFFFF'],
    ['bet', '皇家贝蒂斯', 79, '#00954C', '#FFFFFF'],
  ]),
  football({ leagueId: 1003, ref: 'seriea', name: '意大利甲级联赛', short: '意甲', region: '意大利', matchClass: 'league', venueCode: 'OBTY', hot: 80 }, [
    ['int', '国际米兰', 89, '#010E80', '#000000'],
    ['acm', 'AC米兰', 84, '#FB090B', '#000000'],
    ['juv', '尤文图斯', 85, '#000000', '#FFFFFF'],
    ['nap', '那不勒斯', 86, '#12A0D7', '#FFFFFF'],
    ['rom', '罗马', 81, '#8E1F2F', '#F0BC42'],
    ['laz', '拉齐奥', 80, '#87D8F7', '#FFFFFF'],
    ['ata', '亚特兰大', 84, '#1E71B8', '#000000'],
    ['fio', '佛罗伦萨', 79, '#482E92', '#FFFFFF'],
  ]),
  football({ leagueId: 1004, ref: 'bundesliga', name: '德国甲级联赛', short: '德甲', region: '德国', matchClass: 'league', venueCode: 'OBTY', hot: 80 }, [
    ['fcb', '拜仁慕尼黑', 91, '#DC052D', '#0066B2'],
    ['bvb', '多特蒙德', 84, '#FDE100', '#000000'],
    ['b04', '勒沃库森', 86, '#E32221', '#000000'],
    ['rbl', 'RB莱比锡', 83, '#DD0741', '#FFFFFF'],
    ['sge', '法兰克福', 80, '#E1000F', '#000000'],
    ['vfb', '斯图加特', 81, '#E32219', '#FFFFFF'],
    ['wob', '沃尔夫斯堡', 77, '#65B32E', '#FFFFFF'],
    ['bmg', '门兴格拉德巴赫', 77, '#000000', '#00B44F'],
  ]),
  football({ leagueId: 1005, ref: 'ligue1', name: '法国甲级联赛', short: '法甲', region: '法国', matchClass: 'league', venueCode: 'OBTY', hot: 60 }, [
    ['psg', '巴黎圣日耳曼', 89, '#004170', '#DA291C'],
    ['om', '马赛', 81, '#2FAEE0', '#FFFFFF'],
    ['asm', '摩纳哥', 81, '#E51B22', '#FFFFFF'],
    ['ol', '里昂', 79, '#FFFFFF', '#14387F'],
    ['losc', '里尔', 80, '#E01E13', '#20325F'],
    ['ogcn', '尼斯', 78, '#D2001F', '#000000'],
    ['rcl', '朗斯', 78, '#EC1C24', '#FFD700'],
    ['srfc', '雷恩', 77, '#E13327', '#000000'],
  ]),
  football({ leagueId: 1006, ref: 'csl', name: '中国足球超级联赛', short: '中超', region: '中国', matchClass: 'league', venueCode: 'OBTY', hot: 70 }, [
    ['shp', '上海海港', 78, '#D7182A', '#FFFFFF'],
    ['shs', '上海申花', 77, '#2B3990', '#FFFFFF'],
    ['sdt', '山东泰山', 76, '#F58220', '#FFFFFF'],
    ['bjg', '北京国安', 75, '#00A651', '#FFEE00'],
    ['cdr', '成都蓉城', 76, '#C8102E', '#FFFFFF'],
    ['zjd', '浙江队', 73, '#00843D', '#FFFFFF'],
    ['tjj', '天津津门虎', 72, '#0057B8', '#FFFFFF'],
    ['whs', '武汉三镇', 71, '#E4002B', '#1D1D1B'],
  ]),
  football({ leagueId: 1008, ref: 'jleague', name: '日本职业足球联赛', short: '日职联', region: '日本', matchClass: 'league', venueCode: 'IMTY', hot: 40 }, [
    ['kaw', '川崎前锋', 77, '#00A0E9', '#000000'],
    ['yfm', '横滨水手', 77, '#004098', '#FFFFFF'],
    ['ura', '浦和红钻', 76, '#E6002D', '#000000'],
    ['kas', '鹿岛鹿角', 76, '#B71234', '#1D2088'],
    ['vis', '神户胜利船', 78, '#8F1D2C', '#FFFFFF'],
    ['san', '广岛三箭', 77, '#5A2D82', '#FFFFFF'],
  ]),
  basketball({ leagueId: 2001, ref: 'nba', name: '美国职业篮球联赛', short: 'NBA', region: '美国', venueCode: 'OBTY', hot: 100 }, [
    ['lal', '洛杉矶湖人', 90, '#552583', '#FDB927'],
    ['gsw', '金州勇士', 90, '#1D428A', '#FFC72C'],
    ['bos', '波士顿凯尔特人', 96, '#007A33', '#FFFFFF'],
    ['den', '丹佛掘金', 94, '#0E2240', '#FEC524'],
    ['mil', '密尔沃基雄鹿', 91, '#00471B', '#EEE1C6'],
    ['phi', '费城76人', 88, '#006BB6', '#ED174C'],
    ['phx', '菲尼克斯太阳', 89, '#1D1160', '#E56020'],
    ['dal', '达拉斯独行侠', 92, '#00538C', '#B8C4CA'],
  ]),
  basketball({ leagueId: 2002, ref: 'cba', name: '中国男子篮球职业联赛', short: 'CBA', region: '中国', venueCode: 'OBTY', hot: 60 }, [
    ['gdh', '广东宏远', 78, '#C8102E', '#FFFFFF'],
    ['lnb', '辽宁本钢', 79, '#005BAC', '#FFFFFF'],
    ['zjg', '浙江广厦', 76, '#00953A', '#FFFFFF'],
    ['shj', '上海久事', 75, '#D31145', '#FFFFFF'],
    ['bjs', '北京首钢', 74, '#1B3F8B', '#C8A14A'],
    ['xjg', '新疆广汇', 75, '#00A3E0', '#FFFFFF'],
  ]),
  basketball({ leagueId: 2003, ref: 'euroleague', name: '欧洲篮球冠军联赛', short: '欧篮联', region: '欧洲', venueCode: 'IMTY', hot: 40 }, [
    ['fen', '费内巴切', 84, '#FFED00', '#002D72'],
    ['oly', '奥林匹亚科斯', 83, '#E4002B', '#FFFFFF'],
    ['pao', '帕纳辛纳科斯', 84, '#007A33', '#FFFFFF'],
    ['amb', '摩纳哥篮球', 82, '#E51B22', '#FFFFFF'],
    ['fcbb', '巴塞罗那篮球', 81, '#A50044', '#004D98'],
    ['mta', '特拉维夫马卡比', 79, '#FFD100', '#0033A0'],
  ]),
  esports({ leagueId: 3001, ref: 'lpl', name: '英雄联盟职业联赛', short: 'LPL', region: '中国', venueCode: 'OBTY', hot: 80, bestOf: 3 }, [
    ['blg', 'BLG', 1850, '#00A0E9', '#FFFFFF'],
    ['jdg', 'JDG', 1800, '#C8102E', '#FFFFFF'],
    ['tes', 'TES', 1780, '#F15A22', '#1D1D1B'],
    ['lng', 'LNG', 1740, '#1D428A', '#FFFFFF'],
    ['wbg', 'WBG', 1720, '#E6002D', '#FFD100'],
    ['edg', 'EDG', 1690, '#000000', '#E6B422'],
  ]),
  esports({ leagueId: 3002, ref: 'kpl', name: '王者荣耀职业联赛', short: 'KPL', region: '中国', venueCode: 'OBTY', hot: 70, bestOf: 5 }, [
    ['agc', 'AG超玩会', 1820, '#C8102E', '#FFD700'],
    ['wol', '重庆狼队', 1800, '#1B3F8B', '#FFFFFF'],
    ['esp', '武汉eStarPro', 1760, '#E6007E', '#FFFFFF'],
    ['drg', '佛山DRG', 1720, '#F39800', '#000000'],
    ['wbk', '北京WB', 1700, '#E60012', '#FFFFFF'],
    ['lgd', '杭州LGD', 1680, '#0F7CC0', '#FFFFFF'],
  ]),
  esports({ leagueId: 3003, ref: 'cs2', name: 'CS2 职业巡回赛', short: 'CS2', region: '国际', venueCode: 'IMTY', hot: 50, bestOf: 3 }, [
    ['navi', 'NAVI', 1800, '#FFEE00', '#000000'],
    ['vit', 'Vitality', 1830, '#FFE400', '#1D1D1B'],
    ['faze', 'FaZe', 1760, '#E43D30', '#FFFFFF'],
    ['g2', 'G2', 1770, '#FFFFFF', '#E1001A'],
    ['spi', 'Spirit', 1790, '#FFFFFF', '#1D1D1B'],
    ['mouz', 'MOUZ', 1750, '#E20613', '#FFFFFF'],
  ]),
  esports({ leagueId: 3004, ref: 'dota2', name: 'DOTA2 国际邀请赛', short: 'DOTA2', region: '国际', venueCode: 'IMTY', hot: 40, bestOf: 3 }, [
    ['ts', 'Team Spirit', 1800, '#FFFFFF', '#1D1D1B'],
    ['gg', 'Gaimin Gladiators', 1780, '#E4002B', '#FFD100'],
    ['tl', 'Team Liquid', 1770, '#0A2240', '#FFFFFF'],
    ['xg', 'Xtreme Gaming', 1760, '#C8102E', '#FFFFFF'],
    ['tun', 'Tundra', 1750, '#00A651', '#FFFFFF'],
    ['bb', 'BetBoom', 1740, '#F7D117', '#1D1D1B'],
  ]),
];

/** Team refs are unique across the catalogue: `<league ref>.<team ref>`. */
export const teamRef = (league: LeagueDef, team: TeamDef) => `${league.ref}.${team.ref}`;
export const teamLogo = (league: LeagueDef, team: TeamDef) => `/assets/sports/teams/${teamRef(league, team)}.svg`;
export const leagueLogo = (league: LeagueDef) => `/assets/sports/leagues/${league.ref}.svg`;
export const animationUrl = (sport: Sport) => `/assets/sports/animation/${sport}.svg`;
