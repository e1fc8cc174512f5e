import { addLocale, type Locale } from '../../shared/i18n/index.ts';

/** The electronic games' words. Loaded with the games page (a lazy chunk), not with the first page. */
export const casinoLocale: Locale = {
  zh: {
    egame: {
      title: '电子游戏',
      brand: '{{name}} · {{count}} 款游戏',
      search: '搜索游戏',
      tabs: { all: '全部', hot: '热门', new: '最新', collected: '收藏' },
      none: '没有找到游戏',
      noneCollected: '还没有收藏这里的游戏，点游戏右上角的 ☆ 收藏',
      collect: '收藏',
      uncollect: '取消收藏',
      hot: '热',
      new: '新',
      demoAsk: '登录后即可进入游戏，也可以先试玩',
      demo: '免费试玩',
      logIn: '去登录',
    },
  },
  en: {
    egame: {
      title: 'Slots',
      brand: '{{name}} · {{count}} games',
      search: 'Search games',
      tabs: { all: 'All', hot: 'Hot', new: 'New', collected: 'Favourites' },
      none: 'No games found',
      noneCollected: 'No favourites here yet: tap ☆ on a game to keep it',
      collect: 'Add to favourites',
      uncollect: 'Remove from favourites',
      hot: 'Hot',
      new: 'New',
      demoAsk: 'Log in to play, or try the demo first',
      demo: 'Play the demo',
      logIn: 'Log in',
    },
  },
};

addLocale(casinoLocale);
